"""Party tables at the one table terminal: each table of a party has a TableLink (the party and the table's number),
opens the one phone page /t/<token>/ and speaks the one table API: its state (kind "party", ETag/304 on the party's
version), its round sent with a `kind` of entry (201, a resend 200, a stale send 409, bad input 422, a finished party
403 with the code `finished`), each through the party's write gateway (locked, audited, the version bumped)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.parties import score_pads, services, table_links
from tournaments.parties.models import Party, PartyTable
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db


@pytest.fixture
def links(started) -> list[TableLink]:
    return table_links.live_links(started)


def state(client, link: TableLink) -> dict[str, Any]:
    response = client.get(f"/api/table/{link.token}/")
    assert response.status_code == 200, response.content
    return response.json()


def send(client, link: TableLink, path: str = "results", **body: Any) -> Any:
    body.setdefault("client_id", f"c-{link.table}-{json.dumps(body, sort_keys=True)[:40]}")
    return client.post(f"/api/table/{link.token}/{path}", json.dumps(body), content_type="application/json")


def totals(client, link: TableLink, ns: object, ew: object, **extra: Any) -> Any:
    now = state(client, link)
    body = {"kind": "totals", "round": now["round"], "seen": now["seen"], "ns_total": ns, "ew_total": ew}
    return send(client, link, **(body | extra))


def table_of(link: TableLink, number: int = 1) -> PartyTable:
    return PartyTable.objects.get(round__party=link.party, round__number=number, number=link.table)


def test_drawing_the_tally_cards_gives_each_table_one_live_link(started, links) -> None:
    assert [link.table for link in links] == [1, 2, 3]
    assert all(link.party_id == started.pk and link.section_id is None and link.match_id is None for link in links)
    assert started.version > 0  # every party write bumps it


def test_the_party_table_link_opens_the_one_table_page(client, links) -> None:
    link = links[0]
    shown = client.get(reverse("tableside:table", args=[link.token]))
    html = shown.content.decode()
    assert shown.status_code == 200 and 'data-kind="party"' in html and "js/party.js" in html and "js/table.js" in html
    assert f'data-api="/api/table/{link.token}/"' in html
    assert html.count("<form") == html.count('action="/language/"') == 1  # no form post: the table API only


def test_the_state_names_the_round_the_guests_and_what_to_send(client, started, links) -> None:
    body = state(client, links[0])
    table = table_of(links[0])
    assert (body["kind"], body["party"], body["table"], body["round"], body["status"]) == (
        "party", "Spring party", 1, 1, "playing",
    )  # fmt: skip
    assert body["seats"] == {s: g.name for s, g in table.seats.items()}
    assert body["entry_kinds"] == ["totals", "deals"] and body["result"] is None and body["seen"] == ""
    assert body["waiting"] == [1, 2, 3]


def test_totals_go_through_the_party_gateway_once(client, started, links) -> None:
    link = links[0]
    version = Party.objects.get(pk=started.pk).version
    response = totals(client, link, 1200, 450)
    assert response.status_code == 201, response.content
    assert response.json()["result"]["winner"] == "NS" and response.json()["result"]["ns_total"] == 1200
    table = table_of(link)
    assert (table.entry, table.ns_total, table.ew_total, table.winner) == ("totals", 1200, 450, "NS")
    entry = AuditEntry.objects.filter(action=AuditAction.PARTY_TABLE).get()
    assert entry.actor is None and entry.why == "Entered at table 1"
    assert Party.objects.get(pk=started.pk).version == version + 1
    shown = state(client, link)
    assert shown["result"]["ns_total"] == 1200 and shown["seen"] and shown["waiting"] == [2, 3]
    # The offline queue sends it again (the answer was lost): nothing written, 200.
    again = send(client, link, kind="totals", round=1, seen="", ns_total=1200, ew_total=450)
    assert again.status_code == 200 and again.json()["repeat"]
    assert AuditEntry.objects.filter(action=AuditAction.PARTY_TABLE).count() == 1
    assert Party.objects.get(pk=started.pk).version == version + 1


def test_a_table_changed_since_the_phone_showed_it_is_refused_with_what_is_there(client, director, links) -> None:
    link = links[0]
    stale = state(client, link)
    score_pads.record_totals(actor=director, table=table_of(link), ns_total=800, ew_total=900)
    before = AuditEntry.objects.count()
    response = send(client, link, kind="totals", round=1, seen=stale["seen"], ns_total=1200, ew_total=450)
    assert response.status_code == 409 and response.json()["now"]["ns_total"] == 800
    assert table_of(link).ns_total == 800 and AuditEntry.objects.count() == before
    fresh = totals(client, link, 1200, 450)  # seen the host's entry: the table corrects it
    assert fresh.status_code == 201 and table_of(link).ns_total == 1200


def test_deals_are_scored_by_the_party_rules(client, links) -> None:
    link = links[1]
    deals = [
        {"contract": "4S", "declarer": "N", "tricks": 10},
        {"contract": "3NT", "declarer": "E", "tricks": 8},
        {"contract": "PASS"},
        {"contract": "2H", "declarer": "S", "tricks": 9, "honors": "NS100"},
    ]
    preview = send(client, link, "preview", kind="deals", round=1, seen="", deals=deals)
    assert preview.status_code == 200 and not table_of(link).entered  # nothing stored
    response = send(client, link, kind="deals", round=1, seen="", deals=deals)
    assert response.status_code == 201, response.content
    assert response.json()["result"] == preview.json()["result"]
    table = table_of(link)
    assert table.entry == "deals" and table.deals.count() == 4 and table.ns_total > table.ew_total


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "totals", "ns_total": "lots", "ew_total": 400}, "ns_total"),
        ({"kind": "totals", "ns_total": 100}, "ew_total"),
        ({"kind": "seats", "seats": {"N": 1}}, "kind"),
        (
            {
                "kind": "deals",
                "deals": [{"contract": "8NT", "declarer": "N", "tricks": 9}] + [{"contract": "PASS"}] * 3,
            },
            "contract",
        ),
        ({"kind": "deals", "deals": [{"contract": "PASS"}]}, ""),
        ({"kind": "totals", "ns_total": 100, "ew_total": 200, "round": 2}, "round"),
    ],
)
def test_bad_input_gets_422_at_its_field(client, links, body, field) -> None:
    response = send(client, links[0], **({"round": 1, "seen": ""} | body))
    assert response.status_code == 422, response.content
    assert response.json()["field"] == field and response.json()["message"]
    assert not table_of(links[0]).entered and not AuditEntry.objects.filter(action=AuditAction.PARTY_TABLE).exists()


def test_the_state_answers_304_until_the_party_changes(client, links) -> None:
    first = client.get(f"/api/table/{links[0].token}/")
    etag = first["ETag"]
    assert client.get(f"/api/table/{links[0].token}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert totals(client, links[1], 500, 600).status_code == 201  # another table's round: the party moved on
    again = client.get(f"/api/table/{links[0].token}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_a_finished_party_refuses_with_the_finished_code(client, director, started, links) -> None:
    for link in links:
        assert totals(client, link, 900, 100).status_code == 201
    shown = state(client, links[0])
    services.finish_party(actor=director, party=started)
    response = send(client, links[0], kind="totals", round=1, seen=shown["seen"], ns_total=100, ew_total=900)
    assert response.status_code == 403 and response.json()["code"] == "finished"
    assert "The party is finished" in response.json()["message"]
    assert client.get(reverse("tableside:table", args=[links[0].token])).status_code == 403
    assert table_of(links[0]).ns_total == 900


def test_the_next_round_shows_on_the_same_link(client, director, started, links) -> None:
    for link in links:
        totals(client, link, 900, 100)
    services.call_progression(actor=director, party=started)
    body = state(client, links[0])
    assert body["round"] == 2 and body["result"] is None and body["seats"]
    late = send(client, links[0], kind="totals", round=1, seen="", ns_total=1, ew_total=2)
    assert late.status_code == 422 and late.json()["field"] == "round"


def test_solo_tables_send_each_seats_chips(client, director) -> None:
    party = services.create_party(actor=director, name="Solo", date=datetime.date(2026, 3, 1), form="solo", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    services.start_party(actor=director, party=party)
    link = table_links.live_links(party)[0]
    now = state(client, link)
    assert now["entry_kinds"] == ["seats", "games"]
    response = send(client, link, kind="seats", round=1, seen="", seats={"N": 12, "E": -4, "S": -4, "W": -4})
    assert response.status_code == 201, response.content
    assert table_of(link).seat_totals == {"N": 12, "E": -4, "S": -4, "W": -4}


def test_no_traveller_call_sign_in_nor_hands_from_a_party_table(client, links) -> None:
    link = links[0]
    assert client.get(f"/api/table/{link.token}/traveller/1").status_code == 404
    assert client.post(f"/api/table/{link.token}/call", content_type="application/json").status_code == 404
    answer = client.post(f"/api/table/{link.token}/signin", {"seat": "N"}, content_type="application/json")
    assert answer.status_code == 404 and "party table" in answer.json()["message"]


def test_the_host_withdraws_a_link_and_the_table_gets_a_new_one(client, director, links) -> None:
    link = links[0]
    fresh = table_links.revoke(actor=director, link=link)
    assert fresh.table == 1 and fresh.token != link.token
    old = totals(client, fresh, 1, 2)  # the new link works
    assert old.status_code == 201
    gone = client.get(f"/api/table/{link.token}/")
    assert gone.status_code == 403 and "withdrawn" in gone.json()["message"]


def test_a_link_has_exactly_one_owner(started, links) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(party=started, table=1)  # one live link per party table
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(party=started, section=links[0].section, room=1, table=4)  # a room number


def test_a_whist_table_sends_its_deals_scored_by_the_games_laws(client, director) -> None:
    party = services.create_party(actor=director, name="Whist", date=datetime.date(2026, 3, 1), form="whist", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    services.start_party(actor=director, party=party)
    link = table_links.live_links(party)[0]
    assert state(client, link)["entry_kinds"] == ["totals", "games"]
    rows = [{"tricks": 7}, {"tricks": 6}, {"tricks": 9}, {"tricks": 5}]
    response = send(client, link, kind="games", round=1, seen="", deals=rows)
    assert response.status_code == 201, response.content
    table = table_of(link)
    assert (table.ns_total, table.ew_total) == (27, 25)
    entry = AuditEntry.objects.filter(action=AuditAction.PARTY_TABLE).get()
    assert entry.new["hands"] == rows  # the deals as typed, kept in the audit log
    bad = send(client, link, kind="games", round=1, seen=response.json()["seen"], deals=[{"tricks": "x"}])
    assert bad.status_code == 422 and bad.json()["field"] == "tricks" and bad.json().get("deal") == 1, bad.json()


def test_a_french_phone_sends_its_deals_in_french_letters(client, links) -> None:
    link = links[1]
    deals = [
        {"contract": "4C", "declarer": "O", "tricks": 10},  # cœur: four hearts by West
        {"contract": "3SAX", "declarer": "E", "tricks": 8},
        {"contract": "passe"},
        {"contract": "2P", "declarer": "S", "tricks": 9},
    ]
    response = send(client, link, kind="deals", round=1, seen="", deals=deals, letters="fr")
    assert response.status_code == 201, response.content
    stored = [(d.contract, d.declarer) for d in table_of(link).deals.order_by("number")]
    assert stored == [("4H", "W"), ("3NTX", "E"), ("PASS", ""), ("2S", "S")]


def test_without_letters_a_partys_deals_are_read_in_english(client, links) -> None:
    link = links[1]
    deals = [{"contract": "4C", "declarer": "W", "tricks": 10}] + [{"contract": "PASS"}] * 3
    assert send(client, link, kind="deals", round=1, seen="", deals=deals).status_code == 201
    assert table_of(link).deals.order_by("number").first().contract == "4C"  # clubs
