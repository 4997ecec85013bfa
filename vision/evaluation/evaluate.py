"""Measure a tile reader on a labelled set of photos.

Two label formats are understood:

(a) **Half boxes** (YOLO, the real photos in ``datasets/real/``): a split folder with
    ``images/`` and ``labels/`` (``class cx cy w h`` normalised), or a ``data.yaml`` (its
    ``val`` split), or a folder holding one. Class names come from ``data.yaml`` ``names``
    or ``classes.txt``; a name ending in a number (``pip-7``) means that pip value. One box
    per tile half that shows pips; **blank halves and tiles are not labelled.**
(b) **Truth JSON** (synthetic renders): ``name.jpg`` beside ``name.json``, or
    ``images/name.jpg`` with ``truth/name.json``, in the read-JSON format
    (``vision.reader.report``); every tile and half, blanks included, is known. When a folder
    holds truth JSON it is read as (b) even if it also has YOLO ``labels/``.

Definitions for (a), where only non-blank halves are labelled:

- *Half matching*: a predicted half can match a labelled half only when its centre lies
  inside the labelled box; matches are one-to-one, taken greedily by distance between
  the predicted centre and the box centre. A predicted half inside no labelled box is not
  a false positive when it reads 0 (blanks are not labelled).
- *Labelled tiles* come from ``tiles/<photo>.txt`` beside ``labels/`` when the split has
  it (a line per tile: the label line numbers, from 0, of its labelled halves; one number
  is a tile with a blank other half; pairings checked by a person, see
  ``vision.training.propose_tile_pairs``). Without it they are inferred from the boxes
  alone, with the reader's own pairing
  geometry (``vision.reader.assemble.half_pair_error``: the centres' offset in units of the
  boxes' mean size is 1 in |dx| + |dy| for two halves of one tile, at any rotation)
  and the tolerance of ``vision.evaluation.labels``; pairs are taken best fit first. A
  labelled half left unpaired is a tile whose other half is blank. This is a heuristic:
  two tiles lying side by side in a 2x2 block of halves cannot be told apart from the
  boxes, so tile-level numbers on (a) carry that uncertainty; per-half accuracy and pip
  totals do not.
- *Tile recall*: labelled tiles matched by a predicted tile, over labelled tiles. A pair
  is matched when both its halves match halves of the same predicted tile; a lone half
  when it matches a half of a predicted tile. Each predicted tile matches at most one
  labelled tile.
- *Tile precision*: matched predicted tiles over judged predicted tiles; a predicted
  tile is judged unless it matches no labelled half and reads 0|0 (a double blank has no
  label to compare with).
- *Per-half accuracy*: labelled halves read with the right value, over labelled halves
  (an unmatched labelled half is wrong).
- *Exact tile*: a matched labelled tile whose labelled halves are all right and, for a
  lone half, whose predicted partner half reads 0. Exact-tile accuracy is over labelled
  tiles.
- *Pip-total exact*: the photo's predicted pip total equals the sum of its labels.
  *Pip total shown*: the same for the total `read` shows, of the sure tiles only (a
  doubtful tile is listed apart for the player to confirm, not counted).

For (b) the same names mean: tiles matched one-to-one greedily by polygon IoU (at least
0.5, or centres within a quarter of the tile's short side); the halves of a matched pair
are aligned by nearest centres; per-half accuracy is over all truth halves (blanks
included); precision is matched over all predicted tiles.

A photo that cannot be read counts as an empty prediction and is listed in ``errors``.
The confusion summary counts (true value, value read) of wrong halves; ``None`` read
means the half was not found.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.json_text import JsonProblem, read_json
from scorer.messages import clip, clip_name
from scorer.scoring import pip_total
from scorer.tiles import SET_SIZES
from vision.doubt import is_doubtful_confidence
from vision.evaluation.labels import PAIR_TOLERANCE
from vision.file_kind import special_kind
from vision.image import IMAGE_SUFFIXES
from vision.reader import (
    Calibration,
    FrameReader,
    RecognitionError,
    counted_hand,
    greedy_pairs,
    recognize_file,
    scale_tile,
)
from vision.types import Recognition, TileReading

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels
IOU_MATCH = 0.5


class DatasetError(Exception):
    """A dataset path that cannot be evaluated; the message is one line."""


# -- samples ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LabelledHalf:
    """A labelled half box, normalised to the image (0..1), with its pip value."""

    cx: float
    cy: float
    w: float
    h: float
    value: int

    def box_px(self, width: int, height: int) -> Box:
        return ((self.cx - self.w / 2) * width, (self.cy - self.h / 2) * height,
                (self.cx + self.w / 2) * width, (self.cy + self.h / 2) * height)


@dataclass(frozen=True, slots=True)
class HalfBoxSample:
    image: Path
    halves: tuple[LabelledHalf, ...]
    tiles: tuple[tuple[int, ...], ...] | None = None  # checked pairing, when the set has one


@dataclass(frozen=True, slots=True)
class TruthSample:
    image: Path
    truth: Recognition


Sample = HalfBoxSample | TruthSample


# -- per-photo scores ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PhotoScore:
    """The counts of one photo, before they are summed over a dataset."""

    tiles_labelled: int
    tiles_matched: int
    tiles_exact: int
    tiles_predicted: int
    tiles_judged: int
    predicted_matched: int
    halves_labelled: int
    halves_correct: int
    pip_total_truth: int
    pip_total_read: int
    confusions: tuple[tuple[int, int | None], ...] = ()
    # the total `read` shows: doubtful tiles are listed apart, not counted
    pip_total_shown: int = 0
    # (confidence, read right) of every judged tile read: what calibration is measured on
    judged: tuple[tuple[float, bool], ...] = ()


@dataclass(frozen=True)
class EvalMetrics:
    """Accuracy of a reader on a dataset (definitions in the module docstring)."""

    dataset: str
    label_format: str
    photos: int
    tiles_labelled: int
    tiles_predicted: int
    tiles_judged: int
    tiles_matched: int
    predicted_matched: int
    tiles_exact: int
    halves_labelled: int
    halves_correct: int
    photos_pip_total_exact: int
    mean_ms: float
    confusions: tuple[tuple[int, int | None, int], ...] = ()
    errors: tuple[str, ...] = field(default_factory=tuple)
    judged: tuple[tuple[float, bool], ...] = ()
    photos_with_tiles_invented: int = 0  # photos with no labelled tile where some were read
    photos_pip_total_shown_exact: int = 0  # the total of the sure tiles, as `read` shows it

    @property
    def calibration_error(self) -> float:
        """Expected calibration error of tile confidences (10 equal-width bins)."""
        return expected_calibration_error(self.judged)

    @property
    def tiles_doubtful(self) -> int:
        return sum(1 for c, _ in self.judged if is_doubtful_confidence(c))

    @property
    def wrong_tiles_sure(self) -> int:
        """Tiles read wrong (or made up) and not shown as doubtful: the broken promises."""
        return sum(1 for c, right in self.judged if not right and not is_doubtful_confidence(c))

    @property
    def tile_recall(self) -> float:
        return _ratio(self.tiles_matched, self.tiles_labelled)

    @property
    def tile_precision(self) -> float:
        return _ratio(self.predicted_matched, self.tiles_judged)

    @property
    def half_accuracy(self) -> float:
        return _ratio(self.halves_correct, self.halves_labelled)

    @property
    def exact_tile_accuracy(self) -> float:
        return _ratio(self.tiles_exact, self.tiles_labelled)

    @property
    def pip_total_exact_rate(self) -> float:
        return _ratio(self.photos_pip_total_exact, self.photos)

    @property
    def pip_total_shown_rate(self) -> float:
        return _ratio(self.photos_pip_total_shown_exact, self.photos)

    @classmethod
    def from_scores(cls, dataset: str, label_format: str, scores: Sequence[PhotoScore],
                    elapsed_ms: Sequence[float] = (), errors: Iterable[str] = (),
                    top_confusions: int = 10) -> EvalMetrics:
        confusion = Counter(c for s in scores for c in s.confusions)
        ranked = sorted(confusion.items(), key=lambda kv: (-kv[1], kv[0][0],
                                                           -1 if kv[0][1] is None else kv[0][1]))
        return cls(
            dataset=dataset, label_format=label_format, photos=len(scores),
            tiles_labelled=sum(s.tiles_labelled for s in scores),
            tiles_predicted=sum(s.tiles_predicted for s in scores),
            tiles_judged=sum(s.tiles_judged for s in scores),
            tiles_matched=sum(s.tiles_matched for s in scores),
            predicted_matched=sum(s.predicted_matched for s in scores),
            tiles_exact=sum(s.tiles_exact for s in scores),
            halves_labelled=sum(s.halves_labelled for s in scores),
            halves_correct=sum(s.halves_correct for s in scores),
            photos_pip_total_exact=sum(s.pip_total_read == s.pip_total_truth for s in scores),
            mean_ms=(sum(elapsed_ms) / len(elapsed_ms)) if elapsed_ms else 0.0,
            confusions=tuple((t, p, n) for (t, p), n in ranked[:top_confusions]),
            errors=tuple(errors),
            judged=tuple(j for s in scores for j in s.judged),
            photos_with_tiles_invented=sum(1 for s in scores
                                           if s.tiles_labelled == 0 and s.tiles_predicted > 0),
            photos_pip_total_shown_exact=sum(s.pip_total_shown == s.pip_total_truth
                                             for s in scores),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "dataset": self.dataset, "format": self.label_format, "photos": self.photos,
            "tile_recall": round(self.tile_recall, 4),
            "tile_precision": round(self.tile_precision, 4),
            "half_accuracy": round(self.half_accuracy, 4),
            "exact_tile_accuracy": round(self.exact_tile_accuracy, 4),
            "pip_total_exact_rate": round(self.pip_total_exact_rate, 4),
            "pip_total_shown_rate": round(self.pip_total_shown_rate, 4),
            "tiles_labelled": self.tiles_labelled, "tiles_predicted": self.tiles_predicted,
            "tiles_judged": self.tiles_judged, "tiles_matched": self.tiles_matched,
            "predicted_matched": self.predicted_matched, "tiles_exact": self.tiles_exact,
            "halves_labelled": self.halves_labelled, "halves_correct": self.halves_correct,
            "photos_pip_total_exact": self.photos_pip_total_exact,
            "mean_ms": round(self.mean_ms, 1),
            "calibration_error": round(self.calibration_error, 4),
            "tiles_doubtful": self.tiles_doubtful,
            "wrong_tiles_sure": self.wrong_tiles_sure,
            "photos_with_tiles_invented": self.photos_with_tiles_invented,
            "confusions": [{"true": t, "read": p, "count": n} for t, p, n in self.confusions],
            "errors": list(self.errors),
        }

    def lines(self) -> list[str]:
        def pct(x: float) -> str:
            return f"{100 * x:5.1f}%"

        out = [
            f"{self.dataset} ({self.label_format}): {self.photos} photos, "
            f"{len(self.errors)} unreadable, {self.mean_ms:.0f} ms per photo",
            f"  tile recall        {pct(self.tile_recall)}  "
            f"({self.tiles_matched}/{self.tiles_labelled} labelled tiles)",
            f"  tile precision     {pct(self.tile_precision)}  "
            f"({self.predicted_matched}/{self.tiles_judged} judged of "
            f"{self.tiles_predicted} read)",
            f"  half accuracy      {pct(self.half_accuracy)}  "
            f"({self.halves_correct}/{self.halves_labelled} labelled halves)",
            f"  exact tiles        {pct(self.exact_tile_accuracy)}  "
            f"({self.tiles_exact}/{self.tiles_labelled})",
            f"  pip total exact    {pct(self.pip_total_exact_rate)}  "
            f"({self.photos_pip_total_exact}/{self.photos} photos)",
            f"  pip total shown    {pct(self.pip_total_shown_rate)}  "
            f"({self.photos_pip_total_shown_exact}/{self.photos} photos: sure tiles only, "
            "as `read` shows it)",
            f"  doubtful tiles     {self.tiles_doubtful} of {len(self.judged)} judged; "
            f"wrong but sure {self.wrong_tiles_sure}; calibration error "
            f"{self.calibration_error:.3f}",
        ]
        if self.photos_with_tiles_invented:
            out.append(f"  tiles read on {self.photos_with_tiles_invented} photo(s) "
                       "with no labelled tile")
        if self.confusions:
            shown = ", ".join(f"{t}->{'missed' if p is None else p} x{n}"
                              for t, p, n in self.confusions)
            out.append(f"  most common misreads: {shown}")
        out += [f"  ! {e}" for e in self.errors]
        return out


def expected_calibration_error(judged: Sequence[tuple[float, bool]], bins: int = 10) -> float:
    """Mean gap between confidence and the share read right, weighted by bin size."""
    if not judged:
        return 0.0
    conf = np.array([c for c, _ in judged], np.float64)
    right = np.array([r for _, r in judged], np.float64)
    index = np.minimum((conf * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        inside = index == b
        if inside.any():
            total += inside.sum() * abs(conf[inside].mean() - right[inside].mean())
    return float(total / len(conf))


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


# -- scoring (a): half boxes --------------------------------------------------------------
def pair_halves(boxes: Sequence[Box]) -> list[tuple[int, ...]]:
    """Labelled tiles inferred from half boxes: index pairs, then lone indices (the same
    geometry the reader and the training labels use)."""
    pairs, lone = greedy_pairs(list(boxes), PAIR_TOLERANCE)
    return [*pairs, *((i,) for i in lone)]


def _box_centre(b: Box) -> tuple[float, float]:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def match_halves(boxes: Sequence[Box],
                 predicted: Sequence[TileReading]) -> dict[int, tuple[int, int]]:
    """Labelled half index -> (predicted tile index, half index), one-to-one."""
    candidates: list[tuple[float, int, int, int]] = []
    for li, box in enumerate(boxes):
        centre = _box_centre(box)
        for ti, tile in enumerate(predicted):
            for hi, half in enumerate(tile.halves):
                x, y = half.center_px
                if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                    candidates.append((math.dist(centre, (x, y)), li, ti, hi))
    matched: dict[int, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for _, li, ti, hi in sorted(candidates):
        if li not in matched and (ti, hi) not in taken:
            matched[li] = (ti, hi)
            taken.add((ti, hi))
    return matched


def score_half_boxes(boxes: Sequence[Box], values: Sequence[int], predicted: Recognition,
                     tiles_labelled: Sequence[tuple[int, ...]] | None = None) -> PhotoScore:
    """Score one photo of format (a); boxes in the same pixels as the prediction. Labelled
    tiles are ``tiles_labelled`` (groups of half indices) when given, else inferred."""
    tiles = predicted.tiles
    matched = match_halves(boxes, tiles)
    confusions: list[tuple[int, int | None]] = []
    halves_correct = 0
    for li, value in enumerate(values):
        read = tiles[matched[li][0]].halves[matched[li][1]].pips if li in matched else None
        if read == value:
            halves_correct += 1
        else:
            confusions.append((value, read))
    used_tiles: set[int] = set()
    right_tiles: set[int] = set()
    tiles_matched = tiles_exact = 0
    groups = list(tiles_labelled) if tiles_labelled is not None else pair_halves(boxes)
    for group in sorted(groups, key=len, reverse=True):
        if not all(li in matched for li in group):
            continue
        owners = {matched[li][0] for li in group}
        if len(owners) != 1 or next(iter(owners)) in used_tiles:
            continue
        ti = owners.pop()
        used_tiles.add(ti)
        tiles_matched += 1
        right = all(tiles[ti].halves[matched[li][1]].pips == values[li] for li in group)
        if len(group) == 1:
            partner = tiles[ti].halves[1 - matched[group[0]][1]].pips
            if partner != 0:
                confusions.append((0, partner))
                right = False
        tiles_exact += right
        if right:
            right_tiles.add(ti)
    touched = {ti for ti, _ in matched.values()}
    unjudged = sum(1 for ti, t in enumerate(tiles) if ti not in touched and t.pips == (0, 0))
    judged = tuple((float(t.confidence), ti in right_tiles) for ti, t in enumerate(tiles)
                   if ti in touched or t.pips != (0, 0))
    return PhotoScore(
        tiles_labelled=len(groups), tiles_matched=tiles_matched,
        tiles_exact=tiles_exact, tiles_predicted=len(tiles),
        tiles_judged=len(tiles) - unjudged, predicted_matched=len(used_tiles),
        halves_labelled=len(values), halves_correct=halves_correct,
        pip_total_truth=sum(values), pip_total_read=sum(sum(t.pips) for t in tiles),
        confusions=tuple(confusions), judged=judged,
        pip_total_shown=pip_total(counted_hand(predicted)))


# -- scoring (b): truth JSON --------------------------------------------------------------
def tile_iou(a: TileReading, b: TileReading) -> float:
    """Intersection over union of two tiles' quadrilaterals."""
    pa = cv2.convexHull(np.asarray(a.corners_px, dtype=np.float32))
    pb = cv2.convexHull(np.asarray(b.corners_px, dtype=np.float32))
    inter, _ = cv2.intersectConvexConvex(pa, pb)
    union = cv2.contourArea(pa) + cv2.contourArea(pb) - inter
    return float(inter / union) if union > 0 else 0.0


