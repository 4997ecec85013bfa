"""Verdicts: every broken rule of a play, a move or a board, in words a player understands."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Violation(enum.Enum):
    """Every rule a play, a move or a board can break."""

    # a tile on the tableau
    TILE_NOT_IN_SET = "tile-not-in-set"
    ALREADY_PLAYED = "already-played"
    PARENT_MISSING = "parent-missing"
    NO_MATCH = "no-match"
    END_TAKEN = "end-taken"
    SPINNER_FULL = "spinner-full"
    FOOT_FULL = "foot-full"
    ARMS_FIRST = "arms-first"
    FOOT_OPEN = "foot-open"
    NO_SPINNER = "no-spinner"
    SPINNER_PLACED = "spinner-placed"
    WRONG_SPINNER = "wrong-spinner"
    # a move in a round
    ROUND_OVER = "round-over"
    NOT_IN_HAND = "not-in-hand"
    MUST_PLACE_SPINNER = "must-place-spinner"
    ONLY_DRAWN_TILE = "only-drawn-tile"
    DRAWN_TILE_BARRED = "drawn-tile-barred"
    MUST_PLAY_DRAWN = "must-play-drawn"
    CAN_PLAY = "can-play"
    MUST_DRAW = "must-draw"
    BONEYARD_EMPTY = "boneyard-empty"
    ALREADY_DREW = "already-drew"
    NOT_LAST_TILE = "not-last-tile"
    NO_PENALTY = "no-penalty"
    # a board read from a photo or typed
    DUPLICATE_TILE = "duplicate-tile"
    TWO_SPINNERS = "two-spinners"
    SPINNER_NOT_DOUBLE = "spinner-not-double"
    CYCLE = "cycle"
    TOO_MANY_ARMS = "too-many-arms"
    TOO_MANY_TOES = "too-many-toes"
    PLAYED_BEFORE_ARMS = "played-before-arms"
    TWO_OPEN_FEET = "two-open-feet"
    PLAYED_WHILE_FOOT_OPEN = "played-while-foot-open"


@dataclass(frozen=True, slots=True)
class Reason:
    """One broken rule and the sentence that explains it."""

    violation: Violation
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a play, a move or a board: legal when no rule is broken."""

    subject: str
    reasons: tuple[Reason, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reasons

    def __bool__(self) -> bool:
        return not self.reasons

    @property
    def violations(self) -> frozenset[Violation]:
        return frozenset(r.violation for r in self.reasons)

    def describe(self) -> str:
        """One line for a legal verdict, a headline and one line per reason otherwise."""
        if not self.reasons:
            return f"{self.subject}: legal"
        lines = [f"{self.subject}: illegal"]
        lines.extend(f"  - {r.message}" for r in self.reasons)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        return {
            "subject": self.subject,
            "legal": self.legal,
            "reasons": [{"violation": r.violation.value, "message": r.message}
                        for r in self.reasons],
        }


class IllegalPlay(ValueError):
    """Raised by ``apply`` for a move the rules forbid; carries the full Verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__("; ".join(r.message for r in verdict.reasons) or verdict.subject)
