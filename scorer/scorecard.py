"""The session scorecard: one frozen value holding every round of one game.

Rounds are numbered from 0 and headed by their starting double ("9-9" ... "0-0"): the
double the round opened on when it is recorded (``with_opening``; under the "next lower
double" knob a round may open below the ladder's double, and that double is then burned:
the ladder skips it, so the game may have fewer rounds), otherwise the ladder's. Each
player's entry in a round keeps how it was scored (typed, picked tiles, or a photo), the
confirmed tiles, and the tile reader's raw result as plain JSON text beside them, so a
disputed score can always be traced back to what the camera saw.

Lowest total wins. Ties are broken as RULES.md says (most zero-point rounds, then the
lowest single non-zero round, then a shared win) unless the house rule says "shared".
With the TARGET_TOTAL round order the game ends after the round in which somebody reaches
the target; that player loses and the lowest total wins.
"""

from __future__ import annotations

import enum
import json
import unicodedata
from dataclasses import dataclass, field, replace

from scorer.game import Ladder, LadderError, LadderWalk, walk_ladder
from scorer.messages import clip, counted
from scorer.rules import RoundOrder, RuleSet, TieBreak
from scorer.scoring import most_round_points, score_hand
from scorer.tiles import Tile

MIN_PLAYERS = 2
MAX_PLAYERS = 12
MAX_NAME_CHARS = 24  # a name fits its column on the scorecard and the standings


def name_key(name: str) -> str:
    """A name as it reads: full-width and other compatibility forms as their plain
    letters, invisible characters (zero-width spaces, direction marks) gone, case and
    runs of spaces ignored. Two names with one key look alike on the card."""
    plain = unicodedata.normalize("NFKC", name)
    visible = "".join(c for c in plain
                      if unicodedata.category(c) != "Cf" and c not in _BLANK_LETTERS)
    return " ".join(visible.casefold().split())


# Letters that show as nothing, outside the format characters (Cf): the Hangul fillers
# and others Unicode calls default-ignorable, and the blank Braille pattern; a name of
# them alone was taken though it shows blank on the card
_BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


class Method(enum.Enum):
    """How a round score was entered."""

    TYPED = "typed"
    TILES = "tiles"
    CAPTURE = "capture"


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's score for one round."""

    points: int
    went_out: bool = False
    method: Method = Method.TYPED
    tiles: tuple[Tile, ...] = ()
    raw_json: str = ""  # the tile reader's result as read, before any correction

    def __post_init__(self) -> None:
        if self.points < 0:
            raise ValueError("a round score cannot be negative")

    @property
    def raw(self) -> object:
        """The reader's raw result as plain data (dicts and lists), or None."""
        return json.loads(self.raw_json) if self.raw_json else None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"points": self.points, "method": self.method.value}
        if self.went_out:
            data["went_out"] = True
        if self.tiles:
            data["tiles"] = [str(t) for t in self.tiles]
        if self.raw_json:
            data["raw"] = json.loads(self.raw_json)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Entry:
        raw = data.get("raw")
        went_out = data.get("went_out", False)
        if not isinstance(went_out, bool):
            raise ValueError(f"a stored went-out mark is {clip(repr(went_out), 40)}, not yes or no")
        return cls(
            points=stored_whole(data["points"], "score"),
            went_out=went_out,
            method=Method(str(data.get("method", "typed"))),
            tiles=tuple(Tile.parse(str(t)) for t in data.get("tiles", ())),  # type: ignore[union-attr]
            raw_json=json.dumps(raw, sort_keys=True) if raw is not None else "",
        )


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int  # shared: equal totals share a rank (1, 1, 3)
    player: str
    total: int
    zero_rounds: int


@dataclass(frozen=True, slots=True)
class GameResult:
    winners: tuple[str, ...]
    reason: str
    finished: bool = True


Row = tuple["Entry | None", ...]