def match_tiles(truth: Sequence[TileReading],
                predicted: Sequence[TileReading]) -> dict[int, int]:
    """Truth tile index -> predicted tile index, one-to-one, best overlap first."""
    candidates: list[tuple[float, float, int, int]] = []
    for gi, g in enumerate(truth):
        short = min(math.dist(g.corners_px[k], g.corners_px[(k + 1) % 4]) for k in range(4))
        for pi, p in enumerate(predicted):
            iou = tile_iou(g, p)
            near = math.dist(g.center_px, p.center_px)
            if iou >= IOU_MATCH or near <= 0.25 * short:
                candidates.append((-iou, near, gi, pi))
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for _, _, gi, pi in sorted(candidates):
        if gi not in pairs and pi not in taken:
            pairs[gi] = pi
            taken.add(pi)
    return pairs


def score_truth(truth: Recognition, predicted: Recognition) -> PhotoScore:
    """Score one photo of format (b): every tile and half is known."""
    pairs = match_tiles(truth.tiles, predicted.tiles)
    confusions: list[tuple[int, int | None]] = []
    halves_correct = tiles_exact = 0
    right_tiles: set[int] = set()
    for gi, g in enumerate(truth.tiles):
        if gi not in pairs:
            confusions += [(h.pips, None) for h in g.halves]
            continue
        p = predicted.tiles[pairs[gi]]
        reads = read_as_truth(g, p)
        right = 0
        for h, read in zip(g.halves, reads, strict=True):
            if h.pips == read:
                right += 1
            else:
                confusions.append((h.pips, read))
        halves_correct += right
        tiles_exact += right == 2
        if right == 2:
            right_tiles.add(pairs[gi])
    return PhotoScore(
        tiles_labelled=len(truth.tiles), tiles_matched=len(pairs), tiles_exact=tiles_exact,
        tiles_predicted=len(predicted.tiles), tiles_judged=len(predicted.tiles),
        predicted_matched=len(pairs), halves_labelled=2 * len(truth.tiles),
        halves_correct=halves_correct,
        pip_total_truth=sum(sum(t.pips) for t in truth.tiles),
        pip_total_read=sum(sum(t.pips) for t in predicted.tiles),
        confusions=tuple(confusions),
        judged=tuple((float(t.confidence), k in right_tiles)
                     for k, t in enumerate(predicted.tiles)),
        pip_total_shown=pip_total(counted_hand(predicted)))


