"""The party's big screen: every guest's table and seat this round (alphabetical), and the leaders so far."""

from __future__ import annotations

import io
import re

from django.core.management import call_command
from django.urls import reverse

from tournaments.core.access import Role, grant
from tournaments.parties.models import Party
from tournaments.parties.selectors import standings

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def rows_of(html: str) -> list[list[str]]:
    """The screen's rows as text: each name is in its own <bdi> (isolated for right-to-left names)."""
    return [
        [re.sub(r"</?bdi>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", html)
    ]


def test_before_any_result_the_screen_shows_where_everyone_sits(director_client, started) -> None:
    html = director_client.get(reverse("parties:screen", args=[started.pk])).content.decode()
    assert "Leaders" not in html and "Where you sit in round 1" in html
    round_one = started.rounds.get(number=1)
    expected = sorted(
        (
            [guest.name, f"Table {t.number}, {SEATS[seat]}"]
            for t in round_one.tables.all()
            for seat, guest in t.seats.items()
        ),
        key=lambda row: row[0].casefold(),
    )
    assert rows_of(html) == expected and len(expected) == 12


def test_after_the_party_the_screen_shows_the_leaders(director_client, director) -> None:
    call_command(
        "party_demo",
        "--tables",
        "3",
        "--rounds",
        "4",
        "--seed",
        "21",
        "--save",
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    party = Party.objects.get()
    html = director_client.get(reverse("parties:screen", args=[party.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in html  # the refresh gets the body only
    leaders = [r for r in rows_of(html) if len(r) == 3]
    top = standings(party).rows[:8]
    assert leaders == [[str(r.place), r.guest.name, f"{r.tally.net:+d}"] for r in top]
    assert "Where you sit in round 4" in html


def test_another_host_gets_a_404(client, started, django_user_model) -> None:
    other = django_user_model.objects.create_user(username="other-host", password="other-host-pw")
    grant(other, Role.DIRECTOR)
    client.force_login(other)
    assert client.get(reverse("parties:screen", args=[started.pk])).status_code == 404
