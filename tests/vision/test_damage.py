"""A damaged photo is read only where its pixels are its own."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.image.capture import LoadedImage
from vision.image.damage import FILL, intact_region
from vision.image.decode import Damage, decode_photo
from vision.reader.recognize import RecognitionError, recognize_loaded
from vision.types import HalfReading, TileReading


def photo(grey_from: int, side: str = "bottom") -> np.ndarray:
    rng = np.random.default_rng(0)
    image = rng.integers(0, 255, (200, 300, 3)).astype(np.uint8)
    image[grey_from:] = FILL
    turns = {"bottom": 0, "right": 1, "top": 2, "left": 3}[side]
    return np.ascontiguousarray(np.rot90(image, turns))


@pytest.mark.parametrize("side", ["bottom", "right", "top", "left"])
def test_the_grey_after_a_cut_is_found_from_any_side(side):
    x0, y0, x1, y1 = intact_region(photo(120, side))
    kept = {"bottom": y1, "top": 200 - y0, "right": x1, "left": 200 - x0}[side]
    assert 100 <= kept <= 120  # the block row the cut lands in goes too


def test_a_whole_photo_is_all_intact():
    assert intact_region(photo(200)) == (0, 0, 300, 200)


def tile_at(x, y, confidence=0.95, pips=(3, 4)):
    corners = ((x, y), (x + 20, y), (x + 20, y + 40), (x, y + 40))
    halves = (HalfReading((x + 10, y + 10), pips[0], confidence),
              HalfReading((x + 10, y + 30), pips[1], confidence))
    return TileReading(corners, halves, confidence)


class SeesEverywhere:
    """Finds a tile at the top and one low in whatever frame it is shown."""

    def __init__(self):
        self.shapes = []

    def read(self, image, set_max=None):
        self.shapes.append(image.shape)
        h = image.shape[0]
        return [tile_at(20, 10), tile_at(100, h - 45)], []


def loaded(pixels, damage):
    return LoadedImage(path="cut.jpg", pixels=pixels, width=pixels.shape[1],
                       height=pixels.shape[0], damage=damage)


def test_a_photo_cut_short_is_read_above_the_cut_only():
    reader = SeesEverywhere()
    result = recognize_loaded(loaded(photo(120), Damage.CUT_SHORT), reader)
    assert reader.shapes[0][0] <= 120
    assert all(y <= 120 for t in result.tiles for _, y in t.corners_px)


def test_a_corrupt_photo_whose_damage_was_not_placed_gives_no_tile_at_all():
    # any part of it may be garbage: a tile read there is made up, sure or not
    reader = SeesEverywhere()
    result = recognize_loaded(loaded(photo(200), Damage.CORRUPT), reader)
    assert isinstance(result, RecognitionError) and "where cannot be told" in result.message
    assert not reader.shapes  # nothing was read


def test_a_photo_cut_near_the_top_is_an_error_not_an_empty_hand():
    """A hand of nothing would score 0, which says the player went out."""
    from vision.reader.recognize import RecognitionError

    result = recognize_loaded(loaded(photo(10), Damage.CUT_SHORT), SeesEverywhere())
    assert isinstance(result, RecognitionError)
    assert "no tile could be read in what is left" in result.message


SAMPLE = Path(__file__).resolve().parents[2] / "datasets" / "samples" / "hand-double12.jpg"


def test_a_whole_jpeg_that_ends_early_inside_is_corrupt_and_a_cut_one_is_cut_short():
    """A flipped bit can make an end marker of the data: the decoder says "premature end"
    though the file is whole, and the pixels before that point may be wrong too."""
    data = SAMPLE.read_bytes()
    middle = int(len(data) * 0.6)
    assert decode_photo(data, "jpeg").damage is None
    assert decode_photo(data[:middle], "jpeg").damage is Damage.CUT_SHORT
    marker_inside = data[:middle] + b"\xff\xd9" + data[middle:]
    assert decode_photo(marker_inside, "jpeg").damage is Damage.CORRUPT


def banded(start: int, stop: int, axis: int = 0) -> np.ndarray:
    image = np.random.default_rng(1).integers(1, 255, (200, 300, 3)).astype(np.uint8)
    if axis == 0:
        image[start:stop] = 0
    else:
        image[:, start:stop] = 0
    return image


def test_a_band_of_zeroed_lines_inside_a_photo_is_lost_pixels_and_a_letterbox_is_not():
    from vision.image.damage import blank_bands

    assert blank_bands(banded(80, 120)) == [("rows", 80, 120)]
    assert blank_bands(banded(100, 140, axis=1)) == [("columns", 100, 140)]
    assert blank_bands(banded(0, 30)) == []  # black along the edge: a letterbox
    assert blank_bands(banded(80, 82)) == []  # a thin black rule is drawn, not lost
    dark = banded(80, 120)
    dark[100, 150] = 1  # one pixel not black: a dark photo, not a missing band
    assert blank_bands(dark) == [("rows", 80, 100), ("rows", 101, 120)]


def test_a_lossless_file_with_a_zeroed_band_is_damaged_and_no_tile_touching_it_is_read():
    import cv2

    from vision.reader.recognize import Recognition

    image = banded(80, 120)
    ok, data = cv2.imencode(".bmp", image)
    assert decode_photo(data.tobytes(), "bmp").damage is Damage.BLANK_BAND
    ok, data = cv2.imencode(".bmp", banded(0, 30))
    assert decode_photo(data.tobytes(), "bmp").damage is None

    class SeesAcrossTheBand(SeesEverywhere):
        def read(self, image, set_max=None):
            # a tile far above the band, one across it, one below it, and one ending at
            # it (a tile one half of which was lost, read from the half that shows)
            return [tile_at(20, 10, pips=(1, 2)), tile_at(100, 70, pips=(3, 4)),
                    tile_at(200, 140, pips=(5, 6)), tile_at(250, 41, pips=(0, 5))], []

    result = recognize_loaded(loaded(image, Damage.BLANK_BAND), SeesAcrossTheBand())
    assert isinstance(result, Recognition)
    assert [t.corners_px[0] for t in result.tiles] == [(20, 10), (200, 140), (250, 41)]
    assert [t.confidence > 0.6 for t in result.tiles] == [True, True, False]
    assert any("blank not read" in p for p in result.problems)


def test_a_band_of_erased_lines_is_lost_pixels_and_white_beside_bright_lines_is_not():
    from vision.image.damage import blank_bands

    erased = banded(80, 120)
    erased[80:120] = 255  # flash memory reads back 0xFF where it lost its data
    assert blank_bands(erased) == [("rows", 80, 120)]
    burnt = erased.copy()
    burnt[70:80] = burnt[120:130] = 245  # glare fades into bright lines: the picture's own
    assert blank_bands(burnt) == []


@pytest.mark.parametrize("extension, kind", [(".png", "png"), (".jpg", "jpeg")])
def test_a_black_band_in_a_format_with_checks_is_the_pictures_own(extension, kind):
    """Zeroed bytes in a PNG or JPEG make its decoder complain; a band exactly black in one
    that decodes without a word is drawn (a graphic's transparent rows, a black cloth)."""
    import cv2

    image = banded(80, 120)
    image[:, :, :] = np.where(image > 0, 200, 0).astype(np.uint8)  # flat, so JPEG keeps 0
    ok, data = cv2.imencode(extension, image)
    decoded = decode_photo(data.tobytes(), kind)
    assert (decoded.pixels[85:115] == 0).all()  # the band is there, exactly black
    assert decoded.damage is None


TABLEAU = SAMPLE.parent / "tableau" / "images"


def with_orientation(data: bytes, value: int) -> bytes:
    """The JPEG with an EXIF segment saying how to turn it (1: as stored, 6: 90 clockwise)."""
    import struct

    exif = (b"Exif\0\0MM\0*" + struct.pack(">IH", 8, 1)
            + struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0))
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif + data[2:]


