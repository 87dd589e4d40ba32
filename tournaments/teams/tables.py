"""Teams rooms at the one table terminal: one secret link per room of a match (tableside's TableLink, owned by the
match and its room), for the players there to enter that room's N-S scores on the table page `/t/<token>/`
through the table API, with no login (the token is the key).

A room's score goes through :func:`services.save_boards` (versioned, audited) as soon as the other room's score of
that board is in; until then it waits as a :class:`TeamRoomScore`. Each board is checked against what the phone
last saw of that room's score: if the director (or another phone of the room) changed it since, nothing is saved
and the page shows what is there now, so a table never writes over someone else's entry unseen. The two rooms
write different cells, so they never refuse each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.clubs.addresses import club_url
from tournaments.core import lifecycle, writers
from tournaments.core.actors import Actor
from tournaments.core.errors import FINISHED, LinkRefused
from tournaments.tableside.models import TableLink
from tournaments.tableside.services import Outcome
from tournaments.teams import selectors, services
from tournaments.teams.errors import SCORE_TEXT
from tournaments.teams.models import TeamEvent, TeamLineup, TeamMatch, TeamRoomScore, TeamRound
from tournaments.teams.services import _bump, _lock

__all__ = [
    "LinkRefused",
    "RoomBoard",
    "RoomView",
    "StaleRoom",
    "expire",
    "issue_links",
    "live_links",
    "preview_room",
    "revoke",
    "room_state",
    "room_view",
    "save_room_scores",
    "submit_room",
    "table_url",
]


class StaleRoom(services.StaleMatch):
    """Boards whose score in this room changed since the phone loaded the page: ``now`` holds what is there."""

    def __init__(self, now: dict[int, int | None]) -> None:
        shown = ", ".join(f"board {n} ({'now ' + str(v) if v is not None else 'now cleared'})" for n, v in now.items())
        super().__init__(
            f"Changed by someone else since you opened this page: {shown}. Nothing was saved: check and save again."
        )
        self.now = now


def table_url(link: TableLink, base: str | None = None, club_id: int | None = None) -> str:
    """The room's phone page: the one table page of every event kind, at its club's address."""
    return club_url("tableside:table", [link.token], club_id=club_id, base=base)


def _seat(link: TableLink) -> tuple[int, int, int]:
    """(the stored room 1 or 2, the first stored board number of the room's match, its boards) of a room's link:
    teams of eight play match 2 in rooms 3 and 4, stored as rooms 1 and 2 of boards ``boards_per_match + k``."""
    boards = link.room_match.round.event.boards_per_match
    return (link.room_no - 1) % 2 + 1, (link.room_no - 1) // 2 * boards, boards


def live_links(rnd: TeamRound) -> list[TableLink]:
    """The round's live links, by match then room, as issued (reading them never issues one: a GET never writes)."""
    return list(
        TableLink.objects.filter(match__round=rnd, revoked_at__isnull=True)
        .select_related("match", "match__home", "match__away")
        .order_by("match__table", "room")
    )


@transaction.atomic
def issue_links(*, actor: Actor, rnd: TeamRound) -> list[TableLink]:
    """The live link of each room of each match of the round (issuing the missing ones), by match then room."""
    event = TeamEvent.objects.select_for_update().get(pk=rnd.event_id)
    live = {
        (link.match_id, link.room_no): link
        for link in TableLink.objects.filter(match__round=rnd, revoked_at__isnull=True).select_related("match")
    }
    out = []
    for match in rnd.matches.order_by("table"):
        for room in range(1, event.rooms + 1):
            link = live.get((match.pk, room))
            if link is None:
                link = TableLink.objects.create(team_event_id=rnd.event_id, match=match, room=room, table=match.table)
                audit.record(
                    actor=actor, action=AuditAction.TEAMS_LINK_ISSUE, target=link,
                    new={"round": rnd.number, "match": match.table, "room": room},
                )  # fmt: skip
            out.append(link)
    return out


def _end(actor: Actor, link: TableLink) -> tuple[TeamEvent, TableLink]:
    """The event locked first (as every write of it), then the link, revoked once and audited."""
    event = _lock(link.team_event_id or link.room_match.round.event_id)
    locked = TableLink.objects.select_for_update().get(pk=link.pk)
    if locked.revoked_at is None:
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
        audit.record(actor=actor, action=AuditAction.TEAMS_LINK_REVOKE, target=locked, old={"room": locked.room})
    return event, locked


@transaction.atomic
def revoke(*, actor: Actor, link: TableLink) -> TableLink:
    """End a link at once (a phone left the room) and issue the room a new one: a write of the event (locked,
    audited, its version bumped, so the room's page and stream hear of it on every process once committed)."""
    event, locked = _end(actor, link)
    fresh = TableLink.objects.filter(match=locked.room_match, room=locked.room_no, revoked_at__isnull=True).first()
    if fresh is None:
        fresh = TableLink.objects.create(
            team_event_id=event.pk, match=locked.room_match, room=locked.room_no, table=locked.table
        )
        audit.record(actor=actor, action=AuditAction.TEAMS_LINK_ISSUE, target=fresh, new={"room": fresh.room})
    _bump(event.pk)
    return fresh


@transaction.atomic
def expire(*, actor: Actor, link: TableLink) -> None:
    """End a link past its life without a new one (the scheduler's expiry): locked, audited, version bumped."""
    event, _locked = _end(actor, link)
    _bump(event.pk)


@dataclass(frozen=True, slots=True)
class RoomBoard:
    """A board as the room sees it: its own N-S score, and the other room's and the IMPs once both are in."""

    board: int
    mine: int | None
    other: int | None
    imps_home: int | None


@dataclass(frozen=True, slots=True)
class RoomView:
    match: selectors.MatchView
    room: int
    boards: tuple[RoomBoard, ...]


def room_view(link: TableLink) -> RoomView:
    """The room's boards: its own score, and the other room's and the IMPs once both are in."""
    view = selectors.match_view(link.room_match)
    whole = {n: (r1, r2, imps) for (n, r1, r2), imps in zip(view.boards, view.score.board_imps, strict=True)}
    side, offset, boards = _seat(link)
    waiting = dict(TeamRoomScore.objects.filter(match=link.room_match, room=side).values_list("number", "ns"))
    rows = []
    for k in range(1, boards + 1):
        n = offset + k
        if n in whole:
            r1, r2, imps = whole[n]
            mine, other = (r1, r2) if side == 1 else (r2, r1)
            rows.append(RoomBoard(k, mine, other, imps))
        else:
            rows.append(RoomBoard(k, waiting.get(n), None, None))
    return RoomView(view, link.room_no, tuple(rows))


def _seen(text: str) -> int | None:
    raw = text.strip()
    if not raw:
        return None
    if not SCORE_TEXT.fullmatch(raw):
        raise services.TeamsError(_("The page is out of date: reload it."))
    return int(raw)


def _plan(
    entries: Mapping[int, tuple[str, str]], room: int, most: int, stored: Mapping[int, int | None]
) -> tuple[dict[int, int], dict[int, int | None]]:
    """(the boards to write with their scores, the stale boards with what is stored now) for what a phone sent;
    ``stored`` holds this room's score of each board now. A bad score raises TeamsError at the board's field."""
    wanted: dict[int, int] = {}
    stale: dict[int, int | None] = {}
    for number, (typed, seen) in sorted(entries.items()):
        if not 1 <= number <= most:
            raise services.TeamsError(
                _("This match has boards 1 to %(most)s, not %(number)s.") % {"most": most, "number": number}
            )
        current, was = stored.get(number), _seen(seen)
        if not typed.strip():
            if was is not None:
                raise services.TeamsError(
                    _("Board %(number)s: to remove a score, ask the director.") % {"number": number}, field=f"b{number}"
                )
            continue
        try:
            value = services.parse_score(typed, number, room)
        except services.TeamsError as exc:
            raise services.TeamsError(str(exc), field=f"b{number}") from None
        if value in (was, current):
            continue  # unchanged on this phone (what is stored now stays), or already stored: nothing to write
        if current != was:
            stale[number] = current
        else:
            wanted[number] = value
    return wanted, stale


@transaction.atomic
def save_room_scores(*, link: TableLink, entries: Mapping[int, tuple[str, str]]) -> int:
    """Save this room's N-S scores: ``entries`` maps a board to (the score typed, the score the page showed).

    Only boards typed differently from what the page showed are written, each only if the stored score is still
    the one the page showed, else :class:`StaleRoom`. All or nothing: a bad score raises TeamsError (``field``
    names the board). Every write goes through the teams services (locked, audited, versions bumped): a board with
    both rooms in through ``save_boards``, a half through ``save_room_halves``. Returns how many boards changed.
    """
    event = TeamEvent.objects.select_for_update().get(pk=link.room_match.round.event_id)
    link = TableLink.objects.select_related("match__round").get(pk=link.pk)
    if link.revoked_at is not None:
        raise LinkRefused("This table link was withdrawn by the director: ask for the new one.")
    match = TeamMatch.objects.select_for_update().get(pk=link.room_match.pk)
    message = "The event is finished: scores can no longer be entered at the table."
    lifecycle.refuse_if_finished(event.status, message, error=services.TeamsError)
    room, offset, boards = _seat(link)  # the phone's boards are 1..boards; stored as offset + k
    other = 3 - room
    whole = {b.number - offset: (b.room1_ns, b.room2_ns) for b in match.boards.all()}
    halves = {(h.number - offset, h.room): h.ns for h in match.room_scores.all()}
    stored = {n: whole[n][room - 1] if n in whole else halves.get((n, room)) for n in set(entries)}
    phone_wanted, stale = _plan(entries, room, boards, stored)
    if stale:
        raise StaleRoom(stale)
    why = f"Entered at the table: round {match.round.number}, match {match.table}, room {link.room_no}"
    pairs: dict[int, tuple[object, object] | None] = {}
    waiting: dict[int, int] = {}
    wanted = {k + offset: v for k, v in phone_wanted.items()}
    for number, value in wanted.items():
        k = number - offset
        theirs = whole[k][other - 1] if k in whole else halves.get((k, other))
        if theirs is None:
            waiting[number] = value
        else:
            pairs[number] = (value, theirs) if room == 1 else (theirs, value)
    if pairs:  # first: it checks the match's version as this save read it
        services.save_boards(actor=None, match=match, scores=pairs, version=match.version, why=why)
    if waiting:
        services.save_room_halves(match=match, room=room, scores=waiting, why=why)
    return len(wanted)


# ---- the table API's answers for a room (tournaments/tableside/api.py dispatches here for a room's link) -------


def room_state(link: TableLink) -> dict[str, Any]:
    """What the room's phone shows, as the JSON of the table API's state (`kind` tells the page it is a room)."""
    view = room_view(link)
    match = link.room_match
    ns, ew = (match.home, match.away) if _seat(link)[0] == 1 else (match.away, match.home)
    score = view.match.score
    seated = _seated(match, link.room_no)
    return {
        "kind": "teams",
        "event": match.round.event.name,
        "round": match.round.number,
        "match": match.table,
        "room": link.room_no,
        "ns": {"name": ns.name, "players": seated.get(ns.pk, [])},
        "ew": {"name": ew.name, "players": seated.get(ew.pk, [])},
        "home": match.home.name,
        "away": match.away.name,
        "boards": [{"board": b.board, "mine": b.mine, "other": b.other, "imps_home": b.imps_home} for b in view.boards],
        "imps_home": score.imps_home,
        "imps_away": score.imps_away,
        "complete": score.complete,
        "vp_home": None if score.vp_home is None else round(float(score.vp_home), 2),
        "vp_away": None if score.vp_away is None else round(float(score.vp_away), 2),
        "settings": {"opponents_confirm": False, "show_traveller": False},
    }


def _seated(match: TeamMatch, room: int) -> dict[int, list[str]]:
    """Each team's pair in this room, from its line-up (none until the director enters it)."""
    return {
        lu.team_id: list(lu.pairs[room - 1])
        for lu in TeamLineup.objects.filter(match=match)
        if room <= len(lu.pairs) and lu.pairs[room - 1]
    }


def _typed(value: object) -> str:
    return "" if value is None else str(value)


def _refusal(exc: services.TeamsError, board: object) -> Outcome:
    """A teams refusal as the API answers it: 403 when the event is finished, else 422 at the score's field."""
    if exc.code == FINISHED:
        return Outcome(403, {"field": "", "message": str(exc)})
    field = "ns_score" if (exc.field or "").startswith("b") else (exc.field or "board")
    return Outcome(422, {"field": field, "message": str(exc), "board": board})


def _board_of(data: Mapping[str, Any]) -> int | None:
    raw = data.get("board")
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = str(raw or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def submit_room(link: TableLink, data: Mapping[str, Any]) -> Outcome:
    """A room's N-S score of one board, sent by its phone: `ns_score`, and `seen`, the score the phone showed when
    it was typed (empty for none). 201 when written, 200 when it was already stored (a resend from the offline
    queue), 409 when someone changed that board since (`now` holds what is there), 422 for bad input, 403 when
    the event is finished."""
    board = _board_of(data)
    if board is None:
        return Outcome(422, {"field": "board", "message": "Give the board number."})
    if not _typed(data.get("ns_score")).strip() and not _typed(data.get("seen")).strip():
        return Outcome(422, {"field": "ns_score", "message": "Give this room's N-S score (minus when E-W scored)."})
    entries = {board: (_typed(data.get("ns_score")), _typed(data.get("seen")))}
    try:
        with writers.turn(writers.team_event(link.room_match.round.event_id)):  # core/writers.py
            saved = save_room_scores(link=link, entries=entries)
    except StaleRoom as exc:
        return Outcome(409, {"message": str(exc), "now": {str(n): v for n, v in exc.now.items()}})
    except services.TeamsError as exc:
        return _refusal(exc, board)
    mine = next(b.mine for b in room_view(link).boards if b.board == board)
    body = {"board": board, "ns_score": mine, "status": "accepted"}
    return Outcome(201, body) if saved else Outcome(200, body | {"repeat": True})


def preview_room(link: TableLink, data: Mapping[str, Any]) -> Outcome:
    """The score as it would be stored (checked as a save checks it), nothing written."""
    board = _board_of(data)
    if board is None or not 1 <= board <= link.room_match.round.event.boards_per_match:
        return Outcome(422, {"field": "board", "message": "Give a board of this match."})
    try:
        value = services.parse_score(_typed(data.get("ns_score")), board, _seat(link)[0])
    except services.TeamsError as exc:
        return _refusal(exc, board)
    return Outcome(200, {"board": board, "ns_score": value})
