"""Where a page is served: a listening socket bound before anything else starts, so a port
in use or a host that is not ours is one line, not a server's traceback; the URL to open;
and the warning for a page opened to the network.

``--port 0`` takes any free port; the URL printed then names the one taken (the tests use
this, so two runs never race for a port).
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"


class ListenError(Exception):
    """The page cannot be served on that host and port; one line."""


def check_port(port: int) -> None:
    if not 0 <= port <= 65535:
        raise ListenError(f"--port {port} is not a port (0 to 65535; 0 takes a free one)")


def bind(host: str, port: int, port_option: str = "--port") -> socket.socket:
    """A socket listening on ``host:port``. Raises ListenError (one line, naming
    ``port_option``, the option the port was given with)."""
    check_port(port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        raise ListenError(f"--host {host}: not an address of this machine "
                          f"({getattr(error, 'strerror', None) or error})") from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as error:
        sock.close()
        if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise ListenError(f"port {port} is already in use on {host}: choose another "
                              f"with {port_option} (0 takes a free one)") from None
        raise ListenError(f"cannot listen on {host}:{port}: "
                          f"{error.strerror or error}") from None
    return sock


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on the local network, as a phone would reach it. A UDP
    socket "connected" to a private address sends nothing; it only picks the interface."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        address = None
    finally:
        probe.close()
    if address and not address.startswith("127."):
        return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if address.startswith("127.") else address


def url_for(host: str, sock: socket.socket) -> str:
    """The address to open: the bound host, or for 0.0.0.0 / :: this machine's address
    on the network (loopback when it has none)."""
    port = sock.getsockname()[1]
    if host in ("0.0.0.0", "::", ""):
        shown = lan_address() or LOOPBACK
    else:
        shown = host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def network_warning(host: str, what: str) -> str | None:
    """The line to print when ``host`` is not loopback: who can then use the page."""
    if is_loopback(host):
        return None
    return (f"warning: --host {host} opens {what} to the network: anyone who can reach this "
            "machine can use it (no password). Use it only on a network you trust.")
