"""A photo of the tableau -> the board in the engine's notation, and the board drawn.

``photo`` is the one call the commands make; ``read`` builds the board from tiles read;
``geometry`` (which end touches which), ``sizes``, ``gaps`` and ``looks`` (where a tile
the reader missed must lie, and what a second look finds there) and ``decode`` (values
under one stated score) serve it; ``problems`` are its typed problems and notes (their
words are made where they are shown: ``tui.board_words``), and ``dispute`` judges any
tile of a board already read, with the tile's own pixels.
"""

from vision.board.dispute import NoDispute, Refusal, TileJudgement, judge_tile, may_lack
from vision.board.photo import PhotoError, annotate_board, read_board_photo
from vision.board.problems import BoardNote, BoardProblem, Kind, Note
from vision.board.read import TableauReading, read_tableau

__all__ = ["BoardNote", "BoardProblem", "Kind", "NoDispute", "Note", "PhotoError", "Refusal",
           "TableauReading", "TileJudgement", "annotate_board", "judge_tile", "may_lack",
           "read_board_photo", "read_tableau"]
