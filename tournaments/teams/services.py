"""Every write for a teams event: create it, enter teams, draw a round, save a match's boards, penalties (line-ups:
tournaments.teams.lineups).

Each function runs in one transaction, locks the event row first (its writers queue there before they touch the
audit chain), writes what changed to the audit log and bumps the event's version. Bad input raises
:class:`TeamsError` with a message for the director (``field`` names the form field when there is one).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import pairwise
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from scoring.draws import knockout_bracket, round_robin, swiss_draw
from scoring.errors import DrawError, InvalidScore
from scoring.knockout import check_carry
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core import lifecycle
from tournaments.core.actors import Actor, user_of
from tournaments.core.text import WHY_MAX, check_text
from tournaments.tableside import hub
from tournaments.teams import selectors
from tournaments.teams.calc import MAX_EXTRA_BOARDS, TIE_BREAKS, imps_by_number, knockout_boards
from tournaments.teams.errors import StaleMatch as StaleMatch
from tournaments.teams.errors import TeamsError as TeamsError
from tournaments.teams.errors import parse_score as parse_score
from tournaments.teams.models import (
    Team,
    TeamBoard,
    TeamEvent,
    TeamMatch,
    TeamPenalty,
    TeamPlayer,
    TeamRoomScore,
    TeamRound,
)

__all__ = [
    "StaleMatch",
    "TeamsError",
    "add_penalty",
    "add_team",
    "create_event",
    "draw_next_round",
    "parse_score",
    "save_boards",
    "save_room_halves",
    "set_tie_breaks",
]


def _text(value: str, field: str, max_length: int, label: str = "") -> str:
    try:
        return check_text(value, field=field, max_length=max_length, label=label)
    except ValidationError as exc:
        raise TeamsError(" ".join(exc.messages), field=field) from None


def _lock(event_id: int) -> TeamEvent:
    return TeamEvent.objects.select_for_update().get(pk=event_id)


def _lock_open(event_id: int, doing: str) -> TeamEvent:
    """Lock the event and refuse when it is finished (the one lifecycle guard): "reopen it to {doing}"."""
    event = _lock(event_id)
    lifecycle.refuse_if_finished(event.status, f"The event is finished: reopen it to {doing}.", error=TeamsError)
    return event


def _bump(event_id: int) -> None:
    """The last step of every write: the event's version moves, and its rooms' pages hear of it once committed."""
    TeamEvent.objects.filter(pk=event_id).update(version=F("version") + 1)
    hub.publish_on_commit(selectors.event_key(event_id))


def _check_rules(data: Mapping[str, Any]) -> None:
    if data["format"] not in TeamEvent.Format.values:
        raise TeamsError(gettext("Unknown format %(format)s.") % {"format": repr(data["format"])}, field="format")
    if not 1 <= data["boards_per_match"] <= 64:
        raise TeamsError(gettext("A match has 1 to 64 boards."), field="boards_per_match")
    if not 1 <= data["rounds"] <= 60:
        raise TeamsError(gettext("Plan 1 to 60 rounds."), field="rounds")
    if data["scoring_form"] not in TeamEvent.Scoring.values:
        raise TeamsError(gettext("Unknown form of scoring."), field="scoring_form")
    ko_forms = (TeamEvent.Scoring.IMPS, TeamEvent.Scoring.TEAMS8)  # teams of eight: the aggregate IMPs decide
    if data["format"] == TeamEvent.Format.KNOCKOUT and data["scoring_form"] not in ko_forms:
        raise TeamsError(gettext("A knockout match is decided in IMPs."), field="scoring_form")
    _check_tie_breaks(data["tie_breaks"])
    if data.get("vp_scale", TeamEvent.VpScale.WBF_CONTINUOUS) not in TeamEvent.VpScale.values:
        raise TeamsError(gettext("Choose a VP scale from the list."), field="vp_scale")
    table = data["vp_table"]
    if table and (
        not all(isinstance(v, int | float) and 0 <= v <= 100 for v in table) or any(b < a for a, b in pairwise(table))
    ):
        raise TeamsError("A VP scale is a list of VPs for 0, 1, 2 ... IMPs that never goes down.", field="vp_table")


def _check_tie_breaks(tie_breaks: Sequence[str]) -> None:
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown or len(set(tie_breaks)) != len(tie_breaks):
        raise TeamsError(gettext("Choose each tie-break at most once, from the list."), field="tie_breaks")


@transaction.atomic
def create_event(*, actor: Actor, **rules: Any) -> TeamEvent:
    """A new teams event, entering teams (see TeamEvent for the fields)."""
    data: dict[str, Any] = {
        "name": "Teams",
        "date": datetime.date.today(),
        "format": TeamEvent.Format.SWISS,
        "rounds": 6,
        "boards_per_match": 8,
        "scoring_form": TeamEvent.Scoring.IMPS,
        "bye_vp": Decimal(12),
        "vp_table": [],
        "tie_breaks": ["imp_diff", "imp_quotient"],
        **rules,
    }
    data["name"] = _text(data["name"], "name", 120) or "Teams"
    _check_rules(data)
    event = TeamEvent.objects.create(director=user_of(actor), **data)
    audit.record(
        actor=actor,
        action=AuditAction.TEAMS_CREATE,
        target=event,
        new={
            **{k: str(v) for k, v in data.items() if k not in ("vp_table", "tie_breaks", "published")},
            "id": event.pk,
        },
    )
    return event


@transaction.atomic
def add_team(*, actor: Actor, event: TeamEvent, name: str, players: Sequence[str]) -> Team:
    """Enter a team of 3 to 6 players; teams are numbered in the order they are entered."""
    event = _lock(event.pk)
    if event.status != TeamEvent.Status.SETUP:
        raise TeamsError(gettext("The draw has started: no more teams can be entered."))
    name = _text(name, "name", 80, "team name")
    if not name:
        raise TeamsError(gettext("Give the team a name."), field="name")
    names = [_text(p, "players", 80, "player's name") for p in players]
    names = [p for p in names if p]
    least, most = event.player_limits
    if not least <= len(names) <= most:
        counts = {"least": least, "most": most, "count": len(names)}
        raise TeamsError(gettext("A team has %(least)s to %(most)s players, not %(count)s.") % counts, field="players")
    if event.teams.filter(name=name).exists():
        raise TeamsError(gettext("There is already a team called %(name)s.") % {"name": repr(name)}, field="name")
    number = (event.teams.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    team = Team.objects.create(event=event, number=number, name=name)
    TeamPlayer.objects.bulk_create(TeamPlayer(team=team, name=p, order=i) for i, p in enumerate(names))
    audit.record(actor=actor, action=AuditAction.TEAMS_TEAM, target=team, new={"name": name, "players": names})
    _bump(event.pk)
    return team


def _draw_pairs(
    event: TeamEvent, number: int, past: list[selectors.RoundView]
) -> tuple[list[tuple[int, int]], int | None]:
    """The next round's (home, away) team numbers and the bye, by the event's format."""
    teams = list(event.teams.values_list("number", flat=True))
    if event.format == TeamEvent.Format.ROUND_ROBIN:
        schedule = round_robin(len(teams))
        if number > len(schedule):
            done = gettext("The round robin is complete: it has %(count)s rounds.")
            raise TeamsError(done % {"count": len(schedule)})
        d = schedule[number - 1]
        return list(d.matches), d.bye
    if event.format == TeamEvent.Format.KNOCKOUT:
        if number == 1:
            bracket = knockout_bracket(teams)
            return [(a, b) for a, b in bracket if b is not None], None
        try:
            winners = selectors.knockout_winners(event, number - 1, past)
        except ValueError as exc:
            raise TeamsError(str(exc)) from None
        if len(winners) < 2:
            raise TeamsError(gettext("The knockout is over: it has a winner."))
        half = len(winners) // 2  # re-seeded: the best left meets the worst left
        return [(winners[i], winners[-1 - i]) for i in range(half)], None
    standings = [s.team for s in selectors.standings(event, past)]
    history = [(m.home, m.away) for r in past for m in r.matches]
    homes: dict[int, int] = {}
    for r in past:
        for m in r.matches:
            homes[m.home] = homes.get(m.home, 0) + 1
    d = swiss_draw(standings, history, byes=[r.bye for r in past if r.bye], home_counts=homes)
    return list(d.matches), d.bye


@transaction.atomic
def draw_next_round(*, actor: Actor, event: TeamEvent) -> TeamRound:
    """Draw the next round (Swiss from the standings, the round robin's next round, or the knockout's next).

    Every match of the previous round must be complete first: a Swiss is drawn from the standings after it.
    """
    event = _lock_open(event.pk, "draw a round")
    if event.teams.count() < 2:
        raise TeamsError(gettext("Enter at least two teams before the draw."))
    past = selectors.played_rounds(event)
    number = past[-1].number + 1 if past else 1
    if number > event.rounds:
        if event.format == TeamEvent.Format.KNOCKOUT:
            raise TeamsError(gettext("All %(count)s planned rounds have been drawn.") % {"count": event.rounds})
        done = gettext("All %(count)s planned rounds have been drawn: add a round to play another.")
        raise TeamsError(done % {"count": event.rounds})
    if past and not past[-1].complete:
        raise TeamsError(
            gettext("Round %(round)s is not complete: enter every board of every match first.")
            % {"round": past[-1].number}
        )
    try:
        pairs, bye = _draw_pairs(event, number, past)
    except DrawError as exc:
        raise TeamsError(str(exc)) from None
    by_number = {t.number: t for t in event.teams.all()}
    rnd = TeamRound.objects.create(event=event, number=number, bye=by_number[bye] if bye else None)
    TeamMatch.objects.bulk_create(
        TeamMatch(round=rnd, table=i, home=by_number[h], away=by_number[a]) for i, (h, a) in enumerate(pairs, 1)
    )
    if event.status == TeamEvent.Status.SETUP:
        TeamEvent.objects.filter(pk=event.pk).update(status=TeamEvent.Status.PLAYING)
    audit.record(
        actor=actor, action=AuditAction.TEAMS_DRAW, target=rnd, new={"round": number, "matches": pairs, "bye": bye}
    )
    _bump(event.pk)
    return rnd


@transaction.atomic
def add_round(*, actor: Actor, event: TeamEvent) -> TeamEvent:
    """Plan one round more than planned: the director's choice, so a Swiss or round robin never runs on by itself."""
    event = _lock_open(event.pk, "add a round")
    if event.format == TeamEvent.Format.KNOCKOUT:
        raise TeamsError(gettext("A knockout's rounds follow its bracket: it ends when it has a winner."))
    most = 60
    if event.format == TeamEvent.Format.ROUND_ROBIN:
        most = len(round_robin(max(2, event.teams.count())))
    if event.rounds >= most:
        if event.format == TeamEvent.Format.ROUND_ROBIN:
            full = gettext("The event already plans %(count)s rounds: every team has met every other.")
        else:
            full = gettext("The event already plans %(count)s rounds: the most.")
        raise TeamsError(full % {"count": event.rounds})
    TeamEvent.objects.filter(pk=event.pk).update(rounds=F("rounds") + 1)
    audit.record(
        actor=actor, action=AuditAction.TEAMS_RULES, target=event, old={"rounds": event.rounds},
        new={"rounds": event.rounds + 1},
    )  # fmt: skip
    _bump(event.pk)
    event.refresh_from_db()
    return event


