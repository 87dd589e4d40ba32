"""Where the shared reference data lives: ../shared next to the checkout (never copied into the repo)."""

from __future__ import annotations

from pathlib import Path

import pytest

# tests/tournaments/movements/conftest.py -> parents[3] is the checkout; its parent holds shared/.
SHARED = Path(__file__).resolve().parents[3].parent / "shared"
REALDATA = SHARED / "realdata" / "movements"


@pytest.fixture
def realdata() -> Path:
    if not REALDATA.is_dir():
        pytest.skip(f"shared movement tables not found at {REALDATA}")
    return REALDATA
