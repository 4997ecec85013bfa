"""The read result as JSON (a stable contract other tools read) and as lines for people.

JSON, one object per image per line (``to_json_line``)::

    {"image": str, "width": int, "height": int,
     "tiles": [{"pips": [a, b], "confidence": float, "doubtful": bool,
                "corners": [[x, y], [x, y], [x, y], [x, y]],
                "halves": [{"center": [x, y], "pips": a, "confidence": float,
                            "runner_up": int | null, "runner_up_confidence": float},
                           {...second half...}]}],
     "pip_total": int, "score": int, "problems": [str]}

and for a file that could not be read: ``{"image": str, "error": str}``. A file name that
is not UTF-8 is written with U+FFFD for its odd bytes, and its exact bytes in base64
under ``"image_bytes"`` (``vision.json_names``).

Coordinates are pixels of the original image as displayed (EXIF rotation applied),
rounded to 0.1 px; confidences are rounded to 4 decimals. ``pip_total`` is the plain sum
of pips; ``score`` is the leftover-hand score under the house rules (0-0 counts 50 by
default). Both count only the tiles that are not ``doubtful`` (confidence under the doubt
threshold, ``vision.doubt``) unless the reader is told to count them too. Truth files
written by the synthetic renderer use the same format (``name.json``
beside ``name.jpg``) and may leave out ``pip_total``, ``score`` and ``problems``;
``recognition_from_dict`` reads both.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorer.messages import clip, clip_name, counted
from scorer.rules import RuleSet
from scorer.scoring import pip_total, score_hand
from scorer.tiles import MAX_SET, Tile
from vision.doubt import DOUBT_BELOW, is_doubtful_confidence
from vision.json_names import name_fields, name_from, readable
from vision.reader.recognize import RecognitionError, RecognitionResult
from vision.types import HalfReading, Recognition, TileReading


def hand_of(recognition: Recognition) -> list[Tile]:
    """The tiles read, as rules values."""
    return [Tile.of(*t.pips) for t in recognition.tiles]


def counted_hand(recognition: Recognition, count_doubtful: bool = False,
                 doubt_below: float = DOUBT_BELOW) -> list[Tile]:
    """The tiles a score counts: the sure ones, or every one when told to."""
    return [Tile.of(*t.pips) for t in recognition.tiles
            if count_doubtful or not is_doubtful_confidence(t.confidence, doubt_below)]


def doubtful_tiles(recognition: Recognition,
                   doubt_below: float = DOUBT_BELOW) -> list[TileReading]:
    return [t for t in recognition.tiles if is_doubtful_confidence(t.confidence, doubt_below)]


def rules_for(set_max: int | None) -> RuleSet:
    """Default house rules for a double-``set_max`` set (double-9 when unknown)."""
    return RuleSet() if set_max is None else RuleSet(set_max=set_max)


# -- JSON ---------------------------------------------------------------------------------
def to_dict(result: RecognitionResult, rules: RuleSet | None = None,
            count_doubtful: bool = False, doubt_below: float = DOUBT_BELOW) -> dict[str, Any]:
    """The JSON object of one image (or of one unreadable file). ``pip_total`` and
    ``score`` count the sure tiles only, unless ``count_doubtful``."""
    if isinstance(result, RecognitionError):
        return {**name_fields("image", result.image), "error": readable(result.message)}
    hand = counted_hand(result, count_doubtful, doubt_below)
    return {
        **name_fields("image", result.image),
        "width": result.width,
        "height": result.height,
        "tiles": [_tile_dict(t, doubt_below) for t in result.tiles],
        "pip_total": pip_total(hand),
        "score": score_hand(hand, rules or RuleSet()),
        "problems": list(result.problems),
    }


def to_json_line(result: RecognitionResult, rules: RuleSet | None = None,
                 count_doubtful: bool = False, doubt_below: float = DOUBT_BELOW) -> str:
    data = to_dict(result, rules, count_doubtful, doubt_below)
    line = json.dumps(data, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate left in a message: escaped, so the line
        line = json.dumps(data)  # is still valid JSON
    return line


def _tile_dict(tile: TileReading, doubt_below: float = DOUBT_BELOW) -> dict[str, Any]:
    return {
        "pips": list(tile.pips),
        "confidence": round(float(tile.confidence), 4),
        "doubtful": is_doubtful_confidence(tile.confidence, doubt_below),
        "corners": [_point(c) for c in tile.corners_px],
        "halves": [_half_dict(h) for h in tile.halves],
    }


def _half_dict(half: HalfReading) -> dict[str, Any]:
    return {
        "center": _point(half.center_px),
        "pips": int(half.pips),
        "confidence": round(float(half.confidence), 4),
        "runner_up": None if half.runner_up is None else int(half.runner_up),
        "runner_up_confidence": round(float(half.runner_up_confidence), 4),
    }


def _point(p: tuple[float, float]) -> list[float]:
    return [round(float(p[0]), 1), round(float(p[1]), 1)]


def from_dict(data: Mapping[str, Any]) -> RecognitionResult:
    """The inverse of ``to_dict``; raise ValueError naming the first bad field."""
    if not isinstance(data, Mapping):
        raise ValueError("expected a JSON object")
    image = name_from(data, "image")
    if "error" in data:
        return RecognitionError(image=image, message=str(data["error"]))
    try:
        tiles = tuple(_tile_from(t) for t in data.get("tiles", []))
        return Recognition(image=image, width=int(data["width"]), height=int(data["height"]),
                           tiles=tiles,
                           problems=tuple(str(p) for p in data.get("problems", [])))
    except KeyError as error:
        raise ValueError(f"missing field {error.args[0]!r}") from None
    except (TypeError, IndexError, AttributeError):  # not Python's words for it
        raise ValueError("malformed tile: it needs 4 corners as [x, y] and 2 halves, each "
                         "with a centre [x, y] and pips") from None


def recognition_from_dict(data: Mapping[str, Any]) -> Recognition:
    """Like ``from_dict`` but an error object is itself an error (truth files)."""
    result = from_dict(data)
    if isinstance(result, RecognitionError):
        raise ValueError(f"an error object, not a reading: {result.message}")
    return result


MAX_COORDINATE_PX = 1e6  # past any photo read (at most 32,000 px a side even reduced)


def _coordinate(value: Any) -> float:
    number = float(value)
    if not math.isfinite(number) or abs(number) > MAX_COORDINATE_PX:
        raise ValueError(f"a coordinate of {clip(str(value), 20)} px lies in no photo")
    return number


def _pips(value: Any) -> int:
    # a whole number from 0 to MAX_SET (nan and infinity are not within it; true is no number)
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not 0 <= value <= MAX_SET or value != int(value):
        raise ValueError(f"{clip(str(value), 20)} is not a half's pips (0 to {MAX_SET})")
    return int(value)


def _share(value: Any) -> float:
    number = float(value)
    if not 0.0 <= number <= 1.0:  # nan is not either
        raise ValueError(f"a confidence of {clip(str(value), 20)} is not from 0 to 1")
    return number


def _tile_from(raw: Mapping[str, Any]) -> TileReading:
    corners = tuple(_xy(p) for p in raw["corners"])
    if len(corners) != 4:
        raise ValueError(f"a tile needs 4 corners, not {len(corners)}")
    halves = tuple(_half_from(h) for h in raw["halves"])
    if len(halves) != 2:
        raise ValueError(f"a tile needs 2 halves, not {len(halves)}")
    if "pips" in raw and [_pips(v) for v in raw["pips"]] != [h.pips for h in halves]:
        raise ValueError(f"tile pips {clip(str(raw['pips']), 30)} disagree with its halves")
    return TileReading(corners_px=corners, halves=halves,  # type: ignore[arg-type]
                       confidence=_share(raw.get("confidence", 1.0)))


def _xy(value: Any) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"a point is [x, y], not {clip(str(value), 30)}")
    return _coordinate(value[0]), _coordinate(value[1])


def _half_from(raw: Mapping[str, Any]) -> HalfReading:
    runner = raw.get("runner_up")
    return HalfReading(center_px=_xy(raw["center"]), pips=_pips(raw["pips"]),
                       confidence=_share(raw.get("confidence", 1.0)),
                       runner_up=None if runner is None else _pips(runner),
                       runner_up_confidence=_share(raw.get("runner_up_confidence", 0.0)))


def load_json_file(path: str | os.PathLike[str]) -> Recognition:
    """Read a truth file (``name.json``); raise ValueError with the file name."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return recognition_from_dict(data)
    except (OSError, json.JSONDecodeError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from None


# -- people -------------------------------------------------------------------------------
def tile_text(tile: TileReading, doubt_below: float = DOUBT_BELOW) -> str:
    """``5|9``, or ``5|9? (or 8)`` when a half is doubtful (its runner-up in brackets)."""
    parts: list[str] = []
    alternatives: list[str] = []
    for half in tile.halves:
        doubtful = half.confidence < doubt_below
        parts.append(f"{half.pips}?" if doubtful else str(half.pips))
        if doubtful and half.runner_up is not None:
            alternatives.append(str(half.runner_up))
    text = "|".join(parts)
    if alternatives:
        text += f" (or {' / '.join(alternatives)})"
    return text


def human_lines(result: RecognitionResult, rules: RuleSet | None = None,
                doubt_below: float = DOUBT_BELOW, count_doubtful: bool = False) -> list[str]:
    """What ``chickenfoot read`` prints for one image: the sure tiles, then the doubtful
    ones apart, asking to confirm them, and a total that says what it counts."""
    if isinstance(result, RecognitionError):
        return [f"{clip_name(result.image)}: error: {result.message}"]
    if not result.tiles:
        return [nothing_read_line(result)]
    rules = rules or RuleSet()
    hand = counted_hand(result, count_doubtful, doubt_below)
    doubtful = doubtful_tiles(result, doubt_below)
    sure = [t for t in result.tiles if t not in doubtful]
    count = len(result.tiles)
    lines = [f"{clip_name(result.image)} ({result.width}x{result.height}): "
             f"{counted(count, 'tile')}"]
    lines += [f"  {tile_text(t, doubt_below)}" for t in sure]
    if doubtful:
        lines.append(f"  {counted(len(doubtful), 'tile')} doubtful: confirm")
        # rounded down: a doubtful 0.9999 under --min-confidence 1 read "1.00"
        lines += [f"  {tile_text(t, doubt_below)}  (confidence "
                  f"{math.floor(t.confidence * 100) / 100:.2f})" for t in doubtful]
    total = f"  pip total: {pip_total(hand)}   score: {score_hand(hand, rules)}"
    if doubtful:
        total += ("   (doubtful tiles counted)" if count_doubtful else
                  f"   (without the {counted(len(doubtful), 'tile')} doubtful; --count-doubtful "
                  "counts them)")
    lines.append(total)
    lines += [f"  ! {p}" for p in result.problems]
    return lines


def nothing_read_line(result: Recognition) -> str:
    """One line for a photo where no tile was found: nothing was read, so no score is
    given (a 0 would pass for a player who went out); the photo's own problem first."""
    reason = result.problems[0] if result.problems else (
        "if tiles lie there, photograph them closer, from above, in even light")
    return f"{clip_name(result.image)} ({result.width}x{result.height}): no tiles found: {reason}"