def changed(damaged: np.ndarray, whole: np.ndarray) -> np.ndarray:
    return np.abs(damaged.astype(int) - whole).max(axis=2) > 40


@pytest.mark.parametrize("orientation, side", [(1, "top"), (3, "bottom"), (6, "right"),
                                               (8, "left")])
def test_a_jpeg_with_a_run_of_zeros_is_intact_only_before_it_however_it_is_turned(
        orientation, side):
    """Zeros in the coded data (a lost sector) garble the picture from there on; the part
    decoded before them is the camera's own, on whichever side the EXIF turn puts it."""
    data = (TABLEAU / "tableau_7_0001.jpg").read_bytes()
    at = len(data) // 2
    holed = data[:at] + bytes(2000) + data[at + 2000:]
    whole = decode_photo(with_orientation(data, orientation), "jpeg").pixels
    damaged = decode_photo(with_orientation(holed, orientation), "jpeg")
    assert damaged.damage is Damage.CORRUPT
    x0, y0, x1, y1 = damaged.intact
    height, width = whole.shape[:2]
    kept = {"top": y1, "bottom": height - y0, "left": x1, "right": width - x0}[side]
    assert {"top": y0 == 0, "bottom": y1 == height, "left": x0 == 0,
            "right": x1 == width}[side]
    lost = changed(damaged.pixels, whole)
    assert not lost[y0:y1, x0:x1].any()  # nothing kept is garbled...
    assert kept >= 0.3 * (height if side in ("top", "bottom") else width)  # ...and most is kept
    assert lost.sum() > 0.2 * lost.size
    share = kept / (height if side in ("top", "bottom") else width)
    assert damaged.describe_damage() == ("looks damaged (its data is corrupt): "
                                         f"only its {side} {share:.0%} is read")


