"""What an image file says about itself before any pixel is decoded: its format (from the
first bytes) and its width and height (from its header).

The header is read through ``read_at(offset, count)``, so a JPEG's frame header is found
however many APP segments (EXIF, thumbnails, colour profiles, each up to 64 KB) come
before it: segments are skipped by their lengths, never read. A walk stops at the first
frame header (SOFn), at the start of the scan (no size given before it: the file is
damaged), at the end of the file, or after ``MAX_SEGMENTS`` segments.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator

ReadAt = Callable[[int, int], bytes]
MAX_SEGMENTS = 4096
ORIENTATION_TAG = 274  # TIFF and EXIF: how the stored picture is turned for display
BITS_PER_SAMPLE_TAG = 258
SAMPLE_FORMAT_TAG = 339  # 3: floating point samples
ROWS_PER_STRIP_TAG, TILE_WIDTH_TAG, TILE_LENGTH_TAG = 278, 322, 323
# Frame headers of progressive JPEGs (Huffman and arithmetic coded, plain and differential)
_PROGRESSIVE_SOF = frozenset({0xC2, 0xC6, 0xCA, 0xCE})


def unread_format(head: bytes) -> str | None:
    """The name of a picture format a file's first bytes name that is not read here (a
    GIF, a phone's HEIC, ...), so that it is called that rather than 'not an image'."""
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if len(head) > 2 and head[:1] == b"P" and head[1:2] in b"123456" and head[2:3].isspace():
        return "PNM (PBM/PGM/PPM)"
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc"):
        return "HEIC"
    if head[4:8] == b"ftyp" and head[8:12] == b"avif":
        return "AVIF"
    if head.startswith(b"%PDF"):
        return "PDF"
    if head[:6] == b"\x00\x00\x00\x0cjP" or head[:4] == b"\xff\x4f\xff\x51":
        return "JPEG 2000"
    return None


def bytes_reader(data: bytes) -> ReadAt:
    """``read_at`` over bytes already in memory."""
    return lambda offset, count: data[offset:offset + count]


def file_reader(handle) -> ReadAt:
    """``read_at`` over an open binary file (seeks, so nothing skipped is read)."""
    def read_at(offset: int, count: int) -> bytes:
        handle.seek(offset)
        return handle.read(count)

    return read_at


def header_size(data: bytes | ReadAt, kind: str) -> tuple[int, int] | None:
    """(width, height) as stored in the file header, before EXIF rotation; None when the
    header does not say (a header cut short, or a layout not read here). ``data`` is the
    file's bytes, or a ``read_at`` over the file."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    if kind == "png":
        head = read_at(0, 24)
        if len(head) >= 24 and head[12:16] == b"IHDR":
            return struct.unpack(">II", head[16:24])
        return None
    if kind == "jpeg":
        return _jpeg_size(read_at)
    if kind == "bmp":
        return _bmp_size(read_at(0, 26))
    if kind == "webp":
        return _webp_size(read_at(0, 30))
    if kind == "tiff":
        return _tiff_size(read_at)
    return None


def _bmp_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 26:
        return None
    (dib,) = struct.unpack("<I", data[14:18])
    if dib == 12:  # the old OS/2 header: 16-bit sides
        return struct.unpack("<HH", data[18:22])
    width, height = struct.unpack("<ii", data[18:26])  # height < 0: stored top-down
    return (abs(width), abs(height))


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:  # extended: the canvas size
        return (1 + int.from_bytes(data[24:27], "little"),
                1 + int.from_bytes(data[27:30], "little"))
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:  # lossless
        (bits,) = struct.unpack("<I", data[21:25])
        return (1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF))
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":  # lossy
        width, height = struct.unpack("<HH", data[26:30])
        return (width & 0x3FFF, height & 0x3FFF)
    return None


def _tiff_size(read_at: ReadAt) -> tuple[int, int] | None:
    """The first image's size from its directory (the one OpenCV decodes)."""
    values = _first_directory(read_at)
    if values is None:
        return None
    if 256 in values and 257 in values:
        return (values[256], values[257])
    return None


