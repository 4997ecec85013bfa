"""Recover the detector's weights from its ONNX file and export them again.

    python -m vision.training.reexport_detector [--source models/detector.onnx]
        [--checkpoint models/detector.pt] [--out NEW.onnx] [--fixed]

Why: the shipped detector (YOLO11n, classes ``half`` and ``tile``; recipe in
models/MODEL_CARD.md) was exported with a fixed 320x320 input and its training checkpoint
was not kept, so its weights existed only in ``detector.onnx``. With a fixed input the
reader letterboxed a 16:9 frame to 320x320, where ultralytics ``predict`` of the same
weights reads 320x192.

What it does:
- builds the same network from ``yolo11n.yaml`` with nc=2 (the file's metadata says
  YOLO11n, task detect, stride 32, imgsz 320, names half/tile) and fuses it as the
  exporter did (each Conv and its BatchNorm folded into one conv with a bias);
- copies every ONNX initializer named like a parameter (``model.0.conv.weight``...) into
  the parameter of that name, and fails unless every name and shape matches both ways,
  the DFL conv holds its fixed weights 0..15 and (in a fixed export) the graph's anchors
  and strides are the ones the model computes at 320x320;
- checks that the torch model gives the ONNX file's outputs on the reader's own
  letterboxed inputs (the real validation photos and the bundled samples);
- exports it with the ultralytics exporter, as the original was (opset 17, simplified,
  no NMS, the same metadata), but with a dynamic height and width (``--fixed``: 320x320),
  to a temporary folder; checks the new file against the old one at 320x320 and against
  torch at the rectangular inputs the reader feeds a dynamic model (both orientations),
  and only then writes ``--out`` if asked. Run on its own output it gives the same
  weights and graph again.

Measured, and why the shipped detector.onnx is now this dynamic export (2026-12-02): it
reads a 1280x720 frame at 320x192 (the detect stage 19-20 ms against 29-30 ms at
320x320, in alternating runs of bench/bench_read.py), and on 300 rendered photos of each
set and the real photos in every framing it reads as the square input did, within a
tile or two either way (models/MODEL_CARD.md). On 100 photos per set an earlier
measurement had seemed to show a loss; three times the photos showed it was noise.

The checkpoint (``--checkpoint``): the fused weights have no BatchNorm left, and the
original BatchNorm scales, shifts and running statistics cannot be had back, only their
product with the convs. ultralytics takes only 94 of 499 tensors from a fused checkpoint
into a model it trains (it warns "Pretrained weights are fused"), which is no start. So
the checkpoint is unfused: each conv keeps its fused weight and gets a BatchNorm whose
running mean and variance are measured on the real training photos and whose scale and
shift make it, in eval mode, exactly the fused bias (y = conv(x) + b). In train mode it
is the original layer again wherever the original running statistics were the ones
measured here (each BatchNorm's scale folds through the batch statistics). ultralytics
takes every one of its tensors, so a fine-tuning run (``python -m
vision.training.train_detector --init models/detector.pt``) starts from the shipped
weights. What this prints on the shipped detector is in models/MODEL_CARD.md.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import tempfile
from pathlib import Path

import numpy as np

from vision.training.offline import prepare_offline_ultralytics

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
REAL = REPO / "datasets" / "real" / "pip-tracker-double12"
SAMPLES = REPO / "datasets" / "samples"
ARCHITECTURE = "yolo11n.yaml"
INPUT_PX = 320
OPSET = 17
# Raw outputs must agree this closely: class scores (0..1), and box coordinates (input
# pixels) of every anchor scoring at least BOX_SCORE (the reader keeps 0.3 and up).
CLASS_TOLERANCE = 1e-4
BOX_TOLERANCE_PX = 1e-3
BOX_SCORE = 0.01


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=MODELS / "detector.onnx")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the checked ONNX export here (default: check only)")
    parser.add_argument("--checkpoint", type=Path, default=None,
                        help="also write the unfused torch checkpoint here")
    parser.add_argument("--fixed", action="store_true",
                        help="export a fixed 320x320 input, as the original (default: "
                             "a dynamic height and width)")
    args = parser.parse_args()
    prepare_offline_ultralytics(Path(tempfile.gettempdir()) / "chickenfoot-yolo")

    source = args.source.resolve()
    fused = recover_fused_model(source)
    photos = check_photos()
    report("torch vs source, on the source's inputs", compare_torch(fused, source, photos))
    with tempfile.TemporaryDirectory() as folder:
        exported = export_onnx(fused, source, Path(folder), dynamic=not args.fixed)
        report("exported vs source, on the source's inputs",
               compare_onnx(exported, source, photos))
        if not args.fixed:
            report("exported vs torch, rectangular",
                   compare_rectangular(fused, exported, photos))
        if args.checkpoint:
            training = _blobs(source, stats_photos())  # square photos: one batch shape
            unfused = unfuse(fused, training)
            report("unfused checkpoint vs fused, eval",
                   compare_models(unfused, fused, photos, exported))
            print(f"unfused checkpoint: ultralytics takes all {check_transfer(unfused)} "
                  f"tensors into a model it trains")
            save_checkpoint(unfused, source, args.checkpoint)
            print(f"wrote {args.checkpoint} ({args.checkpoint.stat().st_size / 1e6:.1f} MB)")
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(exported, args.out)
            print(f"wrote {args.out}")


# -- recovering ---------------------------------------------------------------------------


def source_metadata(onnx_path: Path) -> dict[str, str]:
    import onnx

    model = onnx.load(str(onnx_path), load_external_data=False)
    return {p.key: p.value for p in model.metadata_props}


def recover_fused_model(onnx_path: Path):
    """The source file's network as a fused ultralytics DetectionModel, in eval mode."""
    import onnx
    import torch
    from onnx import numpy_helper
    from ultralytics.nn.tasks import DetectionModel
    from ultralytics.utils.tal import make_anchors

    meta = source_metadata(onnx_path)
    names = ast.literal_eval(meta["names"])
    expected = {"task": "detect", "stride": "32", "head": "Detect", "end2end": "False"}
    for key, value in expected.items():
        if meta.get(key) != value:
            raise SystemExit(f"{onnx_path}: metadata {key}={meta.get(key)!r}, not {value!r}")
    if "YOLO11n" not in meta.get("description", ""):
        raise SystemExit(f"{onnx_path}: not a YOLO11n export ({meta.get('description')!r})")
    graph = onnx.load(str(onnx_path)).graph
    arrays = {t.name: numpy_helper.to_array(t) for t in graph.initializer}

    model = DetectionModel(ARCHITECTURE, nc=len(names), verbose=False)
    model.names = names
    model.eval()
    model.fuse(verbose=False)
    state = model.state_dict()
    weights = {k: v for k, v in arrays.items() if k.startswith("model.")}
    if set(state) != set(weights):
        raise SystemExit(f"names differ: only in the model {sorted(set(state) - set(weights))}, "
                         f"only in the file {sorted(set(weights) - set(state))}")
    for name, value in state.items():
        if tuple(value.shape) != weights[name].shape:
            raise SystemExit(f"{name}: {tuple(value.shape)} in the model, "
                             f"{weights[name].shape} in the file")
    model.load_state_dict({k: torch.from_numpy(v.copy()) for k, v in weights.items()},
                          strict=True)

    head = model.model[-1]
    if not np.array_equal(head.dfl.conv.weight.detach().numpy().ravel(),
                          np.arange(head.reg_max, dtype=np.float32)):
        raise SystemExit("the DFL conv does not hold 0..reg_max-1")
    strides = head.stride.tolist()
    dims = [d.dim_value for d in graph.input[0].type.tensor_type.shape.dim[2:]]
    if dims == [INPUT_PX, INPUT_PX]:  # a fixed export holds its anchors as constants
        feats = [torch.zeros(1, 1, INPUT_PX // int(s), INPUT_PX // int(s)) for s in strides]
        anchors, anchor_strides = (t.T.numpy() for t in make_anchors(feats, head.stride, 0.5))
        constants = [v for k, v in arrays.items() if not k.startswith("model.")]
        if not any(v.shape == (1, 2, anchors.shape[1]) and np.allclose(v[0], anchors)
                   for v in constants):
            raise SystemExit("the file's anchors are not the model's at 320x320")
        if not any(v.shape == anchor_strides.shape and np.allclose(v, anchor_strides)
                   for v in constants):
            raise SystemExit("the file's strides are not the model's at 320x320")
    elif any(dims):
        raise SystemExit(f"{onnx_path}: input {dims}, neither 320x320 nor dynamic")
    count = sum(p.numel() for p in model.parameters())
    print(f"recovered {len(state)} tensors ({count:,} parameters) of {ARCHITECTURE} nc="
          f"{len(names)}, names and shapes all matching; DFL 0..{head.reg_max - 1}; "
          f"strides {[int(s) for s in strides]}")
    return model


def export_onnx(fused, source: Path, folder: Path, dynamic: bool) -> Path:
    """The fused model exported by ultralytics into ``folder``, with the source's
    metadata (the description names the data it was trained on)."""
    import copy

    import torch
    from ultralytics import YOLO

    meta = source_metadata(source)
    model = copy.deepcopy(fused)
    data = meta.get("description", "").partition(" trained on ")[2] or None
    model.args = {"data": data, "imgsz": INPUT_PX, "task": "detect"}
    checkpoint = folder / "detector.pt"
    torch.save({"model": model, "train_args": model.args}, checkpoint)
    exported = Path(YOLO(str(checkpoint), task="detect").export(
        format="onnx", imgsz=INPUT_PX, dynamic=dynamic, simplify=True, opset=OPSET,
        nms=False, batch=1, device="cpu"))
    new_meta = source_metadata(exported)
    changed = {k: (meta.get(k), new_meta.get(k)) for k in set(meta) | set(new_meta)
               if k != "date" and meta.get(k) != new_meta.get(k)}
    if set(changed) - {"args"}:
        raise SystemExit(f"metadata differs from the source's: {changed}")
    print(f"exported with the source's metadata; args {new_meta.get('args')}")
    return exported


# -- the unfused checkpoint -------------------------------------------------------------


def unfuse(fused, blobs: list[np.ndarray], batch: int = 16):
    """An unfused DetectionModel equal to ``fused`` in eval mode, its BatchNorm running
    statistics measured on the model inputs ``blobs`` (see the module's docstring)."""
    import torch
    from ultralytics.nn.modules.conv import Conv
    from ultralytics.nn.tasks import DetectionModel

    fused_modules = dict(fused.named_modules())
    sums: dict[str, list] = {}

    def hook(name):
        def collect(module, inputs, output):
            z = (output - module.bias[None, :, None, None]).double()
            entry = sums.setdefault(name, [0.0, 0.0, 0])
            entry[0] = entry[0] + z.sum((0, 2, 3))
            entry[1] = entry[1] + (z * z).sum((0, 2, 3))
            entry[2] += z.numel() // z.shape[1]
        return collect

    handles = [m.conv.register_forward_hook(hook(n)) for n, m in fused_modules.items()
               if isinstance(m, Conv)]
    with torch.no_grad():
        for start in range(0, len(blobs), batch):
            fused(torch.from_numpy(np.concatenate(blobs[start:start + batch])))
    for handle in handles:
        handle.remove()

    model = DetectionModel(fused.yaml, nc=len(fused.names), verbose=False)
    model.names = fused.names
    model.eval()
    done = set()
    with torch.no_grad():
        for name, module in model.named_modules():
            if not isinstance(module, Conv):
                continue
            source = fused_modules[name].conv
            total, squares, count = sums[name]
            mean = total / count
            var = (squares / count - mean * mean).clamp_min(0)
            bn = module.bn
            module.conv.weight.copy_(source.weight)
            bn.running_mean.copy_(mean.float())
            bn.running_var.copy_(var.float())
            bn.weight.copy_(torch.sqrt(var + bn.eps).float())
            bn.bias.copy_(source.bias + mean.float())
            prefix = f"{name}." if name else ""
            done |= {prefix + k for k in module.state_dict()}
        fused_state = fused.state_dict()
        for key, value in model.state_dict().items():
            if key in done:
                continue
            if key not in fused_state or fused_state[key].shape != value.shape:
                raise SystemExit(f"unfused {key}: nothing to fill it with")
            value.copy_(fused_state[key])
    return model


def compare_models(a, b, photos, model_path: Path) -> dict:
    worst = _worst()
    for blob in _blobs(model_path, photos):
        _diff(_torch_out(a, blob), _torch_out(b, blob), worst)
        _seen(worst, blob)
    return worst


def check_transfer(model) -> int:
    """Load ``model`` the way ultralytics starts a training run from weights (a fresh
    model from its YAML, ``load``) and check that every tensor arrives unchanged."""
    import torch
    from ultralytics.nn.tasks import DetectionModel

    fresh = DetectionModel(model.yaml, nc=len(model.names), verbose=False)
    fresh.load(model, verbose=False)
    theirs, ours = fresh.state_dict(), model.state_dict()
    differ = [k for k in theirs if k not in ours or not torch.equal(theirs[k], ours[k])]
    if set(ours) != set(theirs) or differ:
        raise SystemExit(f"ultralytics would not take these tensors: {differ[:5]}...")
    return len(theirs)


def save_checkpoint(model, source: Path, path: Path) -> None:
    import datetime

    import torch
    from ultralytics import __version__

    data = source_metadata(source).get("description", "").partition(" trained on ")[2]
    model.args = {"data": data or None, "imgsz": INPUT_PX, "task": "detect"}
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"model": model.float(), "train_args": model.args, "version": __version__,
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                "recovered_from": source.name}, path)