def test_a_flipped_bit_that_garbles_whole_rows_of_blocks_is_found_where_they_begin():
    data = bytearray((TABLEAU / "tableau_7_0003.jpg").read_bytes())
    whole = decode_photo(bytes(data), "jpeg").pixels
    data[int(len(data) * 0.2)] ^= 0x10
    damaged = decode_photo(bytes(data), "jpeg")
    assert damaged.damage is Damage.CORRUPT and damaged.intact is not None
    x0, y0, x1, y1 = damaged.intact
    lost = changed(damaged.pixels, whole)
    first_lost = int(np.flatnonzero(lost.any(axis=1))[0])
    assert (x0, y0, x1) == (0, 0, whole.shape[1])
    assert first_lost - 48 <= y1 <= first_lost  # at most three rows of blocks too few


def test_undamaged_photos_show_no_garbage_and_no_shift():
    import cv2

    from vision.image.damage import garbage_from, shift_from

    real = SAMPLE.parents[1] / "real" / "pip-tracker-double12" / "valid" / "images"
    photos = [SAMPLE, *sorted(TABLEAU.glob("*.jpg")), *sorted(real.glob("*.jpg"))[:10]]
    for path in photos:
        stored = cv2.imread(str(path), cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
        assert garbage_from(cv2.cvtColor(stored, cv2.COLOR_BGR2GRAY)) is None, path.name
        assert shift_from(stored) is None, path.name


def test_a_picture_whose_blocks_are_all_off_in_colour_from_one_row_is_shifted_there():
    import cv2

    from vision.image.damage import shift_from

    stored = cv2.imread(str(TABLEAU / "tableau_7_0001.jpg"))
    shifted = stored.copy()
    shifted[200:, :, 2] = np.clip(shifted[200:, :, 2].astype(int) + 40, 0, 255)  # redder
    assert shift_from(shifted) == 200


def test_a_corrupt_photo_is_read_before_its_garbage_only_and_near_it_in_doubt():
    """Tiles wholly before the garbage are sure; one within a tile's length of it is
    doubtful; one its edge cuts is named, not read."""
    class SeesThreeRows:
        def read(self, image, set_max=None):
            return [tile_at(20, 10, pips=(1, 2)), tile_at(100, 100, pips=(3, 4)),
                    tile_at(200, image.shape[0] - 30, pips=(5, 6))], []

    pixels = photo(200)
    image = LoadedImage(path="flipped.jpg", pixels=pixels, width=300, height=200,
                        damage=Damage.CORRUPT, intact=(0, 0, 300, 150))
    result = recognize_loaded(image, SeesThreeRows())
    assert [t.corners_px[0] for t in result.tiles] == [(20, 10), (100, 100)]
    top, near = result.tiles
    assert top.confidence > 0.6 and near.confidence < 0.6
    assert any("1 tile where the photo is damaged not read" in p for p in result.problems)


def test_a_lone_half_is_named_where_it_lies_in_the_original_photo():
    """Read in a part of a photo decoded at half size, a half is named in the original's
    pixels, not the part's or the reduced photo's."""
    from vision.types import LoneHalf

    class SeesALoneHalf:
        def read(self, image, set_max=None):
            return [tile_at(20, 10)], [LoneHalf((30.0, 40.0))]

    pixels = photo(200)
    image = LoadedImage(path="flipped.jpg", pixels=pixels, width=600, height=400, scale=2.0,
                        damage=Damage.CORRUPT, intact=(0, 50, 300, 200))
    result = recognize_loaded(image, SeesALoneHalf())
    assert "a tile half at (60, 180) has no partner half: check that tile" in result.problems


def test_a_tableau_photo_with_lost_data_is_read_as_a_board_only_where_it_is_whole(tmp_path):
    """A board is never built from garbage: the tiles of the damaged part are not read,
    and the board's problems say the photo is damaged."""
    from vision.board.photo import read_board_photo
    from vision.reader.tile_reader import shared_reader

    data = (TABLEAU / "tableau_7_0001.jpg").read_bytes()
    at = len(data) // 2
    path = tmp_path / "holed.jpg"
    path.write_bytes(data[:at] + bytes(2000) + data[at + 2000:])
    photo = read_board_photo(str(path), shared_reader())
    x0, y0, x1, y1 = photo.loaded.intact
    assert any("looks damaged" in p for p in photo.reader_problems)
    assert all(y <= y1 for tile in photo.tiles for _, y in tile.corners_px)


def test_a_corrupt_photo_read_only_along_an_edge_says_so_not_0_percent():
    """It said "only its top 0% is read"."""
    from vision.image.decode import Decoded

    pixels = np.zeros((1000, 800, 3), np.uint8)
    damaged = Decoded(pixels, Damage.CORRUPT, intact=(0, 0, 800, 4))
    assert damaged.describe_damage().endswith("only its top edge (under 1%) is read")
    assert Decoded(pixels, Damage.CORRUPT, intact=(0, 0, 800, 350)).describe_damage(
        ).endswith("only its top 35% is read")


@pytest.mark.parametrize("zeros", [64, 512])
def test_a_short_run_of_zeros_the_decoder_reads_without_a_word_is_found_in_the_file(zeros):
    """Zeros are valid codes to the decoder, which says nothing of 64 or 512 of them; with
    the standard's tables no coded data holds such a run, so it is a lost sector."""
    data = (TABLEAU / "tableau_7_0001.jpg").read_bytes()
    at = len(data) // 2
    damaged = decode_photo(data[:at] + bytes(zeros) + data[at + zeros:], "jpeg")
    assert damaged.damage is Damage.CORRUPT and damaged.intact is not None
    x0, y0, x1, y1 = damaged.intact
    assert (x0, y0) == (0, 0) and 0 < y1 < damaged.pixels.shape[0]


def test_long_runs_of_zeros_in_a_jpeg_with_its_own_tables_are_its_plain_areas():
    """Tables made for the picture (optimised, progressive) code a plain area as zeros."""
    import cv2

    from vision.image.header import jpeg_standard_tables

    image = cv2.imread(str(SAMPLE))
    framed = cv2.copyMakeBorder(image, 400, 400, 600, 600, cv2.BORDER_CONSTANT,
                                value=(255, 255, 255))
    for params, standard in (([], True), ([cv2.IMWRITE_JPEG_OPTIMIZE, 1], False),
                             ([cv2.IMWRITE_JPEG_PROGRESSIVE, 1], False)):
        ok, data = cv2.imencode(".jpg", framed, [cv2.IMWRITE_JPEG_QUALITY, 90, *params])
        data = data.tobytes()
        assert jpeg_standard_tables(data) is standard
        assert (bytes(256) in data) is not standard  # the white frame, coded as zeros
        assert decode_photo(data, "jpeg").damage is None


def test_a_board_is_not_read_from_a_corrupt_photo_whose_damage_was_not_placed(monkeypatch):
    from vision.board import PhotoError
    from vision.board import photo as board_photo

    corrupt = loaded(photo(200), Damage.CORRUPT)
    monkeypatch.setattr(board_photo, "load_image", lambda path: corrupt)
    reader = SeesEverywhere()
    with pytest.raises(PhotoError, match="where cannot be told"):
        board_photo.read_board_photo("tableau.jpg", reader)
    assert not reader.shapes
