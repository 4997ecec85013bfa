"""RuleSet: every house-rule knob of Chicken Foot, with the default rules as defaults.

A RuleSet is stored with each game and shown on the scorecard, so it round-trips through
plain dicts (``to_dict`` / ``from_dict``) and explains itself in words (``describe``).
Whether a RuleSet can be played at all with its set and a number of players is
``scorer.rule_problems``; ``hand_deal`` says how many tiles each hand really gets.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields, replace

from scorer.messages import clip
from scorer.tiles import SET_SIZES


class HandSize(enum.Enum):
    SEVEN = "seven"
    EQUAL_SHARE = "equal-share"
    FORTY_TWO = "forty-two"
    CUSTOM = "custom"


class FirstPlayer(enum.Enum):
    HOLDER_THEN_LEFT = "holder-then-left"
    HOLDER_PLAYS_AGAIN = "holder-plays-again"
    HIGHEST_DRAW_ROUND_ONE = "highest-draw-round-one"


class MissingDouble(enum.Enum):
    DRAW_IN_TURN = "draw-in-turn"
    DRAW_SIMULTANEOUSLY = "draw-simultaneously"
    NEXT_LOWER = "next-lower"
    REDEAL = "redeal"


class DrawnTile(enum.Enum):
    MAY_PLAY = "may-play"
    MUST_PLAY = "must-play"
    DRAW_AND_PASS = "draw-and-pass"
    DRAW_UNTIL_PLAYABLE = "draw-until-playable"


class NoPlayEmptyBoneyard(enum.Enum):
    PASS = "pass"
    ROUND_ENDS = "round-ends"


class UnfillableFoot(enum.Enum):
    PLAY_ON = "play-on"
    ROUND_ENDS = "round-ends"


class RoundOrder(enum.Enum):
    DOWN = "down"
    DOWN_THEN_UP = "down-then-up"
    TARGET_TOTAL = "target-total"


class ForgotLastTile(enum.Enum):
    DRAW_ONE = "draw-one"
    NOTHING = "nothing"


class TieBreak(enum.Enum):
    ZERO_ROUNDS_THEN_LOWEST_ROUND = "zero-rounds-then-lowest-round"
    SHARED = "shared"


# A game to this total lasts hundreds of rounds; a longer number is a slip of the keyboard
# (and one past 30 digits could not be read back from the saved game).
MAX_TARGET_TOTAL = 100_000

_CHOICES = {
    "set_max": SET_SIZES,
    "spinner_arms": (4, 6, 8),
    "toes_per_foot": (3,),
    "double_blank_value": (50, 25, 0),
    "going_out_on_double_penalty": (0, 50),
}

# Equal share for double-9 (RULES.md): 2 players 20 each ... 8 players 6 each.
_EQUAL_SHARE_DOUBLE_9 = {2: 20, 3: 15, 4: 12, 5: 10, 6: 8, 7: 7, 8: 6}
_FORTY_TWO = {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}


@dataclass(frozen=True, slots=True)
class HandDeal:
    """How many tiles each of ``players`` hands gets: the knob asks for ``asked``; a set of
    ``tiles`` deals ``dealt`` (fewer when the hands would leave no tile to draw)."""

    players: int
    asked: int
    dealt: int
    tiles: int

    @property
    def cut(self) -> bool:
        """True when the hands are smaller than the knob asks for."""
        return self.dealt < self.asked

    @property
    def boneyard(self) -> int:
        return self.tiles - self.dealt * self.players


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The house rules of one game. Defaults are the standard rules of RULES.md."""

    set_max: int = 9
    spinner_arms: int = 4
    toes_per_foot: int = 3
    hand_size: HandSize = HandSize.SEVEN
    custom_hand_size: int = 7
    first_player: FirstPlayer = FirstPlayer.HOLDER_THEN_LEFT
    missing_double: MissingDouble = MissingDouble.DRAW_IN_TURN
    drawn_tile: DrawnTile = DrawnTile.MAY_PLAY
    voluntary_draw: bool = False
    no_play_empty_boneyard: NoPlayEmptyBoneyard = NoPlayEmptyBoneyard.PASS
    unfillable_foot: UnfillableFoot = UnfillableFoot.PLAY_ON
    round_order: RoundOrder = RoundOrder.DOWN
    target_total: int = 250
    double_blank_value: int = 50
    blank_end_counts_25: bool = False
    going_out_on_double_penalty: int = 0
    forgot_last_tile: ForgotLastTile = ForgotLastTile.DRAW_ONE
    tie_break: TieBreak = TieBreak.ZERO_ROUNDS_THEN_LOWEST_ROUND

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                shown = ", ".join(str(a) for a in allowed)
                raise ValueError(f"{name.replace('_', '-')} must be one of {shown}, "
                                 f"not {getattr(self, name)!r}")
        if not 1 <= self.custom_hand_size <= 60:
            raise ValueError("custom-hand-size must be between 1 and 60")
        if not 1 <= self.target_total <= MAX_TARGET_TOTAL:
            raise ValueError(f"target-total must be between 1 and {MAX_TARGET_TOTAL:,}")

    # -- derived values -------------------------------------------------------------
    @property
    def tiles_in_set(self) -> int:
        return (self.set_max + 1) * (self.set_max + 2) // 2

    def hand_size_for(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players under the hand-size knob (cut to fit
        the set: ``hand_deal`` says whether it was)."""
        return self.hand_deal(players).dealt

    def asked_hand_size(self, players: int) -> int:
        """Tiles per hand the hand-size knob asks for, before fitting it to the set."""
        if players < 2:
            raise ValueError("Chicken Foot needs at least 2 players")
        tiles_in_set = self.tiles_in_set
        if self.hand_size is HandSize.SEVEN:
            size = 7
        elif self.hand_size is HandSize.CUSTOM:
            size = self.custom_hand_size
        elif self.hand_size is HandSize.FORTY_TWO:
            size = _FORTY_TWO.get(players, round(42 / players))
        else:
            base = _EQUAL_SHARE_DOUBLE_9.get(players, max(1, 48 // players))
            size = max(1, round(base * tiles_in_set / 55))
        return size

    def hand_deal(self, players: int) -> HandDeal:
        """The hands for ``players`` players. Never deals more than the set holds: at least
        one tile stays in the boneyard, so a hand the knob asks for may be cut."""
        asked = self.asked_hand_size(players)
        tiles = self.tiles_in_set
        return HandDeal(players, asked, max(1, min(asked, (tiles - 1) // players)), tiles)

    def round_doubles(self) -> tuple[int, ...]:
        """The starting double of each round, in order (TARGET_TOTAL repeats as needed)."""
        down = tuple(range(self.set_max, -1, -1))
        if self.round_order is RoundOrder.DOWN_THEN_UP:
            return down + tuple(range(1, self.set_max + 1))
        return down

    # -- storage and display --------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {k: (v.value if isinstance(v, enum.Enum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RuleSet:
        """Build from stored or typed values; unknown knobs or values raise ValueError."""
        kwargs: dict[str, object] = {}
        known = {f.name: f for f in fields(cls)}
        for key, raw in data.items():
            name = str(key).replace("-", "_")
            if name not in known:
                raise ValueError(_unknown(key))
            kwargs[name] = _coerce(name, type(getattr(cls(), name)), raw)
        return cls(**kwargs)

    def with_knob(self, key: str, raw: object) -> RuleSet:
        """A copy with one knob changed, from a typed value such as ``spinner-arms=6``."""
        name = self.field_name(key)
        if name not in {f.name for f in fields(self)}:
            raise ValueError(_unknown(key))
        return replace(self, **{name: _coerce(name, type(getattr(self, name)), raw)})

    @staticmethod
    def field_name(key: str) -> str:
        """The field a knob typed as ``key`` names: Spinner-Arms, spinner_arms and
        spinner-arms are one knob."""
        return key.strip().lower().replace("-", "_")

    @classmethod
    def knob_names(cls) -> list[str]:
        """Every knob as a player types it: ``spinner-arms``."""
        return [f.name.replace("_", "-") for f in fields(cls)]

    def describe(self, players: int | None = None) -> list[str]:
        """One short line per knob, as a player reads it on the scorecard. Given the
        number of ``players``, the hand-size line says how many tiles each hand gets, and
        when the set cannot give the hands the knob asks for, that they are cut."""
        lines = [
            f"Set: double-{self.set_max}",
            f"Spinner arms: {self.spinner_arms}",
            f"Toes per chicken foot: {self.toes_per_foot}",
            self._hand_line(players),
            "First player: " + self.first_player.value.replace("-", " "),
            "Missing starting double: " + self.missing_double.value.replace("-", " "),
            "Drawn tile: " + self.drawn_tile.value.replace("-", " "),
            "Draw and pass while able to play: " + ("yes" if self.voluntary_draw else "no"),
            "No play, empty boneyard: " + self.no_play_empty_boneyard.value.replace("-", " "),
            "Unfillable chicken foot: " + self.unfillable_foot.value.replace("-", " "),
            "Rounds: " + (f"until someone reaches {self.target_total}"
                          if self.round_order is RoundOrder.TARGET_TOTAL
                          else self.round_order.value.replace("-", " ")),
            f"Double-blank (0-0) counts: {self.double_blank_value}",
            "Every blank end counts 25: " + ("yes" if self.blank_end_counts_25 else "no"),
            f"Going out on a double: {self.going_out_on_double_penalty or 'no'} penalty",
            "Forgot to announce last tile: " + self.forgot_last_tile.value.replace("-", " "),
            "Tie-break: " + self.tie_break.value.replace("-", " "),
        ]
        return lines

    def _hand_line(self, players: int | None) -> str:
        knob = (str(self.custom_hand_size) if self.hand_size is HandSize.CUSTOM
                else self.hand_size.value.replace("-", " "))
        if players is None or players < 2:
            return f"Hand size: {knob}"
        deal = self.hand_deal(players)
        if not deal.cut:
            return f"Hand size: {knob} ({deal.dealt} each for {players} players)"
        return (f"Hand size: {knob}, cut to {deal.dealt} each for {players} players "
                f"({players} hands of {deal.asked} need {players * deal.asked} tiles; the "
                f"double-{self.set_max} set holds {deal.tiles} and keeps one to draw)")


DEFAULT_RULES = RuleSet()


def _unknown(key: object) -> str:
    return (f"unknown house rule '{clip(str(key), 40)}' (the rules: "
            f"{', '.join(RuleSet.knob_names())})")


def _coerce(name: str, kind: type, raw: object) -> object:
    name = name.replace("_", "-")  # as the player types it
    if issubclass(kind, enum.Enum):
        if isinstance(raw, kind):
            return raw
        try:  # as the names are: Must-Play is must-play
            return kind(str(raw).strip().lower())
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise ValueError(
                f"{name} must be one of {allowed}, not '{clip(str(raw), 40)}'") from None
    if kind is bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("yes", "true", "1", "on"):
            return True
        if text in ("no", "false", "0", "off"):
            return False
        raise ValueError(f"{name} must be yes or no, not '{clip(str(raw), 40)}'")
    # int() reads any script's digits ('٦' is 6) and underscores ('1_000'): a rule is
    # typed in 0-9, as --set is
    if isinstance(raw, bool) or not isinstance(raw, (int, str)):  # a stored true, 9.0, 1e400
        raise ValueError(f"{name} must be a whole number, not '{clip(str(raw), 40)}'")
    digits = raw.strip().lstrip("+-") if isinstance(raw, str) else None
    if digits is not None and not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{name} must be a whole number in 0-9 digits, not "
                         f"'{clip(raw, 40)}'")
    try:
        return int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(
            f"{name} must be a whole number, not '{clip(str(raw), 40)}'") from None