# -- checking ------------------------------------------------------------------------------


def check_photos() -> list[np.ndarray]:
    """The photos parity is checked on: the real validation photos and the bundled
    samples, each also transposed, so both orientations of every rectangle are fed."""
    import cv2

    paths = sorted((REAL / "valid" / "images").glob("*.jpg"))
    paths += [SAMPLES / "hand-double12.jpg",
              *sorted((SAMPLES / "tableau" / "images").glob("*.jpg"))]
    photos = [cv2.imread(str(p)) for p in paths]
    return photos + [np.ascontiguousarray(p.transpose(1, 0, 2)) for p in photos]


def stats_photos() -> list[np.ndarray]:
    import cv2

    return [cv2.imread(str(p)) for p in sorted((REAL / "train" / "images").glob("*.jpg"))]


def _blobs(model_path: Path, photos: list[np.ndarray]) -> list[np.ndarray]:
    """What the reader feeds the model at ``model_path`` for each photo (its letterbox)."""
    from vision.reader.detect import OnnxDetector

    detector = OnnxDetector(model_path)
    return [detector._letterbox(photo)[0] for photo in photos]


def _torch_out(model, blob: np.ndarray) -> np.ndarray:
    import torch

    with torch.no_grad():
        out = model(torch.from_numpy(blob))
    return (out[0] if isinstance(out, (tuple, list)) else out).numpy()


