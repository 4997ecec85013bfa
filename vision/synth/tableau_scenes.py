"""Rendered tableaux with their truth: boards from simulated rounds, disputed plays (legal
and illegal), photos of them, and a writer for a labelled set.

A scene is a board as a real round left it after some plays, optionally with one more
tile laid on it, the disputed one: the last tile really played (legal), or a tile laid
where the rules forbid it: beyond the arms while the spinner lacks some (arms-first),
elsewhere while a chicken foot is open (foot-open), or with a half that does not match
the end it touches (no-match).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.judge import judge_play
from scorer.moves import Play
from scorer.notation import Board, BoardEntry, format_board, to_tableau
from scorer.rules import RuleSet
from scorer.tableau import Placement
from scorer.tiles import full_set
from scorer.verdict import Verdict
from vision.image_write import write_image
from vision.synth.scene import PlacedTile, _camera_tilt, render_scene
from vision.synth.tableau_layout import (
    LaidTile,
    LayoutError,
    fit_poses,
    layout_tableau,
    simulated_state,
)
from vision.synth.writer import truth_record, yolo_lines
from vision.whole_file import write_text

KINDS = ("legal", "arms-first", "foot-open", "no-match")


@dataclass(frozen=True)
class TableauScene:
    """Placements in play order (the disputed tile last, when any) and the truth."""

    placements: tuple[Placement, ...]
    rules: RuleSet
    kind: str = "board"
    disputed: Placement | None = None

    @property
    def board(self) -> Board:
        return _board_of(self.placements)

    def verdict(self) -> Verdict | None:
        """The engine's verdict on the disputed tile, on the board without it."""
        if self.disputed is None:
            return None
        rest = _board_of(self.placements[:-1])
        return judge_play(to_tableau(rest, self.rules), Play(self.disputed.tile,
                                                             self.disputed.parent))


def _board_of(placements: tuple[Placement, ...]) -> Board:
    return Board.of(BoardEntry(p.tile, p.parent) for p in placements)


def make_scene(rng: random.Random, tiles: int, rules: RuleSet, kind: str = "board",
               spinner: int | None = None) -> TableauScene:
    """A scene of about ``tiles`` tiles of the given kind (see the module docstring),
    around the double ``spinner`` when given."""
    for _ in range(50):
        scene = _try_scene(rng, tiles, rules, kind, spinner)
        if scene is not None:
            return scene
    raise LayoutError(f"no {kind} scene of {tiles} tiles")


def _try_scene(rng: random.Random, tiles: int, rules: RuleSet, kind: str,
               spinner: int | None = None) -> TableauScene | None:
    arms = rules.spinner_arms
    if kind in ("board", "legal"):
        state = simulated_state(rules, tiles, rng, spinner=spinner)
        order = tuple(state.tableau.order)
        if kind == "board":
            return TableauScene(order, rules)
        if len(order) < 2:
            return None
        return TableauScene(order, rules, kind, order[-1])
    if kind == "arms-first":
        want = rng.randint(2, arms)
        state = simulated_state(rules, want, rng, spinner=spinner)
        ends = [e for e in state.tableau.open_ends if e.tile != state.tableau.spinner]
    elif kind == "foot-open":
        state = simulated_state(rules, tiles, rng, spinner=spinner, stop=lambda s: (
            s.tableau.foot is not None and s.tableau.arms_missing <= 0
            and len(s.tableau) >= min(tiles, arms + 2)))
        ends = [e for e in state.tableau.open_ends if e.tile != state.tableau.foot]
    elif kind == "no-match":
        state = simulated_state(rules, tiles, rng, spinner=spinner)
        ends = list(state.tableau.allowed_ends())
    else:
        raise ValueError(f"unknown scene kind '{kind}' ({', '.join(KINDS)} or board)")
    if not ends:
        return None
    end = ends[rng.randrange(len(ends))]
    on_board = state.tableau.tiles
    free = [t for t in full_set(rules.set_max) if t not in on_board and not t.is_double]
    if kind == "no-match":
        free = [t for t in free if not t.has(end.value)]
        if not free:
            return None
        tile = free[rng.randrange(len(free))]
        touching = tile.ends[rng.randrange(2)]
    else:
        free = [t for t in free if t.has(end.value)]
        if not free:
            return None
        tile = free[rng.randrange(len(free))]
        touching = end.value
    disputed = Placement(tile, end.tile, touching)
    scene = TableauScene(tuple(state.tableau.order) + (disputed,), rules, kind, disputed)
    verdict = scene.verdict()
    return scene if verdict is not None and not verdict.legal else None


