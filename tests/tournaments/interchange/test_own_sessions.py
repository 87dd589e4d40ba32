"""Sessions run in Bridgedesk (movements, results typed in, rulings) export too, and come back the same."""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Board, Result, TableRound
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services import rulings as ruling_services
from tournaments.sessions.services import sessions as session_services
from tournaments.sessions.services.results import record_result

pytestmark = pytest.mark.django_db

CONTRACTS = [("4S", "N", 10), ("3NT", "S", 9), ("4S", "N", 11), ("2H", "E", 8), ("3NT", "W", 8), ("4HX", "S", 9)]


def _play(kind: str, pairs: int, director) -> object:
    session = session_services.create_session(
        actor=director,
        event_name="Club pairs",
        date=dt.date(2026, 11, 20),
        club="Anytown BC",
        sections=[
            session_services.SectionSpec(
                pairs=pairs,
                kind=kind,
                boards_per_round=2,
                players={"1NS" if kind == "mitchell" else "1": ["Ann", "Bob"]},
            )
        ],
    )
    section = session.sections.get()
    k = 0
    for row in TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry"):
        if row.ns_entry is None or row.ew_entry is None:
            continue
        for board in row.boards:
            contract, declarer, tricks = CONTRACTS[(k * 7 + board) % len(CONTRACTS)]
            k += 1
            record_result(
                actor=director,
                section=section,
                board=board,
                ns=row.ns_entry.label,
                ew=row.ew_entry.label,
                contract=contract,
                declarer=declarer,
                tricks=tricks,
            )
    result = Result.objects.filter(section=section).order_by("board__number", "id").first()
    assert result is not None
    ruling_services.apply_ruling(
        actor=director, section=section, decision="artificial", result=result, ns_percent=60, ew_percent=40
    )
    Board.objects.filter(session=session, number=1).update(
        deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    )
    return session


def _standings(session) -> dict[str, tuple[float, float | None, str]]:
    scores = score_section(session.sections.get())
    return {
        s.entry.label: (round(s.total, 2), round(s.percentage, 2) if s.percentage is not None else None, s.place)
        for rows in scores.standings.values()
        for s in rows
    }


@pytest.mark.parametrize(("kind", "pairs"), [("mitchell", 10), ("howell", 8)])
def test_a_session_we_ran_exports_and_comes_back_with_the_same_results(kind: str, pairs: int, director) -> None:
    session = _play(kind, pairs, director)
    ours = _standings(session)
    _, xml = export_usebio(session)
    check_structure(xml)
    record = read_usebio(xml)
    assert {p.label for p in record.pairs} == set(ours)
    assert record.winners == (2 if kind == "mitchell" else 1)
    assert record.boards[0].deal.startswith("N:AKQJ.T98")
    artificial = [x for b in record.boards for x in b.lines if x.kind == "artificial"]
    assert [(x.ns_percent, x.ew_percent) for x in artificial] == [(60, 40)]
    for pair in record.pairs:
        total, pct, place = ours[pair.label]
        assert (pair.total, pair.percentage, pair.place) == (
            pytest.approx(total, abs=0.005),
            pytest.approx(pct, abs=0.005),
            place,
        )
    assert record.pair(next(iter(ours))) is not None
    again = import_usebio(xml, filename="ours.xml", actor=director)
    assert again.differences == [] and again.warnings == []
    assert _standings(again.session) == ours
    assert again.session.sections.get().movement_kind == kind

    _, text = export_pbn(session)
    via_pbn = import_pbn(text, filename="ours.pbn", actor=director)
    assert via_pbn.differences == []
    assert _standings(via_pbn.session) == ours
    assert [p.name for p in read_pbn(text).pairs[0].players] == ["Ann", "Bob"]


def test_hand_records_only_need_no_results(director) -> None:
    session = session_services.create_session(
        actor=director,
        event_name="Tuesday",
        date=dt.date(2026, 11, 24),
        sections=[session_services.SectionSpec(pairs=8, kind="howell", boards_per_round=2)],
    )
    _, text = export_pbn(session, results=False)
    record = read_pbn(text)
    assert [b.number for b in record.boards] == sorted(
        Board.objects.filter(session=session).values_list("number", flat=True)
    )
    assert record.pairs == [] and all(b.deal == "" for b in record.boards)


def test_a_session_with_two_sections_exports_to_pbn_one_at_a_time(director) -> None:
    """PBN holds one field; USEBIO holds them all (SESSION/SECTION), but only sections with results."""
    session = session_services.create_session(
        actor=director,
        event_name="Big night",
        date=dt.date(2026, 11, 25),
        sections=[
            session_services.SectionSpec(pairs=8, kind="mitchell", boards_per_round=2, letter="A"),
            session_services.SectionSpec(pairs=8, kind="mitchell", boards_per_round=2, letter="B"),
        ],
    )
    with pytest.raises(InterchangeError, match="no section has results yet; USEBIO publishes results"):
        export_usebio(session)
    with pytest.raises(InterchangeError, match="export one section at a time"):
        export_pbn(session)
    with pytest.raises(InterchangeError, match="section B has no results yet"):
        export_usebio(session, "B")
    name, text = export_pbn(session, "B")
    assert name.endswith("-B.pbn")
    pairs = read_pbn(text).pairs  # the pairs are listed, without totals yet
    assert len(pairs) == 8 and all(p.total is None for p in pairs)
