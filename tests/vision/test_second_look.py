"""The second looks (turned square to tiles lying askew, with a margin): when each is
taken, and which look wins."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader.second_look import (
    askew_degrees,
    look_score,
    read_hand,
    read_squared,
    with_margin,
)
from vision.types import HalfReading, TileReading


def tile(a, b, x, y, confidence, length=40.0):
    corners = ((x, y), (x + length / 2, y), (x + length / 2, y + length), (x, y + length))
    halves = (HalfReading((x + length / 4, y + length / 4), a, confidence),
              HalfReading((x + length / 4, y + 3 * length / 4), b, confidence))
    return TileReading(corners, halves, confidence)


class ScriptedReader:
    """Answers each look in turn, and notes the frame it was shown."""

    def __init__(self, *looks):
        self.looks, self.shapes = list(looks), []

    def read(self, image_bgr, set_max=None):
        self.shapes.append(image_bgr.shape)
        return self.looks.pop(0)


IMAGE = np.full((200, 300, 3), 90, np.uint8)


def test_a_sure_first_look_is_the_only_look():
    reader = ScriptedReader(([tile(5, 3, 100, 50, 0.95)], []))
    tiles, _ = read_hand(reader, IMAGE)
    assert [t.pips for t in tiles] == [(5, 3)]
    assert reader.shapes == [IMAGE.shape]


def test_nothing_found_is_read_again_with_a_margin_and_put_back_in_place():
    pad = 150  # half the longer side
    reader = ScriptedReader(([], []), ([tile(6, 6, 100 + pad, 50 + pad, 0.9)], []))
    tiles, _ = read_hand(reader, IMAGE)
    assert reader.shapes[1] == (200 + 2 * pad, 300 + 2 * pad, 3)
    assert [t.pips for t in tiles] == [(6, 6)]
    assert tiles[0].corners_px[0] == (100, 50)


def test_a_big_photo_is_framed_shrunk_so_that_the_look_is_not_windowed():
    # a 12 MP photo framed whole was 48 MP, cut into windows for small tiles the first
    # look had already looked for; the look is for tiles as big as the frame
    big = np.full((3000, 4000, 3), 90, np.uint8)
    pad = 300  # half the longer side of the photo as shrunk (600 x 450)
    reader = ScriptedReader(([], []), ([tile(6, 6, 100 + pad, 50 + pad, 0.9)], []))
    tiles, _ = read_hand(reader, big)
    assert reader.shapes[1] == (450 + 2 * pad, 600 + 2 * pad, 3)
    assert max(reader.shapes[1]) < 4 * 320  # under it, tiled_detect does not window
    assert np.allclose(tiles[0].corners_px[0], (100 * 4000 / 600, 50 * 4000 / 600))
    assert [t.pips for t in tiles] == [(6, 6)]


def test_pips_read_as_doubtful_tiles_give_way_to_one_sure_tile():
    pips = [tile(0, 1, 20 * k, 20, 0.35) for k in range(5)]
    reader = ScriptedReader((pips, []), ([tile(6, 6, 250, 250, 0.95)], []))
    tiles, _ = read_hand(reader, IMAGE)
    assert [t.pips for t in tiles] == [(6, 6)]


def test_a_look_that_loses_sure_tiles_loses():
    first = [tile(5, 3, 10, 10, 0.95), tile(2, 2, 100, 10, 0.95), tile(4, 1, 200, 10, 0.5)]
    reader = ScriptedReader((first, []), ([tile(5, 3, 160, 160, 0.97)], []))
    tiles, _ = read_hand(reader, IMAGE)
    assert len(tiles) == 3
    assert look_score((first, [])) > look_score(([tile(5, 3, 0, 0, 0.97)], []))


def test_tiles_found_in_the_margin_are_not_kept():
    reader = ScriptedReader(([], []), ([tile(6, 6, 5, 5, 0.9)], []))  # inside the margin
    tiles, _ = read_hand(reader, IMAGE)
    assert tiles == []


def test_the_margin_is_the_border_colour_not_a_mirror():
    image = np.zeros((10, 20, 3), np.uint8)
    image[:] = (10, 20, 30)
    image[4:6, 8:12] = 255  # a bright thing inside must not be copied out
    framed, (dx, dy) = with_margin(image, 0.5)
    assert (dx, dy) == (10, 10)
    assert framed.shape == (30, 40, 3)
    assert (framed[:dy] == (10, 20, 30)).all()
    assert (framed[dy:dy + 10, dx:dx + 20] == image).all()


def turned_tile(a, b, centre, degrees, confidence, spacing=20.0):
    """A tile whose halves lie ``spacing`` apart along ``degrees`` (image axes, y down)."""
    axis = np.array([np.cos(np.radians(degrees)), np.sin(np.radians(degrees))])
    across = np.array([-axis[1], axis[0]])
    c = np.asarray(centre, float)
    first, second = c - axis * spacing / 2, c + axis * spacing / 2
    corners = tuple(tuple(map(float, p)) for p in (
        c - axis * spacing - across * spacing / 2, c + axis * spacing - across * spacing / 2,
        c + axis * spacing + across * spacing / 2, c - axis * spacing + across * spacing / 2))
    return TileReading(corners, (HalfReading(tuple(map(float, first)), a, confidence),
                                 HalfReading(tuple(map(float, second)), b, confidence)),
                       confidence)


def test_tiles_lying_askew_are_measured_modulo_a_quarter_turn():
    askew = [turned_tile(1, 2, (50, 50), 30, 0.9), turned_tile(3, 4, (120, 50), 120, 0.9)]
    assert abs(askew_degrees(askew) - 30) < 1e-6
    assert abs(askew_degrees([turned_tile(1, 2, (50, 50), -50, 0.9)]) - 40) < 1e-6
    square = [turned_tile(1, 2, (50, 50), 0, 0.9), turned_tile(3, 4, (120, 50), 90, 0.9),
              turned_tile(5, 6, (50, 120), 8, 0.9)]
    assert askew_degrees(square) is None
    assert askew_degrees([]) is None


def test_tiles_lying_askew_are_read_again_turned_square_and_put_back_in_place():
    first = [turned_tile(5, 3, (150, 100), 30, 0.55)]
    # read turned by 30 degrees, the tile lies square in the turned frame; its centre there
    # is the photo's centre moved into the bigger frame
    turned = cv2.getRotationMatrix2D((150, 100), 30, 1.0)
    size = (int(np.ceil(300 * np.cos(np.radians(30)) + 200 * np.sin(np.radians(30)))),
            int(np.ceil(300 * np.sin(np.radians(30)) + 200 * np.cos(np.radians(30)))))
    centre = turned @ np.array([150, 100, 1.0]) + ((size[0] - 300) / 2, (size[1] - 200) / 2)
    # a doubtful first look: read with a margin (nothing found), then turned square
    reader = ScriptedReader((first, []), ([], []), ([turned_tile(5, 4, centre, 0, 0.97)], []))
    tiles, _ = read_hand(reader, IMAGE)
    assert reader.shapes[2][:2] == (size[1], size[0])
    assert [t.pips for t in tiles] == [(5, 4)]
    assert np.allclose(tiles[0].center_px, (150, 100), atol=1e-6)
    axis = np.subtract(tiles[0].halves[1].center_px, tiles[0].halves[0].center_px)
    assert abs(np.degrees(np.arctan2(axis[1], axis[0])) - 30) < 1e-6


def test_only_a_doubtful_look_at_tiles_lying_askew_is_read_turned():
    sure = ScriptedReader(([turned_tile(5, 3, (150, 100), 30, 0.95)], []))
    read_hand(sure, IMAGE)
    assert sure.shapes == [IMAGE.shape]
    square = ScriptedReader(([turned_tile(5, 3, (150, 100), 5, 0.55)], []), ([], []))
    read_hand(square, IMAGE)
    assert len(square.shapes) == 2  # the margin look only


def test_a_tableau_photo_is_read_turned_but_never_with_a_margin():
    # a tableau is no close-up: its doubtful look is read turned square to tiles lying
    # askew, and only so
    first = [turned_tile(5, 3, (150, 100), 30, 0.55)]
    reader = ScriptedReader((first, []), ([turned_tile(5, 4, (150, 100), 0, 0.2)], []))
    tiles, _ = read_squared(reader, IMAGE)
    assert len(reader.shapes) == 2 and reader.shapes[1] != IMAGE.shape
    assert [t.pips for t in tiles] == [(5, 3)]  # the turned look scored lower
    square = ScriptedReader(([turned_tile(5, 3, (150, 100), 5, 0.55)], []))
    read_squared(square, IMAGE)
    assert square.shapes == [IMAGE.shape]
