"""The club ratings page, a member's rating page, the player's own page, the points scheme form and the awards
on the results: real sessions finished through the service, real pages."""

from __future__ import annotations

import datetime

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.publishing.models import Publication
from tournaments.publishing.players import link_token
from tournaments.sessions.models import MasterPointAward, PointsScheme, RatingEntry
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    return build_demo_session(tables=3, movement="howell", seed=21, quick=True)


def test_a_player_sees_the_club_ratings_and_a_members_history(client, role_user, evening):
    client.force_login(role_user("player"))
    page = client.get("/ratings/")
    assert page.status_code == 200
    best = RatingEntry.objects.order_by("-after").first()
    html = page.content.decode()
    assert best.member.name in html and f"{best.after:.2f}" in html
    assert "Recompute all ratings" not in html  # the button is the director's
    mine = client.get(f"/ratings/{best.member.pk}/").content.decode()
    assert f"{best.percentage:.2f}" in mine and f"{best.performance:.2f}" in mine and evening.event.name in mine
    assert client.post("/ratings/recompute/").status_code == 403
    assert client.get("/ratings/999999/").status_code == 404


def test_the_director_recomputes_and_gets_the_same_figures(director_client, evening):
    before = sorted(RatingEntry.objects.values_list("member", "after"))
    response = director_client.post("/ratings/recompute/")
    assert response.status_code == 302 and response["Location"] == "/ratings/"
    assert sorted(RatingEntry.objects.values_list("member", "after")) == before
    assert AuditEntry.objects.filter(action="ratings.recompute", actor_name="director").count() == 1
    assert director_client.get("/ratings/recompute/").status_code == 405


def test_the_scheme_form_awards_points_shown_on_the_results_and_the_players_page(director_client, evening):
    url = f"/events/{evening.event_id}/points/"
    assert director_client.get(url).status_code == 200
    bad = director_client.post(url, {"kind": "table", "per_entry": "6", "share_percent": "33", "cap": "1000",
                                      "table": "1: 6 4\n12 8", "point_type": "GREEN"})  # fmt: skip
    assert bad.status_code == 400 and "Line 2 should read like" in bad.content.decode()
    assert not PointsScheme.objects.exists()
    saved = director_client.post(url, {"kind": "table", "per_entry": "6", "share_percent": "33", "cap": "1000",
                                        "table": "1: 9 6 3", "point_type": "BLACK"})  # fmt: skip
    assert saved.status_code == 302
    assert "9, 6, 3" in director_client.get(url).content.decode()
    award = MasterPointAward.objects.order_by("-points").first()
    assert award.point_type == "BLACK" and award.points == 9
    standings = director_client.get(f"/sessions/{evening.pk}/standings/").content.decode()
    assert 'id="awards"' in standings and "BLACK" in standings
    Publication.objects.create(session=evening, published_at=datetime.datetime.now(datetime.UTC))
    evening.sections.update(version=999)  # the public page is cached by version: a publication bumps it
    public = director_client.get(f"/results/{evening.pk}/").content.decode()
    assert 'id="awards"' in public
    member = award.entry.players.first().member
    director_client.logout()
    own = director_client.get(f"/results/player/{link_token(member)}/").content.decode()
    assert 'id="rating-history"' in own and "Master points: 9" in own


def test_an_event_without_a_scheme_awards_nothing_and_shows_no_awards(director_client, evening):
    assert not MasterPointAward.objects.exists()
    page = director_client.get(f"/sessions/{evening.pk}/standings/").content.decode()
    assert 'id="awards"' not in page
