"""Parties as hosts run them (issue 23): tallies that stay aligned mid-round, the prize list on the big screen."""

from __future__ import annotations

import html as html_lib
import io
import re

from django.core.management import call_command
from django.urls import reverse

from tournaments.parties import services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings


def tally_rows(html: str) -> list[list[str]]:
    body = re.search(r'<table class="table tallies" id="tallies">.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body is not None
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)]


def test_tallies_keep_their_columns_while_a_round_is_in_progress(director_client, director, started) -> None:
    url = reverse("parties:standings", args=[started.pk])
    one = PartyTable.objects.get(round__party=started, round__number=1, number=1)
    services.record_totals(actor=director, table=one, ns_total=620, ew_total=100)
    rows = tally_rows(director_client.get(url).content.decode())
    assert len(rows) == 12 and {len(r) for r in rows} == {1 + 1 + 1 + 1 + 2}  # place, guest, net, R1, my, opp
    at_one = {g.name for g in one.seats.values()}
    for row in rows:
        name = re.sub(r"<.*", "", row[1]).strip()
        assert row[3] == ("620/100" if name in (one.north.name, one.south.name) else
                          "100/620" if name in at_one else "–")  # fmt: skip
    for t in PartyTable.objects.filter(round__party=started, round__number=1).exclude(pk=one.pk):
        services.record_totals(actor=director, table=t, ns_total=300, ew_total=200)
    services.call_progression(actor=director, party=started)
    two = PartyTable.objects.get(round__party=started, round__number=2, number=2)
    services.record_totals(actor=director, table=two, ns_total=50, ew_total=450)
    rows = tally_rows(director_client.get(url).content.decode())
    assert {len(r) for r in rows} == {7}  # R1 and R2 for everyone
    assert sum(r[4] == "–" for r in rows) == 8 and sum(r[4] != "–" for r in rows) == 4


def test_at_the_end_the_big_screen_shows_the_prize_list(director_client, director) -> None:
    call_command("party_demo", "--tables", "3", "--rounds", "2", "--seed", "5", "--save",
                 stdout=io.StringIO(), stderr=io.StringIO())  # fmt: skip
    party = Party.objects.get()
    url = reverse("parties:screen", args=[party.pk])
    html = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    section = re.search(r'id="screen-prizes">(.*?)</section>', html, re.S)
    assert section is not None
    cells = re.findall(r"<tr><td>(.*?)</td><td class=\"names\">(.*?)</td></tr>", section.group(1))
    shown = [(html_lib.unescape(a), html_lib.unescape(b)) for a, b in cells]
    expected = [(label, ", ".join(g.name for g in winners)) for label, winners in standings(party).prizes]
    assert shown == expected and len(expected) >= 3


def test_no_prize_list_on_the_screen_while_the_party_is_played(director_client, started) -> None:
    html = director_client.get(reverse("parties:screen", args=[started.pk])).content.decode()
    assert "screen-prizes" not in html
