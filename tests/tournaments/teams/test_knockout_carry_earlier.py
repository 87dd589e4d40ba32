"""A knockout's carry-over computed from the two teams' earlier match: the earlier matches offered (finished, in
IMPs, the same teams by name in an earlier event), the rule the director chooses (a capped fraction of the
margin, or a fixed figure to the winner), signed to this match's home team, written through the teams write
gateway with the earlier match in the audit entry, and the match page's form."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from scoring.knockout import CarryRule
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.teams import carry, selectors, services
from tournaments.teams.models import TeamEvent, TeamMatch

pytestmark = pytest.mark.django_db

PLAYERS = ["A One", "B Two", "C Three", "D Four"]
DAY = datetime.date(2026, 11, 20)


def _event(director, name: str, fmt: str, date: datetime.date, order=("North", "South")) -> TeamMatch:
    event = services.create_event(actor=director, name=name, boards_per_match=2, format=fmt, rounds=1, date=date)
    for team in order:
        services.add_team(actor=director, event=event, name=team, players=[f"{p} {team}" for p in PLAYERS])
    return services.draw_next_round(actor=director, event=event).matches.select_related("home", "away").get()


def _play(director, match: TeamMatch, winner: str) -> None:
    """Board 1: the home N-S make 620, the away N-S go one down (-100): 720 to the home team, 12 IMPs; board 2
    flat. `winner` names the team that should win by 12: the boards are turned round when it is the away team."""
    swing = (620, -100) if match.home.name == winner else (-620, 100)
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores={1: swing, 2: (0, 0)}, version=match.version)


def test_a_third_of_the_round_robin_margin_signed_to_the_home_team_and_audited(director) -> None:
    league = _event(director, "League", "round-robin", DAY)
    _play(director, league, "South")  # South won the league match by 12 IMPs
    _event(director, "Later league", "round-robin", DAY + datetime.timedelta(days=30))  # after the cup: not offered
    cup = _event(director, "Cup", "knockout", DAY + datetime.timedelta(days=7))
    offered = carry.earlier_matches(cup)
    assert [(e.event, e.imps_home + e.imps_away) for e in offered] == [("League", 12)]
    south_home = cup.home.name == "South"
    assert offered[0].margin == (12 if south_home else -12)
    saved = carry.carry_from_earlier(
        actor=director, match=cup, earlier_id=offered[0].pk, rule=CarryRule(fraction=Decimal(1) / 3)
    )
    assert saved.carry_over == (Decimal("4.0") if south_home else Decimal("-4.0"))
    entry = AuditEntry.objects.filter(action=AuditAction.TEAMS_RULES).latest("id")
    assert entry.new["carry_over"] == str(saved.carry_over)
    first = offered[0]
    assert entry.new["from"] == {
        "match": str(league.pk), "event": "League", "round": "1", "imps": f"{first.imps_home}-{first.imps_away}",
        "margin": str(first.margin), "rule": "fraction", "fraction": str(Decimal(1) / 3), "cap": "",
    }  # fmt: skip
    event = TeamEvent.objects.get(pk=cup.round.event_id)
    ko = selectors.knockout(event, selectors.match_view(cup))
    assert ko.carry_home + ko.carry_away == Decimal(4)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ({"rule": "fraction", "fraction": "50%", "cap": "5"}, Decimal(5)),  # half of 12 is 6, capped at 5
        ({"rule": "fraction", "fraction": "1", "cap": ""}, Decimal(12)),
        ({"rule": "winner", "fixed": "0.5"}, Decimal("0.5")),
    ],
)
def test_the_directors_rule_through_the_page(director_client, director, rule, expected) -> None:
    league = _event(director, "League", "round-robin", DAY)
    _play(director, league, "North")
    cup = _event(director, "Cup", "knockout", DAY)
    event_pk = cup.round.event_id
    page = director_client.get(f"/teams/{event_pk}/match/{cup.pk}/")
    assert page.status_code == 200 and 'id="carry-from-earlier"' in page.content.decode()
    posted = director_client.post(
        f"/teams/{event_pk}/match/{cup.pk}/knockout/earlier/", {"earlier": str(league.pk), **rule}
    )
    assert posted.status_code == 302
    cup.refresh_from_db()
    assert cup.carry_over == (expected if cup.home.name == "North" else -expected)


def test_unfinished_or_foreign_matches_are_refused_and_nothing_written(director, director_client) -> None:
    league = _event(director, "League", "round-robin", DAY)  # not played: not finished
    cup = _event(director, "Cup", "knockout", DAY)
    assert carry.earlier_matches(cup) == []
    with pytest.raises(services.TeamsError, match="finished earlier match"):
        carry.carry_from_earlier(actor=director, match=cup, earlier_id=league.pk, rule=CarryRule())
    other = _event(director, "Other", "round-robin", DAY, order=("East", "West"))
    _play(director, other, "East")
    assert carry.earlier_matches(cup) == []
    answer = director_client.post(
        f"/teams/{cup.round.event_id}/match/{cup.pk}/knockout/earlier/", {"earlier": str(other.pk), "fraction": "2"}
    )
    assert answer.status_code == 302
    cup.refresh_from_db()
    assert cup.carry_over == 0 and not AuditEntry.objects.filter(action=AuditAction.TEAMS_RULES).exists()


def test_players_may_not_compute_a_carry_over(client, role_user, director) -> None:
    league = _event(director, "League", "round-robin", DAY)
    _play(director, league, "North")
    cup = _event(director, "Cup", "knockout", DAY)
    client.force_login(role_user("player"))
    url = f"/teams/{cup.round.event_id}/match/{cup.pk}/knockout/earlier/"
    assert client.post(url, {"earlier": str(league.pk)}).status_code == 403
    cup.refresh_from_db()
    assert cup.carry_over == 0
