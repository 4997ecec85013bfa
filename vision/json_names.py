"""A file name in JSON that every strict reader takes, and that still names the file.

A name that is not UTF-8 (a Latin-1 ``café.jpg`` from a camera's card) reaches Python with
its odd bytes as lone surrogates (``caf\\udce9.jpg``). JSON can carry those as ``\\udce9``
escapes, which Python reads back, but strict readers (jq, Go, Rust's serde) refuse or
replace them. So such a name is written readable, each odd byte as U+FFFD, with its exact
bytes beside it in base64 under ``<key>_bytes`` (as ripgrep's JSON does); a UTF-8 name is
written as it is, alone, as before.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping
from typing import Any


def name_fields(key: str, name: str) -> dict[str, str]:
    """``{key: name}``, and ``{key}_bytes`` when the name is not UTF-8."""
    shown = readable(name)
    if shown == name:
        return {key: name}
    try:
        exact = os.fsencode(name)
    except UnicodeEncodeError:  # a surrogate no byte escapes to: no file has that name
        return {key: shown}
    return {key: shown, f"{key}_bytes": base64.b64encode(exact).decode("ascii")}


def readable(text: str) -> str:
    """``text`` with each lone surrogate as U+FFFD: a message that quotes a name which is
    not UTF-8 (its odd bytes), or text that spelt one out (``"\\ud800"`` in JSON)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


def name_from(data: Mapping[str, Any], key: str) -> str:
    """The name ``name_fields`` wrote: the exact bytes when they were kept."""
    raw = data.get(f"{key}_bytes")
    if isinstance(raw, str):
        try:
            return os.fsdecode(base64.b64decode(raw, validate=True))
        except ValueError:
            pass  # damaged: the readable name below
    return str(data.get(key, ""))
