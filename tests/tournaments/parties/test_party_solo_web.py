"""Progressive solo in the party pages: four deals a table typed as bid, double and points; each player's chips.

The chips are worked out here by hand from five-hundred-cinch-solo.txt ("Progressive Solo": a chip a point over
or under 60 times the bid's rank, twice doubled, four times redoubled; the Frog and Solo pots) and the
party engine's reading of it in ``games/solo.py`` (antes of 1 and 2, the dealer pays a failed bidder too, the
pots shared out at the end of the round), then compared with what the pages saved and the tallies show.
"""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.parties.test_party_games_web import _party as _game_party
from tests.tournaments.parties.test_party_games_web import _tables
from tournaments.audit.models import AuditEntry
from tournaments.parties import score_pads, services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError
from tournaments.parties.types import LEFT


def _party(director, **rules) -> Party:
    return _game_party(director, "solo", **rules)


def _order(table: PartyTable) -> list[str]:
    """The seats in the order they deal: the first dealer, then to the left."""
    order = [table.first_dealer]
    while len(order) < 4:
        order.append(LEFT[order[-1]])
    return order


def _post(deals: list[dict[str, str]]) -> dict[str, str]:
    data = {"mode": "deals", "g-TOTAL_FORMS": str(len(deals)), "g-INITIAL_FORMS": str(len(deals))}
    for i, row in enumerate(deals):
        data.update({f"g-{i}-{k}": v for k, v in row.items()})
    return data


def _round_by_hand(d: list[str]) -> tuple[list[dict[str, str]], dict[str, int]]:
    """Four deals (d[0] deals first) and each seat's chips, reckoned by hand."""
    deals = [
        # Deal 1, d0 deals: d1 Frog (1 a point), 70 points: 10 over, paid by d2 and d3 (not the dealer).
        {"bidder": d[1], "bid": "Frog", "double": "0", "points": "70"},
        # Deal 2, d1 deals: d2 Heart Solo (5) doubled (10 a point), 50 points: 10 under, pays 100 to each.
        {"bidder": d[2], "bid": "Heart Solo", "double": "1", "points": "50"},
        {"bid": "PASS"},  # Deal 3: nobody bid
        # Deal 4, d3 deals: d0 Spade Solo (2) redoubled (8 a point), 61 points: 1 over, 8 from d1 and d2.
        {"bidder": d[0], "bid": "spade", "double": "2", "points": "61"},
    ]
    chips = dict.fromkeys(d, -3)  # antes at the start: 1 to the Frog pot, 2 to the Solo pot (pots 4 and 8)
    chips[d[1]] += 20 + 4  # deal 1: 10 from d2 and d3, and the Frog pot (4) ...
    chips[d[2]] -= 10
    chips[d[3]] -= 10
    for s in d:
        chips[s] -= 1  # ... which everyone makes up again (Frog pot 4)
    chips[d[2]] -= 300 + 8  # deal 2: 100 to each of the three others, and doubles the Solo pot (8 -> 16)
    for s in (d[0], d[1], d[3]):
        chips[s] += 100
    chips[d[0]] += 16 + 16  # deal 4: 8 from d1 and d2, and the Solo pot (16) ...
    chips[d[1]] -= 8
    chips[d[2]] -= 8
    for s in d:
        chips[s] -= 2 - 3  # ... made up again (2 each, pot 8); at the end the pots (4 + 8) go back, 3 each
    return deals, chips


def test_a_round_of_solo_typed_at_the_table_gives_each_player_his_chips(director, director_client) -> None:
    party = _party(director, tie_rule="cut")
    one = _tables(party)[0]
    order = _order(one)
    deals, chips = _round_by_hand(order)
    assert [chips[s] for s in order] == [129, 113, -329, 87] and sum(chips.values()) == 0
    url = reverse("parties:table", args=[party.pk, 1, 1])
    page = director_client.get(url).content.decode()
    assert page.count('class="card deal-card') == 4 and "s points</label>" in page and "Doubled" in page
    assert "Just the two totals" not in page
    response = director_client.post(url, _post(deals))
    assert response.status_code == 302
    one.refresh_from_db()
    assert one.seat_totals == chips
    high = sorted(order, key=lambda s: -chips[s])[:2]
    assert one.winner == "".join(s for s in "NESW" if s in high) and one.decided_by == "score"
    entry = AuditEntry.objects.filter(action="party.table").latest("pk")
    assert [h["bid"] for h in entry.new["hands"]] == ["Frog", "Heart Solo", "PASS", "spade"]
    round_page = director_client.get(reverse("parties:round", args=[party.pk, 1])).content.decode()
    assert f"<strong>{chips['N']}</strong>" in round_page and "move up" in round_page


