"""A pairs session scored by total points goes out as USEBIO 1.2 pairs with BOARD_SCORING_METHOD AGGREGATE (each
pair's TOTAL_SCORE, no percentages, each line's SCORE its points) and as PBN 2.1 with the results tables
(``[Scoring "TotalPoints"]``, the ScoreTable's Score_NS/Score_EW, the TotalScoreTable's TotalScore), and both come
back identical; another reader, seeing only the standard part, gets the same totals and places."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from lxml import etree

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services import rulings as ruling_services
from tournaments.sessions.services import sessions as session_services

from .published_counts import all_same, published_counts
from .test_roundtrip import _assert_same, _create, _line, _play_all, snapshot
from .test_usebio_aggregate_pairs import TOTALS, aggregate_pairs_file

pytestmark = pytest.mark.django_db


def _total_session(director) -> Session:
    """Six pairs, a Howell, total points, with a weighted score, a board not played and a penalty."""
    session = _create("howell", 6, director, late=False, method="total")
    _play_all(session, director, seed=2)
    section = session.sections.get()
    ruling_services.apply_ruling(
        actor=director,
        section=section,
        decision="weighted",
        result=_line(session, 2),
        weighted=[
            {"weight": 50, "contract": "4S", "declarer": "N", "tricks": "10"},
            {"weight": 50, "contract": "4S", "declarer": "N", "tricks": "9"},
        ],
    )
    ruling_services.apply_ruling(actor=director, section=section, decision="not_played", result=_line(session, 3))
    ruling_services.apply_ruling(
        actor=director, section=section, decision="procedural_penalty", entry=section.entries.get(label="4")
    )
    return session


def _totals(session: Session) -> dict[str, tuple[float, str]]:
    scores = score_section(session.sections.get())
    return {s.entry.label: (round(s.total, 2), s.place) for rows in scores.standings.values() for s in rows}


def test_usebio_writes_aggregate_pairs_with_each_pairs_total(director) -> None:
    session = _total_session(director)
    _, xml = export_usebio(session)
    check_structure(xml)
    root = etree.fromstring(xml)
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "PAIRS"
    assert event.findtext("BOARD_SCORING_METHOD") == "AGGREGATE"
    assert event.find("SCORING_METHOD") is None  # IMPS is for Butler and cross-IMPs only
    pairs = event.findall("PARTICIPANTS/PAIR")
    published = {
        p.findtext("PAIR_NUMBER"): (float(p.findtext("TOTAL_SCORE") or "nan"), p.findtext("PLACE")) for p in pairs
    }
    assert published == _totals(session)
    assert all(p.find("PERCENTAGE") is None for p in pairs)
    assert not re.search(rb"_TOTAL_POINTS|_MATCH_POINTS", xml)  # a line's points are its SCORE: no invented element
    assert read_usebio(xml).scoring == "total"


def test_usebio_and_pbn_round_trips_of_a_total_points_session(director) -> None:
    session = _total_session(director)
    ours = snapshot(session)
    assert ours["settings"][0] == "total"
    for again in (
        import_usebio(export_usebio(session)[1], filename="t.xml", actor=director),
        import_pbn(export_pbn(session)[1], filename="t.pbn", actor=director),
    ):
        assert again.session.scoring_method == Session.ScoringMethod.TOTAL_POINTS
        assert again.differences == []
        _assert_same(ours, snapshot(again.session))


def test_other_readers_see_the_totals_in_the_standard_part(director) -> None:
    """Without Bridgedesk's own data (a processing instruction, two PBN tags) the file still says total points,
    and imports with every pair's total and place agreeing with ours (the weighted score, which neither format
    has, is off the standard traveller, so its pairs' totals differ and are named)."""
    session = _create("howell", 6, director, late=False, method="total")
    _play_all(session, director, seed=4)
    expected = _totals(session)
    _, xml = export_usebio(session)
    standard_xml = xml[: xml.index(b"<?bridgedesk ")]
    _, text = export_pbn(session)
    standard_pbn = "\n".join(x for x in text.splitlines() if not x.startswith("[Bridgedesk"))
    assert '[Scoring "TotalPoints"]' in text and "TotalScore\\" in text and "MP_NS" not in text
    for report in (
        import_usebio(standard_xml, filename="s.xml", actor=director),
        import_pbn(standard_pbn, filename="s.pbn", actor=director),
    ):
        assert report.session.scoring_method == Session.ScoringMethod.TOTAL_POINTS
        assert _totals(report.session) == expected
        assert all_same(published_counts(report.session.pk))
    assert {p.label: p.total for p in read_pbn(standard_pbn).pairs} == {k: v for k, (v, _) in expected.items()}


def test_another_programs_aggregate_file_goes_out_with_its_totals(director) -> None:
    imported = import_usebio(aggregate_pairs_file(), filename="agg.xml", actor=director).session
    for name, content in (export_usebio(imported), export_pbn(imported)):
        record = read_usebio(content) if name.endswith(".xml") else read_pbn(content)
        assert record.scoring == "total"
        assert {p.number: p.total for p in record.pairs} == TOTALS


def test_duplicate_whist_by_tricks_is_still_refused(director) -> None:
    session = session_services.create_session(
        actor=director,
        event_name="Whist",
        date=dt.date(2026, 11, 24),
        sections=[session_services.SectionSpec(pairs=10, kind="mitchell", boards_per_round=1)],
        scoring_method=Session.ScoringMethod.TOTAL_POINTS,
        game=Session.Game.WHIST,
    )
    with pytest.raises(InterchangeError, match="duplicate whist"):
        export_usebio(session)