@transaction.atomic
def save_boards(
    *,
    actor: Actor,
    match: TeamMatch,
    scores: Mapping[int, tuple[object, object] | None],
    version: int,
    why: str = "",
) -> TeamMatch:
    """Save the N-S scores of both rooms for the given boards (None clears a board) of one match.

    ``version`` is the match's version when the form was loaded: if someone saved since, nothing is written and
    :class:`StaleMatch` says so. Each changed board is audited with its old and new scores (``why`` says where
    they came from, e.g. a table link). A board saved whole replaces any half of it a table had sent.
    """
    event = _lock(match.round.event_id)
    match = TeamMatch.objects.select_for_update().get(pk=match.pk)
    if match.version != version:
        raise StaleMatch("Someone saved this match after you opened it: your changes were not saved. Check them.")
    lifecycle.refuse_if_finished(event.status, "The event is finished: reopen it to change a score.", error=TeamsError)
    existing = {b.number: b for b in match.boards.all()}
    changes: list[dict[str, Any]] = []
    knockout = event.format == TeamEvent.Format.KNOCKOUT
    most = event.match_boards + (MAX_EXTRA_BOARDS * event.match_boards // event.boards_per_match if knockout else 0)
    for number, pair in sorted(scores.items()):
        if not 1 <= number <= most:
            raise TeamsError(
                gettext("A match of this event has boards 1 to %(most)s, not %(board)s.")
                % {"most": event.match_boards, "board": number}
            )
        old = existing.get(number)
        old_pair = (old.room1_ns, old.room2_ns) if old else None
        new_pair = None if pair is None else (parse_score(pair[0], number, 1), parse_score(pair[1], number, 2))
        if new_pair == old_pair:
            continue
        if new_pair is None:
            assert old is not None
            old.delete()
        elif old is None:
            TeamBoard.objects.create(match=match, number=number, room1_ns=new_pair[0], room2_ns=new_pair[1])
        else:
            old.room1_ns, old.room2_ns = new_pair
            old.save(update_fields=["room1_ns", "room2_ns", "updated_at"])
        changes.append({"board": number, "old": old_pair, "new": new_pair})
    if knockout and changes:
        _check_extra_boards(match, event.boards_per_match, event.scoring_form)
    if changes:
        whole = [c["board"] for c in changes if c["new"] is not None]
        TeamRoomScore.objects.filter(match=match, number__in=whole).delete()
        audit.record(
            actor=actor, action=AuditAction.TEAMS_BOARDS, target=match, old=[c["old"] for c in changes],
            new=changes, why=why,
        )  # fmt: skip
        TeamMatch.objects.filter(pk=match.pk).update(version=F("version") + 1)
        _bump(event.pk)
        match.refresh_from_db()
    return match


@transaction.atomic
def save_room_halves(*, match: TeamMatch, room: int, scores: Mapping[int, int], why: str) -> None:
    """One room's N-S scores of boards whose other room is not in yet, sent from its table link (teams.tables checks
    them): each waits as a TeamRoomScore, audited; the match's and the event's versions move, so a director's form
    opened before is stale and every room's phone sees the change."""
    event = _lock(match.round.event_id)
    match = TeamMatch.objects.select_for_update().get(pk=match.pk)
    lifecycle.refuse_if_finished(event.status, "The event is finished: reopen it to change a score.", error=TeamsError)
    if not scores:
        return
    old = {h.number: h.ns for h in match.room_scores.filter(room=room)}
    for number, ns in sorted(scores.items()):
        TeamRoomScore.objects.update_or_create(match=match, number=number, room=room, defaults={"ns": ns})
        audit.record(
            actor=None, action=AuditAction.TEAMS_ROOM_SCORE, target=match, why=why,
            old=old.get(number), new={"board": number, "room": room, "ns": ns},
        )  # fmt: skip
    TeamMatch.objects.filter(pk=match.pk).update(version=F("version") + 1)
    _bump(event.pk)


def _check_extra_boards(match: TeamMatch, boards: int, form: str) -> None:
    """A knockout match's extra boards only while it is tied after every board before them (else nothing is saved:
    the error rolls the transaction back); teams of eight: the aggregate of both matches."""
    rows = list(match.boards.order_by("number").values_list("number", "room1_ns", "room2_ns"))
    by_number = imps_by_number(rows)
    carry = TeamMatch.objects.filter(pk=match.pk).values_list("carry_over", flat=True).get()
    open_to = knockout_boards(by_number, boards, form, carry)  # level with the carry-over: extra boards
    late = [n for n in by_number if n > open_to]
    if late:
        raise TeamsError(
            f"Board {late[0]}: extra boards are played only while the match is tied after every board before it.",
            field=f"b{late[0]}_r1",
        )


@transaction.atomic
def add_penalty(*, actor: Actor, team: Team, vp: object, why: str, round: TeamRound | None = None) -> TeamPenalty:
    """Take ``vp`` VPs from a team (a negative figure gives them back), with the director's reason."""
    event = _lock_open(team.event_id, "give a penalty")
    raw = str(vp).strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,3}(\.[0-9]{1,2})?", raw):
        raise TeamsError(f"{raw[:20]!r} is not a number of VPs (like 1 or 0.5).", field="vp")
    amount = Decimal(raw).quantize(Decimal("0.01"))
    if amount == 0 or abs(amount) > 100:
        raise TeamsError(gettext("A penalty is a number of VPs, not zero and at most 100."), field="vp")
    reason = _text(why, "why", WHY_MAX, "reason")
    if not reason:
        raise TeamsError(gettext("Say why the penalty is given."), field="why")
    penalty = TeamPenalty.objects.create(team=team, round=round, vp=amount, why=reason)
    audit.record(
        actor=actor, action=AuditAction.TEAMS_PENALTY, target=penalty, why=reason,
        new={"team": team.number, "vp": str(amount), "round": round.number if round else None},
    )  # fmt: skip
    _bump(event.pk)
    return penalty


