"""The real reader on the committed tableau photos: a floor on boards read exactly.

Needs models/detector.onnx and models/pips.onnx.
"""

from __future__ import annotations

import json
from pathlib import Path

from scorer.notation import parse_board
from scorer.tiles import Tile
from vision.board_photo import read_board_photo

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "datasets" / "samples" / "tableau"



def test_real_reader_reads_most_sample_boards_exactly() -> None:
    from vision.reader import load_default_reader

    reader = load_default_reader()
    names = sorted(p.name[: -len(".board.txt")] for p in (SAMPLES / "truth").glob("*.board.txt"))
    exact = 0
    for name in names:
        disputed = json.loads((SAMPLES / "truth" / f"{name}.disputed.json").read_text())
        photo = read_board_photo(str(SAMPLES / "images" / f"{name}.jpg"), reader, 9,
                                 Tile.parse(disputed["tile"]))
        truth = parse_board((SAMPLES / "truth" / f"{name}.board.txt").read_text())
        exact += photo.reading.ok and photo.reading.board == truth
    assert exact >= len(names) - 1, f"{exact} of {len(names)} boards read exactly"
