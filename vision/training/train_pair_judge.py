"""Train the pair judge: a small CNN that looks at the picture of a candidate tile (two
detected halves, see vision.reader.pair_crop) and says whether they are one tile; export it to
ONNX (models/pairs.onnx).

    python -m vision.training.train_pair_judge --synthetic DIR [DIR...] \
        --real SPLIT_DIR --val-real SPLIT_DIR --epochs 10

A tile is a tile whichever way it is read and whatever its colours, so training turns
pictures end for end, mirrors them, shuffles colour channels and changes the light.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from vision.reader.detect import OnnxDetector
from vision.reader.pair_crop import PAIR_COLS, PAIR_ROWS
from vision.training.pair_crops import (
    look_pairs,
    negative_pairs,
    package_photos,
    real_pairs,
    synthetic_pairs,
    wiped_pairs,
)
from vision.training.small_cnn import (
    accuracy,
    add_source_arguments,
    add_training_arguments,
    cheap_stem,
    conv_block,
    export,
    fit,
    load_onnx_weights,
    vary_colour_and_light,
)

REPO = Path(__file__).resolve().parents[2]


def build_model():
    import torch.nn as nn

    # Where things lie in the picture matters (a line in the middle, a face past the
    # ends), so the last features are flattened rather than averaged away.
    return nn.Sequential(
        cheap_stem(16),
        conv_block(16, 32),
        conv_block(32, 48),
        conv_block(48, 64),
        nn.Conv2d(64, 16, 1),
        nn.ReLU(inplace=True),
        nn.Flatten(),
        nn.Dropout(0.3),
        nn.Linear(16 * (PAIR_ROWS // 16) * (PAIR_COLS // 16), 2),
    )


def augmented(crops: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = np.empty_like(crops)
    for i, view in enumerate(crops):
        if rng.random() < 0.5:
            view = view[::-1, ::-1]  # read from the other end
        if rng.random() < 0.5:
            view = view[::-1]  # mirrored across the tile's long axis
        out[i] = vary_colour_and_light(view, rng)
    return out


def load_pairs(args) -> tuple[np.ndarray, np.ndarray]:
    if args.cache and args.cache.is_file():
        data = np.load(args.cache)
        return data["crops"], data["labels"]
    detector = OnnxDetector(args.detector)
    rng = np.random.default_rng(1)
    crops: list[np.ndarray] = []
    labels: list[int] = []
    for folder in args.synthetic:
        c, lab = synthetic_pairs(folder, detector, rng, args.synthetic_limit)
        print(f"{folder}: {len(c)} pictures, {sum(lab)} tiles", flush=True)
        crops += c
        labels += lab
    negatives = package_photos() + list(args.negatives)
    if negatives:
        c, lab = negative_pairs(negatives, detector, rng)
        print(f"{len(negatives)} photos with no domino: {len(c)} pictures", flush=True)
        crops += c * args.real_repeat
        labels += lab * args.real_repeat
    for split in args.real:
        c, lab = real_pairs(split)
        print(f"{split}: {len(c)} pictures, {sum(lab)} tiles", flush=True)
        crops += c * args.real_repeat
        labels += lab * args.real_repeat
        c, lab = wiped_pairs(split, detector, rng)
        print(f"{split}, wiped: {len(c)} pictures, {sum(lab)} double blanks", flush=True)
        crops += c * args.real_repeat
        labels += lab * args.real_repeat
    result = np.array(crops, np.uint8), np.array(labels, np.int64)
    if args.cache:
        np.savez(args.cache, crops=result[0], labels=result[1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_source_arguments(parser, "weight of real pictures")
    parser.add_argument("--detector", type=Path, default=REPO / "models" / "detector.onnx")
    parser.add_argument("--cache", type=Path, help="keep the pictures here between runs")
    parser.add_argument("--negatives", type=Path, nargs="*", default=[],
                        help="more real photos with no domino (matplotlib's sample photos "
                             "are always used when it is installed)")
    parser.add_argument("--looks", type=Path, nargs="*", default=[],
                        help="rendered tableau sets to cut pictures from where a board's "
                             "second looks cut them (not kept in --cache)")
    parser.add_argument("--init", type=Path,
                        help="start from this exported judge (fine-tuning) instead of scratch")
    parser.add_argument("--max-lr", type=float, default=3e-3)
    add_training_arguments(parser, epochs=10, samples=30000, threads=2,
                           out=REPO / "models" / "pairs.onnx")
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    crops, labels = load_pairs(args)
    for folder in args.looks:
        c, lab = look_pairs(folder, np.random.default_rng(2), args.synthetic_limit)
        print(f"{folder}, where a board looks: {len(c)} pictures, {sum(lab)} tiles", flush=True)
        crops = np.concatenate([crops, np.array(c, np.uint8)])
        labels = np.concatenate([labels, np.array(lab, np.int64)])
    print(f"training pictures: {len(crops)}, tiles among them: {int(labels.sum())}", flush=True)
    val = None
    if args.val_real:
        vc, vl = real_pairs(args.val_real)
        val = (np.array(vc, np.uint8), np.array(vl, np.int64))

    model = build_model()
    if args.init:
        load_onnx_weights(model, args.init)
        if val is not None:
            print(f"start: real-val accuracy {accuracy(model, *val):.4f}", flush=True)
    fit(model, crops, labels, args,
        draw=lambda n: rng.permutation(len(crops))[:n],
        augment=lambda batch: augmented(batch, rng),
        label_smoothing=0.02,
        report=(lambda m: f" real-val accuracy {accuracy(m, *val):.4f} ({len(val[1])} pairs)")
        if val is not None else None,
        # every epoch: a stopped run still ships
        after_epoch=lambda m: export(m, args.out, PAIR_ROWS, PAIR_COLS))


if __name__ == "__main__":
    main()
