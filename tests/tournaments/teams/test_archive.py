"""Mistakes undone for teams: a director archives a teams event from the web after a confirmation that says what
goes with it; it leaves the teams list, its rooms' table links are refused, audited; restoring brings it back."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.teams import services, tables
from tournaments.teams.models import TeamEvent, TeamRoomScore

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director) -> TeamEvent:
    """A drawn two-team event with its rooms' links issued."""
    event = services.create_event(actor=director, name="Winter teams", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    tables.issue_links(actor=director, rnd=services.draw_next_round(actor=director, event=event))
    return event


def test_the_confirmation_says_what_goes_with_the_event(director_client, event) -> None:
    page = director_client.get(reverse("teams:archive", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for words in ("Archive Winter teams?", "this teams event off the teams list", "2 teams, 1 round drawn with 1 match",
                  "0 boards scored", "its 2 room table links (phones can no longer open them)"):  # fmt: skip
        assert words in html
    refused = director_client.post(reverse("teams:archive", args=[event.pk]), {"why": "a test"})
    assert refused.status_code == 400 and "Tick the box to confirm" in refused.content.decode()
    assert TeamEvent.objects.get().archived_at is None and not AuditEntry.objects.filter(action="teams.archive")


def test_an_archived_event_leaves_the_list_and_its_links_are_refused(client, director_client, event) -> None:
    link = tables.live_links(event.draw_rounds.get())[0]
    assert client.get(reverse("tableside:table", args=[link.token])).status_code == 200
    assert "Winter teams" in director_client.get(reverse("teams:list")).content.decode()
    done = director_client.post(reverse("teams:archive", args=[event.pk]), {"confirm": "yes", "why": "a trial run"})
    assert done.status_code == 302 and done["Location"] == reverse("teams:archived")
    entry = AuditEntry.objects.get(action="teams.archive")
    assert entry.why == "a trial run" and entry.new["archived_at"] is not None
    listed = director_client.get(reverse("teams:list")).content.decode().split("<h1>Teams events</h1>")[1]
    assert "Winter teams" not in listed and "Archived teams events (1)" in listed
    refused = client.get(reverse("tableside:table", args=[link.token]))
    assert refused.status_code == 403 and "archived this teams event" in refused.content.decode()
    body = json.dumps({"board": 1, "ns_score": 420, "seen": "", "client_id": "a1"})
    posted = client.post(f"/api/table/{link.token}/results", body, content_type="application/json")
    assert posted.status_code == 403 and "archived this teams event" in posted.json()["message"]
    assert not TeamRoomScore.objects.exists()
    archived = director_client.get(reverse("teams:archived")).content.decode()
    assert "Winter teams" in archived and reverse("teams:restore", args=[event.pk]) in archived
    assert "Archived on" in director_client.get(reverse("teams:detail", args=[event.pk])).content.decode()

    back = director_client.post(reverse("teams:restore", args=[event.pk]))
    assert back.status_code == 302 and TeamEvent.objects.get().archived_at is None
    assert AuditEntry.objects.filter(action="teams.restore").count() == 1
    assert client.get(reverse("tableside:table", args=[link.token])).status_code == 200
    assert "Winter teams" in director_client.get(reverse("teams:list")).content.decode()
    again = director_client.post(reverse("teams:restore", args=[event.pk]))  # already back: nothing written
    assert again.status_code == 302 and AuditEntry.objects.filter(action="teams.restore").count() == 1
