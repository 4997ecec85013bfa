"""A photo with transparency reads as an image viewer shows it: laid over white, never the
colours its transparent pixels hide (OpenCV's colour decode shows those)."""

from __future__ import annotations

import struct

import cv2
import numpy as np
import pytest

from vision.image import capture
from vision.image.capture import ImageError, load_image, load_looks
from vision.image.header import alpha_pixel_bytes


def _hidden_pattern(height: int = 120, width: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """BGR and alpha: a grey table with a red tile on its left, its right half fully
    transparent over a checkerboard nobody sees, and a half-transparent patch."""
    colour = np.full((height, width, 3), 180, np.uint8)
    cv2.circle(colour, (60, 60), 30, (0, 0, 200), -1)
    ys, xs = np.mgrid[:height, :width]
    checks = ((ys // 8 + xs // 8) % 2 == 0)[:, width // 2:]
    colour[:, width // 2:][checks] = (0, 0, 0)
    colour[:, width // 2:][~checks] = (255, 0, 255)
    alpha = np.full((height, width), 255, np.uint8)
    alpha[:, width // 2:] = 0
    alpha[10:30, 10:40] = 128
    return colour, alpha


def _on_white(colour: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    opacity = alpha[:, :, None] / 255.0
    return np.clip(colour * opacity + 255.0 * (1 - opacity) + 0.5, 0, 255).astype(np.uint8)


def _largest_difference(a: np.ndarray, b: np.ndarray) -> int:
    assert a.shape == b.shape
    return int(np.abs(a.astype(int) - b.astype(int)).max())


@pytest.mark.parametrize(("ext", "params"), [
    (".png", []), (".webp", [cv2.IMWRITE_WEBP_QUALITY, 101]), (".tif", []), (".bmp", []),
])
def test_a_transparent_region_reads_as_white_not_what_it_hides(tmp_path, ext, params):
    colour, alpha = _hidden_pattern()
    path = tmp_path / f"hand{ext}"
    assert cv2.imwrite(str(path), np.dstack([colour, alpha]), params)
    assert _largest_difference(load_image(path).pixels, _on_white(colour, alpha)) <= 1


def test_a_16_bit_png_with_alpha_reads_as_its_8_bit_self_over_white(tmp_path):
    colour, alpha = _hidden_pattern()
    path = tmp_path / "deep.png"
    assert cv2.imwrite(str(path), np.dstack([colour, alpha]).astype(np.uint16) * 257)
    assert _largest_difference(load_image(path).pixels, _on_white(colour, alpha)) <= 1


def test_the_reduced_decode_of_a_big_photo_is_flattened_too(tmp_path):
    colour, alpha = _hidden_pattern()
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), np.dstack([colour, alpha]))
    want = cv2.resize(_on_white(colour, alpha), (100, 60), interpolation=cv2.INTER_AREA)
    # 0.01 MP asked of 0.024 MP: decoded at 1/2, as a photo over 16 MP is
    reduced = load_image(path, most_megapixels=0.01)
    assert reduced.scale == 2.0
    assert _largest_difference(reduced.pixels, want) <= 1
    quick, finest = load_looks(path, 0.01)
    assert _largest_difference(quick.pixels, want) <= 1
    assert finest is not None
    assert _largest_difference(finest.pixels, _on_white(colour, alpha)) <= 1


@pytest.mark.skipif(not hasattr(cv2, "imwriteWithMetadata"), reason="OpenCV writes no EXIF")
@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation_turns_a_transparent_png_as_it_turns_an_opaque_one(
        tmp_path, orientation):
    colour, alpha = _hidden_pattern()
    ifd = struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    exif = np.frombuffer(b"II*\x00" + struct.pack("<I", 8) + ifd + bytes(4), np.uint8)
    transparent, opaque = tmp_path / "transparent.png", tmp_path / "opaque.png"
    cv2.imwriteWithMetadata(str(transparent), np.dstack([colour, alpha]),
                            [cv2.IMAGE_METADATA_EXIF], [exif])
    cv2.imwriteWithMetadata(str(opaque), _on_white(colour, alpha), [cv2.IMAGE_METADATA_EXIF],
                            [exif])
    assert _largest_difference(load_image(transparent).pixels,
                               load_image(opaque).pixels) <= 1


def test_one_too_big_to_decode_with_its_alpha_is_refused_from_its_header(tmp_path,
                                                                         monkeypatch):
    colour, alpha = _hidden_pattern()
    path = tmp_path / "poster.png"
    cv2.imwrite(str(path), np.dstack([colour, alpha]))
    monkeypatch.setattr(capture, "MAX_ALPHA_DECODE_BYTES", 20_000 * 4)
    monkeypatch.setattr(cv2, "imread", lambda *_: pytest.fail("decoded"))
    with pytest.raises(ImageError, match="has transparency, which is read up to 0.02 MP"):
        load_image(path)


def test_opaque_pictures_keep_the_colour_decode():
    colour, _ = _hidden_pattern()
    for ext in (".png", ".jpg", ".bmp", ".tif"):
        data = cv2.imencode(ext, colour)[1].tobytes()
        assert alpha_pixel_bytes(data, capture.sniff_format(data[:16])) == 0
    opaque = np.dstack([colour, np.full(colour.shape[:2], 255, np.uint8)])
    webp = cv2.imencode(".webp", opaque, [cv2.IMWRITE_WEBP_QUALITY, 101])[1].tobytes()
    assert alpha_pixel_bytes(webp, "webp") == 0  # the encoder keeps no alpha that is all opaque
