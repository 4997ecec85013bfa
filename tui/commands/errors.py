"""The one error type the command modules share."""

from __future__ import annotations


class InputError(ValueError):
    """Input the command cannot work with; the message is the one line shown."""
