"""Signing in at the table: a member number fills the pair's name, an unknown number is kept with the name typed,
a second phone on the same link sees who signed in, the director moves a sign-in to the right seat (audited)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Member, Session
from tournaments.sessions.services.sessions import SectionSpec, set_status
from tournaments.tableside import services, signins
from tournaments.tableside.models import SignIn

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"sign_in": True}})
    return section


@pytest.fixture
def link(section):
    return services.issue_links(section)[0]


@pytest.fixture
def members():
    return {
        "ann": Member.objects.create(name="Ann Archer", national_id="EBU1001"),
        "bob": Member.objects.create(name="Bob Baker", national_id="EBU1002"),
    }


def sign(client, token, **body):
    return client.post(f"/api/table/{token}/signin", json.dumps(body), content_type="application/json")


def test_a_member_number_fills_the_name_of_the_pair_in_that_seat(client, section, link, members):
    answer = sign(client, link.token, seat="S", number=" ebu1001 ")
    assert answer.status_code == 200
    assert answer.json() == {"seat": "S", "name": "Ann Archer", "known": True}
    row = section.table_rounds.get(round=1, table=1)
    player = row.ns_entry.players.get(seat=2)
    assert (player.name, player.member, player.national_id) == ("Ann Archer", members["ann"], "EBU1001")
    audit = AuditEntry.objects.filter(action="table.sign_in").get()
    assert audit.new == {"table": 1, "seat": "S", "name": "Ann Archer", "number": "ebu1001", "known": True}


def test_an_unknown_number_needs_the_name_and_is_kept_for_the_director(client, section, link, members):
    refused = sign(client, link.token, seat="E", number="999")
    assert refused.status_code == 422
    assert refused.json()["field"] == "name" and "999 is not on the club's list" in refused.json()["message"]
    kept = sign(client, link.token, seat="E", number="999", name="  Cleo   Visitor ")
    assert kept.status_code == 200 and kept.json() == {"seat": "E", "name": "Cleo Visitor", "known": False}
    signed = SignIn.objects.get(section=section, table=1, seat="E")
    assert (signed.number, signed.member) == ("999", None)
    assert section.table_rounds.get(round=1, table=1).ew_entry.players.get(seat=1).name == "Cleo Visitor"


def test_bad_seats_and_numbers_are_refused_with_the_field(client, link, members):
    assert sign(client, link.token, seat="Q", number="EBU1001").json()["field"] == "seat"
    assert sign(client, link.token, seat="N", number="").json()["field"] == "number"
    assert sign(client, link.token, seat="N", number="x" * 41).json()["field"] == "number"
    assert sign(client, link.token, seat="N", member=10**6).json()["field"] == "member"


def test_sign_in_survives_a_phone_change(client, section, link, members):
    sign(client, link.token, seat="N", number="EBU1002")
    other_phone = client.__class__()  # another phone: no cookie, no local storage, the same table link
    state = other_phone.get(f"/api/table/{link.token}/").json()
    assert state["sign_in"]["wanted"] is True
    assert state["sign_in"]["seats"]["N"] == {"name": "Bob Baker", "known": True}
    assert state["sign_in"]["seats"]["E"] is None


def test_picking_a_member_from_the_search(client, link, members):
    def find(q):
        return client.post(f"/api/table/{link.token}/members", json.dumps({"q": q}), content_type="application/json")

    found = find("arch").json()["members"]
    assert found == [{"id": members["ann"].pk, "name": "Ann Archer"}]  # a name, never the number
    assert find("a").json() == {"members": []} and find("\x00\x01").json() == {"members": []}
    assert sign(client, link.token, seat="W", member=members["ann"].pk).json()["name"] == "Ann Archer"


def test_the_same_player_at_another_seat_of_the_table_moves_there(client, section, link, members):
    sign(client, link.token, seat="N", number="EBU1001")
    sign(client, link.token, seat="S", number="EBU1001")
    assert list(SignIn.objects.values_list("seat", flat=True)) == ["S"]
    ns = section.table_rounds.get(round=1, table=1).ns_entry
    assert [p.name for p in ns.players.order_by("seat")] == ["Ann Archer"] and ns.players.get().seat == 2
    other = services.issue_links(section)[1]
    refused = sign(client, other.token, seat="N", number="EBU1001")
    assert refused.status_code == 403 and "signed in at table 1 (South)" in refused.json()["message"]


def test_not_asked_for_or_past_the_first_round_is_refused(client, director, section, link, members):
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"sign_in": False}})
    assert sign(client, link.token, seat="N", number="EBU1001").status_code == 403
    assert client.get(f"/api/table/{link.token}/").json()["sign_in"]["wanted"] is False
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"sign_in": True}})
    row = section.table_rounds.get(round=1, table=1)
    for number in row.boards:
        body = {"board": int(number), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"c{number}"}
        client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
    late = sign(client, link.token, seat="N", number="EBU1001")
    assert late.status_code == 403 and "start of the session" in late.json()["message"]


def test_the_director_sees_the_sign_ins_and_fixes_a_wrong_seat(client, director_client, section, link, members):
    sign(client, link.token, seat="N", number="EBU1001")
    sign(client, link.token, seat="S", number="EBU1002")
    panel = director_client.get(reverse("tableside:panel", args=[section.session_id])).content.decode()
    assert "Ann Archer" in panel and "Bob Baker" in panel
    ann = SignIn.objects.get(member=members["ann"])
    form = {"action": "sign_in_fix", "sign_in": ann.pk, "table": 1, "seat": "S"}
    assert director_client.post(reverse("tableside:action", args=[section.session_id]), form).status_code == 302
    seats = dict(SignIn.objects.values_list("seat", "name"))
    assert seats == {"S": "Ann Archer", "N": "Bob Baker"}  # swapped
    ns = section.table_rounds.get(round=1, table=1).ns_entry
    assert [p.name for p in ns.players.order_by("seat")] == ["Bob Baker", "Ann Archer"]
    fix = AuditEntry.objects.filter(action="table.sign_in_fix").get()
    assert fix.old["seat"] == "N" and fix.new == {"table": 1, "seat": "S", "swapped_with": "Bob Baker"}


def test_a_fix_to_another_table_empties_the_old_seat(director, section, link, members):
    signins.sign_in(link, seat="E", number="x1", name="Dee Guest")
    signed = SignIn.objects.get()
    signins.fix_seat(actor=director, signed=signed, table=2, seat="W")
    row1 = section.table_rounds.get(round=1, table=1)
    row2 = section.table_rounds.get(round=1, table=2)
    assert not row1.ew_entry.players.filter(seat=1).exists()
    assert row2.ew_entry.players.get(seat=2).name == "Dee Guest"
    with pytest.raises(signins.SignInError, match="no table 9"):
        signins.fix_seat(actor=director, signed=signed, table=9, seat="N")


def test_a_finished_session_keeps_its_seats(director, section, link, members):
    signins.sign_in(link, seat="N", number="EBU1001")
    set_status(actor=director, session=section.session, status=Session.Status.FINISHED)
    with pytest.raises(signins.SignInError, match="finished") as exc:
        signins.fix_seat(actor=director, signed=SignIn.objects.get(), table=1, seat="S")
    assert exc.value.code == "finished" and SignIn.objects.get().seat == "N"


def test_a_poll_with_sign_in_and_hands_on_costs_the_same_at_4_tables_and_at_20(client, director):
    """Every phone polls: the sign-in and the deals come from this table's rows, never the whole section."""
    counts = []
    for pairs in (8, 40):
        section = section_a(make_session(SectionSpec(pairs=pairs, kind="mitchell", boards_per_round=2)))
        choices = {section.pk: {"sign_in": True, "hands_at_table": True}}
        services.save_settings(actor=director, session=section.session, choices=choices)
        token = services.issue_links(section)[0].token
        client.get(f"/api/table/{token}/")  # warm
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/api/table/{token}/").json()["sign_in"]["wanted"] is True
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 13, counts
