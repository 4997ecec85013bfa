"""Per-file recognition (set knowledge, bad files) and the JSON / human report."""

from __future__ import annotations

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from scorer.rules import RuleSet
from vision.doubt import is_doubtful_confidence
from vision.image import capture
from vision.reader.recognize import RecognitionError, recognize_file
from vision.reader.report import from_dict, human_lines, tile_text, to_dict, to_json_line
from vision.types import HalfReading, Recognition, TileReading


def tile(a, b, x=10.0, y=10.0, conf_b=0.95, runner_up=None):
    corners = ((x, y), (x + 40, y), (x + 40, y + 80), (x, y + 80))
    halves = (
        HalfReading((x + 20, y + 20), a, 0.9),
        HalfReading((x + 20, y + 60), b, conf_b, runner_up, 0.3 if runner_up else 0.0),
    )
    return TileReading(corners, halves, 0.875)


class FakeReader:
    def __init__(self, tiles, problems=()):
        self.tiles, self.problems, self.calls = list(tiles), list(problems), []

    def read(self, image_bgr, set_max=None):
        self.calls.append((image_bgr.shape, set_max))
        return list(self.tiles), list(self.problems)


@pytest.fixture
def photo(tmp_path):
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), np.full((120, 200, 3), 200, np.uint8))
    return path


def test_recognize_passes_pixels_and_set_and_keeps_reader_problems(photo):
    reader = FakeReader([tile(5, 3)], ["glare on the left"])
    result = recognize_file(photo, reader, set_max=12)
    assert isinstance(result, Recognition)
    assert reader.calls[0] == ((120, 200, 3), 12)  # a tile this big is looked at twice
    assert (result.width, result.height) == (200, 120)
    assert [t.pips for t in result.tiles] == [(5, 3)]
    assert result.problems == ("glare on the left",)


def test_values_above_the_set_are_dropped_with_a_problem(photo):
    result = recognize_file(photo, FakeReader([tile(10, 3), tile(9, 9)]), set_max=9)
    assert [t.pips for t in result.tiles] == [(9, 9)]
    assert any("10|3" in p and "double-9" in p for p in result.problems)


def test_a_tile_read_twice_is_kept_and_flagged(photo):
    result = recognize_file(photo, FakeReader([tile(5, 3), tile(3, 5, x=100)]), set_max=9)
    assert len(result.tiles) == 2
    assert any("3|5 read 2 times" in p for p in result.problems)


def test_a_tile_with_a_doubted_half_is_doubtful_and_not_counted(photo):
    """Calibration lifts a tile read 0.5 on one half over the threshold; the half is shown
    with a "?", so the tile is shown in doubt too, never counted unasked."""
    doubted = tile(5, 3, conf_b=0.5, runner_up=8)
    doubted = TileReading(doubted.corners_px, doubted.halves, 0.5)
    sure = tile(6, 2, x=100)
    result = recognize_file(photo, FakeReader([doubted, sure]), set_max=12)
    by_pips = {t.pips: t for t in result.tiles}
    assert by_pips[(5, 3)].confidence == 0.5 and is_doubtful_confidence(0.5)
    assert not is_doubtful_confidence(by_pips[(6, 2)].confidence)
    lines = human_lines(result, RuleSet(set_max=12))
    assert any("3? (or 8)" in line for line in lines)
    assert any("pip total: 8" in line for line in lines)


def test_bad_file_gives_an_error_value_not_an_exception(tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    result = recognize_file(bad, FakeReader([tile(1, 2)]))
    assert result == RecognitionError(
        image=str(bad), message="not an image (expected a JPEG, PNG, BMP, TIFF or WebP photo)"
    )


def test_reduced_photo_coordinates_come_back_in_original_pixels(tmp_path, monkeypatch):
    monkeypatch.setattr(capture, "MAX_REDUCED_MEGAPIXELS", 0.05)
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), np.full((200, 400, 3), 100, np.uint8))  # 0.08 MP -> read at 1/2
    reader = FakeReader([tile(2, 4, x=10, y=10)])
    result = recognize_file(path, reader)
    assert reader.calls[0][0] == (100, 200, 3)
    assert (result.width, result.height) == (400, 200)
    assert result.tiles[0].corners_px[0] == (20.0, 20.0)
    assert result.tiles[0].halves[1].center_px == (60.0, 140.0)


