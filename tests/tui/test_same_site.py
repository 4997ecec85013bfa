"""Both served pages answer their own page only (tui.web.same_site)."""

from __future__ import annotations

import socket

from tui.web.same_site import from_another_site, own_name


def test_a_page_of_another_site_is_told_from_the_servers_own():
    assert from_another_site("http://evil.example", "127.0.0.1:8000")
    assert from_another_site("http://127.0.0.1:9000", "127.0.0.1:8000")  # another port
    assert not from_another_site("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not from_another_site(None, "127.0.0.1:8000")  # no browser page: a script


def test_this_machines_addresses_and_names_are_its_own_and_no_other():
    for host in ("127.0.0.1", "192.168.1.5", "[::1]", "localhost", "LOCALHOST.",
                 socket.gethostname()):
        assert own_name(host), host
    assert not own_name("rebound.example") and not own_name("")