def read_as_truth(g: TileReading, p: TileReading) -> tuple[int, int]:
    """The values read on ``p`` in the order of the true tile ``g``'s halves."""
    straight = (math.dist(g.halves[0].center_px, p.halves[0].center_px)
                + math.dist(g.halves[1].center_px, p.halves[1].center_px))
    crossed = (math.dist(g.halves[0].center_px, p.halves[1].center_px)
               + math.dist(g.halves[1].center_px, p.halves[0].center_px))
    if crossed < straight:
        return (p.halves[1].pips, p.halves[0].pips)
    return (p.halves[0].pips, p.halves[1].pips)


# -- datasets -----------------------------------------------------------------------------
def load_dataset(path: str | Path) -> tuple[str, list[Sample]]:
    """(label format, samples sorted by image name) for a dataset path; DatasetError."""
    try:
        return _load_dataset(Path(path))
    except OSError as error:  # a name too long, a folder that cannot be listed
        raise DatasetError(f"{clip_name(error.filename or path)}: "
                           f"{error.strerror or error}") from None


def _load_dataset(root: Path) -> tuple[str, list[Sample]]:
    kind, samples = _samples_in(root)
    if not samples:  # an images/ folder with no photo in it, splits naming no photo
        raise DatasetError(f"{clip_name(root)}: no labelled photos found in it: nothing to "
                           "measure")
    return kind, samples


