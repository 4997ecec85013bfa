"""Drawing what was read: outlines, divider, values in two colours, writing files."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader.annotate import DOUBT_BGR, SURE_BGR, annotate, divider, write_image
from vision.types import HalfReading, Recognition, TileReading


def _recognition(width=400, height=300):
    corners = ((100.0, 50.0), (180.0, 50.0), (180.0, 210.0), (100.0, 210.0))
    halves = (HalfReading((140.0, 90.0), 5, 0.95), HalfReading((140.0, 170.0), 9, 0.4, 8, 0.3))
    return Recognition("a.png", width, height, (TileReading(corners, halves, 0.9),))


def _near(image, colour, box):
    x0, y0, x1, y1 = box
    patch = image[y0:y1, x0:x1].astype(int)
    return int((np.abs(patch - np.array(colour)).sum(axis=2) < 30).sum())


def test_values_are_drawn_in_sure_and_doubt_colours():
    image = np.full((300, 400, 3), 128, np.uint8)
    out = annotate(image, _recognition())
    assert out is not image and (image == 128).all()
    assert _near(out, SURE_BGR, (100, 50, 180, 130)) > 20
    assert _near(out, DOUBT_BGR, (100, 130, 180, 210)) > 20
    assert _near(out, DOUBT_BGR, (100, 50, 180, 120)) == 0


def test_coordinates_follow_a_reduced_image():
    small = np.full((150, 200, 3), 128, np.uint8)
    out = annotate(small, _recognition(400, 300))
    assert _near(out, DOUBT_BGR, (50, 65, 90, 105)) > 5
    assert _near(out, DOUBT_BGR, (100, 0, 200, 150)) == 0


def test_divider_joins_the_midpoints_of_the_long_sides():
    upright = np.array([(0, 0), (40, 0), (40, 80), (0, 80)], float)
    a, b = divider(upright)
    assert sorted([tuple(a), tuple(b)]) == [(0.0, 40.0), (40.0, 40.0)]
    lying = np.array([(0, 0), (80, 0), (80, 40), (0, 40)], float)
    a, b = divider(lying)
    assert sorted([tuple(a), tuple(b)]) == [(40.0, 0.0), (40.0, 40.0)]


@pytest.mark.parametrize("name", ["out.png", "out.jpg"])
def test_write_image_png_and_jpeg(tmp_path, name):
    image = annotate(np.full((300, 400, 3), 128, np.uint8), _recognition())
    write_image(tmp_path / name, image)
    assert cv2.imread(str(tmp_path / name)).shape == (300, 400, 3)


def test_write_image_refuses_unknown_suffix_and_missing_folder(tmp_path):
    image = np.zeros((40, 40, 3), np.uint8)
    with pytest.raises(OSError, match="write .png or .jpg"):
        write_image(tmp_path / "out.gif", image)
    with pytest.raises(OSError, match="does not exist"):
        write_image(tmp_path / "no" / "out.png", image)
    (tmp_path / "a.png").write_bytes(b"")
    with pytest.raises(OSError, match="a.png is not a folder"):  # not "does not exist"
        write_image(tmp_path / "a.png" / "out.png", image)
