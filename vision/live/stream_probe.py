"""What answers at a web address no video could be opened from, in a player's words.

OpenCV says only that it could not open the stream, whatever the cause: an address typed
wrong, a camera app not started, or the camera app's page given instead of its video.
One plain request tells those apart: the server's refusal, a web page, or nothing at all.
"""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

PROBE_S = 2.0  # a camera app on the same network answers within this


def stream_answer(url: str, timeout_s: float = PROBE_S) -> str:
    """What answers at ``url`` (http or https), or "" when nothing telling can be said."""
    if not url.lower().startswith(("http://", "https://")):
        return ""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as answer:
            kind = answer.headers.get_content_type()
    except urllib.error.HTTPError as error:
        return f"the server there answers {error.code} {error.reason}"
    except urllib.error.URLError as error:
        if isinstance(error.reason, ConnectionRefusedError):
            return "nothing answers there: is the camera app running?"
        if isinstance(error.reason, (TimeoutError, socket.timeout)):
            return f"no answer within {timeout_s:g} s"
        return ""
    except (OSError, ValueError):  # a timeout reading headers, a malformed address
        return ""
    if kind.startswith("text/") or kind.endswith(("json", "xml")):
        return f"it answers with a page ({kind}), not a video: give the address of its video"
    return ""


__all__ = ["stream_answer"]