@pytest.mark.parametrize(
    ("change", "deal", "message"),
    [
        ({"bidder": "dealer"}, 1, "the dealer takes no cards and cannot bid"),
        ({"points": "130"}, 1, "the points is between 0 and 120, not 130"),
        ({"bid": "Misere"}, 1, "Frog, Spade, Club, Diamond or Heart Solo, or pass"),
    ],
)
def test_a_bad_solo_deal_is_shown_at_its_deal(director, director_client, change, deal, message) -> None:
    party = _party(director)
    table = _tables(party)[0]
    order = _order(table)
    deals, _chips = _round_by_hand(order)
    deals[0] = {**deals[0], **{k: (order[0] if v == "dealer" else v) for k, v in change.items()}}
    response = director_client.post(reverse("parties:table", args=[party.pk, 1, 1]), _post(deals))
    assert response.status_code == 200
    card = re.search(rf'id="deal-{deal}">(.*?)</fieldset>', response.content.decode(), re.S)
    assert card is not None and message in card.group(1) and "field-error" in card.group(1)
    table.refresh_from_db()
    assert not table.entered


def test_solo_is_four_deals_and_never_the_pairs_totals(director, director_client) -> None:
    party = _party(director)
    table = _tables(party)[0]
    deals, _chips = _round_by_hand(_order(table))
    url = reverse("parties:table", args=[party.pk, 1, 1])
    response = director_client.post(url, _post(deals[:3]))
    assert response.status_code == 200 and "is 4 deals, one dealt by each player: 3 typed" in response.content.decode()
    with pytest.raises(EntryError, match="type the deals"):
        score_pads.record_totals(actor=director, table=table, ns_total=10, ew_total=-10)
    response = director_client.post(url, {"mode": "totals", "t-ns_total": "10", "t-ew_total": "-10"})
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    table.refresh_from_db()
    assert not table.entered


def test_each_players_chips_counted_at_the_table(director, director_client) -> None:
    party = _party(director, tie_rule="north_south")  # ties: the first in seat order from North
    table = _tables(party)[0]
    url = reverse("parties:table", args=[party.pk, 1, 1]) + "?mode=totals"
    page = director_client.get(url).content.decode()
    assert f"North: {table.north.name}" in page and "Each player's chips" in page
    bad = {"mode": "totals", "s-N": "40", "s-E": "-10", "s-S": "-10", "s-W": "-10"}
    response = director_client.post(url, bad)
    field = re.search(r'<div class="party-field field-error">.*?</div>', response.content.decode(), re.S)
    assert field is not None and "add up to +10, not 0" in field.group(0) and "s-N" in field.group(0)
    four_short = {**bad, "s-N": "26"}  # 26 - 30 = -4: more than the 3 odd chips a table of four can leave
    assert "add up to -4" in director_client.post(url, four_short).content.decode()
    table.refresh_from_db()
    assert not table.entered
    # three short (the pots' odd chips), and East and South tie for second: North's seat order puts East first
    good = {"mode": "totals", "s-N": "30", "s-E": "-5", "s-S": "-5", "s-W": "-23", "s-why": ""}
    assert director_client.post(url, good).status_code == 302
    table.refresh_from_db()
    assert table.seat_totals == {"N": 30, "E": -5, "S": -5, "W": -23} and table.entry == "totals"
    assert (table.winner, table.decided_by, table.tie_label) == (
        "NE",
        "first_seat",
        "the first in seat order from North",
    )


@pytest.mark.parametrize(
    ("rule", "field"),
    [({"progression": "fixed"}, "progression"), ({"mixed": True}, "mixed"), ({"tie_rule": "host"}, "tie_rule")],
)
def test_solo_rules_the_host_cannot_choose(director, rule, field) -> None:
    with pytest.raises(EntryError) as err:
        services.create_party(actor=director, name="Solo", form="solo", tables=2, **rule)
    assert err.value.field == field


