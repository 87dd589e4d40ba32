"""One event root (tournaments/core/owners.py): generated files, audit entries, publications and screen links
name their event one way, with a database rule that there is exactly one (at most one for the audit log).

A database from before (audit 0001, printing 0002, publishing 0001, tableside 0003) holding jobs (one naming its
session, one naming its party only in its params, one naming nothing), a screen link, a publication and audit
entries migrates forward: every row keeps its event, the job naming nothing is dropped, the audit chains still
verify; the rules refuse two roots; and migrating back keeps every row."""

from __future__ import annotations

import datetime
from typing import Any
from unittest import mock

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments.services.factories import make_session
from tournaments.audit.actions import AuditAction
from tournaments.audit.chain import verify_chain
from tournaments.audit.models import AuditEntry
from tournaments.audit.services import record
from tournaments.core.owners import exactly_one_root, owned_by
from tournaments.parties.services import create_party
from tournaments.printing.models import GeneratedFile
from tournaments.publishing.models import Publication
from tournaments.tableside.models import ScreenLink

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("audit", "0001_initial"),
    ("printing", "0002_tenant"),
    ("publishing", "0001_initial"),
    ("tableside", "0003_partyterm"),
]
AFTER = [
    ("audit", "0002_root"),
    ("printing", "0005_toolbox2"),  # the latest: the model names a competition too
    ("publishing", "0002_root"),
    ("tableside", "0004_root"),
]
LATER = datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC)


def migrate(targets: list[tuple[str, str]]) -> Any:
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def test_rows_keep_their_event_forward_and_back() -> None:
    session = make_session()
    with mock.patch("tournaments.parties.services.audit.record"):  # its entry would name the party: made below
        party = create_party(actor=None, name="Friday")
    old = migrate(BEFORE)
    job = old.get_model("printing", "GeneratedFile")._base_manager
    common = {"kind": "standings", "expires_at": LATER, "tenant_id": session.event.tenant_id}
    by_session = job.create(session_id=session.pk, **common)
    by_params = job.create(params={"party": party.pk}, **(common | {"kind": "party-scores"}))
    orphan = job.create(**common)
    old.get_model("tableside", "ScreenLink")._base_manager.create(party_id=party.pk, token="t" * 32)
    old.get_model("publishing", "Publication")._base_manager.create(
        session_id=session.pk, published_at=LATER, created_at=LATER, updated_at=LATER
    )

    migrate(AFTER)
    assert GeneratedFile.objects.get(pk=by_session.pk).root_key == f"session:{session.pk}"
    assert GeneratedFile.objects.get(pk=by_params.pk).root == party
    assert not GeneratedFile.objects.filter(pk=orphan.pk).exists()
    assert ScreenLink.objects.get().root_key == f"party:{party.pk}"
    assert Publication.objects.get().root_key == f"session:{session.pk}"
    entries = AuditEntry.objects.all()
    assert {e.root_key for e in entries} == {f"session:{session.pk}"}
    assert all(verify_chain(chain) is None for chain in {e.chain for e in entries if e.chain})

    migrate(BEFORE)
    assert old.get_model("printing", "GeneratedFile")._base_manager.count() == 2
    assert old.get_model("tableside", "ScreenLink")._base_manager.count() == 1
    migrate(AFTER)
    entry = record(actor=None, action=AuditAction.PARTY_RULES, target=party)  # now named by its party
    assert AuditEntry.objects.get(pk=entry.pk).party_id == party.pk
    with pytest.raises(RuntimeError, match="audit entries name a party"):
        migrate([("audit", "0001_initial")])  # going back would break that entry's hash: refused
    migrate(AFTER)
    assert all(verify_chain(chain) is None for chain in {e.chain for e in AuditEntry.objects.all() if e.chain})


def test_the_database_refuses_two_roots() -> None:
    session = make_session()
    party = create_party(actor=None, name="Friday")
    common = {"kind": "standings", "expires_at": LATER}
    with pytest.raises(IntegrityError), transaction.atomic():
        GeneratedFile.objects.create(session=session, party=party, **common)
    with pytest.raises(IntegrityError), transaction.atomic():
        GeneratedFile.objects.create(**common)  # none is refused too
    with pytest.raises(IntegrityError), transaction.atomic():
        ScreenLink.objects.create(session=session, party=party)
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditEntry.objects.create(session=session, party=party, action="x", target_type="x")
    AuditEntry.objects.create(action="x", target_type="x")  # a global entry names none


def test_a_party_entry_names_its_party_and_the_helpers_agree() -> None:
    party = create_party(actor=None, name="Friday")
    entry = record(actor=None, action=AuditAction.PARTY_RULES, target=party)
    assert (entry.party_id, entry.chain, entry.root_key) == (party.pk, "global", f"party:{party.pk}")
    assert entry in AuditEntry.objects.filter(**owned_by(party))  # with the party.create entry
    rule = exactly_one_root(("session", "party"), name="x", or_none=True)
    assert "session__isnull" in str(rule.condition)
