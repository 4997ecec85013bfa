"""The pair judge looking at one photo: each pair judged once, whatever is asked with it,
and a picture plain from one end not looked at from the other."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reader.assemble import HalfSlot
from vision.reader.pair_judge import PairJudge

MODELS = Path(__file__).resolve().parents[2] / "models"
SAMPLE = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"


def half(x: float, y: float, side: float = 40.0) -> HalfSlot:
    return HalfSlot((x - side / 2, y - side / 2, x + side / 2, y + side / 2), 0.9)


@pytest.fixture(scope="module")
def judge() -> PairJudge:
    return PairJudge(MODELS / "pairs.onnx")


class Counting:
    """Counts the pictures the judge's model is shown."""

    def __init__(self, judge: PairJudge):
        self.judge, self.pictures = judge, 0

    def __call__(self, crops: np.ndarray) -> np.ndarray:
        self.pictures += len(crops)
        return PairJudge.judge_pictures(self.judge, crops)


def test_a_pair_asked_again_is_not_judged_again(judge, monkeypatch):
    counting = Counting(judge)
    monkeypatch.setattr(judge, "judge_pictures", counting)
    photo = judge.looking_at(cv2.imread(str(SAMPLE)))
    pairs = [(half(100, 100), half(140, 100)), (half(300, 200), half(300, 240))]
    first = photo(pairs)
    again = photo([pairs[1], pairs[0]])
    assert counting.pictures == 2
    assert again.tolist() == first[::-1].tolist()


def test_a_pairs_answer_does_not_depend_on_what_is_asked_with_it(judge):
    image = cv2.imread(str(SAMPLE))
    big = cv2.resize(image, None, fx=4, fy=4)  # a photo the judge shrinks first
    pair = (half(400, 400, 160), half(560, 400, 160))
    others = [(half(800, 800, 160), half(1400, 800, 160)),
              (half(50, 900, 160), half(50, 1500, 160))]
    photo = judge.looking_at(big)
    alone = photo([pair])[0]
    with_others = photo([*others, pair])[-1]
    assert with_others == alone
    assert 0.0 <= alone <= 1.0


def test_nothing_asked_is_nothing_answered(judge):
    assert judge.looking_at(np.zeros((10, 10, 3), np.uint8))([]).shape == (0,)


class TwoAnswers:
    """A model session that answers 'one tile' by the picture's first pixel: plainly
    for a bright one, unsurely for a grey one, and the other way round from the other end
    (the last pixel)."""

    def run(self, _outputs, feeds):
        batch = next(iter(feeds.values()))
        first = batch[:, 0, 0, 0]
        logit = np.where(first > 0.9, 8.0, np.where(first > 0.4, 0.5, -8.0))
        self.seen = getattr(self, "seen", 0) + len(batch)
        return [np.stack([np.zeros_like(logit), logit], axis=1)]


def test_a_picture_plain_from_one_end_is_not_looked_at_from_the_other(judge, monkeypatch):
    model = TwoAnswers()
    monkeypatch.setattr(judge, "session", model)
    crops = np.zeros((2, 8, 16, 3), np.uint8)
    crops[0, 0, 0] = 255  # plain from the first end
    crops[1, 0, 0] = 128  # unsure from the first end, plainly no tile from the other
    probs = judge.judge_pictures(crops)
    assert model.seen == 3  # two first looks, one second
    assert probs[0] == pytest.approx(1 / (1 + np.exp(-8.0)))
    assert probs[1] == pytest.approx((1 / (1 + np.exp(-0.5)) + 1 / (1 + np.exp(8.0))) / 2)


def test_second_looks_at_one_photo_share_one_judge(monkeypatch) -> None:
    """A board asks dozens of looks at one photo; each new judge shrinks the photo again."""
    from vision.reader.tile_reader import load_default_reader

    reader = load_default_reader()
    made = []
    looking_at = reader.pair_judge.looking_at
    monkeypatch.setattr(reader.pair_judge, "looking_at",
                        lambda image: made.append(image) or looking_at(image))
    photo = np.full((480, 640, 3), 200, np.uint8)
    centres = ((200.0, 240.0), (260.0, 240.0))
    first = reader.read_at(photo, centres, 9)
    again = reader.read_at(photo, centres, 9)
    assert len(made) == 1 and again.confidence == first.confidence
    reader.read_at(photo.copy(), centres, 9)  # another photo: another judge
    assert len(made) == 2


def test_looks_taken_at_once_read_as_looks_taken_one_by_one() -> None:
    """A tile looked at along its length is seven looks, read in one model run each for
    the judge and the pip reader: the same tiles as seven runs."""
    from vision.reader.tile_reader import load_default_reader

    reader = load_default_reader()
    photo = cv2.imread(str(SAMPLE))
    tiles, _ = reader.read(photo, 12)
    places = []
    for tile in tiles[:3]:
        (ax, ay), (bx, by) = (h.center_px for h in tile.halves)
        places += [((ax + k, ay), (bx + k, by)) for k in (-6, 0, 6)]
    at_once = reader.read_at_many(photo, places, 12)
    one_by_one = [reader.read_at(photo, place, 12) for place in places]
    assert [t.pips for t in at_once] == [t.pips for t in one_by_one]
    assert [t.confidence for t in at_once] == pytest.approx(
        [t.confidence for t in one_by_one], abs=1e-4)
    assert reader.read_at_many(photo, [], 12) == []


def test_the_judge_alone_bounds_what_a_full_look_can_read() -> None:
    """``most_sure_at_many`` (no pips read) may rule a place out only where a full look
    could not read a tile that surely: on tiles, beside them, and on bare table."""
    from vision.reader.tile_reader import load_default_reader

    reader = load_default_reader()
    photo = cv2.imread(str(SAMPLE))
    tiles, _ = reader.read(photo, 12)
    places = []
    for tile in tiles:
        (ax, ay), (bx, by) = (h.center_px for h in tile.halves)
        dx, dy = bx - ax, by - ay
        places += [((ax, ay), (bx, by)), ((bx, by), (bx + dx, by + dy)),
                   ((ax - 2 * dy, ay + 2 * dx), (bx - 2 * dy, by + 2 * dx))]
    bounds = reader.most_sure_at_many(photo, places)
    read = reader.read_at_many(photo, places, 12)
    assert all(t.confidence <= bound + 1e-4 for t, bound in zip(read, bounds, strict=True))
    assert min(bounds[0::3]) > 0.5 and min(bounds) < 0.5  # tiles pass, not every place
    assert reader.most_sure_at_many(photo, []) == []


def test_a_look_budget_takes_what_it_allows_of_looks_asked_at_once() -> None:
    from vision.board.budget import LookBudget

    asked = []

    class Look:
        def __call__(self, place):
            return self.many([place])[0]

        def many(self, places):
            asked.append(len(places))
            return [f"tile at {p}" for p in places]

    budget = LookBudget(Look(), max_looks=5)
    assert budget.many([1, 2, 3]) == ["tile at 1", "tile at 2", "tile at 3"]
    assert not budget.spent
    assert budget.many([4, 5, 6]) == ["tile at 4", "tile at 5", None] and budget.spent
    assert budget(7) is None and asked == [3, 2]
    # a place looked at before is not looked at again, nor counted
    again = LookBudget(Look(), max_looks=2)
    assert again.many([1, 1, 2]) == ["tile at 1", "tile at 1", "tile at 2"]
    assert again.many([2, 1]) == ["tile at 2", "tile at 1"] and not again.spent
    assert asked == [3, 2, 2]
