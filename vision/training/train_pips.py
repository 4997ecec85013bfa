"""Train the pip reader: a small CNN that reads one half crop as 0..18 pips, and export it
to ONNX (models/pips.onnx).

    python -m vision.training.train_pips --synthetic DIR [DIR...] --real SPLIT_DIR --epochs 12

Colour is never a signal (sets colour their numbers differently), so training shuffles
colour channels, greys some crops and shifts hue; halves come in every rotation, so
crops are rotated by quarter turns and flipped.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from vision.half_crop import CROP_PX, MARGIN
from vision.training.pip_crops import STORE_MARGIN, STORE_PX, real_crops, synthetic_crops

REPO = Path(__file__).resolve().parents[2]
NUM_VALUES = 19


def conv_block(cin: int, cout: int):
    """Two 3x3 convolutions and a 2x2 pooling: the unit both of the small CNNs are made of."""
    import torch.nn as nn

    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


def cheap_stem(cout: int = 16):
    """A single conv at full size, then pooling: CPU time is the budget here."""
    import torch.nn as nn

    return nn.Sequential(
        nn.Conv2d(3, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


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
            view = view[..., rng.permutation(3)]
            if rng.random() < 0.2:
                grey = cv2.cvtColor(np.ascontiguousarray(view), cv2.COLOR_BGR2GRAY)
                view = np.repeat(grey[..., None], 3, axis=2)
            if rng.random() < 0.3:
                view = cv2.GaussianBlur(np.ascontiguousarray(view), (0, 0), rng.uniform(0.3, 1.2))
            gain, bias = rng.uniform(0.6, 1.3), rng.uniform(-30, 30)
            view = np.clip(view.astype(np.float32) * gain + bias, 0, 255).astype(np.uint8)
        out[i] = view
    return out


def to_tensor(batch: np.ndarray):
    import torch

    return torch.from_numpy(batch.transpose(0, 3, 1, 2).astype(np.float32) / 255.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=Path, nargs="+", required=True)
    parser.add_argument("--synthetic-limit", type=int, default=None, help="photos per folder")
    parser.add_argument("--real", type=Path, nargs="*", default=[], help="YOLO half-box splits")
    parser.add_argument("--real-repeat", type=int, default=3, help="weight of real crops")
    parser.add_argument("--val-real", type=Path, help="held-out real split to report on")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--samples-per-epoch", type=int, default=25000)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=Path, default=REPO / "models" / "pips.onnx")
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
    val = real_crops(args.val_real) if args.val_real else None

    model = build_model()
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    # Rare values (13-18 exist only in double-15/18 sets) are drawn more often.
    counts = np.bincount(values, minlength=NUM_VALUES).astype(np.float64)
    weights = 1.0 / np.sqrt(np.maximum(counts, 1))[values]
    weights /= weights.sum()
    per_epoch = min(args.samples_per_epoch, len(crops))
    steps = args.epochs * (per_epoch // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    for epoch in range(args.epochs):
        model.train()
        order = rng.choice(len(crops), size=per_epoch, replace=True, p=weights)
        started, total_loss = time.time(), 0.0
        for start in range(0, len(order) - args.batch + 1, args.batch):
            idx = order[start : start + args.batch]
            x = to_tensor(_jittered_views(crops[idx], rng, train=True))
            y = torch.from_numpy(values[idx])
            loss = loss_fn(model(x), y)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total_loss += float(loss.detach()) * len(idx)
        report = (
            f"epoch {epoch + 1}/{args.epochs} loss {total_loss / len(order):.4f} "
            f"({time.time() - started:.0f} s)"
        )
        if val is not None:
            report += f" real-val half accuracy {accuracy(model, *val, rng):.4f}"
        print(report, flush=True)
    export(model, args.out)


def accuracy(model, crops: np.ndarray, values: np.ndarray, rng: np.random.Generator) -> float:
    import torch

    model.eval()
    with torch.no_grad():
        logits = model(to_tensor(_jittered_views(crops, rng, train=False)))
    return float((logits.argmax(1).numpy() == values).mean())


def export(model, out: Path, rows: int = CROP_PX, cols: int = CROP_PX) -> None:
    """Write ``model`` as ONNX taking (n, 3, rows, cols) crops and giving logits."""
    import torch

    model.eval()
    dummy = torch.zeros(1, 3, rows, cols)
    torch.onnx.export(
        model,
        dummy,
        str(out),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    print(f"exported {out}")


if __name__ == "__main__":
    main()
