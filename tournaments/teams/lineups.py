"""Line-ups: who of a team sat in each room of a match (national bodies rate on it).

A team of four to six seats two pairs, rooms 1 and 2; a team of three names a substitute who takes the fourth
seat. Teams of eight seat four pairs, rooms 1 to 4 (rooms 3 and 4 play match 2), from the team's 8 to 10 players.
The write runs in one transaction behind the event's lock, audited, and bumps the event's version (the rooms'
phones show the names).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.teams.errors import TeamsError
from tournaments.teams.models import SEATS, Team, TeamLineup, TeamMatch
from tournaments.teams.services import _bump, _lock_open, _text

__all__ = ["set_lineup"]

ROOM_FIELDS = ("room1_pair", "room2_pair", "room3_pair", "room4_pair")


def _check_substitute(team: Team, roster: set[str], substitute: str, seats: int) -> str:
    substitute = _text(substitute, "lineup", 80, "substitute's name")
    if substitute and len(roster) >= seats:
        raise TeamsError(
            gettext("%(team)s has %(count)s players: a substitute is for a team of fewer.")
            % {"team": team.name, "count": len(roster)},
            field="lineup",
        )
    if substitute in roster:
        who = {"player": substitute, "team": team.name}
        raise TeamsError(gettext("%(player)s is a player of %(team)s, not a substitute.") % who, field="lineup")
    return substitute


@transaction.atomic
def set_lineup(
    *,
    actor: Actor,
    match: TeamMatch,
    team: Team,
    room1_pair: Sequence[str],
    room2_pair: Sequence[str],
    room3_pair: Sequence[str] = (),
    room4_pair: Sequence[str] = (),
    substitute: str = "",
) -> TeamLineup:
    """Record who of the team sat in each room (two players each, from the team's list); a team of fewer than
    four names its substitute, who then takes a seat (four a match, whatever the team's size). Teams of eight name
    a pair for each of the four rooms (eight different players)."""
    event = _lock_open(match.round.event_id, "change a lineup")
    if team.pk not in (match.home_id, match.away_id):
        raise TeamsError(gettext("%(name)s does not play this match.") % {"name": team.name})
    rooms = event.rooms
    seats = SEATS * rooms // 2
    roster = set(team.players.values_list("name", flat=True))
    substitute = _check_substitute(team, roster, substitute, seats)
    pairs = [list(p) for p in (room1_pair, room2_pair, room3_pair, room4_pair)]
    if rooms == 2 and (pairs[2] or pairs[3]):
        raise TeamsError(gettext("Choose two different players for each room (four in all)."), field="lineup")
    pairs = pairs[:rooms]
    chosen = [p for pair in pairs for p in pair]
    if any(len(pair) != 2 for pair in pairs) or len(set(chosen)) != seats or not all(chosen):
        if rooms == 4:
            raise TeamsError(gettext("Choose two different players for each of the four rooms."), field="lineup")
        raise TeamsError(gettext("Choose two different players for each room (four in all)."), field="lineup")
    if len(roster) < seats and (not substitute or substitute not in chosen):
        raise TeamsError(
            f"{team.name} has {len(roster)} players: name the substitute and seat them (four in all).", field="lineup"
        )
    allowed = roster | ({substitute} if substitute else set())
    if not set(chosen) <= allowed:
        raise TeamsError(
            gettext("%(player)s is not a player of %(team)s.")
            % {"player": sorted(set(chosen) - allowed)[0], "team": team.name},
            field="lineup",
        )
    lineup = TeamLineup.objects.filter(match=match, team=team).first()
    old = {f"room{i}": pair for i, pair in enumerate(lineup.pairs, 1)} if lineup else None
    defaults = {field: pairs[i] if i < rooms else [] for i, field in enumerate(ROOM_FIELDS)}
    lineup, _ = TeamLineup.objects.update_or_create(match=match, team=team, defaults=defaults)
    new: dict[str, object] = {"team": team.number, **{f"room{i}": pair for i, pair in enumerate(pairs, 1)}}
    if substitute:
        new["substitute"] = substitute
    audit.record(actor=actor, action=AuditAction.TEAMS_LINEUP, target=lineup, old=old, new=new)
    _bump(event.pk)
    return lineup