def test_json_contract_fields_and_round_trip():
    rec = Recognition(
        "a.jpg", 640, 480, (tile(5, 9, conf_b=0.5, runner_up=8), tile(0, 0)), ("one problem",)
    )
    data = json.loads(to_json_line(rec, RuleSet(set_max=12)))
    assert list(data) == ["image", "width", "height", "tiles", "pip_total", "score", "problems"]
    assert data["pip_total"] == 14 and data["score"] == 64  # 0-0 counts 50
    first = data["tiles"][0]
    assert first["pips"] == [5, 9] and first["confidence"] == 0.875
    assert first["corners"] == [[10.0, 10.0], [50.0, 10.0], [50.0, 90.0], [10.0, 90.0]]
    assert first["halves"][1] == {
        "center": [30.0, 70.0],
        "pips": 9,
        "confidence": 0.5,
        "runner_up": 8,
        "runner_up_confidence": 0.3,
    }
    assert first["halves"][0]["runner_up"] is None
    assert from_dict(data) == rec


def test_error_object_and_its_inverse():
    error = RecognitionError("x.jpg", "file is empty (0 bytes)")
    assert to_dict(error) == {"image": "x.jpg", "error": "file is empty (0 bytes)"}
    assert from_dict(to_dict(error)) == error


def test_truth_file_without_totals_reads():
    truth = {
        "image": "s.jpg",
        "width": 100,
        "height": 50,
        "tiles": [
            {
                "pips": [3, 0],
                "confidence": 1.0,
                "corners": [[0, 0], [40, 0], [40, 20], [0, 20]],
                "halves": [
                    {"center": [10, 10], "pips": 3, "confidence": 1.0},
                    {"center": [30, 10], "pips": 0, "confidence": 1.0},
                ],
            }
        ],
    }
    rec = from_dict(truth)
    assert rec.tiles[0].pips == (3, 0) and rec.problems == ()


@pytest.mark.parametrize(
    "bad",
    [
        {"image": "a"},
        {"width": 1, "height": 1, "tiles": [{}]},
        {
            "width": 1,
            "height": 1,
            "tiles": [
                {
                    "pips": [1, 2],
                    "corners": [[0, 0]] * 4,
                    "halves": [{"center": [0, 0], "pips": 2}, {"center": [0, 0], "pips": 2}],
                }
            ],
        },
    ],
)
def test_malformed_json_raises_value_error(bad):
    with pytest.raises(ValueError):
        from_dict(bad)


def test_human_lines_mark_doubtful_halves_with_runner_up():
    assert tile_text(tile(5, 9, conf_b=0.5, runner_up=8)) == "5|9? (or 8)"
    assert tile_text(tile(5, 9, conf_b=0.7)) == "5|9"
    assert tile_text(tile(5, 9, conf_b=0.7), doubt_below=0.8) == "5|9?"
    rec = Recognition("a.jpg", 10, 10, (tile(5, 9, conf_b=0.5, runner_up=8), tile(0, 0)))
    lines = human_lines(rec)
    assert lines[1:4] == ["  5|9? (or 8)", "  0|0", "  pip total: 14   score: 64"]


def _tile_with(first, second):
    from vision.types import HalfReading, TileReading

    halves = tuple(
        HalfReading(
            center_px=(float(i), 0.0), pips=p, confidence=c, runner_up=r, runner_up_confidence=rc
        )
        for i, (p, c, r, rc) in enumerate((first, second))
    )
    corners = ((0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0))
    return TileReading(
        corners_px=corners, halves=halves, confidence=min(h.confidence for h in halves)
    )


def test_a_tile_read_twice_takes_the_cheapest_second_guess_that_makes_it_unique():
    from vision.reader.recognize import apply_set_knowledge

    sure = _tile_with((5, 0.99, 6, 0.01), (9, 0.99, 8, 0.01))
    unsure = _tile_with((5, 0.97, 6, 0.02), (9, 0.55, 8, 0.44))
    kept, problems = apply_set_knowledge([sure, unsure], 12)
    assert [t.pips for t in kept] == [(5, 9), (5, 8)]
    assert kept[1].halves[1].runner_up == 9
    assert len(problems) == 1 and "5|8" in problems[0] and "second guess" in problems[0]


