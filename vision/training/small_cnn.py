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


def load_onnx_weights(model, onnx_path: Path) -> None:
    """Start ``model`` from an exported model of the same build: each convolution takes
    the exported weights (its batch norm folded in on export) and its batch norm becomes
    the identity with the folded bias, its statistics frozen (see ``fit``)."""
    import onnx
    import torch
    from onnx import numpy_helper

    graph = onnx.load(str(onnx_path)).graph
    weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    layers = [m for m in model.modules()
              if isinstance(m, (torch.nn.Conv2d, torch.nn.BatchNorm2d, torch.nn.Linear))]
    ops = [n for n in graph.node if n.op_type in ("Conv", "Gemm")]
    convs = [m for m in layers if not isinstance(m, torch.nn.BatchNorm2d)]
    if len(ops) != len(convs):
        raise ValueError(f"{onnx_path}: {len(ops)} layers, the model has {len(convs)}")
    with torch.no_grad():
        for op, layer in zip(ops, convs, strict=True):
            w = torch.from_numpy(weights[op.input[1]].copy())
            b = torch.from_numpy(weights[op.input[2]].copy()) if len(op.input) > 2 else None
            layer.weight.copy_(w.reshape(layer.weight.shape))
            after = layers[layers.index(layer) + 1] if layer is not layers[-1] else None
            if isinstance(after, torch.nn.BatchNorm2d):
                after.weight.fill_(1.0)
                after.bias.copy_(b if b is not None else torch.zeros_like(after.bias))
                after.running_mean.zero_()
                after.running_var.fill_(1.0 - after.eps)
            elif b is not None:
                layer.bias.copy_(b)
    model.frozen_norms = True


def fit(model, crops: np.ndarray, labels: np.ndarray, args: argparse.Namespace, *,
        draw: Callable[[int], np.ndarray], augment: Callable[[np.ndarray], np.ndarray],
        label_smoothing: float, report: Callable[[object], str] | None = None,
        after_epoch: Callable[[object], None] | None = None) -> None:
    """Train ``model`` with AdamW and a one-cycle schedule. Each epoch takes the indices
    ``draw(n)`` gives, in batches augmented by ``augment``, and prints its loss and
    ``report(model)``; ``after_epoch(model)`` runs after each (e.g. an export)."""
    import torch

    max_lr = getattr(args, "max_lr", 3e-3)
    optimiser = torch.optim.AdamW(model.parameters(), lr=max_lr, weight_decay=1e-4)
    per_epoch = min(args.samples_per_epoch, len(crops))
    batch = max(1, min(args.batch, per_epoch))  # a tiny set still trains
    steps = args.epochs * (per_epoch // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=max_lr, total_steps=steps)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=label_smoothing)
    for epoch in range(args.epochs):
        model.train()
        if getattr(model, "frozen_norms", False):  # a model started from an export
            for m in model.modules():
                if isinstance(m, torch.nn.BatchNorm2d):
                    m.eval()
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
