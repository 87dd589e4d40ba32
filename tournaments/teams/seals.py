"""What the audit seals cover of a teams event: each team's name and players, each match's scores once one is
entered (both rooms and the halves sent from the table), and each penalty.

Registered with the audit layer at start-up (tournaments/apps.py); teams events log to the chain outside
sessions.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Q

from tournaments.audit import seals
from tournaments.teams.models import Team, TeamBoard, TeamLineup, TeamMatch, TeamPenalty, TeamPlayer, TeamRoomScore


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def teams(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    qs = Team.objects.all() if ids is None else Team.objects.filter(pk__in=list(ids))
    out: dict[int, dict[str, Any]] = {pk: {"name": name, "players": []} for pk, name in qs.values_list("pk", "name")}
    for team_id, order, name in (
        TeamPlayer.objects.filter(team_id__in=list(out)).order_by("order", "id").values_list("team_id", "order", "name")
    ):
        out[team_id]["players"].append([order, name])
    return out


def matches(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    """Matches with a score entered (a match just drawn holds nothing to protect yet)."""
    qs = TeamMatch.objects.filter(Q(boards__isnull=False) | Q(room_scores__isnull=False)).distinct()
    if ids is not None:
        qs = qs.filter(pk__in=list(ids))
    out: dict[int, dict[str, Any]] = {
        pk: {"home": home, "away": away, "boards": [], "halves": []}
        for pk, home, away in qs.values_list("pk", "home_id", "away_id")
    }
    boards = TeamBoard.objects.filter(match_id__in=list(out)).order_by("number", "id")
    for match_id, number, one, two in boards.values_list("match_id", "number", "room1_ns", "room2_ns"):
        out[match_id]["boards"].append([number, one, two])
    halves = TeamRoomScore.objects.filter(match_id__in=list(out)).order_by("number", "room")
    for match_id, number, room, ns in halves.values_list("match_id", "number", "room", "ns"):
        out[match_id]["halves"].append([number, room, ns])
    return out


def penalties(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    qs = TeamPenalty.objects.all() if ids is None else TeamPenalty.objects.filter(pk__in=list(ids))
    rows = qs.values("id", "team_id", "round_id", "vp", "why")
    return {row["id"]: _as_json({k: v for k, v in row.items() if k != "id"}) for row in rows}


def lineups(ids: Iterable[int] | None, session_id: int | None) -> dict[int, dict[str, Any]]:
    qs = TeamLineup.objects.all() if ids is None else TeamLineup.objects.filter(pk__in=list(ids))
    # Rooms 3 and 4 came with teams of eight (teams 0006): an older migration sealing rows reads without them.
    with connection.cursor() as cursor:
        columns = {c.name for c in connection.introspection.get_table_description(cursor, TeamLineup._meta.db_table)}
    later_rooms = [f for f in ("room3_pair", "room4_pair") if f in columns]
    rows = qs.values("id", "match_id", "team_id", "room1_pair", "room2_pair", *later_rooms)
    # Rooms 3 and 4 (teams of eight) only when seated: a two-room line-up sealed before them reads as it did.
    later = ("id", "room3_pair", "room4_pair")
    return {row["id"]: _as_json({k: v for k, v in row.items() if k not in later or (k != "id" and v)}) for row in rows}


def register() -> None:
    seals.register("team", teams, in_sessions=False)
    seals.register("teammatch", matches, in_sessions=False)
    seals.register("teampenalty", penalties, in_sessions=False)
    seals.register("teamlineup", lineups, in_sessions=False)
