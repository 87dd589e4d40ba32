"""Parties as hosts run them (issue 23): any number of guests (sit-outs in turn, or ghosts in the empty seats),
tallies that stay aligned mid-round, the prize list on the big screen."""

from __future__ import annotations

import html as html_lib
import io
import re
from collections import Counter

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.parties import score_pads, services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError


def tally_rows(html: str) -> list[list[str]]:
    body = re.search(r'<table class="table tallies" id="tallies">.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body is not None
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)]


def test_tallies_keep_their_columns_while_a_round_is_in_progress(director_client, director, started) -> None:
    url = reverse("parties:standings", args=[started.pk])
    one = PartyTable.objects.get(round__party=started, round__number=1, number=1)
    score_pads.record_totals(actor=director, table=one, ns_total=620, ew_total=100)
    rows = tally_rows(director_client.get(url).content.decode())
    assert len(rows) == 12 and {len(r) for r in rows} == {1 + 1 + 1 + 1 + 2}  # place, guest, net, R1, my, opp
    at_one = {g.name for g in one.seats.values()}
    for row in rows:
        name = re.sub(r"<.*", "", re.sub(r"</?bdi>", "", row[1])).strip()  # the name is in its own <bdi>
        assert row[3] == ("620/100" if name in (one.north.name, one.south.name) else
                          "100/620" if name in at_one else "–")  # fmt: skip
    for t in PartyTable.objects.filter(round__party=started, round__number=1).exclude(pk=one.pk):
        score_pads.record_totals(actor=director, table=t, ns_total=300, ew_total=200)
    services.call_progression(actor=director, party=started)
    two = PartyTable.objects.get(round__party=started, round__number=2, number=2)
    score_pads.record_totals(actor=director, table=two, ns_total=50, ew_total=450)
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
    shown = [(html_lib.unescape(a), html_lib.unescape(re.sub(r"</?bdi>", "", b))) for a, b in cells]  # names in <bdi>
    expected = [(label, ", ".join(g.name for g in winners)) for label, winners in standings(party).prizes]
    assert shown == expected and len(expected) >= 3


def test_no_prize_list_on_the_screen_while_the_party_is_played(director_client, started) -> None:
    html = director_client.get(reverse("parties:screen", args=[started.pk])).content.decode()
    assert "screen-prizes" not in html


# ---- Any number of guests: sit-outs in turn ----


def _play(party: Party, director, rounds: int) -> list[dict[str, object]]:
    """Enter every table (North-South win) and call the progression; what each round looked like."""
    seen = []
    for number in range(1, rounds + 1):
        tables = list(PartyTable.objects.filter(round__party=party, round__number=number).order_by("number"))
        seen.append(
            {
                "seated": [g for t in tables for g in (t.north, t.east, t.south, t.west)],
                "out": [t.sitting_out for t in tables if t.sitting_out_id],
                "tables": tables,
            }
        )
        for i, t in enumerate(tables):
            score_pads.record_totals(actor=director, table=t, ns_total=500 + 10 * i, ew_total=300)
        if number < rounds:
            services.call_progression(actor=director, party=party)
    return seen


@pytest.mark.parametrize(("mixed", "text"), [
    (False, "\n".join(f"Guest {i}" for i in range(1, 20))),
    (True, "\n".join([f"Lady {i} L" for i in range(1, 10)] + [f"Gent {i} G" for i in range(1, 11)])),
])  # fmt: skip
def test_nineteen_guests_at_four_tables_sit_out_in_turn(director, mixed, text) -> None:
    party = services.create_party(actor=director, name="Village hall", tables=4, mixed=mixed, tie_rule="north_south")
    services.set_guests(actor=director, party=party, text=text)
    services.start_party(actor=director, party=party)
    seen = _play(party, director, 6)
    names = set(party.guests.values_list("name", flat=True))
    sat: Counter[str] = Counter()
    previous: set[str] = set()
    for rnd in seen:
        seated = {g.name for g in rnd["seated"]}
        out = {g.name for g in rnd["out"]}
        assert len(seated) == 16 and len(out) == 3 and seated | out == names
        assert not out & previous  # nobody sits out two rounds running
        previous = out
        sat.update(out)
        if mixed:
            for t in rnd["tables"]:
                assert (t.north.group, t.east.group, t.south.group, t.west.group) == (
                    "gentleman", "gentleman", "lady", "lady")  # fmt: skip
            assert sorted(g.group for g in rnd["out"]) == ["gentleman", "gentleman", "lady"]
    for group in {g.group for g in party.guests.all()}:  # in turn (at a mixed party, ladies among ladies)
        counts = [sat[g.name] for g in party.guests.filter(group=group)]
        assert max(counts) - min(counts) <= 1
    rows = standings(party).rows
    for row in rows:
        played = [c for c in row.cells if c is not None]
        assert len(row.cells) == 6 and len(played) == 6 - sat[row.guest.name]
        assert row.tally.my == sum(c[2] for c in played)


