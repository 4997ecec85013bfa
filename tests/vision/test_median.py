"""The median the reader uses gives np.median's answers, without loading numpy.ma."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from vision.median import median


@pytest.mark.parametrize("shape", [(1,), (2,), (7,), (8,), (5, 3), (4, 6, 3)])
@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.float32, np.float64])
def test_it_is_np_median_on_every_axis(shape, dtype):
    rng = np.random.default_rng(sum(shape))
    values = (rng.random(shape) * 200).astype(dtype)
    assert median(values) == pytest.approx(float(np.median(values)))
    for axis in range(len(shape)):
        np.testing.assert_allclose(median(values, axis), np.median(values, axis=axis))


def test_a_list_and_no_values():
    assert median([3.0, 1.0, 2.0]) == 2.0 and median([1, 2]) == 1.5
    assert np.isnan(median([]))


TABLEAU_PHOTO = "datasets/samples/tableau/images/tableau_7_0000.jpg"


@pytest.mark.parametrize("command", [["read", "datasets/samples/hand-double12.jpg"],
                                     ["board", TABLEAU_PHOTO]])
def test_reading_a_photo_never_loads_numpy_ma(command):
    code = ("import sys; from tui.cli import main; "
            f"main({command!r}); "
            "print('numpy.ma' in sys.modules, file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=__import__("pathlib").Path(__file__).resolve().parents[2])
    assert run.returncode == 0 and run.stderr.strip().splitlines()[-1] == "False"
