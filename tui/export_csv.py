"""A game as a CSV file a spreadsheet opens right.

* UTF-8 with a byte-order mark, so Excel and LibreOffice read "José" and "Zoë", not "JosÃ©".
* Round headers "Round 9|9": a bare "9-9" becomes a date (September 9th) in spreadsheets.
* A player who went out reads "went out", never a bare 0; an empty cell is a round not
  scored yet.
* The winner (or "no winner yet") gets a row of its own under the table; the rules follow
  after a blank line, in a section of their own, so the table can be sorted or summed
  without them.
"""

from __future__ import annotations

import csv
import io

from scorer.scorecard import Entry, Scorecard

BOM = "\ufeff"
WENT_OUT = "went out"


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
    rounds = range(len(card.rounds))
    writer.writerow(["Player", *(round_heading(card, r) for r in rounds), "Total",
                     "Zero rounds"])
    totals, zeros = card.totals(), card.zero_rounds()
    for player in card.players:
        writer.writerow([player, *(cell(card.entry(r, player)) for r in rounds),
                         totals[player], zeros[player]])
    result = card.result()
    if card.is_finished:
        writer.writerow(["Winner", " and ".join(result.winners), result.reason])
    else:
        writer.writerow(["Winner", "no winner yet", result.reason])
    writer.writerow([])
    writer.writerow(["House rules"])
    for line in card.rules_in_words():
        writer.writerow([line])
    return BOM + out.getvalue()
