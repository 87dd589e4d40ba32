"""Where the shared reference data lives: ../shared next to the checkout (never copied into the repo)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_data import SHARED, need_shared

REALDATA = SHARED / "realdata" / "movements"


@pytest.fixture
def realdata() -> Path:
    return need_shared() / "realdata" / "movements"
