"""The issue's promise: the real published sessions, imported and exported again, reproduce every published pair
total, percentage and place, and every traveller line's match points, to 0.01.

The export is parsed by the scoring tests' own small USEBIO reader (tests/scoring/_usebio.py), not by the
importer, so a reader bug cannot hide a writer bug. The files are read in place from ../shared/realdata.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scoring._usebio import read_session
from tournaments.interchange.agreement import compare_with_published, convention_hint
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure

from .conftest import REAL_FILES

pytestmark = pytest.mark.django_db


def _assert_same_figures(published_path: Path, exported_path: Path) -> int:
    published, exported = read_session(published_path), read_session(exported_path)
    ours = {p.number: p for p in exported.pairs}
    assert len(ours) == len(published.pairs)
    for pair in published.pairs:
        mine = ours[pair.number]
        assert mine.direction == pair.direction, pair
        assert mine.total == pytest.approx(pair.total, abs=0.01), pair
        assert mine.percentage == pytest.approx(pair.percentage, abs=0.01), pair
        assert mine.place.rstrip("=") == pair.place, pair  # tied places repeat; we mark them "6="
    checked = 0
    assert sorted(exported.boards) == sorted(published.boards)
    for board, lines in published.boards.items():
        mine_by_pairs = {(x.ns_pair, x.ew_pair): x for x in exported.boards[board]}
        assert len(mine_by_pairs) == len(lines)
        for line in lines:
            mine = mine_by_pairs[(line.ns_pair, line.ew_pair)]
            assert mine.score == line.score, (board, line)
            assert mine.ns_mp == pytest.approx(line.ns_mp, abs=0.01), (board, line)
            assert mine.ew_mp == pytest.approx(line.ew_mp, abs=0.01), (board, line)
            checked += 1
    return checked


@pytest.mark.parametrize("name", REAL_FILES)
def test_usebio_import_and_export_reproduce_the_published_figures(name: str, usebio_dir: Path, tmp_path: Path) -> None:
    original = usebio_dir / name
    report = import_usebio(original.read_bytes(), filename=name)
    assert report.differences == [], report.differences
    assert report.compared > 150
    _, content = export_usebio(report.session)
    check_structure(content)
    exported = tmp_path / name
    exported.write_bytes(content)
    assert _assert_same_figures(original, exported) == report.results


@pytest.mark.parametrize("name", REAL_FILES)
def test_the_same_figures_travel_through_pbn(name: str, usebio_dir: Path, tmp_path: Path) -> None:
    """USEBIO -> session -> PBN -> new session -> USEBIO: still the published figures."""
    original = usebio_dir / name
    first = import_usebio(original.read_bytes(), filename=name)
    _, pbn_text = export_pbn(first.session)
    record = read_pbn(pbn_text)
    published = {p.number: p for p in read_session(original).pairs}
    assert len(record.pairs) == len(published)
    for pair in record.pairs:
        theirs = published[pair.label]
        assert pair.total == pytest.approx(theirs.total, abs=0.01)
        assert pair.percentage == pytest.approx(theirs.percentage, abs=0.01)
        assert pair.place == theirs.place
    second = import_pbn(pbn_text, filename="again.pbn")
    assert second.differences == []
    _, content = export_usebio(second.session)
    exported = tmp_path / name
    exported.write_bytes(content)
    _assert_same_figures(original, exported)


def test_without_scaling_missed_boards_the_short_pairs_differ(usebio_dir: Path) -> None:
    """The option is real: two Howell pairs played 26 of 27 boards; unscaled, only their totals move."""
    name = "mp_pairs_howell.xml"
    report = import_usebio((usebio_dir / name).read_bytes(), filename=name, scale_missed_boards=False)
    assert report.session.scale_missed_boards is False
    pair_lines = [x for x in report.differences if "PAIR" in x and "total" in x]
    assert len(pair_lines) == 2, report.differences
    assert any(
        "The file's figures all agree with scaling the totals of pairs that missed boards" in w for w in report.warnings
    ), report.warnings
    scaled = import_usebio((usebio_dir / name).read_bytes(), filename=name)
    assert scaled.session.scale_missed_boards is True and scaled.differences == []


def test_the_import_says_which_convention_the_file_used(usebio_dir: Path) -> None:
    """Flip Neuberg off after importing the Howell (a board was played 5 times, not 6): the hint names it."""
    name = "mp_pairs_howell.xml"
    report = import_usebio((usebio_dir / name).read_bytes(), filename=name)
    session = report.session
    session.use_neuberg = False
    session.save(update_fields=["use_neuberg"])
    section = session.sections.get()
    record = read_usebio((usebio_dir / name).read_bytes())
    _, differences = compare_with_published(section, record)
    assert differences
    hint = convention_hint(section, record)
    assert hint is not None and "agree with Neuberg's formula" in hint
    assert section.session.use_neuberg is False  # flipped in memory only, and put back
