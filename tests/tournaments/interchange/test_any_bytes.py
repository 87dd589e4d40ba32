"""No byte sequence makes a reader raise anything but its own clear error: random bytes, and valid files with random
bytes spliced in or their elements garbled (an individual USEBIO file too). Each reader either reads the data or
raises :class:`InterchangeError` with a message; any other exception would be a server error on the import page.
The teams and .bws readers have their own such properties (test_usebio_teams.py, test_bws.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.interchange.test_conventions_unplayed_imps import realbridge_file
from tests.tournaments.interchange.test_damaged_files import _damage
from tests.tournaments.interchange.test_usebio_individual import individual_xml
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.lin import read_lin
from tournaments.interchange.pbn import read_pbn, write_pbn
from tournaments.interchange.usebio import read_usebio, read_usebio_sections

READERS: list[Callable[[bytes], Any]] = [read_usebio, read_usebio_sections, read_pbn, read_lin]


def _reads_or_says_why(reader: Callable[[bytes], Any], data: bytes) -> None:
    try:
        reader(data)
    except InterchangeError as exc:
        assert exc.message


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=600))
def test_random_bytes_are_read_or_refused_in_words(data: bytes) -> None:
    for reader in READERS:
        _reads_or_says_why(reader, data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=10**6), junk=st.binary(min_size=1, max_size=40))
def test_valid_files_with_bytes_spliced_in_are_read_or_refused_in_words(
    howell_xml: bytes, cut: int, junk: bytes
) -> None:
    for reader, data in (
        (read_usebio, howell_xml),
        (read_usebio, individual_xml().encode()),
        (read_usebio, realbridge_file().encode()),  # cross-IMPs, a board not every line played
        (read_pbn, write_pbn(read_usebio(howell_xml)).encode()),
    ):
        at = cut % (len(data) + 1)
        _reads_or_says_why(reader, data[:at] + junk + data[at:])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_a_damaged_individual_file_is_read_or_refused_where_it_fails(seed: int) -> None:
    try:
        read_usebio(_damage(individual_xml(), seed))
    except InterchangeError as exc:
        assert exc.where and exc.message
