"""A knockout match's carry-over computed from the two teams' earlier match (docs/teams8.md, "Carry-over from an
earlier match").

The earlier matches offered are the finished ones between the same two teams scored in IMPs: an earlier round of
this event (the same teams), or a match of another teams event of the club held on or before this one's date
between teams of the same names (a round robin or Swiss stage feeding the knockout). The margin is the IMPs
won at the table, any carry-over of that match left out, signed to this match's home team. The rule is pure
(`scoring.knockout.carry_by_rule`); the write goes through the teams write gateway (`services.set_knockout_terms`:
the event's lock, audited with the earlier match, its margin and the rule, version bumped).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db.models import Q
from django.utils.translation import gettext

from scoring.errors import InvalidScore
from scoring.knockout import CARRY_RULES, CarryRule, carry_by_rule, parse_fraction
from tournaments.core.actors import Actor
from tournaments.teams import selectors, services
from tournaments.teams.errors import TeamsError
from tournaments.teams.models import TeamEvent, TeamMatch

__all__ = ["Earlier", "carry_from_earlier", "earlier_matches", "rule_of"]

IMP_FORMS = (TeamEvent.Scoring.IMPS, TeamEvent.Scoring.TEAMS8)


@dataclass(frozen=True, slots=True)
class Earlier:
    """A finished earlier match between the two teams, its IMPs as played and the margin to this match's home."""

    pk: int
    event: str
    date: datetime.date
    round: int
    home: str
    away: str
    imps_home: int
    imps_away: int
    margin: int  # positive: this match's home team won it


def earlier_matches(match: TeamMatch) -> list[Earlier]:
    """The finished IMP matches between this match's two teams before it, the latest first."""
    event = match.round.event
    home, away = match.home, match.away
    same = Q(round__event=event, round__number__lt=match.round.number) & (
        Q(home=home, away=away) | Q(home=away, away=home)
    )
    named = Q(home__name__iexact=home.name, away__name__iexact=away.name) | Q(
        home__name__iexact=away.name, away__name__iexact=home.name
    )
    other = Q(round__event__date__lte=event.date, round__event__scoring_form__in=IMP_FORMS) & named
    rows = (
        TeamMatch.objects.filter(same | (other & ~Q(round__event=event)))
        .select_related("round__event", "home", "away")
        .order_by("-round__event__date", "-round__event_id", "-round__number", "table")
    )
    found = []
    for m in rows[:50]:
        score = selectors.match_view(m).score
        if not score.complete:
            continue
        margin = score.imps_home - score.imps_away
        flipped = (
            m.home_id != home.pk if m.round.event_id == event.pk else m.home.name.casefold() != home.name.casefold()
        )
        found.append(
            Earlier(
                m.pk,
                m.round.event.name,
                m.round.event.date,
                m.round.number,
                m.home.name,
                m.away.name,
                score.imps_home,
                score.imps_away,
                -margin if flipped else margin,
            )
        )
    return found


def _decimal(text: str, field: str) -> Decimal:
    try:
        return Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise TeamsError(gettext("%(value)s is not a number of IMPs.") % {"value": repr(text)}, field=field) from None


def rule_of(data: Mapping[str, str]) -> CarryRule:
    """The director's rule from the form: rule ("fraction" or "winner"), fraction ("1/3"), cap (empty: none),
    fixed (the winner's IMPs)."""
    kind = data.get("rule", "fraction")
    if kind not in CARRY_RULES:
        raise TeamsError(gettext("Choose how the carry-over is computed."), field="rule")
    if kind == "winner":
        return CarryRule(kind="winner", fixed=_decimal(data.get("fixed", "") or "0", "fixed"))
    try:
        fraction = parse_fraction(data.get("fraction", "") or "1")
    except InvalidScore as exc:
        raise TeamsError(str(exc), field="fraction") from exc
    cap_text = (data.get("cap") or "").strip()
    return CarryRule(fraction=fraction, cap=_decimal(cap_text, "cap") if cap_text else None)


def carry_from_earlier(*, actor: Actor, match: TeamMatch, earlier_id: int, rule: CarryRule) -> TeamMatch:
    """Set the match's carry-over from one of its earlier matches by `rule`, through the teams write gateway."""
    chosen = next((e for e in earlier_matches(match) if e.pk == earlier_id), None)
    if chosen is None:
        raise TeamsError(gettext("Choose a finished earlier match between these two teams."), field="earlier")
    try:
        carry = carry_by_rule(chosen.margin, rule)
    except InvalidScore as exc:
        raise TeamsError(str(exc), field="carry_over") from exc
    how = {
        "match": str(chosen.pk),
        "event": chosen.event,
        "round": str(chosen.round),
        "imps": f"{chosen.imps_home}-{chosen.imps_away}",
        "margin": str(chosen.margin),
    } | rule.describe()
    return services.set_knockout_terms(
        actor=actor, match=match, carry=carry, stanza_boards=match.round.event.stanza_boards, how=how
    )
