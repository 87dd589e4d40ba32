"""Teams of 3 (a pivot team of four with a substitute) to 6: a team of 3 is entered, and each match's line-up is
still four players, its substitute named by the director; larger teams take no substitute."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.teams import lineups, services
from tournaments.teams.models import TeamLineup, TeamMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(director) -> TeamMatch:
    event = services.create_event(actor=director, name="Pivot teams", boards_per_match=2)
    services.add_team(actor=director, event=event, name="Three", players=["Ann", "Bob", "Cat"])
    services.add_team(actor=director, event=event, name="Six", players=[f"P{i}" for i in range(6)])
    return services.draw_next_round(actor=director, event=event).matches.get()


def teams(match: TeamMatch):
    three = match.home if match.home.name == "Three" else match.away
    return three, match.away if three == match.home else match.home


def test_a_team_of_three_seats_its_substitute(director, match) -> None:
    three, six = teams(match)
    assert three.players.count() == 3
    with pytest.raises(services.TeamsError, match="name the substitute and seat them"):
        lineups.set_lineup(actor=director, match=match, team=three, room1_pair=["Ann", "Bob"], room2_pair=["Cat", "X"])
    with pytest.raises(services.TeamsError, match="four in all"):
        lineups.set_lineup(
            actor=director, match=match, team=three, room1_pair=["Ann", "Bob"], room2_pair=["Cat", "Cat"],
            substitute="Dee",
        )  # fmt: skip
    with pytest.raises(services.TeamsError, match="Ann is a player of Three, not a substitute"):
        lineups.set_lineup(
            actor=director, match=match, team=three, room1_pair=["Ann", "Bob"], room2_pair=["Cat", "Ann"],
            substitute="Ann",
        )  # fmt: skip
    lineup = lineups.set_lineup(
        actor=director, match=match, team=three, room1_pair=["Ann", "Dee"], room2_pair=["Bob", "Cat"], substitute="Dee"
    )
    assert (lineup.room1_pair, lineup.room2_pair) == (["Ann", "Dee"], ["Bob", "Cat"])
    assert AuditEntry.objects.filter(action="teams.lineup").get().new["substitute"] == "Dee"
    with pytest.raises(services.TeamsError, match="Six has 6 players: a substitute is for a team of fewer"):
        lineups.set_lineup(
            actor=director, match=match, team=six, room1_pair=["P0", "P1"], room2_pair=["P2", "Zed"], substitute="Zed"
        )
    assert TeamLineup.objects.count() == 1


def test_two_players_are_too_few(director) -> None:
    event = services.create_event(actor=director, name="Short")
    with pytest.raises(services.TeamsError, match="A team has 3 to 6 players, not 2"):
        services.add_team(actor=director, event=event, name="Two", players=["Ann", "Bob"])


def test_the_match_page_names_the_substitute(director_client, match) -> None:
    three, _ = teams(match)
    side = "home" if three == match.home else "away"
    event_pk = match.round.event_id
    page = director_client.get(reverse("teams:match", args=[event_pk, match.pk])).content.decode()
    assert page.count('name="substitute"') == 1 and ">Substitute</option>" in page
    seats = {"p0": "Ann", "p1": "__substitute__", "p2": "Bob", "p3": "Cat"}
    lineup_url = reverse("teams:lineup", args=[event_pk, match.pk])
    missing = director_client.post(lineup_url, {"side": side, **seats}, follow=True)
    assert "Three: Choose two different players for each room" in missing.content.decode()
    assert not TeamLineup.objects.exists()
    saved = director_client.post(lineup_url, {"side": side, **seats, "substitute": " Dee Four "})
    assert saved.status_code == 302
    assert TeamLineup.objects.get().room1_pair == ["Ann", "Dee Four"]
    page = director_client.get(reverse("teams:match", args=[event_pk, match.pk])).content.decode()
    assert 'value="Dee Four"' in page and '<option value="__substitute__" selected>Substitute</option>' in page
