"""A family's evening at the table, driven through the app at 80x24: four players, all
ten rounds typed by row (a photo and picked tiles for some cells), an edit, undo, the
past changes, export, a rematch, stats, and deleting a game from History."""

from __future__ import annotations

import csv

from tui_fakes import FakeRecognizer

from scorer.scorecard import Method
from tui.screens.changes import ChangesScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.round_row import RoundRowScreen
from tui.screens.score_entry import ScoreEntryScreen
from tui.screens.scorecard import ScorecardScreen
from tui.screens.stats import StatsScreen

SIZE = (80, 24)
PLAYERS = ("Zoë", "Ann", "Bo", "Kid")
# Rounds 1-10, one row each; "o" went out.
ROWS = [("12", "o", "30", "8"), ("o", "20", "5", "33"), ("7", "7", "o", "15"),
        ("o", "4", "9", "22"), ("3", "o", "18", "6"), ("10", "11", "o", "2"),
        ("o", "6", "6", "40"), ("9", "o", "3", "14"), ("5", "8", "o", "1"),
        ("o", "2", "16", "11")]


async def type_row(pilot, cells) -> None:
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RoundRowScreen)
    for i, cell in enumerate(cells):
        if i:
            await pilot.press("tab")
        await pilot.press(*cell)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScorecardScreen), pilot.app.screen


async def test_an_evening_by_rows_photo_tiles_edit_undo_export_rematch(make_app, photo,
                                                                      tmp_path):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*", ".join(PLAYERS), "enter")
        await pilot.pause()
        assert app.card.players == PLAYERS
        status = str(app.scorecard.query_one("#status").render())
        assert "leads" not in status

        # Round 1 by row; nobody leads before the row is complete.
        await type_row(pilot, ROWS[0])
        assert [app.card.entry(0, p).points for p in PLAYERS] == [12, 0, 30, 8]
        assert app.card.entry(0, "Ann").went_out
        status = str(app.scorecard.query_one("#status").render())
        assert "Ann leads by 8 after 1 round" in status

        # Round 2: Zoë's cell from a photo (cursor on the doubtful tile), Ann's picked.
        await pilot.press("r")
        await pilot.pause()
        row = app.screen
        await pilot.press("f4")
        await pilot.pause()
        entry_screen = app.screen
        assert isinstance(entry_screen, ScoreEntryScreen) and entry_screen.mode == "capture"
        await pilot.press(*str(photo), "enter")
        await entry_screen.workers.wait_for_complete()
        await pilot.pause()
        review = entry_screen.query_one("#review")
        assert review.cursor_row == 2 and entry_screen.read[2].doubtful  # 4-2, unsure
        await pilot.press("a", "ctrl+s")  # take its second guess, 4-3
        await pilot.pause()
        assert app.screen is row
        assert row.query_one("#cell-0").value == "68 ◉"
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press(*"64 54", "enter")  # no tile of Zoë's hand (6-5 0-0 4-3)
        await pilot.pause()
        assert app.screen is row and row.query_one("#cell-1").value == "19 ▪"
        await pilot.press(*"5", "tab", *"33", "enter")
        await pilot.pause()
        assert app.card.entry(1, "Zoë").method is Method.CAPTURE
        assert app.card.entry(1, "Zoë").points == 68
        assert app.card.entry(1, "Ann").method is Method.TILES
        assert [app.card.entry(1, p).points for p in PLAYERS] == [68, 19, 5, 33]

        # Rounds 3-10 by row.
        for cells in ROWS[2:]:
            await type_row(pilot, cells)
        assert app.card.is_finished
        result = str(app.scorecard.query_one("#result").render())
        assert result.startswith("Winner: ")

        # An edit of round 1, undone in one step.
        app.scorecard.move_to(0, "Bo")
        await pilot.press(*"25", "enter")
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 25
        await pilot.press("u")
        await pilot.pause()
        assert app.card.entry(0, "Bo").points == 30

        # The past changes: every row, the edit undone.
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ChangesScreen)
        labels = [label for _seq, label, _at in app.screen.changes]
        assert labels[0] == "New game" and len(labels) == 12
        assert labels[1].startswith("round 1 (9-9): Zoë 12, Ann went out")
        assert app.screen.cursor == 11  # the edit (12th) is undone
        await pilot.press("escape")
        await pilot.pause()

        # Help lists every key of the scorecard.
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict((what, key) for key, what in app.screen.keys)
        for what in ("Row", "Tiles", "Photo", "Out", "Undo", "Redo", "Verify a play",
                     "Live view snapshot", "New game", "New game, same table", "History",
                     "Stats across games", "Export CSV and JSON", "Past changes"):
            assert what in keys, what
        await pilot.press("escape")
        await pilot.pause()

        # Export: the CSV opens right.
        first_game = app.game_id
        await pilot.press("x")
        await pilot.pause()
        csv_path = app.store.path.parent / "exports" / f"games-game-{first_game}.csv"
        with csv_path.open(encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))
        assert rows[0][:2] == ["Player", "Round 9|9"] and rows[1][0] == "Zoë"
        assert rows[2][1] == "went out"
        assert rows[5][0] == "Winner"

        # Rematch: same players and rules, a fresh card.
        totals = app.card.totals()
        await pilot.press("N")
        await pilot.pause()
        assert app.game_id != first_game and app.card.players == PLAYERS
        assert not app.card.round_started(0)
        await type_row(pilot, ("1", "2", "3", "o"))
        assert app.card.entry(0, "Kid").went_out

        # Stats across games: only the finished first game counts.
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        stats = {s.player: s for s in app.screen.stats}
        assert {p: s.average for p, s in stats.items()} == {
            p: float(t) for p, t in totals.items()}
        assert stats["Ann"].zero_rounds == 3 and stats["Ann"].best_round == 0
        assert stats["Kid"].worst_round == 40
        assert sum(s.wins for s in stats.values()) == 1
        await pilot.press("escape")
        await pilot.pause()

        # History: delete the first game, asked first.
        await pilot.press("h")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen) and len(history.games) == 2
        history.query_one("#history-table").move_cursor(row=1)
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert [g.id for g in history.games] == [app.game_id]
        assert [g.id for g in app.store.games()] == [app.game_id]


async def test_keys_typed_before_the_row_opens_are_kept(make_app):
    app = make_app(FakeRecognizer())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann, Bo, Cy", "enter")
        await pilot.pause()
        # Everything at once, no pause: the row screen opens while the keys arrive.
        app.action_score_row()
        screen = app.screen if isinstance(app.screen, RoundRowScreen) else app.opening_entry
        await pilot.press(*"4", "tab", "o", "tab", *"17", "enter")
        await pilot.pause()
        assert screen is not None
        assert isinstance(app.screen, ScorecardScreen)
        assert [app.card.entry(0, p).points for p in ("Ann", "Bo", "Cy")] == [4, 0, 17]

