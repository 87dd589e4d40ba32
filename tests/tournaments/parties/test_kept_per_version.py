"""A party's standings, its tallies' rows and a round's table cards are computed once per party version (issue 24):
kept in Django's cache and, frozen, by each process; every party write bumps the version, so the next reader sees
it at once; nothing read inside a transaction is kept; the round poll still answers 304 while nothing moved."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.parties import score_pads
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import GuestLine, guests_of, party_stamp, results_of, seating_of, standings
from tournaments.parties.tallies import PRIZES, award_prizes, tallies_from
from tournaments.sessions.selectors.frozen import FrozenError

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: the cache works


def fresh(party: Party) -> Party:
    return Party.objects.get(pk=party.pk)


def body(html: str) -> str:
    """The tallies' rows (the page around them carries a new CSRF token each time)."""
    return html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]


def enter(director, party: Party, number: int, ns: int, ew: int) -> None:
    table = PartyTable.objects.get(round__party=party, round__number=1, number=number)
    score_pads.record_totals(actor=director, table=table, ns_total=ns, ew_total=ew)


def test_standings_are_computed_once_per_version(director, started) -> None:
    enter(director, started, 1, 620, 100)
    party = fresh(started)
    first = standings(party)
    with CaptureQueriesContext(connection) as queries:
        again = standings(fresh(party))
    assert again is first  # this process's frozen copy
    assert [q["sql"] for q in queries.captured_queries if "partytable" in q["sql"]] == []
    with pytest.raises(FrozenError):
        first.rows[0].place = 99  # type: ignore[misc]
    enter(director, party, 2, 50, 430)  # a write: a new version, a new key
    after = standings(fresh(party))
    assert after is not first and after.rounds_entered == 1
    assert sorted(r.tally.net for r in after.rows if r.tally.rounds) == [-520, -520, -380, -380, 380, 380, 520, 520]


def test_the_values_read_match_the_tables(director, started) -> None:
    """`results_of` reads plain values, not model objects: the same seating and totals as the models give."""
    enter(director, started, 1, 620, 100)
    enter(director, started, 3, 0, 300)
    results = results_of(started)
    tables = PartyTable.objects.filter(round__party=started).exclude(entry="").order_by("number")
    assert [r.seating for r in results] == [seating_of(t) for t in tables]
    assert [(r.table, r.ns_total, r.ew_total, r.winner) for r in results] == [(1, 620, 100, "NS"), (3, 0, 300, "EW")]


def test_nothing_read_inside_a_transaction_is_kept(director, started) -> None:
    enter(director, started, 1, 620, 100)
    party = fresh(started)
    with transaction.atomic():
        inside = standings(party)
    assert cache.get(f"party-standings:v1:{party_stamp(party)}") is None
    assert standings(party) is not inside


def test_the_pages_follow_every_write(director, director_client, started) -> None:
    tallies = reverse("parties:standings", args=[started.pk])
    url = reverse("parties:round", args=[started.pk, 1])
    poll = director_client.get(url, HTTP_HX_REQUEST="true")
    etag = poll["ETag"]
    assert "Enter table 1" in poll.content.decode()
    assert director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert "+520" not in director_client.get(tallies).content.decode()
    enter(director, started, 1, 620, 100)
    again = director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and "620" in again.content.decode() and "Correct table 1" in again.content.decode()
    with CaptureQueriesContext(connection) as queries:
        repeat = director_client.get(url, HTTP_HX_REQUEST="true")  # no ETag: built from the kept cards
    assert repeat.content == again.content
    assert [q["sql"] for q in queries.captured_queries if "partytable" in q["sql"]] == []
    page = director_client.get(tallies).content.decode()
    assert "+520" in page and 'title="table 1">620/100<' in page
    with CaptureQueriesContext(connection) as queries:
        repeat_page = director_client.get(tallies).content.decode()
    assert body(repeat_page) == body(page) and "<tr>" in body(page)
    assert [q["sql"] for q in queries.captured_queries if "partytable" in q["sql"]] == []
    enter(director, started, 1, 300, 100)  # a correction
    corrected = director_client.get(tallies).content.decode()
    assert "+200" in corrected and "+520" not in corrected and 'title="table 1">300/100<' in corrected
    assert director_client.get(reverse("parties:round", args=[started.pk, 7])).status_code == 404


def test_the_standings_read_only_the_deals_that_could_be_slams(director, started) -> None:
    """The standings read the deals of twelve tricks or more only (what the slam prizes look at), and none when no
    slam prize is chosen; the prizes are those of every deal read, and the guests are plain values."""
    table = PartyTable.objects.get(round__party=started, round__number=1, number=2)
    hands = [
        DealEntry("4S", "N", "+2"),  # twelve tricks, no slam bid
        DealEntry("6H", "E", "="),  # the slam
        DealEntry("3NT", "S", "="),
        DealEntry("6S", "N", "-1"),  # one down
    ]
    score_pads.record_deals(actor=director, table=table, deals=hands)
    party = fresh(started)
    every, some = results_of(party), results_of(party, deals="slams")
    assert sum(len(r.deals) for r in every) == 4
    assert [(d.contract, d.tricks) for r in some for d in r.deals] == [("4S", 12), ("6H", 12)]
    assert [(r.table, r.ns_total, r.seating) for r in some] == [(r.table, r.ns_total, r.seating) for r in every]
    assert results_of(party, deals="none")[0].deals == ()
    guests = guests_of(party)
    tallies = tallies_from(guests, every)
    assert award_prizes(party.prizes, guests, tallies, some) == award_prizes(party.prizes, guests, tallies, every)
    st = standings(party)
    slam_winners = dict(st.prizes)[PRIZES["first_slam"]]
    assert {g.name for g in slam_winners} == {table.seats[s].name for s in ("E", "W")}
    assert all(isinstance(r.guest, GuestLine) for r in st.rows)
    lady = next(r.guest for r in st.rows if r.guest.group == "lady")
    assert lady.get_group_display() == "Lady" and str(lady) == lady.name
