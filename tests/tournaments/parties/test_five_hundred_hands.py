"""Five hundred at three, five and six a table in the party pages: set-up, the deals typed, tallies, progression.

Each table's figures are worked out here by hand from the laws (five-hundred-cinch-solo.txt: the Avondale
schedule, ten a trick to each opponent, partners credited with the whole amount, "three-hand, high player
progresses; ... five-hand, two players with highest scores; six-hand, three winning partners").
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.parties import hand_services, services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError


def _party(director, hands: int, tables: int = 2, **rules) -> Party:
    party = services.create_party(
        actor=director, name=f"{hands}-hand 500", form="five-hundred", tables=tables, hands=hands,
        tie_rule="north_south", **rules,
    )  # fmt: skip
    names = "\n".join(f"Guest {i:02}" for i in range(1, tables * hands + 1))
    services.set_guests(actor=director, party=party, text=names)
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    return party


def _tables(party: Party, number: int = 1) -> list[PartyTable]:
    return list(PartyTable.objects.filter(round__party=party, round__number=number).order_by("number"))


def _post(deals: list[tuple[str, str, str, dict[str, int]]]) -> dict[str, str]:
    """(bidder seat, bid, partners, {seat: tricks}) per deal, as the table page posts them."""
    data: dict[str, str] = {}
    for n, (bidder, bid, partners, tricks) in enumerate(deals, start=1):
        data.update({f"h{n}-bidder": bidder, f"h{n}-bid": bid, f"h{n}-partners": partners})
        data.update({f"h{n}-tricks_{s}": str(t) for s, t in tricks.items()})
    return data


THREE_HAND_1 = [
    ("1", "7H", "", {"1": 7, "2": 2, "3": 1}),  # made: 1 +200; 2 +20, 3 +10
    ("2", "8S", "", {"1": 3, "2": 6, "3": 1}),  # set back: 2 -240; 1 +30, 3 +10
    ("3", "NULLO", "", {"1": 5, "2": 5, "3": 0}),  # nullo made: 3 +250; the others 10 a trick the bidder took: 0
]
THREE_HAND_2 = [
    ("1", "6S", "", {"1": 6, "2": 2, "3": 2}),  # 1 +40; 2 +20, 3 +20
    ("2", "6C", "", {"2": 10}),  # all ten tricks on a bid under 250: 250
    ("3", "7NT", "", {"1": 3, "2": 2, "3": 5}),  # 3 set back 220; 1 +30, 2 +20
]


def test_the_set_up_page_offers_three_to_six_hands_and_the_rules_hold(director, director_client) -> None:
    html = director_client.get(reverse("parties:new")).content.decode()
    assert all(f'name="hands" value="{n}"' in html for n in (3, 4, 5, 6)) and "Six-hand" in html
    form = {
        "name": "Club 500", "date": "2026-11-24", "form": "five-hundred", "tables": "2", "tally_draw": "random",
        "progression": "standard", "vulnerability": "law9", "tie_rule": "cut", "planned_rounds": "4", "hands": "5",
    }  # fmt: skip
    assert director_client.post(reverse("parties:new"), form).status_code == 302
    assert Party.objects.get(name="Club 500").hands == 5
    with pytest.raises(EntryError) as err:
        services.create_party(actor=director, name="x", form="whist", hands=3)
    assert err.value.field == "hands"
    with pytest.raises(EntryError) as err:
        services.create_party(actor=director, name="x", form="five-hundred", hands=6, progression="fixed")
    assert err.value.field == "progression"
    with pytest.raises(EntryError) as err:
        services.create_party(actor=director, name="x", form="five-hundred", hands=3, tie_rule="host")
    assert err.value.field == "tie_rule"


def test_the_draw_needs_exactly_a_full_table_for_each(director) -> None:
    party = services.create_party(actor=director, name="short", form="five-hundred", tables=2, hands=3)
    services.set_guests(actor=director, party=party, text="A\nB\nC\nD\nE")
    with pytest.raises(EntryError, match="2 tables of 3 need 6 guests; you have 5"):
        services.start_party(actor=director, party=party)
    party.refresh_from_db()
    assert party.status == "setup" and not party.rounds.exists()


def test_three_hand_table_page_scores_each_player_and_the_high_player_progresses(director, director_client) -> None:
    party = _party(director, 3)
    one, two = _tables(party)
    assert one.hands == 3 and one.west_id is None and list(one.seats) == ["1", "2", "3"]
    url = reverse("parties:table", args=[party.pk, 1, 1])
    html = director_client.get(url).content.decode()
    assert html.count('class="card deal-card') == 3 and "a widow of two" in html and "32-card pack" in html
    bad = _post(THREE_HAND_1)
    bad["h2-tricks_3"] = "0"  # nine tricks in all
    page = director_client.post(url, bad).content.decode()
    card = re.search(r'id="deal-2">(.*?)</fieldset>', page, re.S)
    assert card is not None and "add up to 9, not 10" in card.group(1)
    assert not PartyTable.objects.get(pk=one.pk).entered
    assert director_client.post(url, _post(THREE_HAND_1)).status_code == 302
    one.refresh_from_db()
    assert one.seat_totals == {"1": 230, "2": -220, "3": 270} and one.winner == "3"
    assert [h["bid"] for h in AuditEntry.objects.filter(action="party.table").latest("pk").new["hands"]] == [
        "7H", "8S", "NULLO"
    ]  # fmt: skip
    director_client.post(reverse("parties:table", args=[party.pk, 1, 2]), _post(THREE_HAND_2))
    two.refresh_from_db()
    assert two.seat_totals == {"1": 70, "2": 290, "3": -200} and two.winner == "2"
    rows = {r.guest.pk: r.tally.net for r in standings(party).rows}
    assert rows == {
        one.north_id: 230, one.east_id: -220, one.south_id: 270, two.north_id: 70, two.east_id: 290,
        two.south_id: -200,
    }  # fmt: skip
    round_page = director_client.get(reverse("parties:round", args=[party.pk, 1])).content.decode()
    assert "seat 3 move up" in round_page and "party-hand-seats" in round_page
    services.call_progression(actor=director, party=party)
    new_one, new_two = _tables(party, 2)
    # The head table's high player stays with the other who is not its lowest; its lowest goes to the last
    # table; table 2's high player moves up (Law 5 at a table of three).
    assert [new_one.north_id, new_one.east_id, new_one.south_id] == [one.north_id, one.south_id, two.east_id]
    assert [new_two.north_id, new_two.east_id, new_two.south_id] == [two.north_id, two.south_id, one.east_id]
    for url in (
        reverse("parties:round", args=[party.pk, 2]),
        reverse("parties:standings", args=[party.pk]),
        reverse("parties:detail", args=[party.pk]),
        reverse("parties:table", args=[party.pk, 2, 1]),
        reverse("parties:screen", args=[party.pk]),
        reverse("parties:print", args=[party.pk]),
    ):
        assert director_client.get(url).status_code == 200, url
    for kind in ("tally-cards", "table-cards", "score-pads", "standings"):
        response = director_client.get(reverse("parties:pdf", args=[party.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", kind


def test_five_hand_bidder_names_partners_and_the_two_highest_progress(director, director_client) -> None:
    party = _party(director, 5)
    one = _tables(party)[0]
    deals = [
        ("1", "8H", "3", {"1": 5, "3": 3, "2": 1, "4": 1}),  # 1 and 3 +300; 2, 4 +10
        ("2", "9NT", "4 5", {"2": 3, "4": 2, "5": 2, "1": 2, "3": 1}),  # set back 420 each; 1 +20, 3 +10
        ("3", "NULLO", "", {"3": 1, "1": 9}),  # nullo lost: 3 -250; each other +10 (the bidder took one)
        ("4", "6D", "1", {"4": 4, "1": 2, "2": 2, "3": 1, "5": 1}),  # 4 and 1 +80; 2 +20, 3 +10, 5 +10
        ("5", "7C", "2", {"5": 4, "2": 4, "1": 1, "3": 1}),  # 5 and 2 +160; 1 +10, 3 +10
    ]
    url = reverse("parties:table", args=[party.pk, 1, 1])
    assert 'name="h1-partners"' in director_client.get(url).content.decode()
    assert director_client.post(url, _post(deals)).status_code == 302
    one.refresh_from_db()
    assert one.seat_totals == {"1": 420, "2": -220, "3": 80, "4": -320, "5": -240} and one.winner == "13"
    lonely = [("1", "8H", "", {"1": 10}), *deals[1:]]
    with pytest.raises(EntryError, match="names one or two partners") as err:
        hand_services.record_hand_deals(actor=director, table=one, rows=[_row(d) for d in lonely], why="typo")
    assert err.value.deal == 1


def _row(deal: tuple[str, str, str, dict[str, int]]) -> dict[str, object]:
    bidder, bid, partners, tricks = deal
    return {"bidder": bidder, "bid": bid, "partners": partners, **{f"tricks_{s}": t for s, t in tricks.items()}}


def test_six_hand_odd_seats_partner_the_even_and_three_winners_progress(director, director_client) -> None:
    party = _party(director, 6)
    one, two = _tables(party)
    deals = [
        ("1", "7S", "", {"1": 4, "3": 2, "5": 2, "2": 1, "4": 1}),  # odd +140 each; even 20 each
        (
            "2",
            "8NT",
            "",
            {"2": 3, "4": 2, "6": 2, "1": 3},
        ),  # even set back 320 (no trump 120 at six, +100 a trick); odd +30
        ("3", "10S", "", {"1": 4, "3": 3, "5": 3}),  # all ten on a bid of 440: 440
        ("4", "NULLO", "", {"1": 5, "3": 5}),  # the nullo bidder took none: even +250
        ("5", "6H", "", {"5": 5, "2": 5}),  # odd set back 100; even +50
        ("6", "6C", "", {"6": 6, "1": 4}),  # even +60; odd +40
    ]
    html = director_client.get(reverse("parties:table", args=[party.pk, 1, 1])).content.decode()
    assert "62-card pack" in html and html.count('class="card deal-card') == 6
    director_client.post(reverse("parties:table", args=[party.pk, 1, 1]), _post(deals))
    one.refresh_from_db()
    assert one.seat_totals == {"1": 550, "2": 60, "3": 550, "4": 60, "5": 550, "6": 60}
    assert one.winner == "135" and (one.ns_total, one.ew_total) == (550, 60)
    flipped = [
        (str(int(b) % 6 + 1), bid, p, {str(int(s) % 6 + 1): t for s, t in tr.items()}) for b, bid, p, tr in deals
    ]
    hand_services.record_hand_deals(actor=director, table=two, rows=[_row(d) for d in flipped])
    two.refresh_from_db()
    assert two.winner == "246"
    services.call_progression(actor=director, party=party)
    new_one, new_two = _tables(party, 2)
    assert len(new_one.seats) == len(new_two.seats) == 6
    movers = {str(g.pk) for g in (two.east, two.west, two.sixth)}
    assert movers <= set(new_one.seat_ids.values())
    assert {str(one.east_id), str(one.west_id), str(one.sixth_id)} <= set(new_two.seat_ids.values())
    assert director_client.get(reverse("parties:standings", args=[party.pk])).status_code == 200


@pytest.mark.parametrize(
    ("language", "typed", "stored"), [("fr", "7C", "7H"), ("fr", "10SA", "10NT"), ("en", "7C", "7C")]
)
def test_a_five_hundred_bid_is_read_in_the_pages_letters(language, typed, stored) -> None:
    from django.utils import translation

    from tournaments.parties.forms import GameDealForm, HandDealForm

    with translation.override(language):
        hand = HandDealForm(data={"bidder": "1", "bid": typed, "tricks_1": "7"}, seats=3)
        game = GameDealForm(data={"bidder": "N", "bid": typed, "tricks": "7"})
        assert hand.is_valid(), hand.errors
        assert game.is_valid(), game.errors
        assert hand.cleaned_data["bid"] == stored and game.cleaned_data["bid"] == stored
