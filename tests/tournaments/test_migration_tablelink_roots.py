"""Table links name their event the one way (tableside 0005_write, tournaments/core/owners.py): a database from
before (tableside 0004_root) holding a section table's link (live and revoked), a teams room's and a party
table's migrates forward with every row naming its event (the section's session, the match's teams event, the
party), back without losing a row, and forward again; the database refuses a link without its event or with a
second one."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.tournaments.services.factories import make_session, section_a
from tournaments.parties import services as party_services
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services as table_services
from tournaments.tableside.models import TableLink
from tournaments.teams import services as team_services
from tournaments.teams import tables as team_tables

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tableside", "0004_root")]
AFTER = [("tableside", "0005_write")]


def migrate(targets: list[tuple[str, str]]) -> Any:
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def test_every_link_names_its_event_forward_and_back(director: Any) -> None:
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    section = section_a(session)
    event = team_services.create_event(actor=director, name="Teams", boards_per_match=2)
    for n in (1, 2):
        team_services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    rnd = team_services.draw_next_round(actor=director, event=event)
    party = party_services.create_party(actor=director, name="Friday", date=datetime.date(2026, 3, 1), tables=2)

    old = migrate(BEFORE)
    links = old.get_model("tableside", "TableLink")._base_manager
    match = rnd.matches.get()
    made = {
        "table": links.create(section_id=section.pk, table=11, token="a" * 32).pk,
        "revoked": links.create(section_id=section.pk, table=12, token="b" * 32, revoked_at=timezone.now()).pk,
        "room": links.create(match_id=match.pk, room=1, table=match.table, token="c" * 32).pk,
        "party": links.create(party_id=party.pk, table=1, token="d" * 32).pk,
    }

    migrate(AFTER)
    keys = {name: TableLink.objects.get(pk=pk).root_key for name, pk in made.items()}
    assert keys == {
        "table": f"session:{session.pk}",
        "revoked": f"session:{session.pk}",
        "room": f"team_event:{event.pk}",
        "party": f"party:{party.pk}",
    }
    assert TableLink.objects.get(pk=made["room"]).root == event
    every = {link.pk: link.root_key for link in TableLink.objects.all()}  # with the set-up's own links
    assert len(every) > len(made) and None not in every.values()

    old = migrate(BEFORE)
    assert set(old.get_model("tableside", "TableLink")._base_manager.values_list("pk", flat=True)) == set(every)
    migrate(AFTER)
    assert {link.pk: link.root_key for link in TableLink.objects.all()} == every


def test_the_services_name_the_event_and_the_database_refuses_a_link_without_it(director: Any) -> None:
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    section = section_a(session)
    pairs = table_services.issue_links(section)
    assert {link.root_key for link in pairs} == {f"session:{session.pk}"}
    event = team_services.create_event(actor=director, name="Teams", boards_per_match=2)
    for n in (1, 2):
        team_services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    rooms = team_tables.issue_links(actor=director, rnd=team_services.draw_next_round(actor=director, event=event))
    assert {link.root for link in rooms} == {event}
    fresh = team_tables.revoke(actor=director, link=rooms[0])
    assert fresh.team_event_id == event.pk
    again = table_services.revoke(actor=director, link=pairs[0], reissue=True)
    assert again is not None and again.session_id == session.pk
    party = party_services.create_party(actor=director, name="Friday", tables=2)

    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(section=section, table=9)  # no event
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(section=section, session=session, party=party, table=9)  # two events
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(section=section, team_event=event, table=9)  # a section's link names a session
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(party=party, session=session, table=9)  # a party table's link its party only
