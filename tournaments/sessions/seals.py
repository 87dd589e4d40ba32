"""What the audit seals cover of the session core: each result, ruling and entry (with its players' names).

Registered with the audit layer at start-up (tournaments/apps.py). A state is the row's own fields that a
score or a name depends on, as JSON: timestamps, versions and figures derived from the others are left out.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from tournaments.audit import seals
from tournaments.sessions.models import Entry, EntryPlayer, Result, Ruling

RESULT = [
    "section_id", "board_id", "table_round_id", "ns_entry_id", "ew_entry_id", "kind", "contract", "declarer",
    "tricks", "lead", "ns_score", "ns_percent", "ew_percent", "published_ns_points", "published_ew_points",
    "weighted",
]  # fmt: skip
RULING = ["section_id", "board_id", "result_id", "entry_id", "decision", "law", "facts", "details", "penalty", "appeal"]
# An appeal's record joins a ruling's state once an appeal is lodged: a ruling never appealed keeps the state it
# was sealed with before appeals had a page (so no seal needs rewriting).
APPEAL = [
    "appeal_by", "appeal_lodged_at", "appeal_grounds", "appeal_committee", "appeal_reasons",
    "appeal_deposit_returned", "appeal_decided_at",
]  # fmt: skip
ENTRY = ["section_id", "number", "direction", "label"]


def _json(rows: Iterable[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Keyed by id, as the JSON column gives them back (so a stored state and a fresh one compare equal)."""
    out: dict[int, dict[str, Any]] = {}
    for row in rows:
        row_id = row.pop("id")
        out[row_id] = json.loads(json.dumps(row, default=str))
    return out


def _only(qs: QuerySet[Any], ids: Iterable[int] | None) -> QuerySet[Any]:
    qs = qs.order_by()  # read into a dict by id: the models' orderings only add joins
    return qs if ids is None else qs.filter(pk__in=list(ids))


def _in(session_id: int | None) -> int:
    assert session_id is not None  # registered as kinds of a session's chain: the audit layer passes one
    return session_id


def results(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    return _json(_only(Result.objects.filter(section__session_id=_in(session_id)), ids).values("id", *RESULT))


def rulings(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    """An appeal's fields are read only for rulings with an appeal state: the old migration that first sealed the
    rows (tournaments 0023) runs this reader before the appeal columns exist, on rulings with no appeal."""
    rows = _json(_only(Ruling.objects.filter(session_id=_in(session_id)), ids).values("id", *RULING))
    appealed = [row_id for row_id, row in rows.items() if row["appeal"] != Ruling.Appeal.NONE]
    if appealed:
        for row_id, record in _json(Ruling.objects.filter(pk__in=appealed).values("id", *APPEAL)).items():
            if record["appeal_lodged_at"]:
                rows[row_id].update(record)
    return rows


def entries(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    rows = _json(_only(Entry.objects.filter(section__session_id=_in(session_id)), ids).values("id", *ENTRY))
    names: dict[int, list[list[Any]]] = defaultdict(list)
    players = EntryPlayer.objects.filter(entry_id__in=list(rows)).order_by("seat", "id")
    for entry_id, seat, name, national_id in players.values_list("entry_id", "seat", "name", "national_id"):
        names[entry_id].append([seat, name, national_id])
    for entry_id, row in rows.items():
        row["players"] = names[entry_id]
    return rows


def register() -> None:
    seals.register("result", results)
    seals.register("ruling", rulings)
    seals.register("entry", entries)
