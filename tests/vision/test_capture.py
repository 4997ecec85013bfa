"""Loading photos: formats, EXIF orientation, size limits and every kind of bad file."""

from __future__ import annotations

import os
import struct

import cv2
import numpy as np
import pytest

from vision.image import capture
from vision.image import decode as image_decode
from vision.image.capture import ImageError, header_size, iter_image_files, load_image


def _jpeg(image: np.ndarray, quality: int = 90) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()


def _with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """Insert a hand-built EXIF APP1 segment holding only the Orientation tag."""
    ifd = struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    tiff = b"II*\x00" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0)
    payload = b"Exif\x00\x00" + tiff
    segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


def _split_colour(height: int = 40, width: int = 80) -> np.ndarray:
    image = np.zeros((height, width, 3), np.uint8)
    image[:, : width // 2] = (0, 0, 255)  # left red
    image[:, width // 2:] = (255, 0, 0)  # right blue
    return image


def test_png_and_jpeg_load_at_their_size(tmp_path):
    image = _split_colour()
    cv2.imwrite(str(tmp_path / "a.png"), image)
    (tmp_path / "b.jpg").write_bytes(_jpeg(image))
    for name in ("a.png", "b.jpg"):
        loaded = load_image(tmp_path / name)
        assert (loaded.width, loaded.height) == (80, 40)
        assert loaded.pixels.shape == (40, 80, 3)
        assert loaded.scale == 1.0 and loaded.warnings == ()


def test_exif_orientation_is_applied(tmp_path):
    path = tmp_path / "phone.jpg"
    path.write_bytes(_with_orientation(_jpeg(_split_colour()), 6))  # rotate 90 clockwise
    loaded = load_image(path)
    assert (loaded.width, loaded.height) == (40, 80)
    top, bottom = loaded.pixels[5, 20], loaded.pixels[-5, 20]
    assert top[2] > 200 and top[0] < 50  # the red left side is now on top
    assert bottom[0] > 200 and bottom[2] < 50


def test_header_size_is_read_without_decoding():
    jpeg = _with_orientation(_jpeg(_split_colour(30, 70)), 1)
    assert header_size(jpeg, "jpeg") == (70, 30)
    ok, png = cv2.imencode(".png", _split_colour(30, 70))
    assert header_size(png.tobytes(), "png") == (70, 30)


@pytest.mark.parametrize(("ext", "params"), [
    (".bmp", []), (".tif", []), (".webp", [cv2.IMWRITE_WEBP_QUALITY, 80]),
    (".webp", [cv2.IMWRITE_WEBP_QUALITY, 101]),
])
def test_bmp_tiff_webp_sizes_come_from_the_header(tmp_path, ext, params):
    ok, data = cv2.imencode(ext, _split_colour(40, 70), params)
    assert ok
    kind = capture.sniff_format(data.tobytes()[:16])
    assert header_size(data.tobytes(), kind) == (70, 40)
    path = tmp_path / f"small{ext}"
    path.write_bytes(data.tobytes())
    assert load_image(path).pixels.shape == (40, 70, 3)


def _no_decoding(monkeypatch):
    def imread(*_args):
        raise AssertionError("decoded although the header says it is too large")

    monkeypatch.setattr(capture.cv2, "imread", imread)
    monkeypatch.setattr(image_decode.cv2, "imdecode", imread)


def _bmp(width, height, dib=40):
    if dib == 12:
        return b"BM" + b"\0" * 12 + struct.pack("<IHHHH", 12, width, height, 1, 24)
    return b"BM" + b"\0" * 12 + struct.pack("<Iii", dib, width, height) + b"\0" * 28


def _tiff(width, height, *more):
    entries = [(256, 4, 1, width), (257, 3, 1, height), *more]
    ifd = struct.pack("<H", len(entries))
    for tag, kind, n, value in entries:
        raw = struct.pack("<I", value) if kind == 4 else struct.pack("<HH", value, 0)
        ifd += struct.pack("<HHI", tag, kind, n) + raw
    return b"II*\x00" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0)


def _webp_vp8x(width, height):
    body = b"\0" * 4 + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 30) + b"WEBP" + b"VP8X" + struct.pack("<I", 10) + body


