"""Shared fixtures for the app tests: an app on a temporary database with a fake reader."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest
from tui_fakes import FakeRecognizer

from tui.app import build_app
from tui.store import Store


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (the app tests drive a pilot)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def photo(tmp_path) -> Path:
    path = tmp_path / "hand.jpg"
    path.write_bytes(b"\xff\xd8 not really decoded by the fake reader")
    return path


@pytest.fixture
def make_app(db_path):
    stores: list[Store] = []

    def make(recognizer=None, **kwargs):
        store = Store(db_path)
        stores.append(store)
        return build_app(store, recognizer or FakeRecognizer(), **kwargs)

    yield make
    for store in stores:
        store.close()