def _samples_in(root: Path) -> tuple[str, list[Sample]]:
    if not root.exists():
        raise DatasetError(f"{clip_name(root)}: no such file or folder")
    kind = special_kind(root.stat().st_mode)
    if kind not in (None, "a folder"):
        raise DatasetError(f"{clip_name(root)} is {kind}, not a folder or a data.yaml")
    if kind is None:
        if root.suffix.lower() in (".yaml", ".yml"):
            return "half-boxes", _yaml_split(root)
        raise DatasetError(f"{clip_name(root)}: expected a folder or a data.yaml")
    truth = _truth_samples(root)
    if truth:
        return "truth-json", truth
    if (root / "images").is_dir() and (root / "labels").is_dir():
        return "half-boxes", _half_box_split(root, class_values(root))
    if _is_file(root / "data.yaml", "a data.yaml"):
        return "half-boxes", _yaml_split(root / "data.yaml")
    raise DatasetError(f"{clip_name(root)}: no labelled photos (expected images/ + labels/, "
                       "a data.yaml, or photos with same-name .json truth)")


def class_values(split: Path) -> dict[int, int]:
    """Class index -> pip value, from data.yaml or classes.txt here or one folder up."""
    unreadable: list[Path] = []  # a data.yaml with a names: key this could not read
    for folder in (split, split.parent):
        if _is_file(folder / "data.yaml", "a data.yaml"):
            text = _text(folder / "data.yaml")
            names = _yaml_names(text)
            if names:
                return {i: value_of_name(n) for i, n in enumerate(names)}
            if re.search(r"^names:", text, re.M):
                unreadable.append(folder / "data.yaml")
        if _is_file(folder / "classes.txt", "a class list"):
            values = _classes_txt(_text(folder / "classes.txt"))
            if values:
                return values
    if unreadable:
        raise DatasetError(f"{clip_name(unreadable[0])}: its names: list could not be read "
                           "(write names: [a, b, ...] or one '- name' a line)")
    raise DatasetError(f"{clip_name(split)}: no class names (data.yaml names or classes.txt)")


