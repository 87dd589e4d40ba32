"""The scores selector reproduces published club results: every pair's total, percentage and place.

The sessions are built straight from the USEBIO files (with the test-only reader, not the importer), so this
checks the selector's conventions (Neuberg in totals, scaling of missed boards, percentage, tied places).
"""

from __future__ import annotations

import datetime as dt

import pytest

import scoring
from tests.scoring._usebio import read_session
from tournaments.sessions.models import Board, Entry, Event, Result, Section, Session
from tournaments.sessions.selectors.scores import score_section

pytestmark = pytest.mark.django_db


def build_section(path, *, winners: int) -> Section:
    published = read_session(path)
    event = Event.objects.create(name=path.stem)
    session = Session.objects.create(event=event, date=dt.date(2022, 7, 11))
    section = Section.objects.create(
        session=session, movement_kind="imported", tables=1, rounds=1, boards_per_round=1, winners=winners
    )
    entries: dict[str, Entry] = {}
    for pair in published.pairs:
        number = int("".join(ch for ch in pair.number if ch.isdigit()))
        entries[pair.number] = Entry.objects.create(
            section=section, number=number, direction=pair.direction, label=pair.number
        )

    def entry(label: str, direction: str) -> Entry:
        return entries.get(label) or entries[f"{label}{direction}"]

    for number, lines in published.boards.items():
        board = Board.objects.create(
            session=session,
            number=number,
            dealer=scoring.board_dealer(number),
            vulnerability=scoring.board_vulnerability(number),
        )
        for line in lines:
            common = {
                "section": section,
                "board": board,
                "ns_entry": entry(line.ns_pair, "NS"),
                "ew_entry": entry(line.ew_pair, "EW"),
            }
            if line.artificial:
                Result.objects.create(
                    **common, kind="artificial", ns_percent=line.artificial[0], ew_percent=line.artificial[1]
                )
            else:
                Result.objects.create(**common, kind="played", contract=line.contract or "", ns_score=int(line.score))
    return section


@pytest.mark.parametrize(("name", "winners"), [("mp_pairs_howell.xml", 1), ("mp_pairs_mitchell.xml", 2)])
def test_published_totals_percentages_and_places_are_reproduced(shared_dir, name, winners):
    path = shared_dir / "realdata" / "usebio" / name
    published = {p.number: p for p in read_session(path).pairs}
    scores = score_section(build_section(path, winners=winners))
    standings = [s for field in scores.standings.values() for s in field]
    assert len(standings) == len(published)
    for standing in standings:
        expected = published[standing.entry.label]
        assert standing.total == pytest.approx(expected.total, abs=0.01), standing.entry.label
        assert standing.percentage == pytest.approx(expected.percentage, abs=0.01), standing.entry.label
        assert standing.place.rstrip("=") == expected.place.rstrip("="), standing.entry.label


@pytest.mark.parametrize("name", ["mp_pairs_howell.xml", "mp_pairs_mitchell.xml"])
def test_every_traveller_line_shows_the_published_match_points(shared_dir, name):
    path = shared_dir / "realdata" / "usebio" / name
    published = read_session(path).boards
    scores = score_section(build_section(path, winners=1 if "howell" in name else 2))
    for board_score in scores.boards:
        lines = published[board_score.board.number]
        assert len(board_score.lines) == len(lines)
        for ours, theirs in zip(board_score.lines, lines, strict=True):
            assert ours.ns_points == pytest.approx(theirs.ns_mp, abs=0.01)
            assert ours.ew_points == pytest.approx(theirs.ew_mp, abs=0.01)
