"""A photo of the tableau -> the board in the engine's notation, and the board drawn.

``photo`` is the one call the commands make; ``read`` builds the board from tiles read;
``geometry`` (which end touches which), ``sizes``, ``gaps`` and ``looks`` (where a tile
the reader missed must lie, and what a second look finds there) and ``decode`` (values
consistent with the joins) serve it.
"""

from vision.board.photo import PhotoError, annotate_board, read_board_photo
from vision.board.read import describe_corrections, read_tableau

__all__ = ["PhotoError", "annotate_board", "describe_corrections", "read_board_photo",
           "read_tableau"]
