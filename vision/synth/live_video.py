"""A rendered webcam video of tiles being put down one by one, with per-frame truth.

One table, one tile set and one camera for the whole video (seeded once per video, so the
background does not change from frame to frame). Each tile is carried in by a hand from
the bottom edge, laid at its place, and the hand leaves; the light dims and brightens and
its gradient drifts; every frame gets a little sensor noise.

Truth per frame (``frames[i]``): the tiles lying still and not hidden by the hand (at most
``HIDDEN_FRACTION`` of the tile covered), and the tile being carried, marked ``held``.
The truth file (``name.json`` beside ``name.avi``)::

    {"size": [w, h], "fps": f, "set_max": n,
     "tiles": [{"id": i, "values": [a, b], "corners": [[x, y] x4], "down_frame": k}],
     "frames": [[{"id": i, "values": [a, b], "corners": [[x, y] x4], "held": bool}, ...]]}

Corners run clockwise from the first corner of the first half (``values[0]``), as the
reader's ``corners_px`` do.

    python -m vision.synth.live_video datasets/samples/live_demo.avi
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.synth.backgrounds import felt
from vision.synth.scene import Pose
from vision.synth.tile_art import TileStyle, draw_tile

HIDDEN_FRACTION = 0.1
CARRY_FRAMES = 8  # frames the hand takes to bring a tile to its place
LEAVE_FRAMES = 5  # frames the hand takes to leave after letting go
SKIN_BGR = (120, 150, 205)

DEMO_TILES = ((5, 3), (6, 6), (12, 0), (9, 2))
DEMO_POSES = (Pose(170, 170, 0, 46), Pose(330, 150, 90, 46), Pose(480, 200, 25, 46),
              Pose(300, 320, -60, 46))


def demo_style() -> TileStyle:
    """White tiles, black pips, dark divider: a common set."""
    return TileStyle(face_bgr=(240, 242, 244), side_bgr=(190, 195, 200),
                     pip_colours=tuple((25, 25, 25) for _ in range(19)),
                     divider_bgr=(40, 40, 40), divider_thickness=0.04, has_pin=True,
                     corner_radius=0.1, pip_scale=1.0)


@dataclass(frozen=True)
class VideoPlan:
    size: tuple[int, int]
    fps: float
    frames: int
    set_max: int
    values: tuple[tuple[int, int], ...]
    poses: tuple[Pose, ...]
    down_frames: tuple[int, ...]  # frame at which each tile lies still (0: from the start)
    seed: int = 0
    noise: float = 2.0
    light_swing: float = 0.18


def demo_plan(seed: int = 7) -> VideoPlan:
    """The committed sample: 640x480, 80 frames at 10 fps, four tiles put down."""
    downs = tuple(4 + CARRY_FRAMES + 16 * k for k in range(len(DEMO_TILES)))
    return VideoPlan((640, 480), 10.0, 80, 12, DEMO_TILES, DEMO_POSES, downs, seed)


def grid_plan(count: int, size: tuple[int, int] = (1280, 720), frames: int = 60,
              fps: float = 15.0, set_max: int = 12, seed: int = 3,
              put_down_at: int = 20) -> VideoPlan:
    """``count`` tiles on a grid; all but the last lie there from the start, the last is
    put down at frame ``put_down_at`` (for timing a tile's value to settle)."""
    rng = np.random.default_rng(seed)
    w, h = size
    cols = min(count, 10)
    rows = -(-count // cols)
    half = min(w / (cols * 2.2), h / (rows * 3.2), 48.0)
    poses = []
    for i in range(count):
        r, c = divmod(i, cols)
        cx = w * (c + 0.5) / cols + rng.normal(0, half * 0.08)
        cy = h * 0.08 + (h * 0.9) * (r + 0.5) / rows
        poses.append(Pose(float(cx), float(cy), float(rng.normal(0, 8)), float(half)))
    deck = [(a, b) for a in range(set_max + 1) for b in range(a, set_max + 1)]
    picks = rng.permutation(len(deck))[:count]
    values = tuple(deck[i][::-1] if rng.random() < 0.5 else deck[i] for i in picks)
    downs = tuple(0 for _ in range(count - 1)) + (put_down_at,)
    return VideoPlan(size, fps, frames, set_max, values, tuple(poses), downs, seed)


# -- drawing ------------------------------------------------------------------------------
def _paste(canvas: np.ndarray, face: np.ndarray, mask: np.ndarray, corners: np.ndarray,
           lift: float) -> None:
    """Warp a tile face onto ``canvas`` (float32) at ``corners``, with a soft shadow that
    grows when the tile is lifted."""
    h, w = canvas.shape[:2]
    side = float(np.linalg.norm(corners[0] - corners[1]))
    offset = np.array([0.08, 0.12]) * side * (1.0 + 3.0 * lift)
    x0, y0 = np.floor(np.minimum(corners.min(0), (corners + offset).min(0))).astype(int) - 8
    x1, y1 = np.ceil(np.maximum(corners.max(0), (corners + offset).max(0))).astype(int) + 8
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    roi = canvas[y0:y1, x0:x1]
    shade = np.zeros(roi.shape[:2], np.float32)
    cv2.fillConvexPoly(shade, np.round(corners + offset - [x0, y0]).astype(np.int32), 1.0,
                       cv2.LINE_AA)
    k = max(3, int(side * (0.25 + lift)) | 1)
    shade = cv2.GaussianBlur(shade, (k, k), 0)
    roi *= (1.0 - 0.45 * shade / (1.0 + 2.0 * lift))[..., None]
    fh, fw = face.shape[:2]
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(mask, matrix, size, flags=cv2.INTER_LINEAR) / 255.0
    roi[:] = roi * (1 - alpha[..., None]) + warped.astype(np.float32) * alpha[..., None]


def _hand_mask(shape: tuple[int, int], grip: np.ndarray, toward: np.ndarray,
               scale: float) -> np.ndarray:
    """A hand whose fingertips are at ``grip``, its arm running to ``toward`` (off-frame)."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    direction = toward - grip
    direction /= np.linalg.norm(direction) + 1e-6
    across = np.array([-direction[1], direction[0]])
    palm = grip + direction * scale * 1.6
    angle = float(np.degrees(np.arctan2(direction[1], direction[0])))
    cv2.ellipse(mask, tuple(np.round(palm).astype(int)), (int(scale * 1.1), int(scale * 0.9)),
                angle, 0, 360, 255, -1, cv2.LINE_AA)
    for k in (-1.5, -0.5, 0.5, 1.5):  # fingers
        base = palm + across * k * scale * 0.45
        tip = grip + across * k * scale * 0.3
        cv2.line(mask, tuple(np.round(base).astype(int)), tuple(np.round(tip).astype(int)), 255,
                 max(2, int(scale * 0.35)), cv2.LINE_AA)
    arm_end = palm + direction * (w + h)
    cv2.line(mask, tuple(np.round(palm).astype(int)), tuple(np.round(arm_end).astype(int)), 255,
             int(scale * 1.5), cv2.LINE_AA)
    return mask


def _lighting(shape: tuple[int, int], t: float, swing: float) -> np.ndarray:
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = 2 * np.pi * t * 0.7
    ramp = (xx / w - 0.5) * np.cos(angle) + (yy / h - 0.5) * np.sin(angle)
    gain = 1.0 - swing * 0.5 + swing * 0.5 * np.cos(2 * np.pi * t * 1.3)
    return (gain * (1.0 + 0.25 * swing * 4 * ramp * t)).astype(np.float32)


def render_frames(plan: VideoPlan) -> Iterator[tuple[np.ndarray, list[dict]]]:
    """Each frame (BGR uint8) with its truth list."""
    rng = np.random.default_rng(plan.seed)
    w, h = plan.size
    table = felt((h, w), rng).astype(np.float32)
    style = demo_style()
    faces = []
    for values, pose in zip(plan.values, plan.poses, strict=True):
        render_half = int(np.clip(pose.half_px * 1.5, 16, 160))
        faces.append(draw_tile(values[0], values[1], render_half, style, rng))
    corners = [p.corners().astype(np.float64) for p in plan.poses]
    still = table.copy()
    laid: set[int] = set()
    entry = np.array([w * 0.5, h * 1.25])
    for i in range(plan.frames):
        for k, down in enumerate(plan.down_frames):
            if down <= i and k not in laid:
                _paste(still, *faces[k], corners[k], 0.0)
                laid.add(k)
        canvas = still.copy()
        hand = None
        held_truth: list[dict] = []
        for k, down in enumerate(plan.down_frames):
            start = down - CARRY_FRAMES
            if down == 0 or not start <= i < down + LEAVE_FRAMES:
                continue
            centre = corners[k].mean(0)
            grip_home = centre + np.array([0.0, plan.poses[k].half_px * 0.9])
            if i < down:  # carried in, lifted
                f = (i - start + 1) / CARRY_FRAMES
                ease = 1 - (1 - f) ** 2
                shift = (entry - centre) * (1 - ease)
                moved = corners[k] + shift
                _paste(canvas, *faces[k], moved, lift=0.4 * (1 - ease))
                grip = grip_home + shift
                held_truth.append({"id": k, "values": list(plan.values[k]),
                                   "corners": _pts(moved), "held": True})
            else:  # let go: the hand leaves
                f = (i - down + 1) / LEAVE_FRAMES
                grip = grip_home + (entry - grip_home) * f**1.5 + [0.0, plan.poses[k].half_px]
            hand = _hand_mask((h, w), grip, entry + [0, h], plan.poses[k].half_px * 0.8)
        if hand is not None:
            skin = np.array(SKIN_BGR, np.float32) * (0.9 + 0.1 * rng.random())
            alpha = (cv2.GaussianBlur(hand, (5, 5), 0) / 255.0)[..., None]
            canvas = canvas * (1 - alpha) + skin * alpha
        canvas *= _lighting((h, w), i / max(1, plan.frames - 1), plan.light_swing)[..., None]
        canvas += rng.normal(0, plan.noise, canvas.shape).astype(np.float32)
        image = canvas.clip(0, 255).astype(np.uint8)
        truth = []
        for k in sorted(laid):
            if hand is not None and _hidden(hand, corners[k]):
                continue
            truth.append({"id": k, "values": list(plan.values[k]), "corners": _pts(corners[k]),
                          "held": False})
        yield image, truth + held_truth


def _hidden(hand: np.ndarray, corners: np.ndarray) -> bool:
    tile = np.zeros_like(hand)
    cv2.fillConvexPoly(tile, np.round(corners).astype(np.int32), 255)
    area = max(1, int(np.count_nonzero(tile)))
    covered = int(np.count_nonzero(tile & hand))
    return covered > HIDDEN_FRACTION * area


def _pts(corners: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in corners]


def truth_header(plan: VideoPlan) -> dict:
    return {
        "size": list(plan.size), "fps": plan.fps, "set_max": plan.set_max,
        "tiles": [{"id": k, "values": list(v), "corners": _pts(p.corners().astype(np.float64)),
                   "down_frame": d}
                  for k, (v, p, d) in enumerate(zip(plan.values, plan.poses, plan.down_frames,
                                                    strict=True))],
    }


def write_video(path: str | Path, plan: VideoPlan) -> dict:
    """Write the video (MJPG in .avi) and ``path.json`` with the truth; return the truth."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    writer = cv2.VideoWriter(str(target), cv2.VideoWriter_fourcc(*"MJPG"), plan.fps, plan.size)
    if not writer.isOpened():
        raise OSError(f"{target}: cannot write an MJPG video here")
    truth = truth_header(plan)
    frames = []
    try:
        for image, frame_truth in render_frames(plan):
            writer.write(image)
            frames.append(frame_truth)
    finally:
        writer.release()
    truth["frames"] = frames
    target.with_suffix(".json").write_text(json.dumps(truth, separators=(",", ":")) + "\n",
                                           encoding="utf-8")
    return truth


def load_truth(path: str | Path) -> dict:
    """The truth file beside a rendered video (``name.json`` for ``name.avi``)."""
    return json.loads(Path(path).with_suffix(".json").read_text(encoding="utf-8"))


class TruthReader:
    """A stand-in reader that replays a rendered video's truth, one frame per ``read``
    call, with seeded mistakes of the kinds a real reader makes: tiles missed, corners
    jittered, the half order swapped, halves misread at low confidence (more often for a
    tile in a hand), and stray detections. For the live loop's tests and demos without
    models."""

    def __init__(self, truth: dict, seed: int = 0, miss: float = 0.08, flip: float = 0.1,
                 misread: float = 0.12, misread_held: float = 0.5, ghost: float = 0.05,
                 jitter_px: float = 1.0) -> None:
        self.frames = truth["frames"]
        self.rng = np.random.default_rng(seed)
        self.miss, self.flip, self.misread = miss, flip, misread
        self.misread_held, self.ghost, self.jitter_px = misread_held, ghost, jitter_px
        self.size = truth["size"]
        self.calls = 0

    def read(self, image_bgr: np.ndarray, set_max: int | None = None):
        from vision.types import HalfReading, TileReading

        index = min(self.calls, len(self.frames) - 1)
        self.calls += 1
        rng = self.rng
        limit = 18 if set_max is None else set_max
        tiles = []
        entries = list(self.frames[index])
        if rng.random() < self.ghost:
            x, y = rng.uniform(50, self.size[0] - 50), rng.uniform(50, self.size[1] - 50)
            entries.append({"values": [int(rng.integers(0, limit + 1))] * 2, "held": True,
                            "corners": [[x - 20, y - 40], [x + 20, y - 40], [x + 20, y + 40],
                                        [x - 20, y + 40]]})
        for entry in entries:
            if rng.random() < self.miss:
                continue
            corners = np.array(entry["corners"], np.float64)
            corners += rng.normal(0, self.jitter_px, corners.shape)
            values = list(entry["values"])
            if rng.random() < self.flip:
                corners = corners[[2, 3, 0, 1]]
                values = values[::-1]
            m12, m30 = (corners[1] + corners[2]) / 2, (corners[3] + corners[0]) / 2
            centres = ((corners[0] + corners[1] + m12 + m30) / 4,
                       (m30 + m12 + corners[2] + corners[3]) / 4)
            odds = self.misread_held if entry.get("held") else self.misread
            halves = []
            for value, centre in zip(values, centres, strict=True):
                if rng.random() < odds:
                    wrong = int(np.clip(value + rng.choice([-1, 1]), 0, limit))
                    if wrong == value:
                        wrong = value + 1 if value < limit else value - 1
                    half = HalfReading((float(centre[0]), float(centre[1])), wrong,
                                       float(rng.uniform(0.4, 0.6)), value,
                                       float(rng.uniform(0.25, 0.4)))
                else:
                    near = value + 1 if value < limit else value - 1
                    half = HalfReading((float(centre[0]), float(centre[1])), value,
                                       float(rng.uniform(0.85, 0.99)), near,
                                       float(rng.uniform(0.0, 0.1)))
                halves.append(half)
            points = tuple((float(x), float(y)) for x, y in corners)
            tiles.append(TileReading(points, (halves[0], halves[1]),  # type: ignore[arg-type]
                                     min(h.confidence for h in halves)))
        return tiles, []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="render the live-mode sample video")
    parser.add_argument("out", help="video file to write (.avi)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    try:
        write_video(args.out, demo_plan(args.seed))
    except OSError as error:
        print(f"live_video: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
