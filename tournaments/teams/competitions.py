"""Teams events in season competitions: the source the competitions (tournaments/sessions, below this app) read
them through (sessions/competition_sources.py), registered at start-up by tournaments/apps.py.

A finished teams event gives each club member who played in a team the team's VPs (a negative total after
penalties counts 0) and the team's place among the event's teams. A team's players are names, not members: a name
counts for the member of exactly that name (letter case aside); other names are guests and take no part, as in a
session. A member named in two teams keeps the first (in team order).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import date_format
from django.utils.translation import gettext_noop

from scoring.competitions import Score
from tournaments.sessions.competition_sources import EventResult, Source, register
from tournaments.sessions.models import Member
from tournaments.teams import selectors
from tournaments.teams.models import Team, TeamEvent, TeamPlayer


def _choices() -> list[tuple[int, str]]:
    events = TeamEvent.objects.order_by("-date", "-pk")
    return [(e.pk, f"{date_format(e.date, 'SHORT_DATE_FORMAT')} · {e.name} · {e.get_status_display()}") for e in events]


def _members_by_name() -> dict[str, int]:
    found: dict[str, int] = {}
    for pk, name in Member.objects.order_by("pk").values_list("pk", "name"):
        found.setdefault(name.strip().casefold(), pk)
    return found


def event_scores(event: TeamEvent, members: dict[str, int]) -> list[Score]:
    """Each member's score in a finished teams event: the team's VPs and place (the module's note)."""
    standings = selectors.standings(event)
    if not standings:
        return []
    top = max(max(float(s.vp), 0.0) for s in standings)
    number_of = dict(Team.objects.filter(event=event).values_list("pk", "number"))
    names: dict[int, list[str]] = {}
    for team_id, name in (
        TeamPlayer.objects.filter(team__event=event)
        .order_by("team__number", "order", "pk")
        .values_list("team_id", "name")
    ):
        names.setdefault(number_of[team_id], []).append(name)
    out: list[Score] = []
    seen: set[int] = set()
    for s in standings:
        for name in names.get(s.team, []):
            member = members.get(name.strip().casefold())
            if member is None or member in seen:
                continue
            seen.add(member)
            out.append(Score(str(member), max(float(s.vp), 0.0), min(s.place, len(standings)), len(standings), top))
    return out


def _results(ids: Sequence[int]) -> list[EventResult]:
    members = _members_by_name()
    out = []
    for event in TeamEvent.objects.filter(pk__in=ids).order_by("date", "pk"):
        finished = event.status == TeamEvent.Status.FINISHED
        scores = event_scores(event, members) if finished else []
        out.append(EventResult(f"teams:{event.pk}", event.name, event.date, finished, scores))
    return out


def _stamp(ids: Sequence[int]) -> str:
    return ",".join(
        f"{pk}:{status}:{v}"
        for pk, status, v in TeamEvent.objects.filter(pk__in=ids).order_by("pk").values_list("pk", "status", "version")
    )


register(Source(kind="teams", title=gettext_noop("Teams events"), choices=_choices, results=_results, stamp=_stamp))
