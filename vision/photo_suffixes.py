"""The file name endings read as photos, apart from the decoder: `check` tells a photo of
the tableau from a board file by them, and must not load OpenCV to do so (it starts in a
tenth of a second on a board file)."""

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})

__all__ = ["IMAGE_SUFFIXES"]
