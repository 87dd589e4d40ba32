"""The audit log commits to the data, not only to itself: a result, a ruling, a name, a party tally or a teams
score changed, added or deleted straight in SQL is named by `manage.py verify_audit` with what the log says it
should be; a seal removed, a chain head deleted or wound back is found too."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.tournaments.services.factories import make_session, section_a
from tests.tournaments.test_audit_chain import as_superuser, triggers_back  # noqa: F401 (a fixture)
from tournaments.audit.models import AuditChainHead, AuditEntry, AuditSeal
from tournaments.parties import score_pads
from tournaments.parties import services as party_services
from tournaments.parties.models import PartyTable
from tournaments.sessions.models import Entry, Result
from tournaments.sessions.services.results import change_result, record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.tableside import services as table_services
from tournaments.teams import services as teams_services
from tournaments.teams.models import TeamBoard

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    r = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    record_result(actor=None, section=section, board=2, ns="1", ew="1", contract="2H", declarer="E", tricks="8")
    change_result(actor=None, result=r, contract="4S", declarer="N", tricks="10", why="misread")
    apply_ruling(actor=None, section=section, decision="artificial", board_number=2, ns="1", ew="1",
                 ns_percent=60, ew_percent=40, law="Law 12C2")  # fmt: skip
    set_players(actor=None, entry=Entry.objects.get(section=section, label="1NS"), players=[("Ann Lee", None)])
    return section


def sql(statement: str, params: tuple = ()) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement.replace("%s", "?") if connection.vendor == "sqlite" else statement, params)


def verify() -> str:
    try:
        call_command("verify_audit")
    except CommandError as exc:
        return str(exc)
    return "ok"


def test_data_written_through_the_services_verifies(section):
    assert verify() == "ok"
    kinds = set(AuditSeal.objects.filter(chain=f"session:{section.session_id}").values_list("kind", flat=True))
    assert kinds == {"result", "ruling", "entry"}


def test_a_score_changed_in_sql_is_named_with_what_the_log_says(section):
    r = Result.objects.get(section=section, board__number=1)
    assert r.ns_score == 420
    sql("UPDATE tournaments_result SET ns_score = %s, tricks = %s WHERE id = %s", (450, 11, r.pk))
    said = verify()
    assert f"result {r.pk}: changed outside the application: " in said
    assert "ns_score is 450, the log says 420" in said and "tricks is 11, the log says 10" in said


def test_a_ruling_changed_in_sql_is_named(section):
    ruling = section.session.rulings.get()
    sql("UPDATE tournaments_ruling SET law = %s WHERE id = %s", ("Law 16B", ruling.pk))
    assert f'ruling {ruling.pk}: changed outside the application: law is "Law 16B", the log says "Law 12C2"' in verify()


def test_a_name_changed_in_sql_is_named(section):
    entry = Entry.objects.get(section=section, label="1NS")
    sql("UPDATE tournaments_entryplayer SET name = %s WHERE entry_id = %s", ("Mallory", entry.pk))
    said = verify()
    assert f"entry {entry.pk}: changed outside the application: players is" in said
    assert '"Mallory"' in said and '"Ann Lee"' in said


def test_a_result_deleted_or_added_in_sql_is_named(section):
    r = Result.objects.get(section=section, board__number=1)
    sql("DELETE FROM tournaments_ruling")
    sql("DELETE FROM tournaments_result WHERE id = %s", (r.pk,))
    sql("UPDATE tournaments_result SET board_id = %s WHERE id <> %s", (r.board_id, r.pk))
    said = verify()
    assert f"result {r.pk}: deleted outside the application; the log says " in said and '"contract":"4S"' in said
    assert "ruling " in said and "deleted outside the application" in said


def test_a_row_inserted_in_sql_has_no_seal(section):
    r = Result.objects.get(section=section, board__number=1)
    copy = Result.objects.get(pk=r.pk)
    copy.pk, copy.board = None, section.session.boards.get(number=3)
    copy.save()  # around the services: no audit entry
    assert f"result {copy.pk}: written outside the application (no audit entry)" in verify()


def test_a_seal_forged_or_removed_is_found(section):
    seal = AuditSeal.objects.filter(kind="result").first()
    sql("UPDATE tournaments_auditseal SET state = %s WHERE id = %s", (json.dumps({"ns_score": 1}), seal.pk))
    assert f"result {seal.row_id}: its seal was forged or altered" in verify()
    sql("DELETE FROM tournaments_auditseal WHERE id = %s", (seal.pk,))
    said = verify()
    assert f"result {seal.row_id}: written outside the application" in said
    assert "its seals were removed or added, or its head was rewritten" in said


def test_a_deleted_chain_head_is_found(section):
    sql("DELETE FROM tournaments_auditchainhead WHERE chain = %s", (f"session:{section.session_id}",))
    assert verify().endswith(f"session:{section.session_id}: its chain head is missing (deleted?).")


@pytest.mark.django_db(transaction=True)
def test_a_chain_wound_back_is_found(section, triggers_back):  # noqa: F811
    chain = f"session:{section.session_id}"
    last = AuditEntry.objects.filter(chain=chain).order_by("-seq").first()
    before = AuditEntry.objects.get(chain=chain, seq=last.seq - 1)
    as_superuser("DELETE FROM tournaments_auditentry WHERE id = %s", (last.pk,))
    sql("UPDATE tournaments_auditchainhead SET seq = %s, hash = %s WHERE chain = %s", (before.seq, before.hash, chain))
    said = verify()
    assert "its head was rewritten" in said
    assert f"entry {last.target_id}: last changed by an audit entry no longer in the log (chain cut back)" in said


def test_a_lead_sent_from_the_phone_is_audited_and_sealed(client, section):
    link = table_services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    body = {"board": board, "contract": "4S", "declarer": "N", "tricks": 10}
    assert client.post(f"/api/table/{link.token}/results", json.dumps(body | {"client_id": "a"}),
                       content_type="application/json").status_code == 201  # fmt: skip
    second = body | {"client_id": "b", "lead": "HK"}
    assert client.post(f"/api/table/{link.token}/results", json.dumps(second),
                       content_type="application/json").status_code == 201  # fmt: skip
    result = Result.objects.get(section=section, board__number=board)
    assert result.lead == "HK"
    assert AuditEntry.objects.filter(action="result.change", target_id=result.pk, new__lead="HK").exists()
    assert verify() == "ok"


def test_a_party_tally_changed_in_sql_is_named(director):
    party = party_services.create_party(actor=director, name="P", date=datetime.date(2026, 3, 14), tables=2)
    party_services.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    party_services.start_party(actor=director, party=party)
    table = PartyTable.objects.filter(round__party=party).first()
    score_pads.record_totals(actor=director, table=table, ns_total=900, ew_total=400)
    assert verify() == "ok"
    sql("UPDATE tournaments_partytable SET ns_total = 300 WHERE id = %s", (table.pk,))
    assert f"partytable {table.pk}: changed outside the application: ns_total is 300, the log says 900" in verify()


def test_a_teams_score_changed_in_sql_is_named(director):
    event = teams_services.create_event(actor=director, name="T", boards_per_match=2)
    for n in (1, 2):
        teams_services.add_team(actor=director, event=event, name=f"T{n}", players=["A", "B", "C", "D"])
    match = teams_services.draw_next_round(actor=director, event=event).matches.get()
    teams_services.save_boards(actor=director, match=match, scores={1: ("420", "-50")}, version=match.version)
    assert verify() == "ok"
    sql("UPDATE tournaments_teamboard SET room1_ns = 1430 WHERE id = %s", (TeamBoard.objects.get().pk,))
    assert f"teammatch {match.pk}: changed outside the application: boards is [[1,1430,-50]]" in verify()
    head = AuditChainHead.objects.get(chain="global")
    assert head.mac
