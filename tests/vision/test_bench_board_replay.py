"""The board replay bench: boards cached once read again the same, board by board, and a
changed reading is counted; a tuned number set otherwise for one run, and set back."""

from __future__ import annotations

from pathlib import Path

import pytest

import vision.board.gaps
import vision.board.geometry
from tests.bench_scripts import load_bench


def test_a_replay_reads_the_cached_boards_again_the_same(tmp_path: Path, capsys) -> None:
    bench = load_bench("bench_board_replay")
    cache, first, second = tmp_path / "c.pkl", tmp_path / "a.txt", tmp_path / "b.txt"
    assert bench.main(["prepare", "--seed", "100200", "--count", "1", "--out", str(cache)]) == 0
    assert bench.main(["run", str(cache), "--out", str(first)]) == 0
    lines = first.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["15 tiles #0", "30 tiles #0",
                                                      "dispute #0"]
    assert "verdict" in lines[2]
    capsys.readouterr()
    assert bench.main(["run", str(cache), "--out", str(second), "--against", str(first)]) == 0
    assert second.read_text() == first.read_text()
    assert "changed against a.txt: 0" in capsys.readouterr().out
    first.write_text("\n".join(["15 tiles #0: another board", *lines[1:]]) + "\n")
    bench.main(["run", str(cache), "--against", str(first)])
    assert "changed against a.txt: 1" in capsys.readouterr().out
    capsys.readouterr()

    # No end touching another: no board is a tableau, and the number is set back after
    assert bench.main(["run", str(cache), "--against", str(second),
                       "--set", "TOUCH_WIDTHS=0.0"]) == 0
    assert "changed against b.txt: 3" in capsys.readouterr().out
    assert vision.board.geometry.TOUCH_WIDTHS == vision.board.gaps.TOUCH_WIDTHS == 0.3
    bench.main(["run", str(cache), "--against", str(second)])
    assert "changed against b.txt: 0" in capsys.readouterr().out
    for wrong in ("NO_SUCH_NUMBER=1", "TOUCH_WIDTHS=wide"):
        with pytest.raises(SystemExit) as stop:
            bench.main(["run", str(cache), "--set", wrong])
        assert stop.value.code == 2
        assert "--set " + wrong in capsys.readouterr().err
