"""Nothing lost: a database made by the layout before the per-domain packages (migration 0005: a scored
session with a ruling, a party, a generated file, audit entries) migrates to the current code with every row
intact, the audit entries chained and verifying, the generated file's bytes moved to the files' storage, and
the new columns at their starting values."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

OLD = [("tournaments", "0005_double_dummy_cache")]


def leaf() -> list[tuple[str, str]]:
    executor = MigrationExecutor(connection)
    return list(executor.loader.graph.leaf_nodes())  # the current code: every app's last migration


def test_a_database_of_the_old_layout_migrates_whole():
    executor = MigrationExecutor(connection)
    executor.migrate(OLD)
    old = executor.loader.project_state(OLD).apps
    event = old.get_model("tournaments", "Event").objects.create(name="Old club night")
    session = old.get_model("tournaments", "Session").objects.create(event=event, date=datetime.date(2026, 1, 5))
    section = old.get_model("tournaments", "Section").objects.create(
        session=session, letter="A", movement_kind="mitchell", tables=1, rounds=1, boards_per_round=1
    )
    entry = old.get_model("tournaments", "Entry")
    ns = entry.objects.create(section=section, number=1, direction="NS", label="1NS")
    ew = entry.objects.create(section=section, number=1, direction="EW", label="1EW")
    board = old.get_model("tournaments", "Board").objects.create(
        session=session, number=1, dealer="N", vulnerability="None"
    )
    result = old.get_model("tournaments", "Result").objects.create(
        section=section, board=board, ns_entry=ns, ew_entry=ew, contract="3NT", declarer="S", tricks=9, ns_score=400
    )
    old.get_model("tournaments", "Ruling").objects.create(
        session=session, section=section, result=result, decision="score_stands", facts="looked at it"
    )
    party = old.get_model("tournaments", "Party").objects.create(
        name="Old party", date=datetime.date(2026, 1, 6), tables=2
    )
    old.get_model("tournaments", "GeneratedFile").objects.create(
        kind="party-tally-cards",
        params={"party": party.pk, "paper": "a4"},
        status="done",
        content=b"%PDF",
        expires_at=datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC),
    )
    audit = old.get_model("tournaments", "AuditEntry")
    for action in ("session.create", "result.create", "ruling.apply"):
        audit.objects.create(
            session_id=session.pk,
            actor_name="director",
            action=action,
            target_type="x",
            new={"contract": "3NT", "pct": 60.0},
            why="old entry",
        )
    audit.objects.create(actor_name="director", action="party.create", target_type="party", target_id=party.pk)

    executor = MigrationExecutor(connection)
    executor.migrate(leaf())
    from tournaments.audit.models import AuditEntry
    from tournaments.parties.models import Party
    from tournaments.printing.models import GeneratedFile
    from tournaments.sessions.models import Result, Ruling, Section, Session

    assert Session.objects.get(pk=session.pk).event.name == "Old club night"
    kept = Result.objects.get(pk=result.pk)
    assert (kept.contract, kept.ns_score, kept.version) == ("3NT", 400, 1)
    assert Ruling.objects.filter(result_id=result.pk).count() == 1
    assert Section.objects.get(pk=section.pk).version == 1
    assert Party.objects.filter(pk=party.pk).exists()
    moved = GeneratedFile.objects.get(kind="party-tally-cards")
    assert moved.params["party"] == party.pk
    assert moved.file.name.startswith("generated/migrated/") and moved.content == b"%PDF"  # now in the storage
    chained = list(AuditEntry.objects.filter(session_id=session.pk).order_by("seq").values_list("seq", "action"))
    assert chained == [(1, "session.create"), (2, "result.create"), (3, "ruling.apply")]
    call_command("verify_audit")  # the backfilled chains verify; raises if not
    from django.contrib.auth.models import Group

    assert {"Club administrator", "Director", "Scorer", "Player"} <= set(Group.objects.values_list("name", flat=True))