def value_of_name(name: str) -> int:
    """``pip-7`` -> 7, ``12`` -> 12, ``blank`` -> 0; in the digits 0-9 and within the
    biggest set, as board notation is (``pip19`` or an Arabic-Indic 3 were taken as values)."""
    match = re.search(r"([0-9]+)\s*$", name)
    if match:
        digits = match.group(1).lstrip("0") or "0"  # pip-07 is 7, as it was
        if len(digits) > 2 or int(digits) > SET_SIZES[-1]:  # no int() of 5,000 digits
            raise DatasetError(f"class name '{clip(name)}' says {clip(digits)} pips; "
                               f"a half shows 0 to {SET_SIZES[-1]}")
        return int(digits)
    if name.strip().lower() in ("blank", "pip-blank", "empty"):
        return 0
    raise DatasetError(f"class name '{clip(name)}' does not say a pip value")


def _classes_txt(text: str) -> dict[int, int]:
    values: dict[int, int] = {}
    plain: list[str] = []
    for line in text.splitlines():
        triple = re.match(r"^\s*([0-9]+)\s+(\S+)\s+([0-9]+)\s*$", line)
        if triple:
            values[int(triple.group(1))] = value_of_name(triple.group(3))
        elif re.match(r"^\s*[\w-]*[0-9]+\s*$", line):
            plain.append(line.strip())
    return values or {i: value_of_name(n) for i, n in enumerate(plain)}


