"""The app with the real tile reader on a real photo from datasets/real/."""

from __future__ import annotations

from pathlib import Path

from scorer.rules import RuleSet
from scorer.scorecard import Method
from scorer.scoring import score_hand
from tui.recognizer import VisionRecognizer
from tui.screens.score_entry import ScoreEntryScreen

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = sorted((ROOT / "datasets/real/pip-tracker-double12/valid/images").glob("*.jpg"))


async def test_capture_with_the_real_reader_on_a_real_photo(make_app):
    app = make_app(VisionRecognizer(ROOT / "models"), rules=RuleSet(set_max=12))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann, Bo", "enter")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreEntryScreen)
        await pilot.press(*str(PHOTOS[0]), "enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.recognition is not None, [n.message for n in app._notifications]
        assert screen.read, "the reader found no tile on a photo full of tiles"
        assert all(r.tile.high <= 12 for r in screen.read)
        tiles = [r.tile for r in screen.read]
        await pilot.press("ctrl+s")
        await pilot.pause()
        entry = app.card.entry(0, "Ann")
        assert entry.method is Method.CAPTURE
        assert entry.points == score_hand(tiles, app.card.rules)
        assert entry.raw["image"] and len(entry.raw["tiles"]) >= len(tiles)
