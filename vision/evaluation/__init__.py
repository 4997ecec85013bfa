"""Measuring a reader honestly: labelled sets read and scored (``evaluate``), the real
photos' half-box labels (``labels``), and test sets made from a held-out split in every
framing a family uses (``sets``).
"""

from vision.evaluation.evaluate import (
                                        DatasetError,
                                        EvalMetrics,
                                        evaluate,
                                        expected_calibration_error,
                                        labelled_values,
                                        load_dataset,
                                        match_halves,
)
from vision.evaluation.labels import HalfBox, pair_halves, read_half_boxes
from vision.evaluation.sets import SETS, write_set

__all__ = ["DatasetError", "EvalMetrics", "HalfBox", "SETS", "evaluate",
           "expected_calibration_error", "labelled_values", "load_dataset", "match_halves",
           "pair_halves", "read_half_boxes", "write_set"]