def _webp_vp8l(width, height):
    bits = (width - 1) | ((height - 1) << 14)
    return (b"RIFF" + struct.pack("<I", 30) + b"WEBP" + b"VP8L" + struct.pack("<I", 5)
            + b"\x2f" + struct.pack("<I", bits) + b"\0" * 8)


def _webp_vp8(width, height):
    return (b"RIFF" + struct.pack("<I", 30) + b"WEBP" + b"VP8 " + struct.pack("<I", 10)
            + b"\0\0\0\x9d\x01\x2a" + struct.pack("<HH", width, height) + b"\0" * 8)


@pytest.mark.parametrize(("name", "data"), [
    ("huge.bmp", _bmp(10000, -6000)), ("huge-os2.bmp", _bmp(10000, 6000, dib=12)),
    ("huge.tif", _tiff(10000, 6000)), ("huge.webp", _webp_vp8x(10000, 6000)),
    ("huge-lossless.webp", _webp_vp8l(10000, 6000)), ("huge-lossy.webp", _webp_vp8(10000, 6000)),
], ids=lambda value: value if isinstance(value, str) else "")
def test_huge_bmp_tiff_webp_are_refused_from_their_header_alone(tmp_path, monkeypatch,
                                                                  name, data):
    _no_decoding(monkeypatch)
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ImageError, match=r"10000x6000 \(60\.0 MP\); the limit is (50|24|16) MP"):
        load_image(path)


@pytest.mark.parametrize(("blocks", "said"), [
    (((322, 4, 1, 16384), (323, 4, 1, 16368)), "16384x16368"),  # one tile of 268 MP
    (((278, 4, 1, 2**32 - 1),), None),  # one strip: the picture's own rows
])
def test_a_tiff_stored_in_blocks_far_larger_than_its_picture_is_refused_undecoded(
        tmp_path, monkeypatch, blocks, said):
    # OpenCV's decoder takes a TIFF's tile whole: a 416x416 picture in one 268 MP tile
    # peaked at 1.1 GB
    path = tmp_path / "tiled.tif"
    path.write_bytes(_tiff(416, 416, *blocks))
    if said is None:
        with pytest.raises(ImageError, match="damaged"):
            load_image(path)
        return
    _no_decoding(monkeypatch)
    with pytest.raises(ImageError, match=rf"stored in blocks of {said} \(268\.2 MP\), which "
                                         r"are read up to 24 MP"):
        load_image(path)


def test_a_tiff_of_half_floats_is_refused_for_what_it_is_not_called_damaged(tmp_path):
    path = tmp_path / "half.tif"  # OpenCV decodes no 16-bit float samples
    path.write_bytes(_tiff(40, 40, (258, 3, 1, 16), (339, 3, 1, 3), (277, 3, 1, 1))
                     + bytes(40 * 40 * 2))
    with pytest.raises(ImageError, match="a TIFF of 16-bit floating point samples, which is "
                                         "not read"):
        load_image(path)


def _sof_size(jpeg: bytes, width: int, height: int) -> bytes:
    """The JPEG with its frame header claiming another size."""
    at = next(i for i in range(2, len(jpeg)) if jpeg[i] == 0xFF and jpeg[i + 1] in (0xC0, 0xC2))
    return jpeg[:at + 5] + struct.pack(">HH", height, width) + jpeg[at + 9:]