def decoded_in_blocks(data: bytes | ReadAt, kind: str) -> tuple[int, int] | None:
    """The width and height of the blocks a TIFF's decoder takes whole (a tile, or a strip
    of rows as wide as the picture), which the format lets be far larger than the picture
    itself; None for another format or a header that does not say."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    values = _first_directory(read_at) if kind == "tiff" else None
    if values is None or 256 not in values or 257 not in values:
        return None
    if TILE_WIDTH_TAG in values and TILE_LENGTH_TAG in values:
        return values[TILE_WIDTH_TAG], values[TILE_LENGTH_TAG]
    return values[256], min(values.get(ROWS_PER_STRIP_TAG, values[257]), values[257])


def tiff_half_floats(data: bytes | ReadAt) -> bool:
    """Whether a TIFF's first picture holds 16-bit floating point samples, which OpenCV's
    decoder does not read."""
    values = _first_directory(bytes_reader(data) if isinstance(data, bytes | bytearray)
                              else data) or {}
    return values.get(SAMPLE_FORMAT_TAG) == 3 and values.get(BITS_PER_SAMPLE_TAG) == 16


# The Huffman code lengths (codes of each length 1 to 16) of the tables the JPEG standard
# gives (its Annex K.3): DC and AC, for brightness and for colour
_STANDARD_DC = ((0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0),
                (0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0))
_STANDARD_AC = ((0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D),
                (0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77))


def jpeg_standard_tables(data: bytes) -> bool:
    """Whether every Huffman table a JPEG defines before its scan is one of the standard's
    (as cameras and most encoders write): their all-zero codes are for rare values, and
    every block ends in a code with ones in it, so coded data never holds a long run of
    zero bytes. Tables made for the picture (progressive JPEGs, optimised ones) give the
    all-zero code to the commonest value, and a plain area codes as zeros."""
    read_at = bytes_reader(data)
    tables = 0
    for marker, at in _jpeg_markers(read_at):
        if marker != 0xC4:
            continue
        length = struct.unpack(">H", read_at(at + 2, 2))[0]
        body = read_at(at + 4, length - 2)
        while len(body) >= 17:
            counts = tuple(body[1:17])
            if counts not in (_STANDARD_AC if body[0] >> 4 else _STANDARD_DC):
                return False
            tables += 1
            body = body[17 + sum(counts):]
    return tables > 0


def jpeg_progressive(data: bytes | ReadAt) -> bool:
    """Whether a JPEG is coded progressively: its decoder then holds every coefficient of
    the full-size picture, however reduced it is asked to decode."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    for marker, _ in _jpeg_markers(read_at):
        if _is_sof(marker):
            return marker in _PROGRESSIVE_SOF
    return False


def animation_frames(data: bytes | ReadAt, kind: str, most: int = 64) -> int:
    """How many frames an animated PNG or WebP holds (counting a WebP's up to ``most``);
    1 for a still picture or another format. Decoders read the first frame only."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    if kind == "png":  # an APNG's acTL chunk, before its first IDAT, counts the frames
        for name, at in _png_chunks_before_data(read_at, most):
            if name == b"acTL":
                frames = read_at(at + 8, 4)
                return max(1, struct.unpack(">I", frames)[0]) if len(frames) == 4 else 1
        return 1
    if kind == "webp":  # one ANMF chunk a frame, after the RIFF header
        at, frames = 12, 0
        for _ in range(4 * most):  # a file of many tiny chunks is not walked to its end
            head = read_at(at, 8)
            if len(head) < 8 or frames >= most:
                break
            frames += head[:4] == b"ANMF"
            size = struct.unpack("<I", head[4:8])[0]
            at += 8 + size + (size & 1)  # a chunk of odd size is padded to even
        return max(1, frames)
    return 1


def _png_chunks_before_data(read_at: ReadAt, most: int = 64) -> Iterator[tuple[bytes, int]]:
    """(type, offset) of a PNG's chunks before its image data, up to ``most`` of them."""
    at = 8
    for _ in range(most):
        head = read_at(at, 8)
        if len(head) < 8 or head[4:8] in (b"IDAT", b"IEND"):
            return
        yield head[4:8], at
        at += 12 + struct.unpack(">I", head[:4])[0]


def alpha_pixel_bytes(data: bytes | ReadAt, kind: str) -> int:
    """The bytes a pixel takes decoded as stored when the header says the picture keeps
    how opaque each pixel is, which OpenCV's colour decode drops (showing whatever colours
    its transparent pixels hold); 0 when it does not. Kept: a PNG's alpha channel or
    transparent colours (tRNS; OpenCV gives none for a grey one), a WebP's alpha, a TIFF's
    extra sample beside its grey or RGB ones, a 32-bit BMP's alpha mask. Four samples a
    pixel (OpenCV gives grey with alpha as BGRA), of one byte or of the TIFF's own size."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    if kind == "png":
        head = read_at(0, 26)
        if len(head) < 26 or head[12:16] != b"IHDR":
            return 0
        depth, colour_type = head[24], head[25]
        kept = colour_type in (4, 6) or (colour_type in (2, 3) and any(
            name == b"tRNS" for name, _ in _png_chunks_before_data(read_at)))
        return 4 * (2 if depth == 16 else 1) if kept else 0
    if kind == "webp":
        head = read_at(0, 25)
        if head[12:16] == b"VP8X" and len(head) > 20:
            return 4 if head[20] & 0x10 else 0  # the ALPHA flag
        if head[12:16] == b"VP8L" and len(head) >= 25 and head[20] == 0x2F:
            return 4 if struct.unpack("<I", head[21:25])[0] >> 28 & 1 else 0  # alpha_is_used
        return 0
    if kind == "tiff":
        values = _first_directory(read_at)
        if values is None:
            return 0
        samples, photometric = values.get(277, 1), values.get(262, -1)
        kept = (photometric in (0, 1) and samples >= 2) or (photometric == 2 and samples >= 4)
        return 4 * max(1, (values.get(BITS_PER_SAMPLE_TAG, 8) + 7) // 8) if kept else 0
    if kind == "bmp":
        head = read_at(0, 70)
        if len(head) < 34:
            return 0
        (dib,) = struct.unpack("<I", head[14:18])
        bits, compression = struct.unpack("<HI", head[28:34])
        # BI_ALPHABITFIELDS, or BI_BITFIELDS in a header long enough to hold an alpha mask
        kept = bits == 32 and (compression == 6 or (
            compression == 3 and dib >= 56 and len(head) >= 70 and head[66:70] != bytes(4)))
        return 4 if kept else 0
    return 0


def tiff_pages(data: bytes | ReadAt, most: int = 64) -> int:
    """How many pictures a TIFF holds, counting up to ``most``: its directories, less
    reduced-size copies (thumbnails) and masks, which are no page of their own."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    first = _tiff_first(read_at)
    if first is None:
        return 0
    order, at = first
    pages, seen = 0, set()
    while at and at not in seen and len(seen) < most:  # a loop of offsets ends too
        seen.add(at)
        found = _tiff_directory(read_at, order, at)
        if found is None:
            break
        values, at = found
        pages += not values.get(254, 0) & 0b101  # NewSubfileType: reduced, mask
    return pages


