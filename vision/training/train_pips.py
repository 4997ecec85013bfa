"""Train the pip reader: a small CNN that reads one half crop as 0..18 pips, and export it
to ONNX (models/pips.onnx).

    python -m vision.training.train_pips --synthetic DIR [DIR...] --real SPLIT_DIR --epochs 12

Colour is never a signal (sets colour their numbers differently), so training shuffles
colour channels, greys some crops and shifts hue; halves come in every rotation, so
crops are rotated by quarter turns and flipped.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision.reader.half_crop import CROP_PX, MARGIN
from vision.training.pip_crops import STORE_MARGIN, STORE_PX, real_crops, synthetic_crops
from vision.training.small_cnn import (
    accuracy,
    add_source_arguments,
    add_training_arguments,
    cheap_stem,
    conv_block,
    export,
    fit,
    vary_colour_and_light,
)

REPO = Path(__file__).resolve().parents[2]
NUM_VALUES = 19


def build_model():
    import torch.nn as nn

    return nn.Sequential(
        cheap_stem(16),
        conv_block(16, 32),
        conv_block(32, 64),
        conv_block(64, 128),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Dropout(0.2),
        nn.Linear(128, NUM_VALUES),
    )


def _jittered_views(crops: np.ndarray, rng: np.random.Generator, train: bool) -> np.ndarray:
    """Cut the reader's crop out of each stored crop, with box jitter when training."""
    # A stored crop spans the box plus STORE_MARGIN; the reader's crop spans box plus MARGIN.
    box = STORE_PX / (1 + 2 * STORE_MARGIN)
    out = np.empty((len(crops), CROP_PX, CROP_PX, 3), np.uint8)
    for i, crop in enumerate(crops):
        margin = MARGIN + (rng.uniform(-0.08, 0.12) if train else 0.0)
        side_x = box * (1 + 2 * margin) * (rng.uniform(0.9, 1.1) if train else 1.0)
        side_y = box * (1 + 2 * margin) * (rng.uniform(0.9, 1.1) if train else 1.0)
        cx = STORE_PX / 2 + (rng.normal(0, 0.05) * box if train else 0.0)
        cy = STORE_PX / 2 + (rng.normal(0, 0.05) * box if train else 0.0)
        src = np.array(
            [
                [cx - side_x / 2, cy - side_y / 2],
                [cx + side_x / 2, cy - side_y / 2],
                [cx - side_x / 2, cy + side_y / 2],
            ],
            np.float32,
        )
        dst = np.array([[0, 0], [CROP_PX, 0], [0, CROP_PX]], np.float32)
        view = cv2.warpAffine(
            crop,
            cv2.getAffineTransform(src, dst),
            (CROP_PX, CROP_PX),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        if train:
            view = np.rot90(view, int(rng.integers(4)))
            if rng.random() < 0.5:
                view = view[:, ::-1]
            view = vary_colour_and_light(view, rng)
        out[i] = view
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_source_arguments(parser, "weight of real crops")
    add_training_arguments(parser, epochs=12, samples=25000, threads=1,
                           out=REPO / "models" / "pips.onnx")
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    parts = [synthetic_crops(folder, args.synthetic_limit) for folder in args.synthetic]
    for split in args.real:
        crops, values = real_crops(split)
        parts += [(crops, values)] * args.real_repeat
    crops = np.concatenate([p[0] for p in parts])
    values = np.concatenate([p[1] for p in parts])
    print(f"training crops: {len(crops)}; per value: {np.bincount(values, minlength=NUM_VALUES)}")
    val = None
    if args.val_real:  # the reader's crops of the validation halves, cut once
        val_crops, val_values = real_crops(args.val_real)
        val = (_jittered_views(val_crops, rng, train=False), val_values)

    # Rare values (13-18 exist only in double-15/18 sets) are drawn more often.
    counts = np.bincount(values, minlength=NUM_VALUES).astype(np.float64)
    weights = 1.0 / np.sqrt(np.maximum(counts, 1))[values]
    weights /= weights.sum()
    model = build_model()
    fit(model, crops, values, args,
        draw=lambda n: rng.choice(len(crops), size=n, replace=True, p=weights),
        augment=lambda batch: _jittered_views(batch, rng, train=True),
        label_smoothing=0.05,
        report=(lambda m: f" real-val half accuracy {accuracy(m, *val):.4f}")
        if val is not None else None)
    export(model, args.out, CROP_PX, CROP_PX)


if __name__ == "__main__":
    main()
