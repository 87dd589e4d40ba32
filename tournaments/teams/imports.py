"""A played teams event from another program's file (interchange/teams_import.py reads it), written through the
teams write gateway's own steps (services: create_event, the name and score checks, the version bump) in one
transaction with one audit entry. Apart from services.py only to keep that module under 500 lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.teams.errors import parse_score as _score
from tournaments.teams.models import Team, TeamBoard, TeamEvent, TeamMatch, TeamPlayer, TeamRound
from tournaments.teams.services import _bump, _text, create_event

# A board: the two rooms' N-S scores, then (optional) what the file says of each room and the hand record.
ImportedBoard = tuple[int, int] | tuple[int, int, Mapping[str, Mapping[str, str]], str]
ImportedMatch = tuple[int, int, int, int, Sequence[ImportedBoard]]  # round, table (0: next), home, away, boards
ROOM_DETAILS = {"contract": 12, "declarer": 1, "lead": 3, "tricks": 2}  # what is kept of a room, and how long


@transaction.atomic
def import_event(
    *, actor: Actor, rules: Mapping[str, Any], teams: Sequence[tuple[int, str, Sequence[str]]],
    matches: Sequence[ImportedMatch], why: str, published: Mapping[str, Any],
    player_numbers: Mapping[int, Sequence[str]] | None = None,
) -> TeamEvent:  # fmt: skip
    """A played event from another program's file: its teams (numbers and names as the file has them, any number
    of players), rounds and matches as drawn there, each board's two rooms (numbered 1, 2 ... in the match), and
    the file's figures against ours (``published``, kept for the event's page); ``player_numbers``: a team's
    players' numbers as the file gives them, in the order of its players."""
    rounds_planned = max(1, max((m[0] for m in matches), default=1))
    event = create_event(actor=actor, **{**rules, "rounds": rounds_planned, "published": dict(published)})
    names: set[str] = set()
    by_number: dict[int, Team] = {}
    for number, name, players in teams:
        name = _text(name, "name", 80, "team name") or f"Team {number}"
        while name in names:
            name = f"{name[:70]} ({number})"
        names.add(name)
        by_number[number] = team = Team.objects.create(event=event, number=number, name=name)
        ids = list((player_numbers or {}).get(number, ()))
        TeamPlayer.objects.bulk_create(
            TeamPlayer(
                team=team, name=_text(p, "players", 80, "player's name"), order=i,
                national_id=_text(ids[i], "players", 20, "player's number") if i < len(ids) else "",
            )
            for i, p in enumerate(players)
        )  # fmt: skip
    rounds: dict[int, TeamRound] = {}
    for number, table, home, away, boards in matches:
        if number not in rounds:
            rounds[number] = TeamRound.objects.create(event=event, number=number)
        rnd = rounds[number]
        if not table or rnd.matches.filter(table=table).exists():
            table = (rnd.matches.order_by("-table").values_list("table", flat=True).first() or 0) + 1
        match = TeamMatch.objects.create(round=rnd, table=table, home=by_number[home], away=by_number[away])
        TeamBoard.objects.bulk_create(
            TeamBoard(
                match=match, number=i, room1_ns=_score(b[0], i, 1), room2_ns=_score(b[1], i, 2),
                rooms=_rooms(b[2]) if len(b) > 2 else {}, deal=str(b[3])[:80] if len(b) > 3 else "",
            )
            for i, b in enumerate(boards, 1)
        )  # fmt: skip
    TeamEvent.objects.filter(pk=event.pk).update(status=TeamEvent.Status.PLAYING)
    audit.record(
        actor=actor, action=AuditAction.TEAMS_CREATE, target=event, why=why,
        new={"imported": {"teams": len(teams), "rounds": len(rounds), "matches": len(matches)},
             "team_list": [[n, t.name] for n, t in by_number.items()],
             "match_list": [[r, h, a, [list(b[:2]) for b in boards]] for r, _, h, a, boards in matches]},
    )  # fmt: skip
    _bump(event.pk)
    event.refresh_from_db()
    return event


def _rooms(given: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """Each room's details as plain short text (a file's own words, checked for length and control characters)."""
    return {
        room: {
            k: _text(str(v)[: ROOM_DETAILS[k]], k, ROOM_DETAILS[k], k) for k, v in details.items() if k in ROOM_DETAILS
        }
        for room, details in given.items()
        if room in ("1", "2")
    }
