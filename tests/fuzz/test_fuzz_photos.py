"""Fuzzing the photo commands with damaged files made from the samples
(``bench/damaged_images.py``; the full corpus runs in ``bench/bench_fuzz.py``). Loading
any of them gives a photo or one ImageError line; a handful through the real command line
end 0 or 2, with no traceback, no crash and nothing from the C decoders on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench_scripts import load_bench
from vision.image.capture import ImageError, load_image

ROOT = Path(__file__).resolve().parents[2]


def _damaged():
    return load_bench("damaged_images")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("damaged")
    paths = []
    for name, data in _damaged().damaged_images():
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    return paths


def test_the_generator_is_bounded_and_repeatable():
    module = _damaged()
    first = list(module.damaged_images(limit=40))
    assert len(first) == 40 and first == list(module.damaged_images(limit=40))
    assert len({name for name, _ in module.damaged_images()}) > 200


def test_every_damaged_photo_loads_or_is_one_line(corpus, capfd):
    for path in corpus:
        try:
            loaded = load_image(path)
        except ImageError as error:
            assert "\n" not in str(error) and len(str(error)) < 300
        else:
            assert loaded.pixels.ndim == 3 and min(loaded.pixels.shape[:2]) > 0
            assert all(len(w) < 200 for w in loaded.warnings)
    assert capfd.readouterr().err == ""  # libjpeg/libpng said nothing themselves


def _label(path: Path, source: str) -> str | None:
    """The damage's label in ``SOURCE.LABEL.jpg``, or None for another source."""
    if not path.name.startswith(source + "."):
        return None
    return path.name[len(source) + 1:].rsplit(".", 1)[0]


SUBSET = ("cut-0.05", "cut-0.5", "flip-16", "all-zeros", "sides-65535", "bomb-40000",
          "trailer", "segment-length-past-end")


def test_a_subset_through_read_json_ends_0_or_2_quietly(corpus):
    chosen = [str(p) for p in corpus if _label(p, "hand-double12") in SUBSET]
    assert len(chosen) == len(SUBSET)
    done = subprocess.run([sys.executable, "-m", "tui.cli", "read", "--json", *chosen],
                          capture_output=True, timeout=300, cwd=ROOT)
    assert done.returncode in (0, 2), done.stderr[-2000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(chosen)
    # every problem is in the JSON; each photo without tiles also says why in one line on
    # stderr, as every command's exit status 2 does, and nothing else is written there
    unread = [a for a in answers if "error" in a or not a["tiles"]]
    assert len(done.stderr.splitlines()) == len(unread)
    assert b"Traceback" not in done.stderr


def test_a_subset_through_board_ends_0_or_2_in_few_lines(corpus):
    for path in corpus:
        if _label(path, "tableau_7_0001") not in SUBSET[:4]:
            continue
        done = subprocess.run([sys.executable, "-m", "tui.cli", "board", str(path)],
                              capture_output=True, timeout=300, cwd=ROOT)
        assert done.returncode in (0, 2), done.stderr[-2000:]
        assert b"Traceback" not in done.stderr and len(done.stderr.splitlines()) <= 8
