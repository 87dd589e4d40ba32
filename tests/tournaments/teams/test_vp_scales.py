"""A teams event and an IMP Swiss pairs on the WBF discrete 20-0 scale: chosen at set-up, used by the standings,
refused when unknown. Figures worked from the WBF scale's bands (8 boards: 0 IMPs 10-10, 1-3 IMPs 11-9 ...)."""

from __future__ import annotations

import datetime

import pytest

from scoring.imps import victory_points
from scoring.vpscales import discrete_victory_points
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.services.conventions import update_conventions
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.swiss import create_swiss
from tournaments.teams import selectors, services
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db

PLAYERS = ["A One", "B Two", "C Three", "D Four"]


def _event(director, **rules) -> TeamEvent:
    event = services.create_event(actor=director, name="Club teams", boards_per_match=8, **rules)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Team {n}", players=[f"{p} {n}" for p in PLAYERS])
    return event


@pytest.mark.parametrize(("scale", "home"), [("wbf_discrete", 11.0), ("wbf_continuous", 10.44)])
def test_a_one_imp_win_over_eight_boards_on_each_scale(director, scale: str, home: float) -> None:
    event = _event(director, vp_scale=scale)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    scores = {1: ("420", "400")} | {n: ("100", "100") for n in range(2, 9)}  # 20 points: 1 IMP
    services.save_boards(actor=director, match=match, scores=scores, version=0)
    view = selectors.match_view(match)
    assert (view.score.imps_home, view.score.vp_home, view.score.vp_away) == (1, home, pytest.approx(20 - home))


def test_an_unknown_scale_is_refused_at_its_field(director) -> None:
    with pytest.raises(services.TeamsError) as caught:
        services.create_event(actor=director, name="X", vp_scale="ebu_30")
    assert caught.value.field == "vp_scale"


def test_the_event_page_names_the_scale(director_client, director) -> None:
    event = _event(director, vp_scale="wbf_discrete")
    page = director_client.get(event.get_absolute_url())
    assert "WBF discrete 20-0" in page.content.decode()


def _swiss(vp_scale: str) -> Session:
    return create_swiss(
        actor=None, event_name="Swiss", date=datetime.date(2026, 11, 24), pairs=4, rounds=3,
        boards_per_round=2, scoring_method=Session.ScoringMethod.BUTLER, vp_scale=vp_scale,
    )  # fmt: skip


def test_an_imp_swiss_on_the_discrete_scale_gives_whole_vps_and_the_choice_is_audited() -> None:
    session = _swiss("wbf_discrete")
    assert session.vp_scale == "wbf_discrete"
    assert AuditEntry.objects.filter(action=AuditAction.SESSION_CONVENTIONS, session_id=session.pk).count() == 1
    section = session.sections.get()
    for (ns, ew), results in {(1, 2): [("4S", 11), ("3NT", 10)], (3, 4): [("4S", 10), ("3NT", 9)]}.items():
        for board, (contract, tricks) in enumerate(results, start=1):
            record_result(
                actor=None, section=section, board=board, ns=str(ns), ew=str(ew), contract=contract,
                declarer="S" if contract == "4S" else "N", tricks=tricks,
            )  # fmt: skip
    scores = {s.entry.number: s.rounds[0].score for s in swiss_table(section).standings}
    assert all(v is not None and v == int(v) for v in scores.values())
    assert scores[1] + scores[2] == 20 and scores[3] + scores[4] == 20
    imps: dict[int, float] = {}
    for board in score_section(section).boards:
        for line in board.lines:
            imps[line.result.ns_entry.number] = imps.get(line.result.ns_entry.number, 0) + line.ns_points
            imps[line.result.ew_entry.number] = imps.get(line.result.ew_entry.number, 0) + line.ew_points
    assert scores[1] == discrete_victory_points(imps[1] - imps[2], 2)[0]
    update_conventions(session, actor=None, vp_scale="wbf_continuous")
    again = {s.entry.number: s.rounds[0].score for s in swiss_table(session.sections.get()).standings}
    assert again[1] == victory_points(imps[1] - imps[2], 2)[0]


def test_an_unknown_swiss_scale_is_refused() -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        _swiss("ebu_30")
