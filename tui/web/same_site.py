"""Whether a request comes from this server's own page, for both served pages (the
scorecard and the live view).

A browser lets any site's page send requests and open websockets to the player's own
machine, and names that site in the Origin header; what changes the scorecard (its
websocket, the live page's Send) answers its own page only. A site may also give its own
name to this machine's address (DNS rebinding), so that its page's Origin matches: the
scorecard answers this machine's addresses and names only.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from urllib.parse import urlsplit


def from_another_site(origin: str | None, host: str | None) -> bool:
    """Whether a request's ``Origin`` names a page other than one served from ``host``
    (its Host header); no Origin is no browser page at all (a script, curl)."""
    return bool(origin) and urlsplit(origin).netloc != host


def own_name(host: str) -> bool:
    """Whether ``host`` (a Host header's name, without the port) is this machine's: an IP
    address, localhost, or its host name."""
    host = host.rstrip(".").lower()
    if host in _own_names():
        return True
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


@functools.cache
def _own_names() -> frozenset[str]:
    name = socket.gethostname().lower()
    names = {"localhost", name, f"{name}.local", name.split(".")[0]}
    try:
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    return frozenset(names)
