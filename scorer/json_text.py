"""JSON text read with every failure said in a player's words.

A board file, a saved scorecard and a reading written by ``read --json`` are JSON that a
person may have edited or a disk damaged. ``json.loads`` fails in three ways that need
words: text that stops being JSON (where), a whole number too long (Python refuses over
4,300 digits with a message about its own settings, after converting for seconds), and
nesting deeper than Python recurses. No count, pip, score or coordinate here needs more
than ``MAX_DIGITS`` digits, so longer ones are refused before they are converted.
"""

from __future__ import annotations

import json

MAX_DIGITS = 30


class JsonProblem(ValueError):
    """Text that is not readable JSON; the message says why, in words."""


class _NumberTooLong(ValueError):
    pass


def read_json(text: str) -> object:
    """``text`` parsed as JSON, or JsonProblem saying what is wrong with it."""
    try:
        return json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as error:
        raise JsonProblem(f"{error.msg} at line {error.lineno} column {error.colno}"
                          ) from None
    except _NumberTooLong:
        raise JsonProblem("it holds a number too long to read") from None
    except RecursionError:
        raise JsonProblem("it is nested too deeply") from None


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(digits)
    return int(digits)


__all__ = ["JsonProblem", "MAX_DIGITS", "read_json"]
