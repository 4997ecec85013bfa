"""Fixtures for the browser tests (helpers in ``browsing.py``)."""

from __future__ import annotations

import pytest
from browsing import new_driver


@pytest.fixture
def browser():
    driver = new_driver()
    yield driver
    driver.quit()