def test_a_progressive_jpeg_is_read_reduced_only_up_to_the_decode_limit(tmp_path, monkeypatch):
    # its decoder holds every coefficient of the full picture however reduced: a 36 KB
    # one claiming 32000x32000 took 3.1 GB where a baseline one takes under 200 MB
    ok, buf = cv2.imencode(".jpg", _split_colour(), [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    progressive = buf.tobytes()
    (tmp_path / "small.jpg").write_bytes(progressive)
    assert load_image(tmp_path / "small.jpg").pixels.shape == (40, 80, 3)
    path = tmp_path / "bomb.jpg"
    path.write_bytes(_sof_size(progressive, 32000, 32000))
    baseline = tmp_path / "baseline.jpg"
    baseline.write_bytes(_sof_size(_jpeg(_split_colour()), 32000, 32000))
    _no_decoding(monkeypatch)
    with pytest.raises(ImageError, match=r"32000x32000 \(1024\.0 MP\); the limit is 40 MP for "
                                         "a progressive JPEG photo"):
        load_image(path)
    with pytest.raises(AssertionError, match="decoded"):  # a baseline one is read reduced
        load_image(baseline)


def test_a_tiff_whose_header_does_not_say_its_size_is_not_decoded(tmp_path, monkeypatch):
    _no_decoding(monkeypatch)
    path = tmp_path / "odd.tif"
    path.write_bytes(b"II*\x00" + struct.pack("<I", 10**6) + b"\0" * 100)  # directory past it
    with pytest.raises(ImageError, match="cannot read the image size from its TIFF header"):
        load_image(path)


def test_twelve_megapixel_photo_loads_full_size(tmp_path):
    path = tmp_path / "12mp.jpg"
    path.write_bytes(_jpeg(np.full((3024, 4032, 3), 128, np.uint8), 60))
    loaded = load_image(path)
    assert loaded.pixels.shape == (3024, 4032, 3) and loaded.scale == 1.0


def test_panorama_over_the_limit_is_decoded_reduced(tmp_path, monkeypatch):
    monkeypatch.setattr(capture, "MAX_DECODE_MEGAPIXELS", 5.0)
    path = tmp_path / "pano.jpg"
    path.write_bytes(_jpeg(np.full((400, 20000, 3), 90, np.uint8), 50))  # 8 MP
    loaded = load_image(path)
    assert (loaded.width, loaded.height) == (20000, 400)
    assert loaded.pixels.shape[:2] == (200, 10000)
    assert loaded.scale == pytest.approx(2.0)
    assert any("1/2" in w for w in loaded.warnings)


def test_huge_png_is_refused_from_its_header_alone(tmp_path):
    ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, 2, 0, 0, 0)
    path = tmp_path / "huge.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + b"\0" * 8)
    with pytest.raises(ImageError, match=r"400\.0 MP\); the limit is 50 MP"):
        load_image(path)


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty"),
    (b"hello, this is not a photo\n",
     "not an image \\(expected a JPEG, PNG, BMP, TIFF or WebP photo\\)"),
])
def test_bad_bytes_named_jpg(tmp_path, content, message):
    path = tmp_path / "photo.jpg"
    path.write_bytes(content)
    with pytest.raises(ImageError, match=message) as caught:
        load_image(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_truncated_jpeg_that_still_decodes_is_kept_with_a_warning(tmp_path):
    rng = np.random.default_rng(0)
    data = _jpeg(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8))
    path = tmp_path / "cut.jpg"
    path.write_bytes(data[: len(data) // 2])
    loaded = load_image(path)
    assert loaded.pixels.shape == (300, 400, 3)
    assert any("cut short" in w for w in loaded.warnings)


def test_truncated_jpeg_with_nothing_decodable_is_an_error(tmp_path):
    path = tmp_path / "stub.jpg"
    path.write_bytes(_jpeg(_split_colour())[:200])
    with pytest.raises(ImageError, match="damaged or cut short"):
        load_image(path)


def test_one_pixel_image_is_too_small(tmp_path):
    path = tmp_path / "dot.png"
    cv2.imwrite(str(path), np.zeros((1, 1, 3), np.uint8))
    with pytest.raises(ImageError, match="only 1x1 pixels, too small"):
        load_image(path)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ImageError, match="no such file"):
        load_image(tmp_path / "nope.jpg")
    with pytest.raises(ImageError, match="is a folder"):
        load_image(tmp_path)


def test_iter_image_files_expands_folders_sorted(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    for name in ("b.JPG", "a.png", "notes.txt", ".hidden.jpg", "c.jpeg"):
        (folder / name).write_bytes(b"x")
    (folder / "sub").mkdir()
    single = tmp_path / "one.jpg"
    found = list(iter_image_files([single, folder]))
    assert found == [single, folder / "a.png", folder / "b.JPG", folder / "c.jpeg"]


def test_a_photos_name_that_is_no_file_is_listed_for_the_caller_to_say_so(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "a.jpg").write_bytes(b"x")
    (folder / "gone.jpg").symlink_to(tmp_path / "nowhere.jpg")
    (folder / "loop.jpg").symlink_to(folder / "loop.jpg")
    (folder / "d.jpg").mkdir()
    os.mkfifo(folder / "pipe.jpg")
    found = list(iter_image_files([folder]))
    assert [p.name for p in found] == ["a.jpg", "d.jpg", "gone.jpg", "loop.jpg", "pipe.jpg"]
    for path, said in zip(found[1:], ("is a folder", "no such file", "symbolic links",
                                      "named pipe"), strict=True):
        with pytest.raises(ImageError, match=said):
            load_image(path)


def test_an_unreadable_folder_is_passed_on_and_reported_in_one_line(tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    real_iterdir, real_listdir = capture.Path.iterdir, capture.os.listdir

    def iterdir(self):
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    def listdir(path):
        if capture.Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_listdir(path)

    monkeypatch.setattr(capture.Path, "iterdir", iterdir)
    monkeypatch.setattr(capture.os, "listdir", listdir)
    assert list(iter_image_files([locked])) == [locked]
    with pytest.raises(ImageError, match=r"locked: is a folder that cannot be read "
                                         r"\(Permission denied\)$"):
        load_image(locked)


def test_a_webp_past_its_own_limit_is_refused_from_its_header(tmp_path):
    """The WebP decoder holds the file and two copies of the pixels: a photo past
    WHOLE_DECODE_MEGAPIXELS would take the reader over 300 MB, so it is refused, and the
    message says what to do; a PNG of the same size is read (from the file, reduced)."""
    image = np.full((3500, 4900, 3), 120, np.uint8)  # 17.2 MP
    webp = tmp_path / "big.webp"
    webp.write_bytes(cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, 10])[1].tobytes())
    with pytest.raises(ImageError, match="limit is 16 MP for a WebP photo .*JPEG or PNG"):
        load_image(webp)
    png = tmp_path / "big.png"
    png.write_bytes(cv2.imencode(".png", image)[1].tobytes())
    assert load_image(png).pixels.shape == (1750, 2450, 3)


def test_a_png_is_decoded_from_the_file_under_any_name(tmp_path, monkeypatch):
    """Formats other than JPEG are decoded from the open file, not from a copy of its
    bytes; a name that is not UTF-8 still works (OpenCV is given the descriptor's name)."""
    if not os.path.exists("/proc/self/fd") and not os.path.exists("/dev/fd"):
        pytest.skip("this system names no open file by its descriptor")

    def no_copy(*_):
        raise AssertionError("decoded from a copy of the file's bytes")

    monkeypatch.setattr(image_decode.cv2, "imdecode", no_copy)
    name = os.fsencode(tmp_path) + b"/caf\xe9.png"
    image = np.zeros((64, 96, 3), np.uint8)
    image[:, :48] = (10, 200, 30)
    with open(name, "wb") as handle:
        handle.write(cv2.imencode(".png", image)[1].tobytes())
    assert np.array_equal(load_image(name).pixels, image)


@pytest.mark.parametrize("samples", ["float 0-1", "float 0-255", "grey float", "int32"])
def test_a_tiff_of_32_bit_samples_is_read_as_the_photo_it_is(tmp_path, samples):
    colour = _split_colour(40, 70)
    stored = {"float 0-1": colour.astype(np.float32) / 255,
              "float 0-255": colour.astype(np.float32),
              "grey float": cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255,
              "int32": colour.astype(np.int32)}[samples]
    path = tmp_path / "wide.tif"
    assert cv2.imwrite(str(path), stored)
    loaded = load_image(path)
    expected = colour if stored.ndim == 3 else cv2.cvtColor(
        cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    assert loaded.damage is None
    assert np.abs(loaded.pixels.astype(int) - expected.astype(int)).max() <= 1


def test_a_tiff_of_several_pages_says_only_the_first_was_read(tmp_path):
    pages = [np.full((40, 60, 3), 60 * k, np.uint8) for k in range(3)]
    assert cv2.imwritemulti(str(tmp_path / "scan.tiff"), pages)
    loaded = load_image(tmp_path / "scan.tiff")
    assert loaded.warnings == ("scan.tiff holds 3 pages; only the first was read",)
    cv2.imwrite(str(tmp_path / "one.tiff"), pages[0])
    assert load_image(tmp_path / "one.tiff").warnings == ()


def _directories(*subfile_types: int, loop: bool = False) -> bytes:
    """A little-endian TIFF of directories holding only a NewSubfileType each, chained."""
    out = b"II*\x00" + struct.pack("<I", 8)
    for k, kind in enumerate(subfile_types):
        at = 8 + 18 * k
        following = at + 18 if k + 1 < len(subfile_types) else (8 if loop else 0)
        out += struct.pack("<HHHII", 1, 254, 4, 1, kind) + struct.pack("<I", following)
    return out


def test_tiff_pages_leave_out_thumbnails_and_masks_and_end_on_a_loop():
    from vision.image.header import tiff_pages

    assert tiff_pages(_directories(0, 1, 0, 4)) == 2  # a thumbnail and a mask left out
    assert tiff_pages(_directories(0, 0, loop=True)) == 2
    assert tiff_pages(_directories(0, 0)[:30]) == 1  # the second directory cut short


def _chunk(kind: bytes, data: bytes) -> bytes:
    import zlib

    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def test_an_animation_says_only_its_first_frame_was_read(tmp_path):
    from vision.image.header import animation_frames

    cv2.imwrite(str(tmp_path / "still.png"), np.full((40, 60, 3), 90, np.uint8))
    still = (tmp_path / "still.png").read_bytes()
    ihdr_end = 8 + 8 + 13 + 4  # signature, then IHDR (length, type, 13 bytes, crc)
    apng = still[:ihdr_end] + _chunk(b"acTL", struct.pack(">II", 5, 0)) + still[ihdr_end:]
    (tmp_path / "anim.png").write_bytes(apng)
    assert load_image(tmp_path / "anim.png").warnings == (
        "anim.png is an animation of 5 frames; only the first was read",)
    assert load_image(tmp_path / "still.png").warnings == ()

    def webp(*fourccs: bytes) -> bytes:
        body = b"".join(f + struct.pack("<I", 3) + b"abc\x00" for f in fourccs)  # odd: padded
        return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body

    assert animation_frames(webp(b"VP8X", b"ANIM", b"ANMF", b"ANMF", b"ANMF"), "webp") == 3
    assert animation_frames(webp(b"VP8 "), "webp") == 1
    assert animation_frames(webp(*[b"ANMF"] * 100), "webp") == 64  # counted up to 64
    assert animation_frames(still, "png") == 1 and animation_frames(still[:20], "png") == 1


def _tiff_turned(image: np.ndarray, orientation: int) -> bytes:
    """An uncompressed RGB TIFF of ``image`` whose Orientation tag is ``orientation``."""
    height, width = image.shape[:2]
    pixels = image[:, :, ::-1].tobytes()
    entries = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 1),
               (262, 3, 1, 2), (273, 4, 1, 0), (274, 3, 1, orientation), (277, 3, 1, 3),
               (278, 4, 1, height), (279, 4, 1, len(pixels))]
    start = 8 + 2 + 12 * len(entries) + 4
    entries[5] = (273, 4, 1, start)
    table = b"".join(struct.pack("<HHI", tag, kind, n) + struct.pack(
        "<H2x" if kind == 3 else "<I", value) for tag, kind, n, value in entries)
    return (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", len(entries)) + table
            + struct.pack("<I", 0) + pixels)


def test_a_tiff_stored_turned_a_quarter_is_refused_for_what_it_is(tmp_path):
    # OpenCV 5.1 decodes no TIFF with Orientation 5 to 8 whose sides differ: not damage
    upright = tmp_path / "upright.tif"
    upright.write_bytes(_tiff_turned(_split_colour(), 1))
    assert load_image(str(upright)).pixels.shape[:2] == (40, 80)
    turned = tmp_path / "turned.tif"
    turned.write_bytes(_tiff_turned(_split_colour(), 6))
    try:
        load_image(str(turned))
    except ImageError as error:
        assert "TIFF stored turned a quarter" in str(error) and "damaged" not in str(error)
    else:  # a later OpenCV decodes it: then it must come upright, its sides swapped
        assert load_image(str(turned)).pixels.shape[:2] == (80, 40)
