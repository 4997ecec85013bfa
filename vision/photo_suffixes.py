"""What tells a photo file apart from the decoder: its name's ending and its first bytes.
`check` tells a photo of the tableau from a board file by them, and must not load OpenCV
to do so (it starts in a tenth of a second on a board file)."""

from __future__ import annotations

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})


def sniff_format(head: bytes) -> str | None:
    """The image format named by a file's first bytes, or None."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"BM"):
        return "bmp"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


__all__ = ["IMAGE_SUFFIXES", "sniff_format"]