def test_a_tile_read_twice_with_no_usable_second_guess_is_kept_and_flagged():
    from vision.reader.recognize import apply_set_knowledge

    first = _tile_with((5, 0.99, None, 0.0), (9, 0.99, None, 0.0))
    second = _tile_with((5, 0.99, None, 0.0), (9, 0.99, 13, 0.01))  # 13 is not in the set
    kept, problems = apply_set_knowledge([first, second], 12)
    assert [t.pips for t in kept] == [(5, 9), (5, 9)]
    assert problems == ("5|9 read 2 times but a set has one: confirm those tiles",)
    # at most one of the two is right: neither is counted unasked
    assert all(is_doubtful_confidence(t.confidence) for t in kept)
    assert [t.confidence for t in kept] == [0.5, 0.5]


def _sure_tile_at(x: float, width: float, pips: tuple[int, int]) -> TileReading:
    corners = ((x, 0.0), (x + width, 0.0), (x + width, 2 * width), (x, 2 * width))
    halves = tuple(HalfReading((x + width / 2, (k + 0.5) * width), p, 0.99, None, 0.0)
                   for k, p in enumerate(pips))
    return TileReading(corners_px=corners, halves=halves, confidence=0.99)


def test_a_tile_far_bigger_than_the_others_is_doubtful_and_the_rest_stay_sure():
    from vision.reader.recognize import apply_set_knowledge

    hand = [_sure_tile_at(0, 40, (3, 4)), _sure_tile_at(100, 44, (5, 6)),
            _sure_tile_at(200, 52, (1, 2)),  # 1.25 times: a nearer tile, at an angle
            _sure_tile_at(300, 80, (0, 0))]  # two backs side by side read as one tile
    kept, problems = apply_set_knowledge(hand, 12)
    assert [is_doubtful_confidence(t.confidence) for t in kept] == [False, False, False, True]
    assert problems == ("1 tile far bigger than the others: perhaps two things read as one "
                        "(two face-down tiles side by side); confirm",)
    # two tiles are no measure of a set's size
    kept, problems = apply_set_knowledge(hand[:1] + hand[3:], 12)
    assert not any(is_doubtful_confidence(t.confidence) for t in kept) and problems == ()


def test_a_tile_far_smaller_than_the_others_is_doubtful_and_a_real_tile_keeps_its_value():
    from dataclasses import replace

    from vision.reader.recognize import apply_set_knowledge

    spinner = _sure_tile_at(0, 100, (9, 9))
    # the real 9|9, read less surely than the pips of another tile's 9-half boxed as a 9|9
    spinner = replace(spinner, halves=tuple(replace(h, confidence=0.9, runner_up=12,
                                                    runner_up_confidence=0.09)
                                            for h in spinner.halves), confidence=0.9)
    phantom = _sure_tile_at(400, 35, (9, 9))  # 0.35 times the others' median width
    phantom = replace(phantom, halves=tuple(replace(h, runner_up=8, runner_up_confidence=0.01)
                                            for h in phantom.halves))
    hand = [spinner, _sure_tile_at(150, 110, (5, 9)), _sure_tile_at(300, 90, (0, 9)), phantom]
    kept, problems = apply_set_knowledge(hand, 12)
    assert [t.pips for t in kept[:3]] == [(9, 9), (5, 9), (0, 9)]
    assert not any(is_doubtful_confidence(t.confidence) for t in kept[:3])
    assert is_doubtful_confidence(kept[3].confidence) and kept[3].pips != (9, 9)
    assert problems[0] == ("1 tile far smaller than the others: perhaps the pips of one half "
                           "read as a tile; confirm")
    # 0.45 times the median, the smallest real tile on the real photos: kept sure
    small = _sure_tile_at(400, 45, (3, 4))
    kept, problems = apply_set_knowledge(hand[:3] + [small], 12)
    assert not any(is_doubtful_confidence(t.confidence) for t in kept) and problems == ()