def _yaml_names(text: str) -> list[str]:
    inline = re.search(r"^names:\s*\[(.*?)\]", text, re.M | re.S)
    if inline:
        return [n.strip().strip("'\"") for n in inline.group(1).split(",") if n.strip()]
    names: list[str] = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if re.match(r"^names:\s*$", line):
            for item in lines[k + 1:]:
                entry = re.match(r"^\s*(?:-|[0-9]+:)\s*(.+?)\s*$", item)
                if not entry:
                    break
                names.append(entry.group(1).strip("'\""))
    return names


def _yaml_split(yaml_path: Path) -> list[Sample]:
    text = _text(yaml_path)
    root = yaml_path.parent
    found = re.search(r"^val:\s*(\S+)\s*$", text, re.M)
    candidates = []
    if found:
        rel = found.group(1).strip("'\"")
        candidates += [root / rel, root / rel.removeprefix("../")]
    candidates += [root / "valid" / "images", root / "val" / "images"]
    for images in candidates:
        if images.is_dir():
            split = images.parent
            names = _yaml_names(text)
            values = ({i: value_of_name(n) for i, n in enumerate(names)} if names
                      else class_values(split))
            return _half_box_split(split, values)
    raise DatasetError(f"{clip_name(yaml_path)}: its validation split was not found")


