"""../shared beside the checkout: the real published results and movement tables, read in place, never copied.

A fresh clone without it still passes: the tests that need it skip, all with this one reason. In CI
(`CI=true`) it is always there, so its absence fails those tests instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
MISSING = f"the shared reference data is not beside this checkout ({SHARED}); CI always has it and runs these"


def need_shared() -> Path:
    if SHARED.is_dir():
        return SHARED
    if IN_CI:
        pytest.fail(f"the shared reference folder is missing in CI: expected it at {SHARED}")
    pytest.skip(MISSING)


# For module-level marks: skip without ../shared, except in CI (where the tests then fail loudly).
skip_without_shared = pytest.mark.skipif(not SHARED.is_dir() and not IN_CI, reason=MISSING)
