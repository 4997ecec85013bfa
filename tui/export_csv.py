"""A game as a CSV file a spreadsheet opens right.

* UTF-8 with a byte-order mark, so Excel and LibreOffice read "José" and "Zoë", not "JosÃ©".
* Round headers "Round 9|9": a bare "9-9" becomes a date (September 9th) in spreadsheets.
* A player who went out reads "went out", never a bare 0; an empty cell is a round not
  scored yet.
* The winner (or "no winner yet") gets a row of its own under the table; the rules follow
  after a blank line, in a section of their own, so the table can be sorted or summed
  without them.
* A text cell that a spreadsheet would run as a formula (a name typed as "=HYPERLINK(..)",
  "+1", "-", "@") starts with an apostrophe, which spreadsheets show as text and hide.
"""

from __future__ import annotations

import csv
import io

from scorer.scorecard import Entry, Scorecard

BOM = "\ufeff"
WENT_OUT = "went out"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: object) -> object:
    """``value`` as a spreadsheet shows it, never run: text that would start a formula is
    quoted with an apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def round_heading(card: Scorecard, round_index: int) -> str:
    double = card.round_double(round_index)
    return f"Round {double}|{double}"


def cell(entry: Entry | None) -> str:
    if entry is None:
        return ""
    if entry.went_out:
        return WENT_OUT if entry.points == 0 else f"{WENT_OUT} +{entry.points}"
    return str(entry.points)


def game_csv(card: Scorecard) -> str:
    """The CSV text, BOM first (write it with ``encoding="utf-8"``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")

    def write(row: list[object]) -> None:
        writer.writerow([as_text(v) for v in row])

    rounds = range(len(card.rounds))
    write(["Player", *(round_heading(card, r) for r in rounds), "Total",
                     "Zero rounds"])
    totals, zeros = card.totals(), card.zero_rounds()
    for player in card.players:
        write([player, *(cell(card.entry(r, player)) for r in rounds),
                         totals[player], zeros[player]])
    result = card.result()
    if card.is_finished:
        write(["Winner", " and ".join(result.winners), result.reason])
    else:
        write(["Winner", "no winner yet", result.reason])
    write([])
    write(["House rules"])
    for line in card.rules_in_words():
        write([line])
    return BOM + out.getvalue()