@dataclass(frozen=True, slots=True)
class Scorecard:
    players: tuple[str, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    # One row per round, one cell per player (in seat order); None = not scored yet.
    rounds: tuple[Row, ...] = ()
    # The double each round opened on, by round; None (or missing) = the ladder's double.
    openings: tuple[int | None, ...] = ()

    # -- building ---------------------------------------------------------------------
    @classmethod
    def new(cls, players: tuple[str, ...], rules: RuleSet) -> Scorecard:
        """An empty card for names as typed; ValueError says what is wrong with them."""
        names = tuple(p.strip() for p in players)
        if len(names) < MIN_PLAYERS:
            raise ValueError(f"Chicken Foot needs at least {MIN_PLAYERS} players")
        if len(names) > MAX_PLAYERS:
            raise ValueError(f"at most {MAX_PLAYERS} players fit on one scorecard")
        for seat, name in enumerate(names, 1):
            if any(unicodedata.category(c) == "Cc" for c in name):
                raise ValueError(f"player {seat}'s name holds a control character (a tab "
                                 "or an escape): type it again with letters only")
            if len(name) > MAX_NAME_CHARS:
                raise ValueError(f"a name is at most {MAX_NAME_CHARS} characters "
                                 f"(player {seat}'s has {len(name)})")
        if any(not name_key(n) for n in names):
            raise ValueError("every player needs a name")
        keys = [name_key(n) for n in names]
        dupes = [n for n, k in zip(names, keys, strict=True) if keys.count(k) > 1]
        if dupes:
            raise ValueError(f"two players share the name {dupes[0]}" + (
                "" if len(set(dupes)) == 1 else f" (written as {dupes[1]} too)"))
        return cls.blank(names, rules)

    @classmethod
    def blank(cls, names: tuple[str, ...], rules: RuleSet) -> Scorecard:
        """An empty card for names already on a card (a rematch, an old database)."""
        count = 1 if rules.round_order is RoundOrder.TARGET_TOTAL else len(rules.round_doubles())
        empty: Row = (None,) * len(names)
        return cls(names, rules, (empty,) * count)

    def with_entry(self, round_index: int, player: str, entry: Entry) -> Scorecard:
        seat = self._seat(player)
        rounds = list(self.rounds)
        if self.is_open_ended and round_index == len(rounds):
            if self.is_finished:
                raise ValueError(
                    f"the game is over: someone reached {self.rules.target_total}")
            if not self.round_complete(len(rounds) - 1):
                raise ValueError("finish the current round before starting the next")
            rounds.append((None,) * len(self.players))
        if not 0 <= round_index < len(rounds):
            raise ValueError(f"there is no round {round_index + 1}")
        most = most_round_points(self.rules)
        if entry.points > most:
            raise ValueError(f"at most {most} points in one round under these rules")
        row = list(rounds[round_index])
        self._check_possible(round_index, seat, entry, row)
        row[seat] = entry
        rounds[round_index] = tuple(row)
        return replace(self, rounds=tuple(rounds))

    def _check_possible(self, round_index: int, seat: int, entry: Entry,
                        row: list[Entry | None]) -> None:
        """Refuse an entry no round can give: a second player going out, a hand holding
        the double the round opened on, or a tile already in another player's hand."""
        others = [(self.players[i], e) for i, e in enumerate(row)
                  if i != seat and e is not None]
        where = f"round {round_index + 1}"
        if entry.went_out:
            out = next((p for p, e in others if e.went_out), None)
            if out is not None:
                raise ValueError(f"{out} and {self.players[seat]} cannot both go out in "
                                 f"{where}: a round ends when one player goes out")
        if not entry.tiles:
            return
        double = self.round_double(round_index)
        if Tile(double, double) in entry.tiles:
            raise ValueError(f"{double}-{double} opened {where}: it lies in the centre, "
                             "not in a hand")
        for player, other in others:
            shared = [t for t in entry.tiles if t in other.tiles]
            if shared:
                raise ValueError(f"{shared[0]} is in {player}'s hand in {where}: a set "
                                 "has one of each tile")

    def with_score(self, round_index: int, player: str, points: int,
                   went_out: bool = False) -> Scorecard:
        if went_out and points not in (0, self.rules.going_out_on_double_penalty):
            raise ValueError("a player who went out scores 0 (or the going-out-on-a-double "
                             "penalty)")
        return self.with_entry(round_index, player, Entry(points, went_out))

    def without_score(self, round_index: int, player: str) -> Scorecard:
        seat = self._seat(player)
        self._check_round(round_index)
        row = list(self.rounds[round_index])
        row[seat] = None
        rounds = list(self.rounds)
        rounds[round_index] = tuple(row)
        return replace(self, rounds=tuple(rounds))

    def without_round(self, round_index: int) -> Scorecard:
        """Clear every score of a round. In a target-total game a round after the first is
        removed altogether (later rounds move up, with the doubles they opened on)."""
        self._check_round(round_index)
        rounds = list(self.rounds)
        if self.is_open_ended and len(rounds) > 1:
            del rounds[round_index]
            openings = list(self.openings)
            if round_index < len(openings):
                del openings[round_index]
            return replace(self, rounds=tuple(rounds), openings=_trimmed(openings))
        rounds[round_index] = (None,) * len(self.players)
        return replace(self, rounds=tuple(rounds))

    def with_opening(self, round_index: int, double: int | None) -> Scorecard:
        """Record the double round ``round_index`` opened on (None: the ladder's double).
        Under the "next lower double" knob it may be below the ladder's double; that
        double is then burned for the rest of the pass, so later rounds skip it and a game
        down the ladder has fewer rounds (empty rows at the end go; rows with scores
        never do). Raises ValueError for a double the rules do not allow."""
        if not 0 <= round_index < len(self.rounds):
            raise ValueError(f"there is no round {round_index + 1}")
        openings = list(self.openings) + [None] * (len(self.rounds) - len(self.openings))
        openings[round_index] = double
        card = replace(self, openings=_trimmed(openings))
        longest = len(self.rounds) if self.is_open_ended else len(self.rules.round_doubles())
        try:
            wanted = card._opened(longest)
        except LadderError as error:
            raise ValueError(str(error)) from None
        if self.is_open_ended:
            return card
        rows = list(self.rounds)
        if len(wanted) < len(rows):
            dropped = rows[len(wanted):]
            if any(e is not None for row in dropped for e in row):
                raise ValueError(f"round {len(wanted) + 1} has scores, and with "
                                 f"{double}-{double} burned the game has only "
                                 f"{len(wanted)} rounds; clear it first")
            rows = rows[:len(wanted)]
        elif len(wanted) > len(rows):
            rows.extend([(None,) * len(self.players)] * (len(wanted) - len(rows)))
        return replace(card, rounds=tuple(rows),
                       openings=_trimmed(list(card.openings)[:len(rows)]))

    def with_rules(self, rules: RuleSet) -> Scorecard:
        """The same game under house rules the table changed mid-game: every recorded
        double and score carried over and checked again. A hand scored from its tiles is
        scored again (the double blank may count otherwise now), a player who went out on
        a double pays the new penalty, and a typed score stays as typed. Raises ValueError
        naming the first thing the new rules cannot hold."""
        for index, row in enumerate(self.rounds):
            for player, entry in zip(self.players, row, strict=True):
                beyond = [t for t in (entry.tiles if entry else ()) if t.high > rules.set_max]
                if beyond:
                    raise ValueError(f"{player}'s hand in round {index + 1} holds {beyond[0]}, "
                                     f"which a double-{rules.set_max} set does not have")
        card = Scorecard.blank(self.players, rules)
        scored = [i for i in range(len(self.rounds)) if self.round_started(i)]
        if card.is_open_ended:  # as many rows as hold scores (the next one is added as typed)
            count = len(self.rounds) if self.is_open_ended else (scored[-1] + 1 if scored else 1)
            card = replace(card, rounds=((None,) * len(self.players),) * count)
        for index, double in enumerate(self.openings):
            if double is not None and index < len(card.rounds):
                card = card.with_opening(index, double)
        if scored and scored[-1] >= len(card.rounds):
            raise ValueError(f"round {scored[-1] + 1} has scores, and under these rules the "
                             f"game has {counted(len(card.rounds), 'round')}; clear it first")
        for index, row in enumerate(self.rounds):
            for player, entry in zip(self.players, row, strict=True):
                if entry is not None:
                    card = card.with_entry(index, player, _rescored(entry, self.rules, rules))
        return card

    # -- reading ----------------------------------------------------------------------
    @property
    def is_open_ended(self) -> bool:
        return self.rules.round_order is RoundOrder.TARGET_TOTAL

    def entry(self, round_index: int, player: str) -> Entry | None:
        self._check_round(round_index)
        return self.rounds[round_index][self._seat(player)]

    def opening(self, round_index: int) -> int | None:
        """The double recorded as the one round ``round_index`` opened on, or None."""
        if 0 <= round_index < len(self.openings):
            return self.openings[round_index]
        return None

    def round_double(self, round_index: int) -> int:
        """The double round ``round_index`` opens on: the recorded one, else the ladder's
        double after the rounds before it (burned doubles skipped)."""
        opened = self._opened(round_index + 1)
        if round_index < len(opened):
            return opened[round_index]
        doubles = self.rules.round_doubles()  # past the end of the ladder: as it repeats
        return doubles[round_index % len(doubles)]

    def ladder(self) -> Ladder:
        """The ladder after every round on the card (a round without a recorded double
        opened on the ladder's)."""
        opened = self._opened(len(self.rounds))
        return walk_ladder(self.rules, opened)

    def round_header(self, round_index: int) -> str:
        value = self.round_double(round_index)
        return f"{value}-{value}"

    def round_headers(self) -> tuple[str, ...]:
        return tuple(self.round_header(i) for i in range(len(self.rounds)))

    def settled(self) -> Scorecard:
        """The card with only its complete rounds (what a lead can be counted on)."""
        return replace(self, rounds=tuple(
            row if all(e is not None for e in row) else (None,) * len(row)
            for row in self.rounds))

    def round_complete(self, round_index: int) -> bool:
        return all(e is not None for e in self.rounds[round_index])

    def round_started(self, round_index: int) -> bool:
        return any(e is not None for e in self.rounds[round_index])

    def totals(self) -> dict[str, int]:
        return {p: sum(row[i].points for row in self.rounds if row[i] is not None)
                for i, p in enumerate(self.players)}

    def zero_rounds(self) -> dict[str, int]:
        return {p: sum(1 for row in self.rounds if row[i] is not None and row[i].points == 0)
                for i, p in enumerate(self.players)}

    def lowest_nonzero_round(self) -> dict[str, int | None]:
        out: dict[str, int | None] = {}
        for i, p in enumerate(self.players):
            scores = [row[i].points for row in self.rounds
                      if row[i] is not None and row[i].points > 0]
            out[p] = min(scores) if scores else None
        return out

    def running_totals(self) -> dict[str, tuple[int | None, ...]]:
        """Each player's total after each round (None while that round is unscored)."""
        out: dict[str, tuple[int | None, ...]] = {}
        for i, p in enumerate(self.players):
            total, seq = 0, []
            for row in self.rounds:
                if row[i] is None:
                    seq.append(None)
                else:
                    total += row[i].points
                    seq.append(total)
            out[p] = tuple(seq)
        return out

    def current_round(self) -> int | None:
        """The first round not fully scored; None when the game is over. In a target-total
        game this may be one past the last round (the next round to start)."""
        for i in range(len(self.rounds)):
            if not self.round_complete(i):
                return i
        if self.is_finished:
            return None
        return len(self.rounds)

    def rounds_played(self) -> int:
        return sum(1 for i in range(len(self.rounds)) if self.round_complete(i))

    def rounds_left(self) -> int | None:
        """Rounds not yet fully scored; None in a target-total game that is still going."""
        if self.is_open_ended:
            return 0 if self.is_finished else None
        return sum(1 for i in range(len(self.rounds)) if not self.round_complete(i))

    @property
    def is_finished(self) -> bool:
        if not all(self.round_complete(i) for i in range(len(self.rounds))):
            return False
        if self.is_open_ended:
            return any(t >= self.rules.target_total for t in self.totals().values())
        return True

    def standings(self) -> tuple[Standing, ...]:
        totals, zeros = self.totals(), self.zero_rounds()
        order = sorted(self.players, key=lambda p: (totals[p], self.players.index(p)))
        out: list[Standing] = []
        for position, player in enumerate(order):
            if out and out[-1].total == totals[player]:
                rank = out[-1].rank
            else:
                rank = position + 1
            out.append(Standing(rank, player, totals[player], zeros[player]))
        return tuple(out)

    def leader(self) -> tuple[tuple[str, ...], int]:
        """Who has the lowest total, and by how much they lead the next player (0 when
        the lead is shared)."""
        table = self.standings()
        leaders = tuple(s.player for s in table if s.rank == 1)
        behind = [s.total for s in table if s.rank != 1]
        margin = (behind[0] - table[0].total) if behind and len(leaders) == 1 else 0
        return leaders, margin

    def result(self) -> GameResult:
        """The winner(s) and why, in words. Before the end it says who would win now, over
        the rounds everyone has scored, and names a round some have scored and others
        not."""
        outcome = self._outcome()
        if outcome.finished:
            return outcome
        half_scored = [i for i in range(len(self.rounds))
                       if self.round_started(i) and not self.round_complete(i)]
        if not half_scored:
            return outcome
        # the standing over the rounds everyone has scored, as the card's ranks are: a
        # player not scored yet counted 0 there and "led"
        done = self.settled()
        standing = done._outcome() if done.rounds_played() else GameResult(
            (), "no round fully scored yet", finished=False)
        unscored = [p for p in self.players if self.entry(half_scored[0], p) is None]
        reason = (f"{standing.reason}; round {self.round_header(half_scored[0])} not scored "
                  f"yet for {_names(unscored)}")
        return GameResult(standing.winners, reason, finished=False)

    def _outcome(self) -> GameResult:
        finished = self.is_finished
        table = self.standings()
        best = table[0].total
        tied = [s.player for s in table if s.total == best]
        if len(tied) == 1:
            winner = tied[0]
            if len(table) > 1:
                ahead = table[1].total - best
                reason = f"{winner} wins with {best}, {ahead} ahead of {table[1].player}"
            else:
                reason = f"{winner} wins with {best}"
            if not finished:
                reason = f"{winner} leads with {best}, {_lead(table)}"
            return GameResult((winner,), reason, finished)
        head = f"{_names(tied)} tied on {best}"
        verb = "share the win" if finished else "share the lead"
        if self.rules.tie_break is TieBreak.SHARED:
            return GameResult(tuple(tied), f"{head}; they {verb} (house rule: shared "
                                           "tie-break)", finished)
        win_word = "wins" if finished else "leads"
        zeros = self.zero_rounds()
        most = max(zeros[p] for p in tied)
        by_zero = [p for p in tied if zeros[p] == most]
        if len(by_zero) == 1:
            others = [zeros[p] for p in tied if p != by_zero[0]]
            return GameResult(
                (by_zero[0],),
                f"{head}; {by_zero[0]} {win_word} with {counted(most, 'zero round')} to "
                f"{_names([str(o) for o in sorted(others, reverse=True)])}",
                finished)
        lows = self.lowest_nonzero_round()

        def low_key(p: str) -> int:
            value = lows[p]
            return 0 if value is None else value  # no non-zero round at all is best
        lowest = min(low_key(p) for p in by_zero)
        by_low = [p for p in by_zero if low_key(p) == lowest]
        zero_words = (f"{counted(most, 'zero round')} each" if len(by_zero) == len(tied)
                      else f"{_names(by_zero)} with {counted(most, 'zero round')} each")
        if len(by_low) == 1:
            others = sorted(low_key(p) for p in by_zero if p != by_low[0])
            return GameResult(
                (by_low[0],),
                f"{head}, {zero_words}; {by_low[0]} {win_word} with a lowest round of "
                f"{lowest} to {_names([str(o) for o in others])}",
                finished)
        return GameResult(
            tuple(by_low),
            f"{head}, {zero_words} and a lowest round of {lowest} each; "
            f"{_names(by_low)} {verb}",
            finished)

    def loser_reached_target(self) -> str | None:
        """In a target-total game that is over: who reached the target (highest total)."""
        if not (self.is_open_ended and self.is_finished):
            return None
        totals = self.totals()
        return max(self.players, key=lambda p: totals[p])

    # -- storage ----------------------------------------------------------------------
    def rules_in_words(self) -> list[str]:
        """The rules, one line per knob, with this game's hand size for its players (and
        whether the set made the hands smaller than the knob asks)."""
        return self.rules.describe(players=len(self.players))

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "rounds": [[None if e is None else e.to_dict() for e in row] for row in self.rounds],
        }
        if any(o is not None for o in self.openings):
            data["openings"] = list(self.openings)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Scorecard:
        players = tuple(data["players"])  # type: ignore[arg-type]
        if not all(isinstance(p, str) for p in players):
            raise ValueError("a stored player's name is not text")
        rules = RuleSet.from_dict(dict(data.get("rules", {})))  # type: ignore[call-overload]
        rounds = tuple(
            tuple(None if e is None else Entry.from_dict(e) for e in row)
            for row in data.get("rounds", ())  # type: ignore[union-attr]
        )
        most = most_round_points(rules)
        for row in rounds:
            if len(row) != len(players):
                raise ValueError("a stored round does not have one score per player")
            if any(e is not None and e.points > most for e in row):
                raise ValueError(f"a stored score is more than one round can cost ({most})")
        openings = tuple(None if o is None else stored_whole(o, "opening double")
                         for o in data.get("openings", ()))  # type: ignore[union-attr]
        if len(openings) > len(rounds):
            raise ValueError("a stored game names more opening doubles than it has rounds")
        card = cls(players, rules, rounds, _trimmed(list(openings)))
        try:
            card._opened(len(rounds))
        except LadderError as error:
            raise ValueError(f"a stored opening double is not allowed: {error}") from None
        return card

    # -- helpers ----------------------------------------------------------------------
    def _opened(self, count: int) -> tuple[int, ...]:
        """The double each of the first ``count`` rounds opened on (recorded, else the
        ladder's), stopping where the ladder ends; raises LadderError for a recorded
        double the rules do not allow."""
        walk = LadderWalk(self.rules)
        for index in range(count):
            recorded = self.opening(index)
            if recorded is None:
                following = walk.upcoming()
                if following is None:
                    break
                recorded = following
            walk.open(recorded)
        return tuple(walk.opened)

    def _seat(self, player: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise ValueError(f"no player called {player!r} in this game") from None

    def _check_round(self, round_index: int) -> None:
        if not 0 <= round_index < len(self.rounds):
            raise ValueError(f"there is no round {round_index + 1}")


def _rescored(entry: Entry, before: RuleSet, after: RuleSet) -> Entry:
    """A score as the new rules count it, where the card knows how it was counted: a hand
    scored from its tiles, or the penalty for going out on a double."""
    if entry.went_out:
        on_double = entry.points and entry.points == before.going_out_on_double_penalty
        return replace(entry, points=after.going_out_on_double_penalty if on_double else 0)
    if (entry.tiles and entry.method is not Method.TYPED
            and entry.points == score_hand(entry.tiles, before)):
        return replace(entry, points=score_hand(entry.tiles, after))
    return entry


def stored_whole(value: object, what: str) -> int:
    """A whole number as a saved game holds it: JSON's int, not a true, 44.5 or 1e400
    (``int()`` made them 1, 44 and a crash at every start)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a stored {what} is {clip(repr(value), 40)}, not a whole number")
    return value


def _trimmed(openings: list[int | None]) -> tuple[int | None, ...]:
    """Openings without trailing Nones (so a card with none recorded stores none)."""
    while openings and openings[-1] is None:
        openings.pop()
    return tuple(openings)


def _names(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _lead(table: tuple[Standing, ...]) -> str:
    if len(table) < 2:
        return "alone"
    return f"{table[1].total - table[0].total} ahead of {table[1].player}"
