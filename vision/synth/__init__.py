"""The synthetic renderer: labelled photos of domino tiles whose truth is known.

Everything is drawn with numpy and OpenCV from a seed, so a dataset is reproducible:
hands and clutter (``scene``, ``clutter``, ``writer``), tableaux laid out from simulated
rounds (``tableau_layout``, ``tableau_scenes``), live video (``live_video``) and a
simulated reader's errors on rendered tableaux (``reader_noise``).
"""

from vision.synth.tableau_layout import LayoutError
from vision.synth.tableau_scenes import write_tableau_set
from vision.synth.writer import write_dataset

__all__ = ["LayoutError", "write_dataset", "write_tableau_set"]