def _half_box_split(split: Path, values: dict[int, int]) -> list[Sample]:
    samples: list[Sample] = []
    for image in _images_in(split / "images"):
        label = split / "labels" / f"{image.stem}.txt"
        halves = _read_labels(label, values) if _is_file(label, "a label file") else ()
        tiles = split / "tiles" / f"{image.stem}.txt"
        groups = (_read_tile_groups(tiles, len(halves)) if _is_file(tiles, "a tiles file")
                  else None)
        samples.append(HalfBoxSample(image=image, halves=halves, tiles=groups))
    return samples


def _read_tile_groups(path: Path, count: int) -> tuple[tuple[int, ...], ...]:
    """Checked tiles of one photo: a line per tile with the label lines (from 0) of its
    one or two labelled halves; every labelled half in exactly one tile."""
    groups = []
    for number, line in enumerate(_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            group = tuple(int(part) for part in line.split())
        except ValueError:
            raise DatasetError(f"{clip_name(path)}:{number}: expected one or two label "
                               "numbers") from None
        if not 1 <= len(group) <= 2 or not all(0 <= i < count for i in group):
            raise DatasetError(f"{clip_name(path)}:{number}: expected one or two label numbers "
                               f"below {count}")
        groups.append(group)
    listed = sorted(i for g in groups for i in g)
    if listed != list(range(count)):
        raise DatasetError(f"{clip_name(path)}: every labelled half must be in exactly one "
                           "tile")
    return tuple(groups)


# A photo holds at most a whole double-18 set, 380 halves: more lines are no photo's
# labels, and pairing them takes time that grows with their square (4,000 lines: 23 s).
MAX_LABEL_LINES = 1000


def _read_labels(label: Path, values: dict[int, int]) -> tuple[LabelledHalf, ...]:
    halves = []
    for number, line in enumerate(_text(label).splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(halves) == MAX_LABEL_LINES:
            raise DatasetError(f"{clip_name(label)}: more than {MAX_LABEL_LINES} labelled "
                               "halves; a photo holds at most a whole double-18 set (380)")
        try:  # five numbers in 0-9 digits: a polygon's line is no box, and int() and
            # float() take other scripts' digits, which no other input takes
            if len(parts) != 5 or not line.isascii():
                raise ValueError(line)
            cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:5])
        except (ValueError, TypeError):
            raise DatasetError(f"{clip_name(label)}:{number}: not a 'class cx cy w h' "
                               "line") from None
        if cls not in values:
            raise DatasetError(f"{clip_name(label)}:{number}: class {cls} is not one of the set's "
                               f"{len(values)} classes")
        # a box is a share of the photo: centres 0 to 1, sizes above 0 (nan is neither)
        if not (0 <= cx <= 1 and 0 <= cy <= 1 and 0 < w <= 1 and 0 < h <= 1):
            raise DatasetError(f"{clip_name(label)}:{number}: the box is not inside the photo "
                               "(cx, cy from 0 to 1; w, h above 0, at most 1)")
        halves.append(LabelledHalf(cx, cy, w, h, values[cls]))
    return tuple(halves)


