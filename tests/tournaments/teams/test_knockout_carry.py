"""A knockout match's carry-over and stanzas: set through the teams write gateway (audited, versioned), the winner
decided on the total (carry-over included) for the draw of the next round and the extra boards, and shown on the
match page, the round's draw, the standings and the printed score cards."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.teams import reports, selectors, services
from tournaments.teams.calc import knockout_match
from tournaments.teams.models import TeamEvent, TeamMatch

PLAYERS = ["A One", "B Two", "C Three", "D Four"]


def _knockout(director, **rules) -> tuple[TeamEvent, TeamMatch]:
    event = services.create_event(actor=director, name="Cup", boards_per_match=4, format="knockout", rounds=1, **rules)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Team {n}", players=[f"{p} {n}" for p in PLAYERS])
    return event, services.draw_next_round(actor=director, event=event).matches.get()


def _away_wins_by_3(director, match: TeamMatch) -> None:
    # board 1: home N-S make 420 in room 1, away N-S 520 in room 2: 100 to the away team, 3 IMPs; 2-4 flat.
    scores = {1: (420, 520), 2: (0, 0), 3: (0, 0), 4: (0, 0)}
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores=scores, version=match.version)


@pytest.mark.django_db
def test_a_carry_over_decides_the_match_and_is_audited(director) -> None:
    event, match = _knockout(director)
    _away_wins_by_3(director, match)
    assert selectors.knockout_winners(event, 1) == [match.away.number]
    services.set_knockout_terms(actor=director, match=match, carry="3.5", stanza_boards="2")
    event.refresh_from_db()
    view = selectors.match_view(match)
    ko = selectors.knockout(event, view)
    assert (ko.carry_home, ko.total_home, ko.total_away) == (Decimal("3.5"), Decimal("3.5"), Decimal(3))
    assert [(s.first, s.last) for s in ko.stanzas] == [(1, 2), (3, 4)]
    assert selectors.knockout_winners(event, 1) == [match.home.number]
    entry = AuditEntry.objects.filter(action=AuditAction.TEAMS_RULES).latest("id")
    assert entry.new == {"carry_over": "3.5", "stanza_boards": 2}
    assert entry.old == {"carry_over": "0.0", "stanza_boards": 0}


@pytest.mark.django_db
def test_a_whole_carry_over_that_levels_the_match_opens_an_extra_board(director) -> None:
    event, match = _knockout(director)
    _away_wins_by_3(director, match)
    services.set_knockout_terms(actor=director, match=match, carry="3", stanza_boards="0")
    view = selectors.match_view(match)
    assert selectors.knockout(event, view).tied and selectors.boards_open(event, view) == 5
    with pytest.raises(ValueError, match="tied"):
        selectors.knockout_winners(event, 1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("carry", "stanza", "field"), [("3.25", "0", "carry_over"), ("x", "0", "carry_over"), ("1", "5", "stanza_boards")]
)
def test_bad_terms_are_refused_and_nothing_written(director, carry, stanza, field) -> None:
    _event, match = _knockout(director)
    with pytest.raises(services.TeamsError) as caught:
        services.set_knockout_terms(actor=director, match=match, carry=carry, stanza_boards=stanza)
    assert caught.value.field == field
    match.refresh_from_db()
    assert match.carry_over == 0 and not AuditEntry.objects.filter(action=AuditAction.TEAMS_RULES).exists()


@pytest.mark.django_db
def test_only_a_knockout_has_a_carry_over(director) -> None:
    event = services.create_event(actor=director, name="Swiss", boards_per_match=2)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Team {n}", players=[f"{p} {n}" for p in PLAYERS])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    with pytest.raises(services.TeamsError, match="Only a knockout"):
        services.set_knockout_terms(actor=director, match=match, carry="1", stanza_boards="0")


@pytest.mark.django_db
def test_pages_and_score_cards_show_stanzas_and_carry_over(director, director_client) -> None:
    event, match = _knockout(director)
    _away_wins_by_3(director, match)
    url = f"/teams/{event.pk}/match/{match.pk}/knockout/"
    saved = director_client.post(url, {"carry_over": "3.5", "stanza_boards": "2"})
    assert saved.status_code == 302 and saved["Location"] == f"/teams/{event.pk}/match/{match.pk}/"
    bad = director_client.post(url, {"carry_over": "3.25", "stanza_boards": "2"})
    assert bad.status_code == 302
    match.refresh_from_db()
    assert match.carry_over == Decimal("3.5")
    page = director_client.get(f"/teams/{event.pk}/match/{match.pk}/")
    html = page.content.decode()
    assert page.status_code == 200 and 'id="stanzas-1"' in html and "3.5–0" in html and "Total 3.5–3" in html
    assert "Team 1 go through" in html
    draw = director_client.get(f"/teams/{event.pk}/round/1/").content.decode()
    assert "carry-over 3.5–0" in draw and "total 3.5–3" in draw
    standings = director_client.get(f"/teams/{event.pk}/standings/")
    assert standings.status_code == 200 and "carry-over 3.5–0" in standings.content.decode()
    assert 'id="champion"' in standings.content.decode()
    event.refresh_from_db()
    _name, kind, pdf = reports.render_score_cards(event)
    assert kind == "application/pdf" and pdf[:4] == b"%PDF"


@pytest.mark.django_db
def test_players_may_not_set_a_carry_over(director, client, role_user) -> None:
    event, match = _knockout(director)
    client.force_login(role_user("player"))
    response = client.post(f"/teams/{event.pk}/match/{match.pk}/knockout/", {"carry_over": "9", "stanza_boards": "1"})
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.carry_over == 0


def test_teams_of_eight_add_both_matches_board_by_board() -> None:
    # 2 boards a match: match 1 boards 1-2, match 2 stored as 3-4; extra board 1 as 5 (match 1) and 6 (match 2).
    imps = {1: 2, 2: -1, 3: 1, 4: -2, 5: 3}
    ko = knockout_match(imps, 2, "teams8", stanza_boards=1, carry=Decimal("-0.5"))
    assert [(s.imps_home, s.imps_away) for s in ko.stanzas] == [(3, 0), (0, 3)]
    assert ko.margin == Decimal("-0.5")  # extra board 1 counts only once match 2 has played it too
    assert not ko.complete and ko.winner is None
    ko = knockout_match(imps | {6: -1}, 2, "teams8", carry=Decimal("-0.5"))
    assert ko.stanzas[-1].extra and ko.winner == "home"


def test_teams_of_eight_stanzas_are_each_matchs_imps_added_not_nets() -> None:
    # Hand-made: two 4-board matches in stanzas of 2. IMPs to the home team, board by board:
    #   match 1 (boards 1-4): +5, 0, -2, +1      match 2 (stored 5-8): -3, +4, 0, -6
    # Stanza 1 (boards 1-2): match 1 5-0, match 2 4-3: 9-3 (the boards' nets, +2 and +4, would say 6-0).
    # Stanza 2 (boards 3-4): match 1 1-2, match 2 0-6: 1-8 (nets -2 and -5 would say 0-7).
    imps = {1: 5, 2: 0, 3: -2, 4: 1, 5: -3, 6: 4, 7: 0, 8: -6}
    ko = knockout_match(imps, 4, "teams8", stanza_boards=2, carry=Decimal("1.5"))
    assert [(s.imps_home, s.imps_away) for s in ko.stanzas] == [(9, 3), (1, 8)]
    assert [s.parts for s in ko.stanzas] == [((5, 0), (4, 3)), ((1, 2), (0, 6))]
    assert [(s.running_home, s.running_away) for s in ko.stanzas] == [
        (Decimal("10.5"), Decimal(3)),
        (Decimal("11.5"), Decimal(11)),
    ]
    assert ko.complete and ko.winner == "home" and ko.margin == Decimal("0.5")  # 1.5 carried in, -1 at the table


@pytest.mark.django_db
def test_teams_of_eight_match_page_shows_each_matchs_stanza_imps(director, director_client) -> None:
    event = services.create_event(
        actor=director, name="Cup of eight", boards_per_match=2, format="knockout", rounds=1, scoring_form="teams8"
    )
    for n in (1, 2):
        names = [f"{p} {n}{k}" for k in "ab" for p in PLAYERS]
        services.add_team(actor=director, event=event, name=f"Team {n}", players=names)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    # match 1: board 1 +620/-100 to home (12 IMPs), board 2 flat; match 2 (boards 3-4): board 3 to away (12), 4 flat
    scores = {1: (620, -100), 2: (0, 0), 3: (-620, 100), 4: (0, 0)}
    services.save_boards(actor=director, match=match, scores=scores, version=match.version)
    services.set_knockout_terms(actor=director, match=match, carry="0.5", stanza_boards="1")
    html = director_client.get(f"/teams/{event.pk}/match/{match.pk}/").content.decode()
    assert "<td>12–12" in html and "match 1: 12–0; match 2: 0–12" in html  # not the board's net 0-0