def test_too_many_guests_for_the_tables_asks_for_another_table(director) -> None:
    party = services.create_party(actor=director, name="Crowded", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join(f"Guest {i}" for i in range(1, 12)))
    with pytest.raises(EntryError, match="11 guests at 2 tables would leave 3 sitting out, more than one a table"):
        services.start_party(actor=director, party=party)


def test_the_pages_show_who_sits_out(director_client, director) -> None:
    party = services.create_party(actor=director, name="Odd", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join(f"Guest {i}" for i in range(1, 10)))
    services.start_party(actor=director, party=party)
    out = PartyTable.objects.get(round__party=party, round__number=1, number=1).sitting_out
    assert out is not None
    html = director_client.get(reverse("parties:screen", args=[party.pk])).content.decode()
    assert f'<td class="names"><bdi>{out.name}</bdi></td><td>sits out this round</td>' in html


# ---- Or one table more, and a ghost in each empty seat ----


@pytest.mark.parametrize(("mixed", "text"), [
    (False, "\n".join(f"Guest {i}" for i in range(1, 19))),
    (True, "\n".join([f"Lady {i} L" for i in range(1, 10)] + [f"Gent {i} G" for i in range(1, 10)])),
])  # fmt: skip
def test_eighteen_guests_at_five_tables_play_with_two_ghosts(director, director_client, mixed, text) -> None:
    party = services.create_party(actor=director, name="Short", tables=5, mixed=mixed, tie_rule="north_south",
                                  prizes=["highest", "second", "booby"])  # fmt: skip
    services.set_guests(actor=director, party=party, text=text)
    services.start_party(actor=director, party=party)
    ghosts = list(party.guests.filter(ghost=True))
    assert len(ghosts) == 2 and party.guests.count() == 20
    if mixed:
        assert sorted(g.group for g in ghosts) == ["gentleman", "lady"]
    seen = _play(party, director, 5)
    for rnd in seen:
        assert not rnd["out"] and len(set(rnd["seated"])) == 20
        for t in rnd["tables"]:
            assert sum(g.ghost for g in (t.north, t.east, t.south, t.west)) <= 1  # never two ghosts at a table
            if mixed:
                assert (t.north.group, t.east.group, t.south.group, t.west.group) == (
                    "gentleman", "gentleman", "lady", "lady")  # fmt: skip
    st = standings(party)
    assert len(st.rows) == 18 and not any(r.guest.ghost for r in st.rows)
    assert not any(g.ghost for _label, winners in st.prizes for g in winners) and st.prizes
    assert st.check_ok  # the ghosts' scores still count in the laws' check
    html = director_client.get(reverse("parties:screen", args=[party.pk])).content.decode()
    assert "(ghost" not in html.split("Where you sit")[1]


def test_ghosts_only_when_one_a_table_is_enough(director) -> None:
    party = services.create_party(actor=director, name="Too short", tables=5)
    services.set_guests(actor=director, party=party, text="\n".join(f"Guest {i}" for i in range(1, 14)))
    with pytest.raises(EntryError, match="5 tables seat exactly 20 guests; you have 13"):
        services.start_party(actor=director, party=party)
    assert not party.guests.filter(ghost=True).exists()