def _session(path: Path):
    import onnxruntime as ort

    return ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])


def _worst() -> dict:
    return {"box": 0.0, "class": 0.0, "inputs": set(), "count": 0}


def _diff(a: np.ndarray, b: np.ndarray, worst: dict) -> None:
    if a.shape != b.shape:
        raise SystemExit(f"output shapes differ: {a.shape} and {b.shape}")
    sure = np.maximum(a[0, 4:].max(0), b[0, 4:].max(0)) >= BOX_SCORE
    if sure.any():
        worst["box"] = max(worst["box"], float(np.abs(a[0, :4, sure] - b[0, :4, sure]).max()))
    worst["class"] = max(worst["class"], float(np.abs(a[0, 4:] - b[0, 4:]).max()))


def _seen(worst: dict, blob: np.ndarray) -> None:
    worst["inputs"].add(tuple(blob.shape[2:]))
    worst["count"] += 1


def compare_torch(model, onnx_path: Path, photos) -> dict:
    session, worst = _session(onnx_path), _worst()
    for blob in _blobs(onnx_path, photos):
        _diff(_torch_out(model, blob), session.run(None, {"images": blob})[0], worst)
        _seen(worst, blob)
    return worst


def compare_onnx(new_path: Path, old_path: Path, photos) -> dict:
    new, old, worst = _session(new_path), _session(old_path), _worst()
    for blob in _blobs(old_path, photos):  # the old file's own inputs
        _diff(new.run(None, {"images": blob})[0], old.run(None, {"images": blob})[0], worst)
        _seen(worst, blob)
    return worst


def compare_rectangular(model, onnx_path: Path, photos) -> dict:
    session, worst = _session(onnx_path), _worst()
    for blob in _blobs(onnx_path, photos):
        _diff(session.run(None, {"images": blob})[0], _torch_out(model, blob), worst)
        _seen(worst, blob)
    if all(h == w for h, w in worst["inputs"]):
        raise SystemExit("no rectangular input was fed: is the export dynamic?")
    return worst


def report(what: str, worst: dict) -> None:
    shapes = ", ".join(f"{w}x{h}" for h, w in sorted(worst["inputs"]))
    print(f"{what}: {worst['count']} inputs ({shapes}); largest difference: class score "
          f"{worst['class']:.1e}, box {worst['box']:.1e} px (anchors scoring >= {BOX_SCORE})")
    if worst["class"] > CLASS_TOLERANCE or worst["box"] > BOX_TOLERANCE_PX:
        raise SystemExit(f"{what}: outside the tolerance ({CLASS_TOLERANCE} class score, "
                         f"{BOX_TOLERANCE_PX} px)")


if __name__ == "__main__":
    main()
