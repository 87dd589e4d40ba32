"""What the audit seals cover of a party: its guests' names, and each table's tally once something is entered.

Registered with the audit layer at start-up (tournaments/apps.py); parties log to the chain outside sessions.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from tournaments.audit import seals
from tournaments.parties.models import Party, PartyDeal, PartyGuest, PartyTable

TABLE = ["round_id", "number", "north_id", "east_id", "south_id", "west_id", "sitting_out_id", "entry", "ns_total",
         "ew_total", "winner", "decided_by"]  # fmt: skip
DEAL = ["table_id", "number", "contract", "declarer", "tricks", "honors_side", "honors_points", "ns", "ew"]


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def parties(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    qs = Party.objects.all() if ids is None else Party.objects.filter(pk__in=list(ids))
    out: dict[int, dict[str, Any]] = {pk: {"guests": []} for pk in qs.values_list("pk", flat=True)}
    guests = PartyGuest.objects.filter(party_id__in=list(out)).order_by("order", "id")
    for party_id, order, name, group in guests.values_list("party_id", "order", "name", "group"):
        out[party_id]["guests"].append([order, name, group])
    return out


def tables(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    """Tables with a tally entered (a table just seated holds nothing to protect yet)."""
    qs = PartyTable.objects.filter(Q(ns_total__isnull=False) | ~Q(entry="") | Q(deals__isnull=False)).distinct()
    if ids is not None:
        qs = qs.filter(pk__in=list(ids))
    out = {row.pop("id"): row for row in qs.values("id", *TABLE)}
    deals: dict[int, list[Any]] = defaultdict(list)
    for deal in PartyDeal.objects.filter(table_id__in=list(out)).order_by("number", "id").values(*DEAL):
        deals[deal.pop("table_id")].append(deal)
    return {pk: _as_json({**row, "deals": deals[pk]}) for pk, row in out.items()}


def register() -> None:
    seals.register("party", parties, in_sessions=False)
    seals.register("partytable", tables, in_sessions=False)
