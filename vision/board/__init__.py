"""A photo of the tableau -> the board in the engine's notation, and the board drawn.

``photo`` is the one call the commands make; ``read`` builds the board from tiles read;
``geometry`` (which end touches which), ``sizes``, ``gaps`` and ``looks`` (where a tile
the reader missed must lie, and what a second look finds there) and ``decode`` (values
under one stated score) serve it; ``problems`` are its typed problems, and ``dispute``
judges any tile of a board already read, with the tile's own pixels.
"""

from vision.board.dispute import NoDispute, judge_tile, may_lack
from vision.board.photo import PhotoError, annotate_board, read_board_photo
from vision.board.problems import BoardProblem, Kind, describe
from vision.board.read import TableauReading, describe_corrections, read_tableau

__all__ = ["BoardProblem", "Kind", "NoDispute", "PhotoError", "TableauReading",
           "annotate_board", "describe", "describe_corrections", "judge_tile", "may_lack",
           "read_board_photo", "read_tableau"]
