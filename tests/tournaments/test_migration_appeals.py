"""Nothing lost when appeals get their page (migration duplicate.0011_appeals): every ruling, appealed or not,
is kept with its decision, law, facts and appeal state, the new appeal fields empty; going back keeps them too."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("duplicate", "0010_interop2")]
AFTER = [("duplicate", "0011_appeals")]


def test_every_ruling_survives_the_appeals_migration_both_ways():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    event = old.get_model("duplicate", "Event").objects.create(name="Club night")
    session = old.get_model("duplicate", "Session").objects.create(event=event, date=datetime.date(2026, 2, 2))
    rulings = old.get_model("duplicate", "Ruling")
    made = {
        appeal: rulings.objects.create(
            session=session, decision="artificial", law="Law 16B", facts=appeal, appeal=appeal
        )
        for appeal in ("none", "pending", "upheld", "changed")
    }

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("duplicate", "Ruling")
    assert new.objects.count() == 4
    for appeal, row in made.items():
        kept = new.objects.get(pk=row.pk)
        assert (kept.decision, kept.law, kept.facts, kept.appeal) == ("artificial", "Law 16B", appeal, appeal)
        assert (kept.appeal_by, kept.appeal_grounds, kept.appeal_lodged_at, kept.appeal_deposit_returned) == (
            "", "", None, None,
        )  # fmt: skip

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    back = executor.loader.project_state(BEFORE).apps.get_model("duplicate", "Ruling")
    assert sorted(back.objects.values_list("appeal", flat=True)) == ["changed", "none", "pending", "upheld"]
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
