"""Judging a play on a tableau alone: every rule of the layout the play breaks."""

from __future__ import annotations

from scorer.moves import Play
from scorer.tableau import Tableau
from scorer.verdict import Reason, Verdict, Violation


def judge_play(tableau: Tableau, play: Play, *, spinner: int | None = None) -> Verdict:
    """Judge ``play`` on ``tableau``; never raises. ``spinner`` is the value the round's
    spinner must have when the tableau is still empty (any double when None)."""
    reasons: list[Reason] = []
    add = reasons.append
    tile, parent = play.tile, play.parent
    rules = tableau.rules
    subject = describe_play(tableau, play)
    if tile.high > rules.set_max:
        add(Reason(Violation.TILE_NOT_IN_SET,
                   f"{tile} is not in a double-{rules.set_max} set"))
    if parent is not None and parent.high > rules.set_max:
        add(Reason(Violation.TILE_NOT_IN_SET,
                   f"{parent} is not in a double-{rules.set_max} set"))
    if tile in tableau:
        where = tableau.placement(tile)
        place = "as the spinner" if where is None or where.parent is None else f"on {where.parent}"
        add(Reason(Violation.ALREADY_PLAYED, f"{tile} is already on the tableau ({place})"))

    if tableau.spinner is None:
        if parent is not None:
            add(Reason(Violation.NO_SPINNER,
                       f"the tableau is empty: {parent} is not on it, and the first tile "
                       "must be the spinner"))
        if spinner is not None and tile.ends != (spinner, spinner):
            add(Reason(Violation.WRONG_SPINNER,
                       f"this round starts with the spinner {spinner}-{spinner}, not {tile}"))
        elif not tile.is_double:
            add(Reason(Violation.WRONG_SPINNER,
                       f"the first tile must be a double (the spinner), not {tile}"))
        return Verdict(subject, tuple(reasons))

    if parent is None:
        add(Reason(Violation.SPINNER_PLACED,
                   f"the spinner {tableau.spinner} is already placed; say which tile "
                   f"{tile} is played on (like {tile}@{tableau.spinner})"))
        return Verdict(subject, tuple(reasons))

    where = tableau.placement(parent)
    if where is None:
        # Not on the tableau: what it would show is unknown, but whether the tableau takes
        # a tile anywhere but on the spinner or the open foot is known; judge that too.
        add(Reason(Violation.PARENT_MISSING, f"{parent} is not on the tableau"))
        if not any(tile.has(value) for value in parent.ends):
            add(Reason(Violation.NO_MATCH,
                       f"{tile} does not match: it shares no number with {parent}"))
    else:
        value = where.open_value
        end = tableau.open_end(parent)
        if end is None:
            kids = ", ".join(str(p.tile) for p in tableau.children(parent))
            if parent == tableau.spinner:
                add(Reason(Violation.SPINNER_FULL,
                           f"the spinner {parent} already has all {rules.spinner_arms} "
                           f"arms ({kids})"))
            elif parent.is_double:
                add(Reason(Violation.FOOT_FULL,
                           f"the chicken foot on {parent} already has its "
                           f"{rules.toes_per_foot} toes ({kids})"))
            else:
                add(Reason(Violation.END_TAKEN,
                           f"the open end of {parent} is taken: {kids} is played on it"))
        if not tile.has(value):
            if parent.is_double:
                shown = f"{parent} shows {value}"
            else:
                shown = f"the open end of {parent} shows {value}"
            add(Reason(Violation.NO_MATCH, f"{tile} does not match: {shown}"))
    missing = tableau.arms_missing
    if missing > 0 and parent != tableau.spinner:
        add(Reason(Violation.ARMS_FIRST,
                   f"the spinner {tableau.spinner} has {tableau.arms_placed} of its "
                   f"{rules.spinner_arms} arms; the next tile must be an arm"))
    foot = tableau.foot
    if foot is not None and parent != foot and missing <= 0:
        toes = tableau.toes_on(foot)
        add(Reason(Violation.FOOT_OPEN,
                   f"the chicken foot on {foot} has {toes} of its {rules.toes_per_foot} "
                   f"toes; the next tile must be a toe on {foot}"))
    return Verdict(subject, tuple(reasons))


def describe_play(tableau: Tableau, play: Play) -> str:
    """The play in words: ``6-3 on 4-6``, or ``9-9 as the spinner``."""
    if play.parent is None:
        return f"{play.tile} as the spinner"
    return f"{play.tile} on {play.parent}"