@pytest.mark.parametrize("pips, confidence, asked", [
    ((0, 0), 0.8, True),    # a double blank, 50 points, read fairly surely: asked
    ((0, 0), 0.95, False),  # read surely: counted
    ((5, 3), 0.8, False),   # any other tile at 0.8: counted
    ((0, 0), 0.3, True),    # already doubtful: stays as read
])
def test_a_double_blank_is_counted_unasked_only_when_read_surely(pips, confidence, asked):
    from dataclasses import replace

    from vision.reader.recognize import apply_set_knowledge

    tile = replace(_sure_tile_at(0, 40, pips), confidence=confidence)
    (kept,), _ = apply_set_knowledge([tile], 12)
    assert is_doubtful_confidence(kept.confidence) is asked
    assert kept.confidence == (min(confidence, 0.5) if asked else confidence)


def _doubtful_hand():
    sure = tile(5, 3)
    unsure = TileReading(((100, 10), (140, 10), (140, 90), (100, 90)),
                         (HalfReading((120, 30), 0, 0.4, 2, 0.35),
                          HalfReading((120, 70), 0, 0.9)), 0.4)
    return Recognition(image="hand.jpg", width=200, height=120, tiles=(sure, unsure))


def test_a_doubtful_tile_is_marked_and_not_counted_unless_asked():
    data = to_dict(_doubtful_hand(), RuleSet())
    assert [t["doubtful"] for t in data["tiles"]] == [False, True]
    assert (data["pip_total"], data["score"]) == (8, 8)  # the 0-0 (50) is not counted
    counted = to_dict(_doubtful_hand(), RuleSet(), count_doubtful=True)
    assert (counted["pip_total"], counted["score"]) == (8, 58)


def test_doubtful_tiles_are_shown_apart_asking_to_confirm():
    lines = human_lines(_doubtful_hand(), RuleSet())
    assert "  1 tile doubtful: confirm" in lines
    assert lines.index("  1 tile doubtful: confirm") > lines.index("  5|3")
    assert any(line.startswith("  0?|0 (or 2)") for line in lines)
    assert any("pip total: 8" in line and "--count-doubtful" in line for line in lines)


def test_a_doubtful_confidence_never_prints_as_the_threshold_it_is_under():
    # under --min-confidence 1 a tile at 0.9999 was shown doubtful "(confidence 1.00)"
    sure = tile(5, 3)
    near = replace(sure, confidence=0.9999)
    lines = human_lines(Recognition("hand.jpg", 200, 120, (near,)), RuleSet(), doubt_below=1.0)
    assert lines[1:3] == ["  1 tile doubtful: confirm", "  5?|3?  (confidence 0.99)"]


def decodes_seen(monkeypatch, recognize) -> list[tuple[int, ...]]:
    """The shape of every photo ``recognize`` decodes from now on, in order."""
    loads = []

    def load_image(path, *args, **kwargs):
        loaded = capture.load_image(path, *args, **kwargs)
        loads.append(loaded.pixels.shape)
        return loaded

    def load_looks(path, quick_megapixels):
        quick, finest = capture.load_looks(path, quick_megapixels)
        loads.append(quick.pixels.shape)
        return quick, finest

    monkeypatch.setattr(recognize, "load_image", load_image)
    monkeypatch.setattr(recognize, "load_looks", load_looks)
    return loads


@pytest.mark.parametrize("size, half_px, problem, decoded", [
    # halves 40 px wide in the quick look
    ((200, 400), 30, False, [(100, 200, 3)]),  # wide enough: one quick look
    ((200, 400), 30, True, [(100, 200, 3)]),   # wide enough, a problem met: the same
    ((200, 400), 50, False, [(100, 200, 3), (200, 400, 3)]),  # too narrow: every pixel
    # a quick look at 1/4: 40 px there are 80 px at 1/2, enough for 50
    ((400, 800), 50, False, [(100, 200, 3), (200, 400, 3)]),
    ((400, 800), 90, True, [(100, 200, 3), (400, 800, 3)]),  # 160 px at 1/1
])
def test_a_big_photo_is_read_again_only_at_the_detail_its_halves_need(
        tmp_path, monkeypatch, size, half_px, problem, decoded):
    import vision.reader.recognize as recognize

    monkeypatch.setattr(recognize, "QUICK_LOOK_MEGAPIXELS", 0.03)
    monkeypatch.setattr(recognize, "QUICK_LOOK_HALF_PX", half_px)
    loads = decodes_seen(monkeypatch, recognize)
    path = tmp_path / "big.jpg"
    height, width = size
    cv2.imwrite(str(path), np.full((height, width, 3), 100, np.uint8))
    reader = FakeReader([tile(2, 4)], ["a half with no partner"] if problem else [])
    loaded, result = recognize.read_photo_file(path, reader)
    assert loads == decoded and loaded.pixels.shape == decoded[-1]
    assert (result.width, result.height) == (width, height)
    assert result.tiles[0].corners_px[1][0] == 50.0 * width / decoded[-1][1]


