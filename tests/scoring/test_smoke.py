"""The scoring package is pure Python + numpy: importing it must not import Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]


def test_scoring_package_imports_without_django() -> None:
    code = (
        "import sys, scoring, scoring.fields, scoring.scorepads, scoring.auction, scoring.progressive\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""


def test_public_names_exist() -> None:
    for name in scoring.__all__:
        assert hasattr(scoring, name), name
    for name in (
        "contract_score",
        "board_dealer",
        "board_vulnerability",
        "matchpoints",
        "matchpoint_field",
        "neuberg",
        "imps",
        "butler_datum",
        "cross_imps",
        "victory_points",
        "InvalidContract",
        "InvalidResult",
    ):
        assert name in scoring.__all__
    assert issubclass(scoring.InvalidContract, ValueError) and issubclass(scoring.InvalidResult, ValueError)