def test_the_two_high_players_move_up_and_the_tallies_count_chips(director, director_client) -> None:
    party = _party(director, tie_rule="cut")
    one, two = _tables(party)
    expected: dict[str, int] = {}
    movers = {}
    for table in (one, two):
        deals, chips = _round_by_hand(_order(table))
        director_client.post(reverse("parties:table", args=[party.pk, 1, table.number]), _post(deals))
        table.refresh_from_db()
        expected.update({table.seats[s].name: v for s, v in chips.items()})
        high = sorted(chips, key=lambda s: -chips[s])[:2]
        movers[table.number] = {table.seats[s].name for s in high}
    services.call_progression(actor=director, party=party)
    new_one, new_two = _tables(party, 2)
    at = {t.number: {g.name for g in t.seats.values()} for t in (new_one, new_two)}
    assert at[1] == movers[1] | movers[2]  # the head table's two high stay, table 2's two high come up
    assert at[2] == {g.name for g in one.seats.values() if g.name not in movers[1]} | {
        g.name for g in two.seats.values() if g.name not in movers[2]
    }
    st = standings(party)
    assert st.total_label == "Chips" and {r.guest.name: r.tally.net for r in st.rows} == expected
    assert [r.tally.net for r in st.rows] == sorted(expected.values(), reverse=True)
    page = director_client.get(reverse("parties:standings", args=[party.pk])).content.decode()
    assert '<th class="num">Chips</th>' in page


def test_every_page_and_paper_of_a_solo_party_answers(director, director_client) -> None:
    party = _party(director)
    for number in (1, 2):
        for t in _tables(party, number):
            deals, _chips = _round_by_hand(_order(t))
            director_client.post(reverse("parties:table", args=[party.pk, number, t.number]), _post(deals))
        if number == 1:
            services.call_progression(actor=director, party=party)
    for url in [
        reverse("parties:detail", args=[party.pk]),
        reverse("parties:round", args=[party.pk, 1]),
        reverse("parties:round", args=[party.pk, 2]),
        reverse("parties:table", args=[party.pk, 2, 1]),
        reverse("parties:standings", args=[party.pk]),
        reverse("parties:screen", args=[party.pk]),
        reverse("parties:print", args=[party.pk]),
    ]:
        assert director_client.get(url).status_code == 200, url
    services.finish_party(actor=director, party=party)
    for kind in ("tally-cards", "table-cards", "score-pads", "standings"):
        response = director_client.get(reverse("parties:pdf", args=[party.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", kind
    pad = PdfReader(io.BytesIO(director_client.get(reverse("parties:pdf", args=[party.pk, "score-pads"])).content))
    text = pad.pages[0].extract_text()
    assert "Progressive Solo" in text and "Bid" in text and "Points" in text
    cards = PdfReader(io.BytesIO(director_client.get(reverse("parties:pdf", args=[party.pk, "tally-cards"])).content))
    text = cards.pages[0].extract_text()
    assert "Chips" in text and "Running total" in text and "Opponents" not in text


def test_a_cut_made_at_the_table_settles_a_solo_tie(director) -> None:
    """East and South tie for second: the cut made at the table (the two seats it sent up) is recorded, if the
    laws allow it (as many as move up, nobody below a player left behind)."""
    party = _party(director, tie_rule="cut")
    table = _tables(party)[0]
    totals = {"N": 30, "E": -5, "S": -5, "W": -23}
    for bad in ("NW", "N", "NES"):
        with pytest.raises(EntryError, match="cannot progress") as err:
            score_pads.record_seat_totals(actor=director, table=table, totals=totals, hands=(), cut=bad)
        assert err.value.field == "cut"
    score_pads.record_seat_totals(actor=director, table=table, totals=totals, hands=(), cut="NS")
    table.refresh_from_db()
    assert (table.winner, table.decided_by) == ("NS", "cut")
    no_tie = {"N": 30, "E": -4, "S": -6, "W": -23}
    score_pads.record_seat_totals(actor=director, table=table, totals=no_tie, hands=(), cut="NS")
    table.refresh_from_db()
    assert (table.winner, table.decided_by) == ("NE", "score")  # no tie: the cut is not used
