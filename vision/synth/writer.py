"""Writing a synthetic dataset: photos, YOLO labels for the detector, JSON truth.

Layout under the output folder:
  images/NAME.jpg   the photo
  labels/NAME.txt   YOLO boxes: class 0 = a tile half, class 1 = a whole tile
  truth/NAME.json   the truth in the same JSON form as `chickenfoot read --json`
  truth/NAME.backs.json  corners of tiles lying face down, when the photo has some
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from vision.image_write import write_image
from vision.synth.scene import Extras, PlacedTile, half_quads, render_scene
from vision.whole_file import write_text

HALF_CLASS, TILE_CLASS = 0, 1


def yolo_lines(tiles: list[PlacedTile], width: int, height: int) -> list[str]:
    lines = []
    for tile in tiles:
        for cls, quad in [(HALF_CLASS, q) for q in half_quads(tile.corners)] + [
            (TILE_CLASS, tile.corners)
        ]:
            x0, y0 = np.clip(quad.min(0), 0, [width, height])
            x1, y1 = np.clip(quad.max(0), 0, [width, height])
            if x1 - x0 < 2 or y1 - y0 < 2:
                continue
            lines.append(
                f"{cls} {(x0 + x1) / 2 / width:.6f} {(y0 + y1) / 2 / height:.6f} "
                f"{(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}"
            )
    return lines


def truth_record(name: str, tiles: list[PlacedTile], width: int, height: int) -> dict:
    records = []
    for tile in tiles:
        halves = [
            {
                "center": [round(float(v), 2) for v in quad.mean(0)],
                "pips": int(value),
                "confidence": 1.0,
            }
            for quad, value in zip(half_quads(tile.corners), tile.values, strict=False)
        ]
        records.append(
            {
                "pips": list(tile.values),
                "confidence": 1.0,
                "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in tile.corners],
                "halves": halves,
            }
        )
    return {"image": name, "width": width, "height": height, "tiles": records}


def photo_truth_files(out_dir: Path, limit: int | None = None) -> list[Path]:
    """The truth file of each photo in a written set, in name order, at most ``limit``.
    A tableau set's truth/ also holds NAME.disputed.json, which is not a photo's truth."""
    files = [f for f in sorted((out_dir / "truth").glob("*.json")) if f.suffixes == [".json"]]
    return files[:limit]


def photo_backs(truth_file: Path) -> list[np.ndarray]:
    """The corners (4x2, float32) of the tiles lying face down in the photo whose truth
    file this is, written beside it as NAME.backs.json; none when it has none."""
    backs = truth_file.with_suffix(".backs.json")
    if not backs.is_file():
        return []
    return [np.array(corners, np.float32) for corners in json.loads(backs.read_text())]


def write_dataset(
    out_dir: Path,
    count: int,
    seed: int,
    jpeg_quality: tuple[int, int] = (45, 95),
    set_max: int | None = None,
    max_tiles: int = 20,
    stretch_prob: float = 0.0,
    hard_prob: float = 0.0,
    wide_styles: bool = False,
    yard: bool = False,
    progress=None,
) -> None:
    """Render ``count`` photos into ``out_dir``; photo i uses seed (seed, i), so any photo can
    be regenerated alone and two runs with one seed write the same files. A share
    ``hard_prob`` of the photos also holds face-down tiles and clutter, drawn with sets of
    every colour; a third of those hold no face-up tile at all. ``wide_styles`` draws
    every photo's tiles in sets of every colour (pink, green, blue faces; yellow pips).
    ``yard`` lays the face-down tiles of those photos together, touching, as the chicken
    yard lies beside a hand (more of them: 4 to 20)."""
    for sub in ("images", "labels", "truth"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    for index in range(count):
        rng = np.random.default_rng([seed, index])
        stretch = bool(rng.random() < stretch_prob)
        extras, tiles_here = (Extras(wide_styles=True) if wide_styles else None), max_tiles
        if hard_prob > 0 and rng.random() < hard_prob:
            extras = Extras(backs=int(rng.integers(0, 9)), clutter=int(rng.integers(1, 7)),
                            wide_styles=True)
            if yard:
                extras = Extras(backs=int(rng.integers(4, 21)), yard=True,
                                clutter=extras.clutter // 2, wide_styles=True)
            if rng.random() < 1 / 3:
                tiles_here = 0
        backs: list[np.ndarray] = []
        image, tiles = render_scene(
            rng, set_max=set_max, max_tiles=tiles_here, stretch_to_square=stretch,
            extras=extras, backs_out=backs,
        )
        name = f"synth_{seed}_{index:05d}"
        height, width = image.shape[:2]
        quality = int(rng.integers(*jpeg_quality))
        # the photo last, each file whole: a stopped run leaves no photo without its truth
        write_text(out_dir / "labels" / f"{name}.txt",
                   "\n".join(yolo_lines(tiles, width, height)) + "\n")
        record = truth_record(f"{name}.jpg", tiles, width, height)
        write_text(out_dir / "truth" / f"{name}.json", json.dumps(record) + "\n")
        if backs:  # not tiles: what the reader must not read (training negatives)
            write_text(out_dir / "truth" / f"{name}.backs.json",
                       json.dumps([np.round(c, 1).tolist() for c in backs]) + "\n")
        write_image(out_dir / "images" / f"{name}.jpg", image, quality)
        if progress:
            progress(index + 1, count)
