"""Five hundred at three, five and six a table on the party table terminal: the phone's deal form follows the
game module's seats (`seat_deal_fields`: the bidder's seat, the bid, at five-hand the partners named, each seat's
tricks), each deal is checked and scored by the module's laws, and the table's round is stored as the host's
page stores it (hand_services), each player credited with his side's whole amount, the high player (three), the
two highest (five) or the three winning partners (six) moving up.

The figures are worked by hand from five-hundred-cinch-solo.txt (the Avondale schedule, ten a trick to each
opponent, "three-hand, high player progresses; ... five-hand, two players with highest scores; six-hand, three
winning partners"), beside each deal.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.parties.test_table_terminal import send, state
from tournaments.audit.models import AuditEntry
from tournaments.parties import services, table_links
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db


def started(director, hands: int, tables: int = 2) -> Party:
    party = services.create_party(
        actor=director, name=f"{hands}-hand phones", form="five-hundred", tables=tables, hands=hands,
        tie_rule="north_south",
    )  # fmt: skip
    services.set_guests(actor=director, party=party, text="\n".join(f"P{i:02}" for i in range(1, tables * hands + 1)))
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    return party


def row(bidder: str, bid: str, tricks: dict[str, int], partners: str = "") -> dict[str, Any]:
    """A deal as the phone's form sends it: the fields it was told to show, empty ones left out."""
    out: dict[str, Any] = {"bidder": bidder, "bid": bid} | {f"tricks_{s}": str(t) for s, t in tricks.items()}
    return out | ({"partners": partners} if partners else {})


def send_round(client, link: TableLink, deals: list[dict[str, Any]]) -> Any:
    now = state(client, link)
    return send(client, link, kind="games", round=now["round"], seen=now["seen"], deals=deals)


def table(link: TableLink) -> PartyTable:
    return PartyTable.objects.get(round__party=link.party, round__number=1, number=link.table)


@pytest.mark.parametrize(
    ("hands", "fields"),
    [
        (3, ["bidder", "bid", "tricks_1", "tricks_2", "tricks_3"]),
        (5, ["bidder", "bid", "partners", "tricks_1", "tricks_2", "tricks_3", "tricks_4", "tricks_5"]),
        (6, ["bidder", "bid", "tricks_1", "tricks_2", "tricks_3", "tricks_4", "tricks_5", "tricks_6"]),
    ],
)
def test_the_phone_form_follows_the_tables_seats(client, director, hands, fields) -> None:
    link = table_links.live_links(started(director, hands))[0]
    now = state(client, link)
    assert now["entry_kinds"] == ["games"]  # no pairs' totals at a table of three, five or six
    assert [f["field"] for f in now["deal_fields"]] == fields
    assert now["deal_fields"][-1]["label"] == f"Tricks, seat {hands}"
    assert (now["deal_rows"], now["more_deals"]) == (hands, False)  # one deal dealt by each player
    assert list(now["seats"]) == [str(n) for n in range(1, hands + 1)]
    refused = send(client, link, kind="totals", round=now["round"], seen="", ns_total=10, ew_total=20)
    assert refused.status_code == 422 and refused.json()["field"] == "kind"


def test_three_hand_from_the_phone_the_high_player_moves_up(client, director) -> None:
    party = started(director, 3)
    link = table_links.live_links(party)[0]
    deals = [
        row("1", "7H", {"1": 7, "2": 2, "3": 1}),  # 7 hearts 200 made: 1 +200; 2 +20, 3 +10
        row("2", "8S", {"1": 3, "2": 6, "3": 1}),  # 8 spades 240 set: 2 -240; 1 +30, 3 +10
        row("3", "NULLO", {"1": 5, "2": 5, "3": 0}),  # nullo made: 3 +250; the bidder took none: others 0
    ]
    preview = send(client, link, "preview", kind="games", round=1, seen="", deals=deals)
    assert preview.status_code == 200 and preview.json()["result"]["seat_totals"] == {"1": 230, "2": -220, "3": 270}
    assert not table(link).entered  # the preview writes nothing
    sent = send_round(client, link, deals)
    assert sent.status_code == 201, sent.content
    stored = table(link)
    assert stored.seat_totals == {"1": 230, "2": -220, "3": 270} and stored.winner == "3"
    assert sent.json()["result"]["winner_label"] == stored.seats["3"].name
    assert AuditEntry.objects.filter(action="party.table", target_id=stored.pk).exists()
    again = send_round(client, link, deals)  # the offline queue's resend: already stored
    assert again.status_code == 200 and again.json()["repeat"] is True


