"""Fixtures for the interchange tests: the real USEBIO sessions in ../shared/realdata (read in place)."""

from __future__ import annotations

from pathlib import Path

import pytest

REAL_FILES = ["mp_pairs_howell.xml", "mp_pairs_mitchell.xml"]


@pytest.fixture(scope="session")
def usebio_dir(shared_dir: Path) -> Path:
    folder = shared_dir / "realdata" / "usebio"
    if not folder.is_dir():
        pytest.fail(f"the real USEBIO sessions are missing: expected them in {folder}")
    return folder


@pytest.fixture(scope="session")
def howell_xml(usebio_dir: Path) -> bytes:
    return (usebio_dir / "mp_pairs_howell.xml").read_bytes()


@pytest.fixture(scope="session")
def mitchell_xml(usebio_dir: Path) -> bytes:
    return (usebio_dir / "mp_pairs_mitchell.xml").read_bytes()
