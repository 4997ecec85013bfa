"""Train the tile/half detector (YOLO11n from scratch) and export it to ONNX.

    python -m vision.training.train_detector --data DATA.yaml --hours 1.2 --imgsz 384

Resumable: run again with --resume after a stop. The exported model is written to
models/detector.onnx (a fixed square input: the shipped weights, trained on square inputs,
read rendered photos worse at their own shape, see vision/training/reexport_detector.py);
the data that made it is models/detector_stage*.yaml and the recipe is in
models/MODEL_CARD.md. ``--init models/detector.pt`` fine-tunes the shipped weights
(recovered from the ONNX file by vision/training/reexport_detector.py).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from vision.training.offline import prepare_offline_ultralytics

REPO = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="ultralytics dataset YAML")
    parser.add_argument("--hours", type=float, default=1.2, help="training time budget")
    parser.add_argument("--epochs", type=int, default=60, help="upper bound on epochs")
    parser.add_argument("--imgsz", type=int, default=384)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--project", type=Path, default=REPO / "runs")
    parser.add_argument("--name", default="detector")
    parser.add_argument("--resume", action="store_true", help="continue the last run")
    parser.add_argument(
        "--init", type=Path, help="start from these weights (.pt) instead of scratch"
    )
    parser.add_argument("--export-only", type=Path, help="export this .pt to models/ and stop")
    parser.add_argument("--out", type=Path, default=REPO / "models" / "detector.onnx",
                        help="where the exported ONNX goes (measure it before shipping)")
    args = parser.parse_args()

    prepare_offline_ultralytics(REPO / ".yolo")
    data = resolve_data_yaml(args.data, args.project / args.name)
    from ultralytics import YOLO

    if args.export_only:
        export(YOLO(str(args.export_only)), args.imgsz, args.out)
        return
    if args.resume:
        model = YOLO(str(args.project / args.name / "weights" / "last.pt"))
        model.train(resume=True)
    else:
        model = YOLO(str(args.init) if args.init else "yolo11n.yaml")
        model.train(
            data=str(data),
            epochs=args.epochs,
            time=args.hours,
            imgsz=args.imgsz,
            batch=args.batch,
            device="cpu",
            workers=2,
            project=str(args.project.resolve()),
            name=args.name,
            exist_ok=True,
            plots=False,
            amp=False,
            seed=0,
            deterministic=False,
            # Rotation and perspective come from the renderer; flips are free because a
            # tile and its halves are symmetric shapes.
            degrees=0.0,
            flipud=0.5,
            fliplr=0.5,
            mosaic=1.0,
            close_mosaic=2,
            patience=100,
        )
    # The last epoch, not the "best" one: best is chosen on rendered validation photos,
    # which say little about real ones, and the learning rate has decayed by the end.
    last = args.project / args.name / "weights" / "last.pt"
    export(YOLO(str(last)), args.imgsz, args.out)


def resolve_data_yaml(data: Path, run_dir: Path) -> Path:
    """The dataset YAML with a relative ``path`` made absolute against the repository
    root (ultralytics would look in its own datasets folder), written beside the run."""
    import yaml

    spec = yaml.safe_load(data.read_text())
    root = Path(spec.get("path", "."))
    if root.is_absolute():
        return data.resolve()
    spec["path"] = str((REPO / root).resolve())
    run_dir.mkdir(parents=True, exist_ok=True)
    resolved = run_dir / "data.yaml"
    resolved.write_text(yaml.safe_dump(spec))
    return resolved


def export(model, imgsz: int, target: Path) -> None:
    onnx_path = Path(
        model.export(format="onnx", imgsz=imgsz, dynamic=False, simplify=True, opset=17)
    )
    shutil.copyfile(onnx_path, target)
    print(f"exported {target}")


if __name__ == "__main__":
    main()