def test_five_hand_from_the_phone_partners_credited_and_the_two_highest_move_up(client, director) -> None:
    party = started(director, 5)
    link = table_links.live_links(party)[0]
    deals = [
        row("1", "8H", {"1": 5, "3": 3, "2": 1, "4": 1}, "3"),  # 8 hearts 300: 1 and 3 +300 each; 2, 4 +10
        row("2", "9NT", {"2": 3, "4": 2, "5": 2, "1": 2, "3": 1}, "4 5"),  # 420 set: 2, 4, 5 -420; 1 +20, 3 +10
        row("3", "NULLO", {"3": 1, "1": 9}),  # nullo lost: 3 -250; each other +10 (the bidder took one)
        row("4", "6D", {"4": 4, "1": 2, "2": 2, "3": 1, "5": 1}, "1"),  # 80: 4 and 1 +80; 2 +20, 3 +10, 5 +10
        row("5", "7C", {"5": 4, "2": 4, "1": 1, "3": 1}, "2"),  # 7 clubs 160: 5 and 2 +160; 1 +10, 3 +10
    ]
    # 1: 300+20+10+80+10 = 420; 2: 10-420+10+20+160 = -220; 3: 300+10-250+10+10 = 80;
    # 4: 10-420+10+80 = -320; 5: -420+10+10+160 = -240. The two highest: 1 and 3.
    sent = send_round(client, link, deals)
    assert sent.status_code == 201, sent.content
    stored = table(link)
    assert stored.seat_totals == {"1": 420, "2": -220, "3": 80, "4": -320, "5": -240} and stored.winner == "13"
    # the tally: each player his own (five-hand) round's amount, partners of the moment credited the whole 300
    tally = {r.guest.pk: r.tally.net for r in standings(party).rows}
    assert [tally[stored.seats[s].pk] for s in "12345"] == [420, -220, 80, -320, -240]


def test_a_bad_deal_from_the_phone_is_refused_at_its_deal_and_field(client, director) -> None:
    party = started(director, 5)
    link = table_links.live_links(party)[0]
    deals = [
        row("1", "8H", {"1": 10}),  # five-hand: the bidder names one or two partners
        *[row(str(n), "6S", {str(n): 6, "1" if n != 1 else "2": 4}, "1" if n != 1 else "2") for n in range(2, 6)],
    ]
    refused = send_round(client, link, deals)
    assert refused.status_code == 422
    assert (refused.json()["deal"], refused.json()["field"]) == (1, "partners")
    assert "one or two partners" in refused.json()["message"]
    short = send_round(client, link, deals[1:])
    assert short.status_code == 422 and "one dealt by each player" in short.json()["message"]
    assert not table(link).entered


def test_six_hand_from_the_phone_the_three_winning_partners_move_up(client, director) -> None:
    party = started(director, 6)
    link = table_links.live_links(party)[0]
    deals = [
        row("1", "7S", {"1": 4, "3": 2, "5": 2, "2": 1, "4": 1}),  # 7 spades 140: odd +140 each; even 20 each
        row("2", "8NT", {"2": 3, "4": 2, "6": 2, "1": 3}),  # 8 no trump 320 set: even -320; odd +30
        row("3", "10S", {"1": 4, "3": 3, "5": 3}),  # all ten on 10 spades (440): odd +440
        row("4", "NULLO", {"1": 5, "3": 5}),  # nullo by 4, who took none: even +250
        row("5", "6H", {"5": 5, "2": 5}),  # 6 hearts 100 set: odd -100; even +50
        row("6", "6C", {"6": 6, "1": 4}),  # 6 clubs 60: even +60; odd +40
    ]
    # odd: 140+30+440+0-100+40 = 550; even: 20-320+0+250+50+60 = 60
    sent = send_round(client, link, deals)
    assert sent.status_code == 201, sent.content
    stored = table(link)
    assert stored.seat_totals == {"1": 550, "2": 60, "3": 550, "4": 60, "5": 550, "6": 60}
    assert stored.winner == "135"


@pytest.mark.parametrize("hands", [3, 5, 6])
def test_the_score_pad_of_a_table_of_three_five_or_six_has_a_column_a_seat(director, hands) -> None:
    import io

    from pypdf import PdfReader

    from tournaments.parties.reports import render_paper

    _name, _type, pdf = render_paper("score-pads", started(director, hands))
    page = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert all(f"Seat {n} (+/-)" in page for n in range(1, hands + 1)) and f"Seat {hands + 1}" not in page
    lines = [line.strip() for line in page.splitlines()]
    assert ("Partners" in lines) == (hands == 5)  # the heading: only the five-hand bidder names partners
    assert "N-S (+/-)" not in page
    assert str(hands) in lines and str(hands + 1) not in lines  # one deal dealt by each player
