"""A teams event's lifecycle: the director finishes it (every write refused, on the pages and at the phones),
then reopens it (audited) and the same writes are accepted."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.core.errors import FINISHED, status_of
from tournaments.teams import lineups, services, tables
from tournaments.teams.models import Team, TeamEvent, TeamPenalty, TeamRoomScore

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director) -> TeamEvent:
    """Two teams, round 1 drawn, its rooms' links issued: the event is playing."""
    event = services.create_event(actor=director, name="Cup", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    tables.issue_links(actor=director, rnd=services.draw_next_round(actor=director, event=event))
    event.refresh_from_db()
    return event


def _send(client, event: TeamEvent, score: int) -> object:
    link = tables.issue_links(actor=None, rnd=event.draw_rounds.get())[0]
    body = {"board": 1, "ns_score": score, "seen": "", "client_id": f"c-{score}"}
    return client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")


def test_every_write_to_a_finished_event_is_refused(event, director) -> None:
    services.set_status(actor=director, event=event, status="finished")
    team = Team.objects.get(event=event, number=1)
    match = event.draw_rounds.get().matches.get()
    writes = {
        "draw a round": lambda: services.draw_next_round(actor=director, event=event),
        "add a round": lambda: services.add_round(actor=director, event=event),
        "give a penalty": lambda: services.add_penalty(actor=director, team=team, vp="1", why="slow play"),
        "change the tie-breaks": lambda: services.set_tie_breaks(actor=director, event=event, tie_breaks=[]),
        "change a lineup": lambda: lineups.set_lineup(
            actor=director, match=match, team=team, room1_pair=["P01", "P11"], room2_pair=["P21", "P31"]
        ),
    }
    for doing, write in writes.items():
        with pytest.raises(services.TeamsError) as refused:
            write()
        assert refused.value.message == f"The event is finished: reopen it to {doing}."
        assert refused.value.code == FINISHED and status_of(refused.value) == 403
    assert not TeamPenalty.objects.exists() and event.draw_rounds.count() == 1


def test_finish_and_reopen_through_the_pages_and_the_phone(event, director_client, client) -> None:
    c = director_client
    status_url = reverse("teams:status", args=[event.pk])
    assert 'id="finish-event"' in c.get(reverse("teams:detail", args=[event.pk])).content.decode()
    response = c.post(status_url, {"status": "finished"}, follow=True)
    assert "The event is finished: its results stand." in response.content.decode()
    assert 'id="reopen-event"' in response.content.decode()
    team = Team.objects.get(event=event, number=1)
    response = c.post(reverse("teams:penalty", args=[event.pk]), {"team": team.pk, "vp": "1", "why": "late"})
    assert response.status_code == 400
    assert "The event is finished: reopen it to give a penalty." in response.content.decode()
    refused = _send(client, event, 420)
    assert refused.status_code == 403 and "finished" in refused.json()["message"]
    response = c.post(status_url, {"status": "finished"}, follow=True)
    assert "The event is finished: it cannot be finished." in response.content.decode()
    response = c.post(status_url, {"status": "nonsense"}, follow=True)
    assert response.status_code == 200 and "Unknown status" in response.content.decode()
    response = c.post(status_url, {"status": "playing"}, follow=True)
    assert "The event is open again." in response.content.decode()
    assert _send(client, event, 420).status_code == 201 and TeamRoomScore.objects.count() == 1
    trail = list(AuditEntry.objects.filter(action="teams.status").order_by("id").values_list("old", "new"))
    assert trail == [("playing", "finished"), ("finished", "playing")]
    assert AuditEntry.objects.filter(action="teams.status", actor_name="director").count() == 2


def test_an_event_still_entering_teams_cannot_be_finished(director) -> None:
    event = services.create_event(actor=director, name="Empty", boards_per_match=3)
    with pytest.raises(services.TeamsError, match=r"The event is entering teams: it cannot be finished\."):
        services.set_status(actor=director, event=event, status="finished")
