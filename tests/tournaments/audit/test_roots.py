"""Every audit entry a session's, a teams event's or a party's services write names its event
(tournaments/core/owners.py `root_of`): the target itself, its root column, or its parent's along its model's
`ROOT_PATH`. A party's table, round or deal and a teams event's team, draw, match or line-up are no longer
"global" entries."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command

from tournaments.audit.models import AuditEntry
from tournaments.core.owners import ROOTS, Rooted, root_of
from tournaments.parties.models import PartyDeal, PartyTable
from tournaments.teams.models import TeamLineup


def test_every_root_path_leads_to_an_event() -> None:
    """Each model's ROOT_PATH walks foreign keys to one of the four roots; every party and teams model has one."""
    for model in apps.get_models():
        path = getattr(model, "ROOT_PATH", "")
        label = model._meta.label
        if label in ROOTS.values() or issubclass(model, Rooted):
            continue
        if model._meta.app_label in ("parties", "teams"):
            assert path, f"{label} names no ROOT_PATH"
        if not path:
            continue
        current: Any = model
        for step in path.split("."):
            current = current._meta.get_field(step).related_model
        assert current._meta.label in ROOTS.values(), f"{label}.ROOT_PATH {path} ends at {current._meta.label}"


@pytest.mark.django_db
def test_no_entry_of_an_event_is_global(director: Any) -> None:
    out = io.StringIO()
    call_command("party_demo", "--save", "--tables", "2", "--rounds", "2", "--host", "director", stdout=out)
    call_command("teams_demo", "--save", "--teams", "4", "--rounds", "2", "--boards", "2", stdout=out)
    call_command("demo", "--quick", "--tables", "3", stdout=out)
    entries = list(AuditEntry.objects.all())
    assert {e.target_type for e in entries} >= {"partytable", "partyround", "teamlineup", "teammatch", "result"}
    rootless = {(e.action, e.target_type) for e in entries if e.root_key == "global"}
    assert rootless == set()
    table = PartyTable.objects.select_related("round").first()
    assert table is not None and root_of(table) == ("party", table.round.party_id)
    deal = PartyDeal.objects.first()
    assert deal is None or root_of(deal) == ("party", deal.table.round.party_id)
    lineup = TeamLineup.objects.select_related("match__round").first()
    assert lineup is not None and root_of(lineup) == ("team_event", lineup.match.round.event_id)
