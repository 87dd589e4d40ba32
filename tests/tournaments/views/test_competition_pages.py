"""Season competitions through the service and the pages: real finished demo sessions, real standings."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Competition, RatingEntry, Session
from tournaments.sessions.selectors.competitions import competition_table
from tournaments.sessions.services import competitions
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return [build_demo_session(tables=3, movement="howell", seed=seed, quick=True) for seed in (31, 32, 33)]


def percentages(sessions) -> dict[int, list[float]]:
    """Each member's pair percentage per session, read from the rating rows (written by another service)."""
    out: dict[int, list[float]] = {}
    for row in RatingEntry.objects.filter(session__in=sessions):
        out.setdefault(row.member_id, []).append(row.percentage)
    return out


def test_best_one_of_three_is_each_members_best_percentage(director, season):
    comp = competitions.save_competition(
        actor=director, competition=Competition(name="Autumn", counting=1), sessions=season
    )
    table = competition_table(comp)
    assert len(table.sessions) == 3 and not table.waiting
    expected = {m: round(max(p), 2) for m, p in percentages(season).items()}
    assert {r.member.pk: r.standing.total for r in table.rows} == pytest.approx(expected, abs=0.011)
    totals = [r.standing.total for r in table.rows]
    assert totals == sorted(totals, reverse=True) and table.rows[0].standing.place.startswith("1")
    entry = AuditEntry.objects.filter(action="competition.save").get()
    assert entry.new["sessions"] == sorted(s.pk for s in season) and entry.new["counting"] == 1


def test_a_reopened_session_stops_counting(director, season):
    comp = competitions.save_competition(actor=director, competition=Competition(name="Autumn"), sessions=season)
    set_status(actor=director, session=season[0], status=Session.Status.PLAYING)
    table = competition_table(comp)
    assert [c.key for c in table.waiting] == [f"session:{season[0].pk}"] and len(table.sessions) == 2


def test_a_championship_carries_a_share_of_the_earlier_total(director, season):
    heats = competitions.save_competition(actor=director, competition=Competition(name="Heats"), sessions=season[:2])
    final = competitions.save_competition(
        actor=director,
        competition=Competition(name="Final", kind="championship", carry_from=heats, carry_percent=50),
        sessions=season[2:],
    )
    earlier = {r.member.pk: r.standing.total for r in competition_table(heats).rows}
    third = {m: p[0] for m, p in percentages(season[2:]).items()}
    for row in competition_table(final).rows:
        assert row.standing.carry == pytest.approx(round(earlier.get(row.member.pk, 0) / 2, 2))
        assert row.standing.total == pytest.approx(row.standing.carry + third.get(row.member.pk, 0), abs=0.011)


def test_bad_rules_are_refused_at_their_field(director, season):
    comp = competitions.save_competition(actor=director, competition=Competition(name="A"), sessions=[])
    with pytest.raises(ValidationError) as error:
        competitions.save_competition(
            actor=director, competition=Competition(name="B", kind="best", carry_from=comp), sessions=[]
        )
    assert "carry_from" in error.value.message_dict
    comp.kind, comp.carry_from = "championship", comp
    with pytest.raises(ValidationError) as error:
        competitions.save_competition(actor=director, competition=comp, sessions=[])
    assert "carry_from" in error.value.message_dict


def test_the_director_makes_one_and_players_and_the_public_read_it(director_client, role_user, season):
    data = {"name": "Best 2 of 3", "kind": "best", "counting": "2", "carry_percent": "0"}
    data["sessions"] = [str(s.pk) for s in season]
    response = director_client.post("/competitions/new/", data)
    assert response.status_code == 302
    comp = Competition.objects.get(name="Best 2 of 3")
    page = director_client.get(f"/competitions/{comp.pk}/").content.decode()
    best = competition_table(comp).rows[0]
    assert best.member.name in page and f"{best.standing.total:.2f}" in page and "Change the competition" in page
    anonymous = Client()
    assert anonymous.get(f"/results/competitions/{comp.pk}/").status_code == 404  # not public yet
    assert anonymous.get(f"/competitions/{comp.pk}/").status_code == 302  # the club's page: log in first
    assert director_client.post(f"/competitions/{comp.pk}/edit/", data | {"public": "on"}).status_code == 302
    public = anonymous.get(f"/results/competitions/{comp.pk}/")
    assert public.status_code == 200 and best.member.name in public.content.decode()
    assert "Change the competition" not in public.content.decode()
    player = Client()
    player.force_login(role_user("player"))
    mine = player.get(f"/competitions/{comp.pk}/").content.decode()
    assert best.member.name in mine and "Change the competition" not in mine
    assert player.post("/competitions/new/", data).status_code == 403
    assert player.post(f"/competitions/{comp.pk}/edit/", data).status_code == 403


def test_bad_input_on_the_form_is_a_clear_message(director_client):
    response = director_client.post("/competitions/new/", {"name": "", "kind": "best", "counting": "999999"})
    assert response.status_code == 400
    response = director_client.post(
        "/competitions/new/", {"name": "X", "kind": "best", "counting": "500", "carry_percent": "0"}
    )
    assert response.status_code == 400 and "At most 200 sessions can count." in response.content.decode()
    assert not Competition.objects.exists()
