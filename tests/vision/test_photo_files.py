"""Photo files that are not plain photos: odd names, pipes, devices, /proc, header bombs,
damaged data. Each is one ImageError line or a photo with a warning in our own words;
nothing from the C decoders reaches file descriptor 2."""

from __future__ import annotations

import os
import struct
import sys
import threading

import cv2
import numpy as np
import pytest

from vision.image import capture
from vision.image import decode as image_decode
from vision.image.capture import ImageError, load_image
from vision.image.header import header_size

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux paths")


def _jpeg(image: np.ndarray | None = None) -> bytes:
    if image is None:
        image = np.random.default_rng(0).integers(0, 255, (120, 160, 3), dtype=np.uint8)
    ok, data = cv2.imencode(".jpg", image)
    assert ok
    return data.tobytes()


def _with_app_segments(jpeg: bytes, count: int, size: tuple[int, int] | None = None) -> bytes:
    """``count`` full-length APP1 segments before the frame header; ``size`` rewrites
    the frame header's width and height (a header bomb)."""
    data = bytearray(jpeg)
    if size is not None:
        at = 2
        while not 0xC0 <= data[at + 1] <= 0xC2:
            at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
        data[at + 5:at + 9] = struct.pack(">HH", size[1], size[0])
    segment = b"\xff\xe1" + struct.pack(">H", 65535) + b"\0" * 65533
    return bytes(data[:2]) + segment * count + bytes(data[2:])


def test_a_file_name_that_is_not_utf8_loads(tmp_path):
    name = os.path.join(os.fsencode(tmp_path), b"caf\xe9.jpg")
    with open(name, "wb") as handle:
        handle.write(_jpeg())
    loaded = load_image(os.fsdecode(name))
    assert loaded.pixels.shape == (120, 160, 3) and loaded.warnings == ()


def test_a_file_name_too_long_is_one_line(tmp_path):
    with pytest.raises(ImageError, match=r"the file name is too long \(\d") as caught:
        load_image(tmp_path / ("a" * 300 + ".jpg"))
    assert len(str(caught.value)) < 200


@linux
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "photo.jpg"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []
    worker = threading.Thread(target=lambda: _catch(outcome, fifo), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "opening a FIFO blocked"
    assert "named pipe (FIFO)" in str(outcome[0])


def _catch(outcome, path):
    try:
        load_image(path)
    except ImageError as error:
        outcome.append(error)


@linux
@pytest.mark.parametrize(("path", "message"), [
    ("/dev/zero", "is a device, not a photo file"),
    ("/proc/self/status", "special file that gives no size"),
])
def test_devices_and_proc_files_say_what_they_are(path, message):
    with pytest.raises(ImageError, match=message):
        load_image(path)


def test_empty_file_is_still_empty(tmp_path):
    (tmp_path / "e.jpg").write_bytes(b"")
    with pytest.raises(ImageError, match=r"file is empty \(0 bytes\)"):
        load_image(tmp_path / "e.jpg")


def test_the_size_is_found_behind_ten_app_segments():
    data = _with_app_segments(_jpeg(), 10)
    assert len(data) > 640_000
    assert header_size(data, "jpeg") == (160, 120)


@pytest.mark.parametrize("side", [60000, 40000])
def test_a_header_bomb_behind_ten_app_segments_is_refused_undecoded(tmp_path, monkeypatch,
                                                                     side):
    def imdecode(*_args):
        raise AssertionError("decoded although the header says it is far too large")

    monkeypatch.setattr(image_decode.cv2, "imdecode", imdecode)
    path = tmp_path / "bomb.jpg"
    path.write_bytes(_with_app_segments(_jpeg(), 10, size=(side, side)))
    with pytest.raises(ImageError, match=rf"{side}x{side} \({side * side / 1e6:.1f} MP\)"):
        load_image(path)


def test_a_large_declared_jpeg_is_decoded_reduced(tmp_path):
    path = tmp_path / "pano.jpg"
    path.write_bytes(_with_app_segments(_jpeg(), 10, size=(16000, 8000)))  # 128 MP
    loaded = load_image(path)
    assert loaded.pixels.shape[0] * loaded.pixels.shape[1] <= 16e6
    assert any("read at 1/" in w for w in loaded.warnings)


@pytest.mark.parametrize("suffix", [".png", ".bmp"])
def test_a_large_photo_of_any_format_is_decoded_reduced(tmp_path, monkeypatch, suffix):
    # under the decode limit, as a JPEG is: OpenCV's PNG decoder holds two copies of a
    # big photo's pixels while it works, so a 48 MP PNG read whole peaked at 405 MB
    monkeypatch.setattr(capture, "MAX_REDUCED_MEGAPIXELS", 0.05)
    path = tmp_path / f"big{suffix}"
    cv2.imwrite(str(path), np.full((200, 400, 3), 100, np.uint8))  # 0.08 MP -> 1/2
    loaded = load_image(path)
    assert loaded.pixels.shape == (100, 200, 3) and (loaded.width, loaded.height) == (400, 200)
    assert loaded.warnings == ()  # under the decode limit, reducing is routine


def test_bytes_after_the_end_marker_are_no_damage(tmp_path, capfd):
    path = tmp_path / "tail.jpg"
    path.write_bytes(_jpeg() + b"camera maker data" * 20)
    assert load_image(path).warnings == ()
    assert capfd.readouterr().err == ""


def test_a_cut_short_jpeg_is_said_in_our_words_and_the_decoder_is_silent(tmp_path, capfd):
    data = _jpeg()
    path = tmp_path / "cut.jpg"
    path.write_bytes(data[: len(data) // 2])
    loaded = load_image(path)
    assert loaded.pixels.shape == (120, 160, 3)
    assert loaded.warnings == ("cut.jpg looks cut short; its lower part may be grey",)
    assert capfd.readouterr().err == ""


def test_flipped_bits_are_a_damage_warning(tmp_path, capfd):
    data = bytearray(_jpeg())
    for i in range(len(data) // 2, len(data) // 2 + 40):
        data[i] ^= 0x5A
    path = tmp_path / "flipped.jpg"
    path.write_bytes(bytes(data))
    try:
        loaded = load_image(path)
    except ImageError as error:
        assert "damaged" in str(error)
    else:
        assert any("damaged" in w or "cut short" in w for w in loaded.warnings)
    assert capfd.readouterr().err == ""


def test_a_cut_short_png_is_one_line_and_silent(tmp_path, capfd):
    ok, png = cv2.imencode(".png", np.full((64, 64, 3), 90, np.uint8))
    path = tmp_path / "cut.png"
    path.write_bytes(png.tobytes()[:60])
    with pytest.raises(ImageError, match="damaged or cut short"):
        load_image(path)
    assert capfd.readouterr().err == ""


def test_listing_passes_a_name_too_long_through_for_load_image_to_report(tmp_path):
    from vision.image.capture import iter_image_files

    long_name = tmp_path / ("a" * 300 + ".jpg")
    assert list(iter_image_files([long_name])) == [long_name]


def test_a_phone_photo_over_16_mp_is_read_reduced_without_a_word(tmp_path):
    path = tmp_path / "phone.jpg"
    cv2.imwrite(str(path), np.full((6000, 8000, 3), 90, np.uint8))  # 48 MP
    loaded = load_image(path)
    assert loaded.pixels.shape[:2] == (3000, 4000) and loaded.scale == 2.0
    assert (loaded.width, loaded.height) == (8000, 6000) and loaded.warnings == ()