def test_a_photo_whose_quick_look_is_as_detailed_as_it_is_ever_read_is_decoded_once(
        tmp_path, monkeypatch):
    # a header that promises 32000 x 32000 is read at 1/8 at most: decoding it again for
    # "every pixel" gave the same pixels for another 1.5 s
    import vision.reader.recognize as recognize

    monkeypatch.setattr(capture, "MAX_REDUCED_MEGAPIXELS", 0.01)
    monkeypatch.setattr(recognize, "QUICK_LOOK_MEGAPIXELS", 0.03)
    loads = decodes_seen(monkeypatch, recognize)
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), np.full((400, 800, 3), 100, np.uint8))
    loaded, result = recognize.read_photo_file(path, FakeReader([], []))
    assert loads == [(50, 100, 3)]  # 1/8, once
    assert capture.decode_reduction(800, 400, 50.0) == 8
    assert (result.width, result.height) == (800, 400) and not result.tiles


@pytest.mark.parametrize("half_px, shape", [(50, (200, 400, 3)), (90, (400, 800, 3))])
def test_a_big_png_is_decoded_once_and_read_again_from_that_decode(
        tmp_path, monkeypatch, half_px, shape):
    # a PNG is decoded whole whatever it is reduced to: decoding a 49 MP one a second time
    # held 147 MB more beside what the first look left (320 MB at the peak)
    import vision.reader.recognize as recognize

    monkeypatch.setattr(recognize, "QUICK_LOOK_MEGAPIXELS", 0.03)
    monkeypatch.setattr(recognize, "QUICK_LOOK_HALF_PX", half_px)
    decodes = []

    def decode_file(*args, **kwargs):
        decodes.append(args[1])
        return decode_file_before(*args, **kwargs)

    decode_file_before = capture.decode_file
    monkeypatch.setattr(capture, "decode_file", decode_file)
    path = tmp_path / "big.png"
    picture = np.zeros((400, 800, 3), np.uint8)
    picture[:, ::2] = 200  # stripes: a box average of two columns is 100
    cv2.imwrite(str(path), picture)
    loaded, result = recognize.read_photo_file(path, FakeReader([tile(2, 4)], []))
    assert decodes == ["png"]
    assert loaded.pixels.shape == shape and loaded.scale == 800 / shape[1]
    assert (result.width, result.height) == (800, 400)
    assert result.tiles[0].corners_px[1][0] == 50.0 * 800 / shape[1]
    if shape[1] < 800:
        assert np.all(loaded.pixels == 100)


def test_a_look_reduced_from_a_finer_one_says_at_what_size_it_is_read(tmp_path):
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), np.full((400, 800, 3), 90, np.uint8))
    quick, finest = capture.load_looks(path, 0.03)
    assert finest is not None and finest.pixels.shape == (400, 800, 3)
    assert quick.pixels.shape == (100, 200, 3) and quick.scale == 4.0
    assert capture.at_most(finest, 0.1).pixels.shape == (200, 400, 3)
    assert capture.at_most(quick, 1.0) is quick
    jpeg = tmp_path / "big.jpg"
    cv2.imwrite(str(jpeg), np.full((400, 800, 3), 90, np.uint8))
    assert capture.load_looks(jpeg, 0.03)[1] is None  # reduced inside its decoder


@pytest.mark.parametrize("tile_json", [{"corners": None, "halves": []},
                                       {"corners": [[0, 0]] * 4, "halves": [3, 4]},
                                       {"corners": [[0]] * 4, "halves": []}])
def test_a_malformed_tile_is_named_in_words_not_pythons(tile_json):
    """It said "malformed tile: 'NoneType' object is not iterable"."""
    with pytest.raises(ValueError) as error:
        from_dict({"width": 1, "height": 1, "tiles": [tile_json]})
    assert "object" not in str(error.value) and "unpack" not in str(error.value)
    assert "4 corners" in str(error.value) or "a point is [x, y]" in str(error.value)