def tiff_orientation(data: bytes | ReadAt) -> int:
    """The first picture's Orientation tag (1, upright, when none): OpenCV 5.1 decodes
    no TIFF stored turned a quarter (5 to 8) whose sides differ, however it is asked."""
    read_at = bytes_reader(data) if isinstance(data, bytes | bytearray) else data
    return (_first_directory(read_at) or {}).get(ORIENTATION_TAG, 1)


def _first_directory(read_at: ReadAt) -> dict[int, int] | None:
    """The first picture's directory (the one OpenCV decodes), as ``_tiff_directory``'s
    values; None when the file does not reach it whole."""
    first = _tiff_first(read_at)
    found = None if first is None else _tiff_directory(read_at, *first)
    return None if found is None else found[0]


def _tiff_first(read_at: ReadAt) -> tuple[str, int] | None:
    """The byte order and where the first directory lies."""
    head = read_at(0, 8)
    if len(head) < 8:
        return None
    order = "<" if head[:2] == b"II" else ">"
    return order, struct.unpack(order + "I", head[4:8])[0]


def _tiff_directory(read_at: ReadAt, order: str, at: int
                    ) -> tuple[dict[int, int], int] | None:
    """A directory's single SHORT or LONG values by tag (BitsPerSample's first, however
    many samples), and where the next one lies (0: none); None when the directory is cut
    short."""
    raw = read_at(at, 2)
    if len(raw) < 2:
        return None
    (count,) = struct.unpack(order + "H", raw)
    table = read_at(at + 2, 12 * count + 4)
    if len(table) < 12 * count:
        return None
    values: dict[int, int] = {}
    for i in range(count):
        entry = table[12 * i:12 * i + 12]
        tag, kind, n = struct.unpack(order + "HHI", entry[:8])
        if n == 1 and kind in (3, 4):  # SHORT or LONG
            fmt = order + ("H" if kind == 3 else "I")
            values[tag] = struct.unpack(fmt, entry[8:8 + struct.calcsize(fmt)])[0]
        elif tag in (BITS_PER_SAMPLE_TAG, SAMPLE_FORMAT_TAG) and kind == 3 and n > 1:
            # one per sample: the first, stored apart past two
            first = (entry[8:10] if n == 2
                     else read_at(struct.unpack(order + "I", entry[8:12])[0], 2))
            if len(first) == 2:
                values[tag] = struct.unpack(order + "H", first)[0]
    tail = table[12 * count:12 * count + 4]
    following = struct.unpack(order + "I", tail)[0] if len(tail) == 4 else 0
    return values, following


def _is_sof(marker: int) -> bool:
    return 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC)


def _jpeg_size(read_at: ReadAt) -> tuple[int, int] | None:
    for marker, at in _jpeg_markers(read_at):
        if marker == 0xDA:  # the scan began with no frame header before it
            return None
        if _is_sof(marker):
            frame = read_at(at + 5, 4)
            if len(frame) < 4:
                return None
            height, width = struct.unpack(">HH", frame)
            return (width, height)
    return None


def jpeg_scan_start(data: bytes) -> int | None:
    """Where a JPEG's coded picture data begins (its start-of-scan marker), found by
    walking the segments before it; None when the walk does not reach one."""
    read_at = bytes_reader(data)
    return next((at for marker, at in _jpeg_markers(read_at) if marker == 0xDA), None)


def _jpeg_markers(read_at: ReadAt) -> Iterator[tuple[int, int]]:
    """(marker, offset) of each segment of a JPEG up to and including its start of scan,
    skipped by their lengths; ends early where the walk breaks."""
    at = 2
    for _ in range(MAX_SEGMENTS):
        head = read_at(at, 4)
        if len(head) < 2 or head[0] != 0xFF:
            return
        marker = head[1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length follows
            at += 2
            continue
        if marker == 0xD9 or len(head) < 4:
            return
        yield marker, at
        if marker == 0xDA:
            return
        (length,) = struct.unpack(">H", head[2:4])
        if length < 2:
            return
        at += 2 + length
