"""Finding a lone half's blank partner, with the shipped pip reader on drawn tiles."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.reader.blank_partner import FaceImage, find_blank_partner
from vision.reader.pips import PipReader
from vision.reader.tile_reader import MODELS_DIR, PIPS_FILE
from vision.synth.tile_art import draw_tile, random_style


@pytest.fixture(scope="module")
def pips() -> PipReader:
    return PipReader(MODELS_DIR / PIPS_FILE)


def _photo(top: int, bottom: int, seed: int = 4) -> np.ndarray:
    """A level tile on green felt-like noise: ``top`` on the left, ``bottom`` on the right."""
    rng = np.random.default_rng(seed)
    image = np.empty((300, 400, 3), np.uint8)
    image[:] = (40, 110, 30)
    image = cv2.add(image, rng.integers(0, 30, image.shape, dtype=np.uint8))
    style = random_style(np.random.default_rng(1))
    face, mask = draw_tile(top, bottom, 80, style, rng)
    face, mask = cv2.rotate(face, cv2.ROTATE_90_COUNTERCLOCKWISE), cv2.rotate(
        mask, cv2.ROTATE_90_COUNTERCLOCKWISE
    )
    region = image[110:190, 120:280]
    region[mask > 0] = face[mask > 0]
    return image


def test_the_blank_beside_a_lone_half_is_found(pips):
    image = _photo(5, 0)
    five = (120.0, 110.0, 200.0, 190.0)
    assert find_blank_partner(FaceImage(image), five, [five], pips) == (200.0, 110.0, 280.0, 190.0)


def test_a_half_with_pips_or_bare_table_is_not_taken_for_a_blank(pips):
    image = _photo(5, 3)
    five = (120.0, 110.0, 200.0, 190.0)
    assert find_blank_partner(FaceImage(image), five, [five], pips) is None


def test_a_neighbour_already_taken_is_not_offered(pips):
    image = _photo(5, 0)
    five = (120.0, 110.0, 200.0, 190.0)
    blank = (200.0, 110.0, 280.0, 190.0)
    assert find_blank_partner(FaceImage(image), five, [five, blank], pips) is None
