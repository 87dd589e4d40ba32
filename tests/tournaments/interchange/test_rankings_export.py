"""Handicaps, strata and Swiss VPs go out with the session in our own USEBIO data, from the results pages'
selectors, and come back into the record when the file is read."""

from __future__ import annotations

import datetime
import re

import pytest

from tournaments.interchange import own_data
from tournaments.interchange.exporters import build_record, export_usebio
from tournaments.sessions.models import Entry, RankingRules, RatingEntry
from tournaments.sessions.selectors.handicaps import session_rankings
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.swiss import create_swiss

pytestmark = pytest.mark.django_db


def _payload(xml: bytes) -> dict[str, object]:
    found = re.search(rb"<\?bridgedesk (.*?)\?>", xml, re.S)
    assert found is not None
    return own_data.loads(found.group(1).decode(), "test")


def test_a_handicapped_session_exports_each_pairs_handicap_and_place() -> None:
    session = build_demo_session(tables=3, movement="howell", seed=21, quick=True)
    entry = Entry.objects.get(section__session=session, label="1")
    for player, rating in zip(entry.players.order_by("seat"), (60.0, 56.0), strict=True):
        RatingEntry.objects.filter(session=session, member=player.member).update(before=rating)
    RankingRules.objects.create(event=session.event, handicap="full", handicap_from_rating=True, strata_by="rating",
                                strata="A: 51, B")  # fmt: skip
    (ranked,) = session_rankings(session, score_session(session))
    expected = {r.standing.entry.label: (r.handicap, r.place) for f in ranked.fields for r in f.handicap}
    _, xml = export_usebio(session)
    rankings = _payload(xml)["rankings"]
    assert isinstance(rankings, dict)
    pairs = rankings["handicap"]["pairs"]
    assert rankings["handicap"]["share"] == "full"
    assert {k: (v["handicap"], v["place"]) for k, v in pairs.items()} == expected
    assert pairs["1"]["handicap"] == 8.0
    assert set(rankings["strata"]) == {"A", "B"}


def test_a_plain_session_carries_no_rankings() -> None:
    session = build_demo_session(tables=3, movement="howell", seed=21, quick=True)
    assert "rankings" not in _payload(export_usebio(session)[1])


def test_a_swiss_pairs_session_exports_its_vps_round_by_round() -> None:
    session = create_swiss(
        actor=None, event_name="Swiss", date=datetime.date(2026, 11, 24), pairs=4, rounds=2, boards_per_round=1,
        scoring_method="butler",
    )  # fmt: skip
    section = session.sections.get()
    for ns, ew, tricks in (("1", "2", 11), ("3", "4", 9)):
        record_result(actor=None, section=section, board=1, ns=ns, ew=ew, contract="4S", declarer="S", tricks=tricks)
    table = swiss_table(section)
    record = build_record(session, section)
    swiss = record.rankings["swiss"]
    assert swiss["vps"] is True
    assert swiss["pairs"] == {
        s.entry.label: {"total": s.total, "place": s.place, "rounds": [r.score for r in s.rounds]}
        for s in table.standings
    }
    assert swiss["pairs"]["1"]["total"] > swiss["pairs"]["2"]["total"]
    back = record.__class__()
    own_data.apply(back, _payload(export_usebio(session)[1]), {}, "test")  # type: ignore[arg-type]
    assert back.rankings == {"swiss": swiss}  # read back as written
