"""Photo files in, pixels out: opening, sniffing the header, decoding (a transparent photo
laid over white), where a damaged photo still holds its own pixels, and shrinking a big
photo fast.

Every failure is one ``ImageError`` with a line a player can read; nothing here hangs on
a FIFO or decodes a header bomb. Other packages use only the names below.
"""

from vision.image.capture import (
                                  IMAGE_SUFFIXES,
                                  MIN_SIDE_PX,
                                  ImageError,
                                  LoadedImage,
                                  at_most,
                                  decode_reduction,
                                  iter_image_files,
                                  load_image,
                                  load_looks,
                                  sniff_format,
)
from vision.image.damage import CORRUPT_CONFIDENCE_CAP, blank_bands, intact_region
from vision.image.decode import Damage, decode_photo
from vision.image.photo_file import MAX_FILE_BYTES
from vision.image.shrink import halved, shrink_by, shrink_to

__all__ = ["CORRUPT_CONFIDENCE_CAP", "Damage", "IMAGE_SUFFIXES", "ImageError", "LoadedImage",
           "MAX_FILE_BYTES", "MIN_SIDE_PX", "at_most", "blank_bands", "decode_photo",
           "decode_reduction", "halved", "intact_region", "iter_image_files", "load_image",
           "load_looks", "shrink_by", "shrink_to", "sniff_format"]
