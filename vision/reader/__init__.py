"""The photo reader: pixels in, tiles with both halves read out, and the result told.

    detect (ONNX) -> pair halves into tiles (pair judge) -> lone halves' partners -> pips
    read on full-resolution crops -> every tile verified whole -> set knowledge, a second
    look when in doubt, calibrated confidences -> report (JSON, lines) / annotate (picture)

``tile_reader`` holds the models and the pipeline; ``recognize`` turns a photo into a
``Recognition``. Other packages use only the names below (none is named like a module
here, so ``vision.reader.assemble`` stays the module).
"""

from vision.reader.annotate import annotate as annotate_reading
from vision.reader.annotate import write_image
from vision.reader.assemble import PAIR_TOLERANCE, greedy_pairs
from vision.reader.assemble import assemble as assemble_tiles
from vision.reader.calibration import Calibration
from vision.reader.half_crop import crop_half
from vision.reader.onnx_session import ModelError
from vision.reader.recognize import (
                                     UNPLACED_DAMAGE,
                                     FrameReader,
                                     RecognitionError,
                                     apply_set_knowledge,
                                     read_photo_file,
                                     read_undamaged,
                                     recognize_file,
                                     recognize_loaded,
                                     scale_tile,
                                     unplaced_damage,
)
from vision.reader.report import (
                                     counted_hand,
                                     human_lines,
                                     load_json_file,
                                     recognition_from_dict,
                                     rules_for,
                                     to_dict,
                                     to_json_line,
)
from vision.reader.second_look import border_colour, read_squared
from vision.reader.tile_reader import (
                                     DETECTOR_FILE,
                                     MODELS_DIR,
                                     ReaderOnFirstUse,
                                     TileReader,
                                     load_default_reader,
                                     ms_since,
                                     read_image_file,
                                     shared_reader,
)

__all__ = ["Calibration", "DETECTOR_FILE", "FrameReader", "MODELS_DIR", "ModelError",
           "PAIR_TOLERANCE", "ReaderOnFirstUse", "RecognitionError", "TileReader",
           "UNPLACED_DAMAGE",
           "annotate_reading", "apply_set_knowledge", "assemble_tiles", "border_colour",
           "counted_hand", "crop_half", "greedy_pairs", "human_lines", "load_default_reader",
           "load_json_file", "ms_since", "read_image_file", "read_photo_file", "read_squared",
           "read_undamaged", "recognition_from_dict", "recognize_file", "recognize_loaded",
           "rules_for", "scale_tile", "shared_reader", "to_dict", "to_json_line",
           "unplaced_damage", "write_image"]