def _truth_samples(root: Path) -> list[Sample]:
    samples: list[Sample] = []
    for folder in (root, root / "images"):
        if not folder.is_dir():
            continue
        for image in _images_in(folder):
            for truth in (image.with_suffix(".json"), root / "truth" / f"{image.stem}.json"):
                if _is_file(truth, "a reading (JSON)"):
                    samples.append(TruthSample(image=image, truth=_load_truth(truth)))
                    break
    return samples


def _load_truth(path: Path) -> Recognition:
    from vision.reader import recognition_from_dict

    text = _text(path)
    try:
        data = read_json(text)
    except JsonProblem as problem:
        raise DatasetError(f"{clip_name(path)}: not a reading as `read --json` writes it "
                           f"({problem})") from None
    try:
        return recognition_from_dict(data)
    except ValueError as error:  # a missing field, a NaN pip, a pip past 18
        raise DatasetError(f"{clip_name(path)}: not a reading as `read --json` writes it "
                           f"({clip(str(error), 80)})") from None


def _is_file(path: Path, what: str) -> bool:
    """Whether ``path`` is a regular file; False when nothing is there. Anything else (a
    named pipe, whose reading would wait for a writer; a device; a folder) is refused by
    what it is, rather than taken for a missing file: a label file that was a pipe made
    its photo a table with no tile."""
    try:
        kind = special_kind(path.stat().st_mode)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return False
    if kind is not None:
        raise DatasetError(f"{clip_name(path)} is {kind}, not {what}")
    return True


def _text(path: Path) -> str:
    """A label, class list or truth file's text: UTF-8, a byte-order mark dropped."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise DatasetError(f"{clip_name(path)}: not UTF-8 text") from None
    except OSError as error:
        raise DatasetError(f"{clip_name(path)}: {error.strerror or error}") from None


def _images_in(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    # a photo's name that is no regular file (a FIFO, a link to nowhere) is counted
    # unreadable with its reason, never left out of the figures unsaid
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)


def labelled_values(sample: Sample) -> list[int]:
    """The pip values a sample's labels give its halves (a blank half is not labelled in
    a half-box set)."""
    if isinstance(sample, TruthSample):
        return [half.pips for tile in sample.truth.tiles for half in tile.halves]
    return [half.value for half in sample.halves]


# -- running ------------------------------------------------------------------------------
def score_sample(sample: Sample, predicted: Recognition) -> PhotoScore:
    """Score one prediction against one sample's labels."""
    if isinstance(sample, TruthSample):
        sx = predicted.width / sample.truth.width if sample.truth.width else 1.0
        truth = sample.truth if abs(sx - 1.0) < 1e-9 else _rescaled(sample.truth, predicted)
        return score_truth(truth, predicted)
    boxes = [h.box_px(predicted.width, predicted.height) for h in sample.halves]
    return score_half_boxes(boxes, [h.value for h in sample.halves], predicted, sample.tiles)


def _rescaled(truth: Recognition, like: Recognition) -> Recognition:
    factor = like.width / truth.width
    return Recognition(image=truth.image, width=like.width, height=like.height,
                       tiles=tuple(scale_tile(t, factor) for t in truth.tiles))


def evaluate(dataset: str | Path, reader: FrameReader, set_max: int | None = None,
             limit: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             calibration: Calibration | None = None) -> EvalMetrics:
    """Read every photo of ``dataset`` (the first ``limit``) and measure the reader."""
    label_format, samples = load_dataset(dataset)
    if limit is not None:
        samples = samples[:max(0, limit)]
    scores: list[PhotoScore] = []
    elapsed: list[float] = []
    errors: list[str] = []
    for k, sample in enumerate(samples):
        start = time.perf_counter()
        result = recognize_file(sample.image, reader, set_max, calibration)
        elapsed.append((time.perf_counter() - start) * 1000.0)
        if isinstance(result, RecognitionError):
            errors.append(f"{result.image}: {result.message}")
            result = Recognition(image=str(sample.image), width=1, height=1)
        scores.append(score_sample(sample, result))
        if progress is not None:
            progress(k + 1, len(samples))
    return EvalMetrics.from_scores(str(dataset), label_format, scores, elapsed, errors)
