"""Damaged files never crash: whatever is cut, doubled or garbled, the result is a session or an InterchangeError
naming a place; never another exception (which a page would turn into a server error)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.pbn import read_pbn, write_pbn
from tournaments.interchange.usebio import read_usebio

JUNK = ["", "-1", "99999", "A", "A6040", "A200200", "8S", "4SXXX", "PASS", "Z", "14", "&amp;", "1NS", "0", "NaN"]


def _damage(text: str, seed: int) -> str:
    """Replace a few element texts or lines of the file with junk, drop a line, or repeat one."""
    rng = random.Random(seed)
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        line = lines[i]
        choice = rng.random()
        if choice < 0.5 and re.search(r">[^<]*</", line):
            lines[i] = re.sub(r">[^<]*</", f">{rng.choice(JUNK)}</", line, count=1)
        elif choice < 0.5 and line.split():
            tokens = line.split(" ")
            tokens[rng.randrange(len(tokens))] = rng.choice(JUNK)
            lines[i] = " ".join(tokens)
        elif choice < 0.7:
            del lines[i]
        elif choice < 0.85:
            lines.insert(i, line)
        else:
            lines[i] = line[: rng.randrange(len(line) + 1)]
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_damaged_usebio_reads_or_says_where(howell_xml: bytes, seed: int) -> None:
    try:
        read_usebio(_damage(howell_xml.decode(), seed))
    except InterchangeError as exc:
        assert exc.where and exc.message


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_damaged_pbn_reads_or_says_where(howell_xml: bytes, seed: int) -> None:
    text = write_pbn(read_usebio(howell_xml))
    try:
        read_pbn(_damage(text, seed))
    except InterchangeError as exc:
        assert exc.message


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(40))
def test_damaged_files_import_whole_or_not_at_all(howell_xml: bytes, seed: int) -> None:
    from tournaments.sessions.models import Result, Session

    text = howell_xml.decode()
    for importer, data in (
        (import_usebio, _damage(text, seed)),
        (import_pbn, _damage(write_pbn(read_usebio(text)), seed)),
    ):
        before = (Session.objects.count(), Result.objects.count())
        try:
            report = importer(data, filename="damaged")
        except InterchangeError as exc:
            assert exc.message
            assert (Session.objects.count(), Result.objects.count()) == before
        else:
            assert Result.objects.filter(section__session=report.session).count() == report.results
