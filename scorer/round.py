"""One round of Chicken Foot: dealing, the starting double, turns, drawing, passing,
going out, blocked rounds and the scores, under every house-rule knob.

open_spiel's verbs: ``legal_moves(state)`` (and ``legal_plays``), ``judge(state, move)``,
``apply(state, move)``, ``is_over(state)``, ``scores(state)``. Dealing and drawing are
explicit inputs: ``start_round`` takes the hands and the boneyard in drawing order, so
tests can rig any deal. Seats are numbered 0..n-1 clockwise (play goes to the left).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from scorer.judge import judge_play
from scorer.moves import DRAW, PASS, Draw, Move, Pass, Play
from scorer.rules import (
    DrawnTile,
    FirstPlayer,
    ForgotLastTile,
    MissingDouble,
    NoPlayEmptyBoneyard,
    RuleSet,
    UnfillableFoot,
)
from scorer.scoring import score_hand
from scorer.tableau import Tableau
from scorer.tiles import Tile, full_set
from scorer.verdict import IllegalPlay, Reason, Verdict, Violation


class RoundEnd(enum.Enum):
    """Why a round ended."""

    WENT_OUT = "went-out"
    BLOCKED = "blocked"
    NO_PLAY = "no-play"  # empty boneyard and no play, under the "round ends" knob
    FOOT_UNFILLABLE = "foot-unfillable"
    REDEAL = "redeal"  # nobody held the starting double, under the "redeal" knob


@dataclass(frozen=True, slots=True)
class RoundState:
    """Everything about a round in progress. ``turn`` is the seat to move; ``drawn`` is the
    tile that seat drew this turn (the drawn-tile knob decides what it may do next)."""

    rules: RuleSet
    double: int
    hands: tuple[frozenset[Tile], ...]
    boneyard: tuple[Tile, ...]
    tableau: Tableau
    turn: int
    drawn: Tile | None = None
    starter: int | None = None
    end: RoundEnd | None = None
    went_out: int | None = None
    out_on_double: bool = False
    plays_made: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def spinner(self) -> Tile:
        return Tile(self.double, self.double)

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def in_setup(self) -> bool:
        """True until the starting double is placed."""
        return self.tableau.spinner is None

    @property
    def hand(self) -> frozenset[Tile]:
        return self.hands[self.turn]

    def all_tiles(self) -> list[Tile]:
        """Every tile of the round: hands, tableau and boneyard (for accounting checks)."""
        tiles = [t for hand in self.hands for t in hand]
        tiles.extend(p.tile for p in self.tableau.order)
        tiles.extend(self.boneyard)
        return tiles


class SeatView(NamedTuple):
    """What one seat can see of a round: its own hand, the tableau, how many tiles every
    hand and the boneyard hold, and the tile it drew this turn. Never another seat's tiles
    or the order of the boneyard: a computer player is handed this, not the RoundState.
    (A named tuple: immutable, and cheap to build once a move.)"""

    rules: RuleSet
    seat: int
    hand: frozenset[Tile]
    tableau: Tableau
    double: int
    turn: int
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    drawn: Tile | None = None
    plays_made: int = 0

    @property
    def players(self) -> int:
        return len(self.hand_sizes)


def seat_view(state: RoundState, seat: int | None = None) -> SeatView:
    """What ``seat`` (default: the seat to move) can see of ``state``."""
    seat = state.turn if seat is None else seat
    if not 0 <= seat < len(state.hands):
        raise ValueError(f"there is no seat {seat}")
    return SeatView(state.rules, seat, state.hands[seat], state.tableau, state.double,
                    state.turn, tuple(map(len, state.hands)), len(state.boneyard),
                    state.drawn if seat == state.turn else None, state.plays_made)


# -- dealing ---------------------------------------------------------------------------
def shuffled_set(rules: RuleSet, rng: random.Random) -> list[Tile]:
    tiles = list(full_set(rules.set_max))
    rng.shuffle(tiles)
    return tiles


def deal(rules: RuleSet, players: int, tiles: Sequence[Tile]
         ) -> tuple[tuple[frozenset[Tile], ...], tuple[Tile, ...]]:
    """Deal ``tiles`` (in shuffled order) into hands of the knob's size; the rest is the
    boneyard, in drawing order."""
    size = rules.hand_size_for(players)
    if size * players > len(tiles):
        raise ValueError(f"{len(tiles)} tiles cannot give {players} players {size} each")
    hands = tuple(frozenset(tiles[i * size:(i + 1) * size]) for i in range(players))
    return hands, tuple(tiles[size * players:])


def highest_draw(draws: Sequence[Tile]) -> int:
    """The seat whose drawn tile is highest (most pips, then the higher half)."""
    return max(range(len(draws)), key=lambda i: (draws[i].pips, draws[i].high))


def start_round(rules: RuleSet, hands: Sequence[Sequence[Tile] | frozenset[Tile]],
                boneyard: Sequence[Tile], double: int | None = None, *,
                starter: int | None = None, first_seat: int = 0,
                burned: Collection[int] = ()) -> RoundState:
    """A round ready for its first move. ``double`` is the starting double (default: the
    highest of the set); ``starter`` is the seat that plays first after the spinner when
    the first-player knob is the round-one draw; ``first_seat`` is the seat to the
    dealer's left, who draws first when nobody holds the starting double. ``burned``: the
    doubles earlier rounds of this pass of the ladder opened on (``Game.ladder()``), which
    the "next lower double" knob passes over. The state's ``double`` is the double the
    round opens on."""
    hands_t = tuple(frozenset(h) for h in hands)
    bone_t = tuple(boneyard)
    if len(hands_t) < 2:
        raise ValueError("Chicken Foot needs at least 2 players")
    seen = [t for h in hands_t for t in h] + list(bone_t)
    if len(set(seen)) != len(seen) or sum(len(h) for h in hands) != len(seen) - len(bone_t):
        raise ValueError("a tile appears twice in the deal")
    outside = [t for t in seen if t.high > rules.set_max]
    if outside:
        raise ValueError(f"{outside[0]} is not in a double-{rules.set_max} set")
    if double is None:
        double = rules.set_max
    state = RoundState(rules, double, hands_t, bone_t, Tableau.empty(rules), first_seat,
                       starter=starter)
    holder = _holder(hands_t, Tile(double, double))
    if holder is not None:
        return replace(state, turn=holder)
    knob = rules.missing_double
    if knob is MissingDouble.REDEAL:
        return replace(state, end=RoundEnd.REDEAL)
    if knob is MissingDouble.NEXT_LOWER:
        for lower in range(double - 1, -1, -1):
            if lower in burned:
                continue
            holder = _holder(hands_t, Tile(lower, lower))
            if holder is not None:
                return replace(state, double=lower, turn=holder)
    if Tile(double, double) not in bone_t:
        raise ValueError(f"{double}-{double} is in no hand and not in the boneyard")
    return state  # the seat to the dealer's left draws first


def _holder(hands: tuple[frozenset[Tile], ...], tile: Tile) -> int | None:
    for seat, hand in enumerate(hands):
        if tile in hand:
            return seat
    return None


# -- what may be done ------------------------------------------------------------------
def legal_plays(state: RoundState | Tableau, tiles: Sequence[Tile] | None = None
                ) -> list[Play]:
    """The tile plays allowed now. For a round: the plays among its legal moves. For a
    bare tableau: every play of ``tiles`` (default: every tile of the set not on it)."""
    if isinstance(state, Tableau):
        if tiles is None:
            on = state.tiles
            tiles = [t for t in full_set(state.rules.set_max) if t not in on]
        return state.plays_for(tiles)
    return [m for m in legal_moves(state) if isinstance(m, Play)]


def legal_moves(state: RoundState) -> list[Move]:
    """Every move the seat to move may make: plays, a draw, a pass."""
    if state.end is not None:
        return []
    hand = state.hands[state.turn]
    tableau = state.tableau
    if tableau.spinner is None:
        spinner = state.spinner
        return [Play(spinner)] if spinner in hand else [DRAW]
    drawn = state.drawn
    rules = state.rules
    if drawn is None:
        moves: list[Move] = list(tableau.plays_for(hand))
        if state.boneyard:
            if not moves or rules.voluntary_draw:
                moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves
    knob = rules.drawn_tile
    if knob is DrawnTile.DRAW_AND_PASS:
        return [PASS]
    drawn_plays: list[Move] = list(tableau.plays_for((drawn,)))
    if knob is DrawnTile.MAY_PLAY:
        return drawn_plays + [PASS]
    if drawn_plays:
        return drawn_plays
    if knob is DrawnTile.DRAW_UNTIL_PLAYABLE and state.boneyard:
        return [DRAW]
    return [PASS]


def judge(state: RoundState | Tableau, move: Move) -> Verdict:
    """Every rule ``move`` breaks, in words; never raises. A bare tableau judges a play on
    the layout alone (no hands, no turns)."""
    if isinstance(state, Tableau):
        if not isinstance(move, Play):
            return Verdict(str(move), (Reason(Violation.ROUND_OVER,
                                              "only a tile can be judged on a board"),))
        return judge_play(state, move)
    reasons: list[Reason] = []
    add = reasons.append
    who = f"player {state.turn + 1}"
    if state.end is not None:
        add(Reason(Violation.ROUND_OVER, "the round is over"))
        return Verdict(str(move), tuple(reasons))
    hand = state.hands[state.turn]
    tableau = state.tableau
    rules = state.rules
    drawn = state.drawn
    setup = tableau.spinner is None
    if isinstance(move, Play):
        on_board = judge_play(tableau, move, spinner=state.double)
        reasons.extend(on_board.reasons)
        if move.tile not in hand and move.tile not in tableau:
            add(Reason(Violation.NOT_IN_HAND, f"{who} does not hold {move.tile}"))
        if drawn is not None and not setup:
            if rules.drawn_tile is DrawnTile.DRAW_AND_PASS:
                add(Reason(Violation.DRAWN_TILE_BARRED,
                           f"{who} drew this turn; under draw-and-pass the turn ends "
                           "with a pass"))
            elif move.tile != drawn:
                add(Reason(Violation.ONLY_DRAWN_TILE,
                           f"{who} drew {drawn} this turn; only {drawn} may be played now"))
        return Verdict(on_board.subject, tuple(reasons))

    if setup:
        if state.spinner in hand:
            add(Reason(Violation.MUST_PLACE_SPINNER,
                       f"{who} holds {state.spinner} and must place it as the spinner"))
        elif isinstance(move, Pass):
            add(Reason(Violation.MUST_DRAW,
                       f"nobody has placed {state.spinner} yet; {who} must draw until "
                       "it is found"))
        return Verdict(str(move), tuple(reasons))

    plays = tableau.plays_for(hand) if drawn is None else tableau.plays_for((drawn,))
    example = f"{plays[0]}" if plays else ""
    if isinstance(move, Draw):
        if not state.boneyard:
            add(Reason(Violation.BONEYARD_EMPTY, "the boneyard is empty"))
        if drawn is None:
            if plays and not rules.voluntary_draw:
                add(Reason(Violation.CAN_PLAY,
                           f"{who} can play ({example}); drawing is allowed only with "
                           "no legal play"))
        elif rules.drawn_tile is not DrawnTile.DRAW_UNTIL_PLAYABLE:
            add(Reason(Violation.ALREADY_DREW, f"{who} has already drawn this turn"))
        elif plays:
            add(Reason(Violation.MUST_PLAY_DRAWN,
                       f"{who} drew {drawn}, which can be played ({example}), and must "
                       "play it"))
        return Verdict(str(move), tuple(reasons))

    # a pass
    knob = rules.drawn_tile
    if drawn is None:
        if plays:
            add(Reason(Violation.CAN_PLAY, f"{who} can play ({example}) and may not pass"))
        elif state.boneyard:
            add(Reason(Violation.MUST_DRAW,
                       f"{who} has no legal play and must draw from the boneyard "
                       f"({len(state.boneyard)} left)"))
    elif knob in (DrawnTile.MUST_PLAY, DrawnTile.DRAW_UNTIL_PLAYABLE) and plays:
        add(Reason(Violation.MUST_PLAY_DRAWN,
                   f"{who} drew {drawn}, which can be played ({example}), and must play it"))
    elif knob is DrawnTile.DRAW_UNTIL_PLAYABLE and state.boneyard:
        add(Reason(Violation.MUST_DRAW,
                   f"{who} drew {drawn}, which cannot be played; under draw-until-playable "
                   "the next tile must be drawn"))
    return Verdict(str(move), tuple(reasons))


# -- making moves ----------------------------------------------------------------------
def apply(state: RoundState, move: Move) -> RoundState:
    """The state after ``move``; raises IllegalPlay (carrying the Verdict) if illegal."""
    verdict = judge(state, move)
    if not verdict.legal:
        raise IllegalPlay(verdict)
    return apply_legal(state, move)


def apply_legal(state: RoundState, move: Move) -> RoundState:
    """The state after a move taken from ``legal_moves`` (not judged again: fast path)."""
    rules = state.rules
    seat = state.turn
    n = len(state.hands)
    if isinstance(move, Play):
        hand = state.hands[seat] - {move.tile}
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
        tableau = state.tableau.add(move)
        made = state.plays_made + 1
        if not hand:
            return RoundState(rules, state.double, hands, state.boneyard, tableau, seat,
                              None, state.starter, RoundEnd.WENT_OUT, seat,
                              move.tile.is_double, made)
        if move.parent is None:
            knob = rules.first_player
            if knob is FirstPlayer.HOLDER_PLAYS_AGAIN:
                nxt = seat
            elif knob is FirstPlayer.HIGHEST_DRAW_ROUND_ONE and state.starter is not None:
                nxt = state.starter
            else:
                nxt = (seat + 1) % n
        else:
            nxt = (seat + 1) % n
        return _settle(RoundState(rules, state.double, hands, state.boneyard, tableau, nxt,
                                  None, state.starter, None, None, False, made))
    if isinstance(move, Draw):
        if state.tableau.spinner is None:
            return _setup_draw(state)
        tile = state.boneyard[0]
        hands = state.hands[:seat] + (state.hands[seat] | {tile},) + state.hands[seat + 1:]
        return RoundState(rules, state.double, hands, state.boneyard[1:], state.tableau, seat,
                          tile, state.starter, None, None, False, state.plays_made)
    return _settle(RoundState(rules, state.double, state.hands, state.boneyard, state.tableau,
                              (seat + 1) % n, None, state.starter, None, None, False,
                              state.plays_made))


def _setup_draw(state: RoundState) -> RoundState:
    spinner = state.spinner
    n = len(state.hands)
    hands = list(state.hands)
    boneyard = list(state.boneyard)
    turn = state.turn
    if state.rules.missing_double is MissingDouble.DRAW_SIMULTANEOUSLY:
        seats = [(turn + k) % n for k in range(n)]
    else:
        seats = [turn]
    found = None
    for seat in seats:
        if not boneyard:
            break
        tile = boneyard.pop(0)
        hands[seat] = hands[seat] | {tile}
        if tile == spinner:
            found = seat
    if found is not None:
        turn = found
    elif len(seats) == 1:
        turn = (turn + 1) % n
    return replace(state, hands=tuple(hands), boneyard=tuple(boneyard), turn=turn)


def _settle(state: RoundState) -> RoundState:
    """End the round when the knobs say it ends before the seat to move acts."""
    rules = state.rules
    tableau = state.tableau
    if (rules.unfillable_foot is UnfillableFoot.ROUND_ENDS and tableau.foot is not None
            and _foot_unfillable(state)):
        return replace(state, end=RoundEnd.FOOT_UNFILLABLE)
    if state.boneyard:
        return state
    if tableau.can_play(state.hands[state.turn]):
        return state
    if not any(tableau.can_play(h) for h in state.hands):
        return replace(state, end=RoundEnd.BLOCKED)
    if rules.no_play_empty_boneyard is NoPlayEmptyBoneyard.ROUND_ENDS:
        return replace(state, end=RoundEnd.NO_PLAY)
    return state


def _foot_unfillable(state: RoundState) -> bool:
    """True when fewer tiles showing the foot's value remain in hands and boneyard than
    the foot still needs toes: a fact anyone can check by counting the tableau."""
    tableau = state.tableau
    foot = tableau.foot
    assert foot is not None
    end = tableau.open_end(foot)
    needed = end.free if end is not None else 0
    value = foot.low
    left = sum(1 for t in state.boneyard if t.low == value or t.high == value)
    for hand in state.hands:
        left += sum(1 for t in hand if t.low == value or t.high == value)
    return left < needed


def penalize_unannounced(state: RoundState, seat: int) -> RoundState:
    """A player was caught not announcing their last tile: under the "draw one" knob they
    draw one tile from the boneyard (nothing happens under "nothing"). Raises IllegalPlay
    when the claim is wrong."""
    reasons: list[Reason] = []
    if state.end is not None:
        reasons.append(Reason(Violation.ROUND_OVER, "the round is over"))
    elif len(state.hands[seat]) != 1:
        reasons.append(Reason(Violation.NOT_LAST_TILE,
                              f"player {seat + 1} holds {len(state.hands[seat])} tiles, "
                              "not one"))
    if reasons:
        raise IllegalPlay(Verdict(f"penalty on player {seat + 1}", tuple(reasons)))
    if state.rules.forgot_last_tile is ForgotLastTile.NOTHING or not state.boneyard:
        return state
    tile = state.boneyard[0]
    hands = state.hands[:seat] + (state.hands[seat] | {tile},) + state.hands[seat + 1:]
    return replace(state, hands=hands, boneyard=state.boneyard[1:])


# -- the end ---------------------------------------------------------------------------
def is_over(state: RoundState) -> bool:
    return state.end is not None


def scores(state: RoundState) -> tuple[int, ...]:
    """Each seat's round score: the points left in hand under the scoring knobs; the seat
    that went out scores 0, or the going-out-on-a-double penalty."""
    if state.end is None or state.end is RoundEnd.REDEAL:
        raise ValueError("the round has no scores: it is not over")
    return tuple(
        score_hand(hand, state.rules,
                   went_out_on_double=(seat == state.went_out and state.out_on_double))
        for seat, hand in enumerate(state.hands))
