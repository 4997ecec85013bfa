"""Int8 copies of the reader's models, calibrated on the inputs they meet when reading.

    python -m vision.training.quantize --photos datasets/real/pip-tracker-double12/train/images \
        --out /tmp/int8 [--only detector,pips,pairs] [--rendered 120]
    python bench/bench_trust.py --out /tmp/trust --models /tmp/int8

``--out`` becomes a copy of the models folder in which the chosen models are int8 (under
the same names), so that every bench measures it as it measures the shipped one. The
shipped models are never overwritten.

Each model's session is wrapped to record what it is given while the reader reads the
calibration photos: the real training photos (never the validation ones) taken in turns
with rendered photos of every set and colour, clutter and face-down tiles, from a seed of
their own. So the pip reader sees real halves, the pair judge real candidate pairs and
the detector letterboxed photos, at the sizes the reader uses. Those inputs calibrate
static quantisation (QDQ: int8 weights per channel, uint8 activations), and the result
is saved as ONNX Runtime's extended optimisation makes it (quantised operators fused:
the quantised detector opened in 124 ms as written, about 50 ms so).

Measured 2026-12-03 (models/MODEL_CARD.md, "Int8 models"): each model about twice as fast,
but not the same readings on every set, so none ships.
"""

from __future__ import annotations

import argparse
import itertools
import re
import shutil
import tempfile
from pathlib import Path

import numpy as np

from vision.reader.detect import OnnxDetector
from vision.reader.pair_judge import PairJudge
from vision.reader.pips import PipReader
from vision.reader.recognize import recognize_file
from vision.reader.tile_reader import (
    DETECTOR_FILE,
    MODELS_DIR,
    PAIRS_FILE,
    PIPS_FILE,
    TileReader,
)

FILES = {"detector": DETECTOR_FILE, "pips": PIPS_FILE, "pairs": PAIRS_FILE}
# The detector's head decodes boxes (pixels) and class scores (0 to 1) into one tensor,
# which one 8-bit scale cannot hold (quantised whole, it found no tile): its decoding
# stays in floats (``float_head``).
QUANTISED_OPS = {"detector": ["Conv", "Mul", "Sigmoid", "Add", "Concat", "MaxPool", "Resize",
                              "Split"]}
MOST_BATCHES = 1200  # per model: enough for the ranges, and memory stays small
QUANTIZE_SEED = 8128


class Recording:
    """An ONNX session that keeps a copy of each input it runs on."""

    def __init__(self, session):
        self.session = session
        self.inputs: list[dict[str, np.ndarray]] = []

    def run(self, outputs, feed):
        if len(self.inputs) < MOST_BATCHES:
            self.inputs.append({k: np.array(v) for k, v in feed.items()})
        return self.session.run(outputs, feed)

    def __getattr__(self, name):
        return getattr(self.session, name)


class Batches:
    """onnxruntime.quantization's CalibrationDataReader over recorded inputs."""

    def __init__(self, inputs: list[dict[str, np.ndarray]]):
        self._inputs = iter(inputs)

    def get_next(self):
        return next(self._inputs, None)


def recorded_inputs(photos: list[Path], models: Path) -> dict[str, list[dict[str, np.ndarray]]]:
    """What each float model is given while the reader reads ``photos``."""
    parts = {"detector": OnnxDetector(models / DETECTOR_FILE),
             "pips": PipReader(models / PIPS_FILE), "pairs": PairJudge(models / PAIRS_FILE)}
    recordings = {}
    for name, part in parts.items():
        part.session = recordings.setdefault(name, Recording(part.session))
    reader = TileReader(parts["detector"], parts["pips"], parts["pairs"])
    for path in photos:
        recognize_file(path, reader, 12)
    return {name: recording.inputs for name, recording in recordings.items()}


def rendered_photos(folder: Path, count: int) -> list[Path]:
    """Photos of every set and colour (a third of them with clutter and face-down tiles),
    from a seed no other set uses."""
    from vision.synth.writer import write_dataset

    write_dataset(folder, count, seed=QUANTIZE_SEED, wide_styles=True, hard_prob=0.3)
    return sorted((folder / "images").glob("*.jpg"))


def float_head(model_path: Path) -> list[str]:
    """The nodes of a YOLO detector's head past its two branches of convolutions (cv2:
    boxes, cv3: classes), and the last convolution of each branch: its decoding."""
    import onnx

    nodes = onnx.load(str(model_path)).graph.node
    head = nodes[-1].name.split("/")[1]  # the module that makes the output
    inside = [n.name for n in nodes if n.name.split("/")[1:2] == [head]]
    return [name for name in inside
            if not ("/cv2." in name or "/cv3." in name) or re.search(r"\.\d+\.2/Conv$", name)]


def quantize(source: Path, target: Path, inputs: list[dict[str, np.ndarray]],
             op_types: list[str] | None = None, keep_float: list[str] | None = None) -> None:
    from onnxruntime.quantization import QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.shape_inference import quant_pre_process

    with tempfile.TemporaryDirectory() as work:
        prepared = Path(work) / "prepared.onnx"
        # the detector's output shapes defeat symbolic inference; ONNX's own is enough
        quant_pre_process(str(source), str(prepared), skip_symbolic_shape=True)
        quantize_static(str(prepared), str(target), Batches(inputs),
                        quant_format=QuantFormat.QDQ, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, per_channel=True,
                        op_types_to_quantize=op_types, nodes_to_exclude=keep_float)
    optimised_in_place(target)


def optimised_in_place(model: Path) -> None:
    """Rewrite a model as ONNX Runtime's extended optimisation makes it. Extended fusions
    hold on any CPU; the layout passes that depend on the CPU are made when it is opened."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    options.optimized_model_filepath = str(model)
    ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, required=True, help="folder of calibration photos")
    parser.add_argument("--models", type=Path, default=MODELS_DIR)
    parser.add_argument("--out", type=Path, required=True,
                        help="a new models folder (not the shipped one)")
    parser.add_argument("--only", default="detector,pips,pairs", help="which models to quantise")
    parser.add_argument("--limit", type=int, default=200, help="real photos to calibrate on")
    parser.add_argument("--rendered", type=int, default=120, help="rendered photos to add")
    args = parser.parse_args()
    if args.out.resolve() == args.models.resolve():
        parser.error("--out must be another folder: the float models are the ones trained")
    photos = list(itertools.islice(sorted(args.photos.glob("*.jpg")), args.limit))
    with tempfile.TemporaryDirectory() as folder:
        rendered = rendered_photos(Path(folder), args.rendered)
        # taken in turns, so that the first MOST_BATCHES inputs hold both kinds
        mixed = [p for pair in itertools.zip_longest(photos, rendered) for p in pair if p]
        inputs = recorded_inputs(mixed, args.models)
    shutil.copytree(args.models, args.out, dirs_exist_ok=True)
    for name in args.only.split(","):
        print(f"{name}: {len(inputs[name])} batches recorded", flush=True)
        source = args.models / FILES[name]
        quantize(source, args.out / FILES[name], inputs[name], QUANTISED_OPS.get(name),
                 float_head(source) if name == "detector" else None)


if __name__ == "__main__":
    main()
