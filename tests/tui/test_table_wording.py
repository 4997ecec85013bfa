"""What the scorecard says at the table: ranks after the tie-break, who leads (and not
before a round is complete), marks that do not read like keys, the rules with the hand
size for this many players, the winner line clear of toasts, stats across games, and the
double a round opened on recorded from the score screen."""

from __future__ import annotations

from textual import events
from textual.widgets import Select
from tui_fakes import FakeRecognizer

from scorer.rules import MissingDouble, RuleSet, TieBreak
from scorer.scorecard import Method, Scorecard
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import METHOD_MARK, ScorecardScreen
from tui.standings import lead_words, names, ranks
from tui.stats import player_stats
from tui.widgets import rules_summary


def card_of(players, rows, rules=None) -> Scorecard:
    card = Scorecard.new(tuple(players), rules or RuleSet())
    for r, row in enumerate(rows):
        for seat, (player, points) in enumerate(zip(players, row, strict=True)):
            if points is not None:  # the first 0 went out: one player a round does
                card = card.with_score(r, player, points,
                                       went_out=points == 0 and row.index(0) == seat)
    return card


def test_names_are_joined_as_people_say_them():
    assert names(["Zoë"]) == "Zoë"
    assert names(["Zoë", "Ann"]) == "Zoë and Ann"
    assert names(["Zoë", "Ann", "Bo"]) == "Zoë, Ann and Bo"


def test_three_share_the_lead_in_words():
    card = card_of(("Zoë", "Ann", "Bo", "Kid"), [(5, 5, 5, 9)])
    assert lead_words(card) == "Zoë, Ann and Bo share the lead after 1 round"


def test_nobody_leads_before_every_player_has_scored_the_round():
    card = card_of(("Ann", "Bo", "Kid"), [(40, 35, None)])
    assert lead_words(card) == "" and ranks(card) == {}
    card = card_of(("Ann", "Bo", "Kid"), [(40, 35, 50), (10, 20, None)])
    assert lead_words(card) == "Bo leads by 5 after 1 round"  # round 2 not complete


def test_the_rank_column_follows_the_tie_break():
    # Ann and Bo tie on 105; Ann has more zero rounds, so Ann wins: ranks 1 and 2.
    card = card_of(("Ann", "Bo", "Cy"), [(0, 0, 30), (0, 10, 30), (0, 0, 30), (105, 95, 30)])
    assert card.result().winners == ("Ann",)
    assert ranks(card) == {"Ann": 1, "Bo": 2, "Cy": 3}
    shared = card_of(("Ann", "Bo", "Cy"), [(0, 0, 30), (0, 10, 30), (0, 0, 30), (105, 95, 30)],
                     RuleSet(tie_break=TieBreak.SHARED))
    assert ranks(shared) == {"Ann": 1, "Bo": 1, "Cy": 3}


def test_the_lead_in_words_follows_the_tie_break_as_the_rank_column_does():
    # "Ann and Bo share the lead" stood beside ranks #1 Ann, #2 Bo
    rows = [(0, 0, 30), (0, 10, 30), (0, 0, 30), (105, 95, 30)]
    card = card_of(("Ann", "Bo", "Cy"), rows)
    assert lead_words(card) == "Ann leads on the tie-break after 4 rounds (level with Bo on 105)"
    shared = card_of(("Ann", "Bo", "Cy"), rows, RuleSet(tie_break=TieBreak.SHARED))
    assert lead_words(shared) == "Ann and Bo share the lead after 4 rounds"


def test_marks_are_not_letters_that_read_like_keys():
    assert not any(mark.isalpha() for mark in METHOD_MARK.values())
    assert METHOD_MARK[Method.TILES] != METHOD_MARK[Method.CAPTURE]


def test_rules_summary_names_the_hand_size_for_the_players():
    assert "7 tiles each" in rules_summary(RuleSet(), 4)
    cut = rules_summary(RuleSet(set_max=6), 8)
    assert "hands cut to" in cut and "8 players" in cut
    assert "tiles each" not in rules_summary(RuleSet())


def test_stats_across_finished_games():
    first = card_of(("Ann", "Bo"), [(0, 12)] * 10)
    second = card_of(("Ann", "Bo"), [(20, 0)] * 10)
    unfinished = card_of(("Ann", "Bo"), [(1, 1)])
    stats = {s.player: s for s in player_stats([first, second, unfinished])}
    assert stats["Ann"].games == 2 and stats["Ann"].wins == 1 and stats["Bo"].wins == 1
    assert stats["Ann"].average == 100.0 and stats["Bo"].average == 60.0
    assert (stats["Ann"].best_round, stats["Ann"].worst_round) == (0, 20)
    assert stats["Ann"].zero_rounds == 10 and stats["Bo"].zero_rounds == 10


async def test_the_winner_line_is_at_the_top_clear_of_toasts(make_app):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = card_of(("Ann", "Bo"), [(0, 12)] * 10)
        app.pop_screen()
        app.start_game(card)
        await pilot.pause()
        result = app.scorecard.query_one("#result")
        assert result.display and str(result.render()).startswith("Winner: Ann")
        # Toasts stack up from the bottom right; the winner line sits under the status.
        assert result.region.y <= 3 and result.region.bottom < 24 // 2


async def test_the_score_screen_records_the_double_the_round_opened_on(make_app):
    app = make_app(FakeRecognizer(), rules=RuleSet(missing_double=MissingDouble.NEXT_LOWER))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann, Bo", "enter")
        await pilot.pause()
        await pilot.press(*"12")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen) and screen.ask_opening
        choices = [value for _label, value in screen.query_one("#entry-opening",
                                                              Select)._options]
        assert 8 in choices
        screen.query_one("#entry-opening", Select).value = 8
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.card.entry(0, "Ann").points == 12
        assert app.card.opening(0) == 8 and app.card.round_headers()[:2] == ("8-8", "7-7")
        assert len(app.card.rounds) == 9  # 8-8 opened early: 9-9 burned for the pass
        assert app.store.load(app.game_id) == app.card
        await pilot.press("u")  # the opening is a change of its own
        await pilot.pause()
        assert app.card.opening(0) == 8 and app.card.entry(0, "Ann") is None


async def test_without_the_next_lower_rule_no_opening_is_asked(make_app):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann, Bo", "enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert not app.screen.ask_opening and not app.screen.query("#entry-opening")


async def test_a_photo_path_typed_before_the_screen_opens_is_read(make_app, photo):
    recognizer = FakeRecognizer()
    app = make_app(recognizer)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann, Bo", "enter")
        await pilot.pause()
        app.action_score("capture")
        screen = app.opening_entry
        assert screen is not None and not screen.is_mounted
        # The keys reach the scorecard before the screen is up: they are handed over.
        for key in (*str(photo), "enter"):
            app.scorecard.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert recognizer.calls == [("path", str(photo))]
        assert [str(r.tile) for r in screen.read] == ["5-6", "0-0", "2-4"]
        assert screen.query_one("#review").cursor_row == 2  # the doubtful 4-2


def test_only_ascii_digits_make_a_tile_typed_as_two_digits():
    from scorer.tiles import Tile
    from tui.widgets import parse_tiles

    tiles, problems = parse_tiles("53 \u0665\u0663", 9)
    assert tiles == [Tile.of(5, 3)] and len(problems) == 1