# ---------------------------------------------------------------- pictures
def frame_for(count: int) -> tuple[int, int]:
    """A photo size that keeps tiles readable for ``count`` tiles."""
    if count <= 8:
        return (960, 720)
    if count <= 20:
        return (1280, 960)
    return (1600, 1200)


def lay_out(scene: TableauScene, rng: random.Random) -> list[LaidTile]:
    return layout_tableau(scene.placements, scene.rules, rng)


def _laid_scene(seed: int, index: int, tiles: int, rules: RuleSet, kind: str,
                attempts: int = 20) -> tuple[TableauScene, list[LaidTile]]:
    """A scene and its layout for photo ``index``. A board that cannot be laid out without
    overlaps is drawn again from the next seed of this photo, so a set always completes
    and stays reproducible."""
    for attempt in range(attempts):
        rng = random.Random(seed * 100_003 + index + attempt * 1_000_003)
        try:
            scene = make_scene(rng, tiles, rules, kind)
            return scene, lay_out(scene, rng)
        except LayoutError:
            continue
    raise LayoutError(f"no {kind} board of {tiles} tiles could be laid out for photo {index}")


def scene_tiles(laid: list[LaidTile], size: tuple[int, int], rng: np.random.Generator,
                tilt: float = 0.14) -> list[PlacedTile]:
    """Where the tiles land in a photo (camera tilt included) without drawing it."""
    poses = fit_poses(laid, size)
    matrix = _camera_tilt(size, rng, rng.uniform(0.0, tilt))
    out = []
    for pose, t in zip(poses, laid, strict=True):
        corners = cv2.perspectiveTransform(pose.corners()[None], matrix)[0]
        out.append(PlacedTile(values=t.values, corners=corners))
    return out


def scene_photo(laid: list[LaidTile], size: tuple[int, int], set_max: int,
                rng: np.random.Generator) -> tuple[np.ndarray, list[PlacedTile]]:
    """The photo of a laid-out tableau and its tiles."""
    poses = fit_poses(laid, size)
    return render_scene(rng, size=size, set_max=set_max, poses=poses,
                        values=[t.values for t in laid])


def write_tableau_set(out_dir: Path, count: int, seed: int, tiles: tuple[int, ...] = (5, 15, 30),
                      rules: RuleSet | None = None, jpeg_quality: int = 85,
                      disputes: bool = True, progress=None) -> list[str]:
    """Render ``count`` tableau photos into ``out_dir``: images/NAME.jpg, truth/NAME.json
    (the read-JSON form), truth/NAME.board.txt (the board notation) and, for photos with a
    disputed tile, truth/NAME.disputed.json. Photo i uses seed (seed, i)."""
    rules = rules or RuleSet()
    for sub in ("images", "labels", "truth"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    names = []
    for index in range(count):
        kind = KINDS[index % len(KINDS)] if disputes else "board"
        scene, laid = _laid_scene(seed, index, tiles[index % len(tiles)], rules, kind)
        size = frame_for(len(laid))
        image, placed = scene_photo(laid, size, rules.set_max, np.random.default_rng([seed, index]))
        name = f"tableau_{seed}_{index:04d}"
        # the photo last, each file whole: a stopped run leaves no photo without its truth
        record = truth_record(f"{name}.jpg", placed, size[0], size[1])
        write_text(out_dir / "labels" / f"{name}.txt",
                   "\n".join(yolo_lines(placed, size[0], size[1])) + "\n")
        write_text(out_dir / "truth" / f"{name}.json", json.dumps(record) + "\n")
        write_text(out_dir / "truth" / f"{name}.board.txt", format_board(scene.board) + "\n")
        verdict = scene.verdict()
        if verdict is not None and scene.disputed is not None:
            data = {"tile": str(scene.disputed.tile), "on": str(scene.disputed.parent),
                    "kind": scene.kind, "legal": verdict.legal,
                    "violations": sorted(r.violation.value for r in verdict.reasons)}
            write_text(out_dir / "truth" / f"{name}.disputed.json", json.dumps(data) + "\n")
        write_image(out_dir / "images" / f"{name}.jpg", image, jpeg_quality)
        names.append(name)
        if progress:
            progress(index + 1, count)
    return names


__all__ = ["KINDS", "TableauScene", "frame_for", "lay_out", "make_scene", "scene_photo",
           "scene_tiles", "write_tableau_set"]
