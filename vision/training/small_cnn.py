"""What the two small CNNs (the pip reader and the pair judge) share: their building
blocks, the command-line options and loop that train them, and the ONNX export."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np


def conv_block(cin: int, cout: int):
    """Two 3x3 convolutions and a 2x2 pooling."""
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


def to_tensor(batch: np.ndarray):
    import torch

    return torch.from_numpy(batch.transpose(0, 3, 1, 2).astype(np.float32) / 255.0)


def vary_colour_and_light(view: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Colour is never a signal (sets colour their numbers differently) and light varies:
    shuffle the colour channels, grey some views, blur some, change gain and bias."""
    view = view[..., rng.permutation(3)]
    if rng.random() < 0.2:
        grey = cv2.cvtColor(np.ascontiguousarray(view), cv2.COLOR_BGR2GRAY)
        view = np.repeat(grey[..., None], 3, axis=2)
    if rng.random() < 0.3:
        view = cv2.GaussianBlur(np.ascontiguousarray(view), (0, 0), rng.uniform(0.3, 1.2))
    gain, bias = rng.uniform(0.6, 1.3), rng.uniform(-30, 30)
    return np.clip(view.astype(np.float32) * gain + bias, 0, 255).astype(np.uint8)


def add_source_arguments(parser: argparse.ArgumentParser, weight_help: str) -> None:
    """Where the training examples come from: rendered sets and real half-box splits."""
    parser.add_argument("--synthetic", type=Path, nargs="+", required=True)
    parser.add_argument("--synthetic-limit", type=int, default=None, help="photos per folder")
    parser.add_argument("--real", type=Path, nargs="*", default=[], help="YOLO half-box splits")
    parser.add_argument("--real-repeat", type=int, default=3, help=weight_help)
    parser.add_argument("--val-real", type=Path, help="held-out real split to report on")


def add_training_arguments(parser: argparse.ArgumentParser, *, epochs: int, samples: int,
                           threads: int, out: Path) -> None:
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--samples-per-epoch", type=int, default=samples)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--threads", type=int, default=threads)
    parser.add_argument("--out", type=Path, default=out)


def fit(model, crops: np.ndarray, labels: np.ndarray, args: argparse.Namespace, *,
        draw: Callable[[int], np.ndarray], augment: Callable[[np.ndarray], np.ndarray],
        label_smoothing: float, report: Callable[[object], str] | None = None,
        after_epoch: Callable[[object], None] | None = None) -> None:
    """Train ``model`` with AdamW and a one-cycle schedule. Each epoch takes the indices
    ``draw(n)`` gives, in batches augmented by ``augment``, and prints its loss and
    ``report(model)``; ``after_epoch(model)`` runs after each (e.g. an export)."""
    import torch

    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    per_epoch = min(args.samples_per_epoch, len(crops))
    batch = max(1, min(args.batch, per_epoch))  # a tiny set still trains
    steps = args.epochs * (per_epoch // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=label_smoothing)
    for epoch in range(args.epochs):
        model.train()
        order = draw(per_epoch)
        started, total_loss = time.time(), 0.0
        for start in range(0, len(order) - batch + 1, batch):
            idx = order[start : start + batch]
            loss = loss_fn(model(to_tensor(augment(crops[idx]))), torch.from_numpy(labels[idx]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total_loss += float(loss.detach()) * len(idx)
        line = (f"epoch {epoch + 1}/{args.epochs} loss {total_loss / len(order):.4f} "
                f"({time.time() - started:.0f} s)")
        if report is not None:
            line += report(model)
        print(line, flush=True)
        if after_epoch is not None:
            after_epoch(model)


def accuracy(model, views: np.ndarray, labels: np.ndarray) -> float:
    """The share of ``views`` (crops as the model sees them) whose top class is the label."""
    import torch

    model.eval()
    with torch.no_grad():
        logits = model(to_tensor(views))
    return float((logits.argmax(1).numpy() == labels).mean())


def export(model, out: Path, rows: int, cols: int) -> None:
    """Write ``model`` as ONNX taking (n, 3, rows, cols) crops and giving logits."""
    import torch

    model.eval()
    torch.onnx.export(
        model,
        torch.zeros(1, 3, rows, cols),
        str(out),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    print(f"exported {out}")
