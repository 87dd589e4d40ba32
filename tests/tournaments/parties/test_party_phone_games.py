"""The party table terminal deal by deal at whist, five hundred, cinch and solo: the state names the fields the
game's own module asks for, and the rows the phone sends are checked and scored by that module's laws
(five-hundred-cinch-solo.txt, whist-and-duplicate-whist.txt), a mistake answered at its deal and field."""

from __future__ import annotations

import datetime

import pytest

from tests.tournaments.parties.test_table_terminal import send, state, table_of
from tournaments.parties import services, table_links
from tournaments.parties.games import game
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db


def link_of(director, form: str) -> TableLink:
    party = services.create_party(actor=director, name=form, date=datetime.date(2026, 3, 1), form=form, tables=2)
    services.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    services.start_party(actor=director, party=party)
    return table_links.live_links(party)[0]


@pytest.mark.parametrize(
    ("form", "fields", "rows", "more"),
    [
        ("whist", ["tricks"], 4, False),
        ("five-hundred", ["bidder", "bid", "tricks"], 4, False),
        ("cinch", ["bidder", "bid", "tricks", "against"], 4, True),  # the bell ends the round: rows on demand
        ("solo", ["bidder", "bid", "double", "points"], 4, False),
    ],
)
def test_the_state_names_the_game_modules_fields(client, director, form, fields, rows, more) -> None:
    now = state(client, link_of(director, form))
    assert "games" in now["entry_kinds"]
    assert [f["field"] for f in now["deal_fields"]] == fields == [f for f, _label in game(form).deal_fields]
    assert all(f["label"] for f in now["deal_fields"])
    assert (now["deal_rows"], now["more_deals"]) == (rows, more)


@pytest.mark.parametrize("form", ["bridge", "euchre"])
def test_bridge_and_euchre_tables_have_no_game_pad(client, director, form) -> None:
    now = state(client, link_of(director, form))
    assert "deal_fields" not in now and "games" not in now["entry_kinds"]


def test_five_hundred_deals_as_the_phone_sends_them_scored_by_the_avondale_schedule(client, director) -> None:
    link = link_of(director, "five-hundred")
    rows = [
        {"bidder": "N", "bid": "7H", "tricks": "8"},  # 7 hearts 200, made: N-S +200, E-W 10 a trick: 20
        {"bidder": "E", "bid": "8S", "tricks": "7"},  # 8 spades 240, set: E-W -240, N-S 30
        {"bidder": "S", "bid": "nullo", "tricks": "0"},  # nullo 250 made; E-W 10 a trick the bidder took: 0
        {"bidder": "W", "bid": "6NT", "tricks": "10"},  # 6 no trump 120, all ten tricks: 250 (the slam rule)
    ]
    response = send(client, link, kind="games", round=1, seen="", deals=rows)
    assert response.status_code == 201, response.content
    table = table_of(link)
    assert (table.ns_total, table.ew_total) == (200 + 30 + 250 + 0, 20 - 240 + 0 + 250)


@pytest.mark.parametrize(
    ("form", "deals", "deal", "field", "words"),
    [
        ("five-hundred", [{"bidder": "N", "bid": "7H", "tricks": "8"}, {"bidder": "E", "bid": "11H", "tricks": "5"}],
         2, "bid", "is not a bid"),
        ("five-hundred", [{"bid": "7H", "tricks": "8"}], 1, "bidder", "who was the bidder"),
        ("five-hundred", [{"bidder": "N", "bid": "7H", "tricks": "11"}], 1, "tricks", "0 to 10 tricks"),
        ("cinch", [{"bidder": "N", "bid": "7", "tricks": "9", "against": "9"}], 1, "against", "only 14 points"),
        ("solo", [{"bid": "pass"}, {"bidder": "FIRST", "bid": "Grand Solo", "points": "70"}, {"bid": "pass"},
                  {"bid": "pass"}], 2, "bid", "Frog, Spade, Club, Diamond or Heart Solo"),
        ("whist", [{"tricks": "7"}, {"tricks": "14"}], 2, "tricks", "13"),
    ],
)  # fmt: skip
def test_a_bad_deal_is_refused_at_its_deal_and_field(client, director, form, deals, deal, field, words) -> None:
    link = link_of(director, form)
    first = state(client, link)["first_dealer"]  # solo: the first dealer bids on the second deal (not his deal)
    deals = [{k: first if v == "FIRST" else v for k, v in row.items()} for row in deals]
    for path in ("preview", "results"):  # the phone checks with the preview before it queues the round
        refused = send(client, link, path, kind="games", round=1, seen="", deals=deals)
        assert refused.status_code == 422, refused.content
        body = refused.json()
        assert (body.get("deal"), body["field"]) == (deal, field) and words in body["message"], body
    assert not table_of(link).entered


def test_cinch_deals_until_the_bell_and_solo_s_four_deals_keep_each_seat_s_chips(client, director) -> None:
    cinch = link_of(director, "cinch")
    rows = [{"bidder": "N", "bid": "7", "tricks": "9", "against": "5"}] * 3 + [
        {"bidder": "E", "bid": "6", "tricks": "10", "against": "4"}
    ]
    assert send(client, cinch, kind="games", round=1, seen="", deals=rows).status_code == 201
    assert (table_of(cinch).ns_total, table_of(cinch).ew_total) == (9 * 3 + 4, 5 * 3 + 10)
    solo = link_of(director, "solo")
    passes = [{"bid": "pass"}] * 4
    response = send(client, solo, kind="games", round=1, seen="", deals=passes)
    assert response.status_code == 201, response.content
    chips = table_of(solo).seat_totals
    assert set(chips) == set("NESW") and sum(chips.values()) == 0