@transaction.atomic
def set_tie_breaks(*, actor: Actor, event: TeamEvent, tie_breaks: Sequence[str]) -> TeamEvent:
    """The director's tie-breaks, in the order they apply."""
    event = _lock_open(event.pk, "change the tie-breaks")
    _check_tie_breaks(tie_breaks)
    old = list(event.tie_breaks)
    event.tie_breaks = list(tie_breaks)
    event.save(update_fields=["tie_breaks", "updated_at"])
    audit.record(actor=actor, action=AuditAction.TEAMS_RULES, target=event, old=old, new=list(tie_breaks))
    _bump(event.pk)
    event.refresh_from_db()
    return event


@transaction.atomic
def set_status(*, actor: Actor, event: TeamEvent, status: str) -> TeamEvent:
    """Finish the event (nothing changes after, the results stand) or reopen it to correct it; audited."""
    event = _lock(event.pk)
    moves: dict[str, str] = {lifecycle.PLAYING: lifecycle.FINISHED, lifecycle.FINISHED: lifecycle.PLAYING}
    if moves.get(event.status) != status:
        said = {lifecycle.FINISHED: "finished", lifecycle.PLAYING: "reopened"}.get(status)
        if said is None:
            raise TeamsError(gettext("Unknown status %(status)s.") % {"status": repr(status[:20])}, field="status")
        raise TeamsError(f"The event is {event.get_status_display().lower()}: it cannot be {said}.", field="status")
    TeamEvent.objects.filter(pk=event.pk).update(status=status)
    audit.record(actor=actor, action=AuditAction.TEAMS_STATUS, target=event, old=event.status, new=status)
    _bump(event.pk)
    event.refresh_from_db()
    return event


