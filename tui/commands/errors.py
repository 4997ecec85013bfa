"""The error type and the option types (a share, seconds) the command modules share."""

from __future__ import annotations


class InputError(ValueError):
    """Input the command cannot work with; the message is the one line shown."""


def refused(command: str, message: str, as_json: bool, **names: str | None) -> int:
    """Bad input: one line on standard error, exit 2; with ``--json`` also an object
    saying it on standard output (``names``: the file or folder it concerns, such as
    ``image=PATH``), as ``read --json`` and ``board --json`` do, so a program reading
    the output gets an answer every time."""
    import sys

    print(f"chickenfoot {command}: {message}", file=sys.stderr)
    if as_json:
        print_json_error(message, **names)
    return 2


def print_json_error(message: str, **names: str | None) -> None:
    """The JSON object a refusal prints on standard output under ``--json``: ``names``
    (``image=PATH``...) and the error, each in strict UTF-8."""
    import json

    from vision.json_names import name_fields, readable

    fields = {k: v for key, name in names.items() if name is not None
              for k, v in name_fields(key, name).items()}
    print(json.dumps({**fields, "error": readable(message)}), flush=True)


def share(text: str) -> float:
    """An argparse type: a number from 0 to 1 (a confidence, a share of photos)."""
    import argparse
    import math

    try:
        if not text.isascii():  # float() takes other scripts' digits; no option else does
            raise ValueError(text)
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1 (like 0.6, "
                                         "in 0-9 digits)") from None
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1")
    return value


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 and at most a day."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if math.isnan(value) or not 0.0 < value <= 86400.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds "
                                         "(above 0, at most a day)")
    return value


def output_path(text: str) -> str:
    """An argparse type: a file or folder to write to; an empty one is refused (it was
    taken as no drawing at all, or as the current folder)."""
    return _not_empty(text, "an empty path: give a file or folder to write to")


def input_path(text: str) -> str:
    """An argparse type: a photo, folder or set to read; an empty one is refused (``Path``
    makes it the current folder, whose photos would be read unasked)."""
    return _not_empty(text, "an empty path: give a photo file or folder")


def camera_source(text: str) -> str:
    """An argparse type: a camera index, stream URL or video file; an empty one is refused
    (it was taken as a video file named nothing: "no video file at  (...)")."""
    return _not_empty(text, "nothing given: give a camera index (0 is the first), a stream "
                            "URL or a video file")


def _not_empty(text: str, message: str) -> str:
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError(message)
    return text


def seed(text: str) -> int:
    """An argparse type: a random seed, a whole number from 0 (numpy takes no other)."""
    import argparse

    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a seed (a whole number "
                                         "from 0)")
    if len(text.lstrip("0")) > MAX_SEED_DIGITS:  # it names files: keep the names short
        raise argparse.ArgumentTypeError(f"{text[:20]}... is not a seed (at most "
                                         f"{MAX_SEED_DIGITS} digits)")
    return int(text)


MAX_SEED_DIGITS = 18


def camera_index(text: str) -> int:
    """An argparse type: the index of a camera (0 is the first)."""
    import argparse

    from vision.camera_index import camera_index_problem

    numeral = text[1:] if text.startswith("-") else text
    if not text.isascii() or not numeral.isdigit():
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a camera index (a whole "
                                         "number from 0)")
    problem = camera_index_problem(int(text))
    if problem is not None:
        raise argparse.ArgumentTypeError(f"camera {text[:40]}: {problem}")
    return int(text)


MAX_HOST_CHARS = 253  # the longest name DNS carries; an address is shorter still


def host(text: str) -> str:
    """An argparse type: the address or host name to serve on (``127.0.0.1``, ``::1``,
    ``0.0.0.0``, ``my-laptop.local``). One that no host can be named (empty, a control
    character, too long, a label IDNA refuses) is refused here, by its start and with its
    control characters escaped: the system's own error quoted it whole, so a newline split
    the message and an escape sequence reached the terminal."""
    import argparse
    import unicodedata

    from scorer.messages import INVISIBLE, clip, escaped

    shown = clip(escaped(text, INVISIBLE))
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty host: give an address like 127.0.0.1 "
                                         "or 0.0.0.0, or a host name")
    if len(text) > MAX_HOST_CHARS or any(unicodedata.category(c) in ("Cc", "Cf", "Zs")
                                         for c in text):
        raise argparse.ArgumentTypeError(f"'{shown}' is not an address or a host name")
    try:
        text.encode("idna")
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"'{shown}' is not an address or a host name "
                                         "(a name's parts are 1 to 63 letters, digits or "
                                         "hyphens)") from None
    return text


def given_once():
    """An argparse action for an option that names one thing (``--play``): given twice,
    it is refused rather than the last one silently taken."""
    import argparse

    class Once(argparse.Action):
        def __call__(self, parser, namespace, values, option_string=None):
            if getattr(namespace, self.dest, None) is not None:
                parser.error(f"{option_string} is given twice: give one")
            setattr(namespace, self.dest, values)

    return Once
