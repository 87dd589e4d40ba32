"""Nothing lost when party tables join the one table terminal (parties 0004_partyterm: the party's version;
tableside 0003_partyterm: a TableLink's `party` owner and its constraints). No party table had a token before, so
no data moves: a session table's and a teams room's links, and every party, are found after the migrations, back
and forward again, and the new constraint holds exactly one owner."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments.services.factories import make_session, section_a
from tournaments.parties import services as party_services
from tournaments.parties.models import Party
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services as table_services
from tournaments.tableside.models import TableLink
from tournaments.teams import services as team_services
from tournaments.teams import tables as team_tables

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tableside", "0002_play"), ("parties", "0003_games")]
AFTER = [("tableside", "0003_partyterm"), ("parties", "0004_partyterm")]
TODAY = [("tableside", "0005_write")]  # the model's columns today (its event, test_migration_tablelink_roots.py)


def _migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def test_every_link_and_party_is_found_after_the_migrations_back_and_forward(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    pairs = table_services.issue_links(section)
    event = team_services.create_event(actor=director, name="Teams", boards_per_match=2)
    for n in (1, 2):
        team_services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    rooms = team_tables.issue_links(actor=director, rnd=team_services.draw_next_round(actor=director, event=event))
    party = party_services.create_party(actor=director, name="Old party", date=datetime.date(2026, 3, 1), tables=2)
    tokens = {link.token: (link.section_id, link.match_id, link.room, link.table) for link in [*pairs, *rooms]}

    _migrate(BEFORE)
    _migrate(AFTER)
    _migrate(TODAY)

    found = {link.token: (link.section_id, link.match_id, link.room, link.table) for link in TableLink.objects.all()}
    assert found == tokens
    assert TableLink.objects.filter(party__isnull=False).count() == 0
    assert Party.objects.get(pk=party.pk).version == 0 and Party.objects.get(pk=party.pk).name == "Old party"
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(section=section, party=party, table=9)  # two owners
    TableLink.objects.create(party=party, table=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(party=party, table=1)  # one live link per party table