@transaction.atomic
def set_knockout_terms(
    *, actor: Actor, match: TeamMatch, carry: object, stanza_boards: object, how: Mapping[str, str] | None = None
) -> TeamMatch:
    """A knockout match's carry-over (IMPs brought in before the first stanza, positive to the home team, tenths
    allowed: scoring.knockout) and the event's stanza length in boards (0: one stanza); audited, version bumped.
    `how`: where a computed carry-over came from (the earlier match, its margin, the rule: teams/carry.py), kept
    in the audit entry."""
    event = _lock_open(match.round.event_id, "change a knockout's carry-over or stanzas")
    if event.format != TeamEvent.Format.KNOCKOUT:
        raise TeamsError(gettext("Only a knockout match has a carry-over and stanzas."), field="carry_over")
    try:
        carry_over = check_carry(carry)
    except InvalidScore as exc:
        raise TeamsError(str(exc), field="carry_over") from exc
    text = str(stanza_boards).strip() or "0"
    if not text.isascii() or not text.isdigit() or int(text) > event.boards_per_match:
        raise TeamsError(
            gettext("A stanza has 1 to %(boards)s boards (0: the match is one stanza).")
            % {"boards": event.boards_per_match},
            field="stanza_boards",
        )
    stored = TeamMatch.objects.select_for_update().get(pk=match.pk)
    old = {"carry_over": str(stored.carry_over), "stanza_boards": event.stanza_boards}
    new = {"carry_over": str(carry_over), "stanza_boards": int(text)}
    if old == new:
        return stored
    TeamMatch.objects.filter(pk=stored.pk).update(carry_over=carry_over, version=F("version") + 1)
    TeamEvent.objects.filter(pk=event.pk).update(stanza_boards=int(text))
    audit.record(
        actor=actor, action=AuditAction.TEAMS_RULES, target=stored, old=old, new=new | ({"from": how} if how else {})
    )
    _bump(event.pk)
    stored.refresh_from_db()
    return stored
