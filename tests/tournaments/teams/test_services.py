"""Teams services: versioned, audited writes; bad input refused with a message; penalties, line-ups, knockout."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.teams import lineups, selectors, services
from tournaments.teams.models import TeamBoard, TeamEvent, TeamMatch

pytestmark = pytest.mark.django_db

PLAYERS = ["A One", "B Two", "C Three", "D Four"]


def event_with(director, teams: int, **rules) -> TeamEvent:
    event = services.create_event(actor=director, name="Club teams", boards_per_match=2, **rules)
    for n in range(1, teams + 1):
        services.add_team(actor=director, event=event, name=f"Team {n}", players=[f"{p} {n}" for p in PLAYERS])
    return event


def test_a_team_has_three_to_six_players(director) -> None:
    event = services.create_event(actor=director, name="Club teams")
    with pytest.raises(services.TeamsError, match="3 to 6 players, not 2"):
        services.add_team(actor=director, event=event, name="Short", players=PLAYERS[:2])
    with pytest.raises(services.TeamsError, match="not 7"):
        services.add_team(actor=director, event=event, name="Long", players=[f"P{i}" for i in range(7)])


def test_a_stale_save_is_refused_and_nothing_written(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    services.save_boards(actor=director, match=match, scores={1: ("420", "-50")}, version=0)
    with pytest.raises(services.StaleMatch):
        services.save_boards(actor=director, match=match, scores={1: ("100", "100")}, version=0)
    view = selectors.match_view(match)
    assert view.boards == ((1, 420, -50),) and view.version == 1
    entry = AuditEntry.objects.filter(action=AuditAction.TEAMS_BOARDS).get()
    assert entry.new == [{"board": 1, "old": None, "new": [420, -50]}]


def test_a_score_that_is_not_a_bridge_score_names_the_board_and_room(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    with pytest.raises(services.TeamsError, match="Board 2, room 2") as exc:
        services.save_boards(actor=director, match=match, scores={2: ("420", "4x")}, version=0)
    assert exc.value.field == "b2_r2"
    with pytest.raises(services.TeamsError, match="multiple of 10"):
        services.save_boards(actor=director, match=match, scores={1: ("425", "0")}, version=0)


def test_match_scores_in_imps_and_vps_and_penalty_comes_off_the_standings(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    services.save_boards(actor=director, match=match, scores={1: (620, -100), 2: (-50, -50)}, version=0)
    score = selectors.match_view(match).score
    assert (score.board_imps, score.imps_home, score.imps_away) == ((12, 0), 12, 0)
    assert score.vp_home + score.vp_away == pytest.approx(20) and score.vp_home > 15
    home = match.home
    services.add_penalty(actor=director, team=home, vp="1.5", why="Slow play")
    row = next(s for s in selectors.standings(event) if s.team == home.number)
    assert float(row.vp) == pytest.approx(score.vp_home - 1.5)
    with pytest.raises(services.TeamsError, match="Say why"):
        services.add_penalty(actor=director, team=home, vp="1", why="")


def test_the_next_round_waits_for_every_board(director) -> None:
    event = event_with(director, 4)
    services.draw_next_round(actor=director, event=event)
    with pytest.raises(services.TeamsError, match="Round 1 is not complete"):
        services.draw_next_round(actor=director, event=event)


def test_lineup_is_kept_and_checked_against_the_roster(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    team = match.home
    names = list(team.players.values_list("name", flat=True))
    lineup = lineups.set_lineup(actor=director, match=match, team=team, room1_pair=names[:2], room2_pair=names[2:])
    assert lineup.room1_pair == names[:2]
    with pytest.raises(services.TeamsError, match="not a player"):
        lineups.set_lineup(actor=director, match=match, team=team, room1_pair=names[:2], room2_pair=[names[2], "X"])


def test_knockout_winners_go_through_reseeded(director) -> None:
    event = event_with(director, 5, format="knockout", rounds=3)
    first = services.draw_next_round(actor=director, event=event)
    assert [(m.home.number, m.away.number) for m in first.matches.all()] == [(4, 5)]
    m = first.matches.get()
    services.save_boards(actor=director, match=m, scores={1: (-100, 400), 2: (0, 0)}, version=0)  # 5 wins
    second = services.draw_next_round(actor=director, event=event)
    assert [(x.home.number, x.away.number) for x in second.matches.all()] == [(1, 5), (2, 3)]


def test_tie_breaks_are_the_directors_choice(director) -> None:
    event = event_with(director, 2)
    services.set_tie_breaks(actor=director, event=event, tie_breaks=["head_to_head"])
    event.refresh_from_db()
    assert event.tie_breaks == ["head_to_head"]
    with pytest.raises(services.TeamsError):
        services.set_tie_breaks(actor=director, event=event, tie_breaks=["coin"])


def test_any_text_as_a_score_is_saved_as_a_score_or_refused_with_a_message(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()

    @settings(max_examples=40, deadline=None)
    @given(st.text(max_size=12), st.text(max_size=12))
    def check(r1: str, r2: str) -> None:
        TeamBoard.objects.filter(match=match).delete()
        version = TeamMatch.objects.get(pk=match.pk).version
        try:
            services.save_boards(actor=director, match=match, scores={1: (r1, r2)}, version=version)
        except services.TeamsError as exc:
            assert str(exc).startswith("Board 1, room")
            assert not TeamBoard.objects.filter(match=match).exists()
        else:
            board = TeamBoard.objects.get(match=match)
            assert (board.room1_ns, board.room2_ns) == (int(r1), int(r2))
            assert (r1 + r2).isascii()

    check()
    TeamEvent.objects.all().delete()  # an event goes with everything in it


@pytest.mark.parametrize("score", ["٣٠", "３０", "−10", "1e3", "\x00", "x" * 5000])
def test_scores_in_other_scripts_or_forms_are_refused(director, score: str) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    with pytest.raises(services.TeamsError, match="is not a score"):
        services.save_boards(actor=director, match=match, scores={1: (score, "0")}, version=0)


def test_a_tied_knockout_match_takes_extra_boards_until_decided(director) -> None:
    event = event_with(director, 2, format="knockout", rounds=1)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    with pytest.raises(services.TeamsError, match="Board 3: extra boards are played only while the match is tied"):
        services.save_boards(actor=director, match=match, scores={1: (420, -50), 3: (100, 100)}, version=0)
    assert not TeamBoard.objects.filter(match=match).exists()  # nothing saved
    services.save_boards(actor=director, match=match, scores={1: (420, 420), 2: (-50, -50)}, version=0)
    view = selectors.match_view(match)
    assert view.score.complete and view.score.imps_home == view.score.imps_away == 0
    assert selectors.boards_open(event, view) == 3  # one extra board offered
    with pytest.raises(ValueError, match="tied: play extra boards"):
        selectors.knockout_winners(event, 1)
    services.save_boards(actor=director, match=match, scores={3: (100, 100)}, version=1)  # still tied
    assert selectors.boards_open(event, selectors.match_view(match)) == 4
    services.save_boards(actor=director, match=match, scores={4: (-100, 110)}, version=2)  # the away team wins it
    view = selectors.match_view(match)
    assert selectors.boards_open(event, view) == 4 and view.score.imps_away == 5
    assert selectors.knockout_winners(event, 1) == [match.away.number]
    with pytest.raises(services.TeamsError, match="Board 5: extra boards"):
        services.save_boards(actor=director, match=match, scores={5: (0, 0)}, version=3)


def test_extra_boards_only_in_a_knockout(director) -> None:
    event = event_with(director, 2)
    match = services.draw_next_round(actor=director, event=event).matches.get()
    services.save_boards(actor=director, match=match, scores={1: (420, 420), 2: (-50, -50)}, version=0)
    assert selectors.boards_open(event, selectors.match_view(match)) == 2
    with pytest.raises(services.TeamsError, match="has boards 1 to 2, not 3"):
        services.save_boards(actor=director, match=match, scores={3: (0, 0)}, version=1)


def _complete(director, rnd) -> None:
    for m in rnd.matches.all():
        services.save_boards(actor=director, match=m, scores={1: (420, -50), 2: (0, 0)}, version=m.version)


@pytest.mark.parametrize("format", ["swiss", "round-robin"])
def test_no_round_past_those_planned_unless_the_director_adds_one(director, format) -> None:
    event = event_with(director, 4, format=format, rounds=1)
    _complete(director, services.draw_next_round(actor=director, event=event))
    with pytest.raises(services.TeamsError, match="All 1 planned rounds have been drawn: add a round"):
        services.draw_next_round(actor=director, event=event)
    assert event.draw_rounds.count() == 1
    event = services.add_round(actor=director, event=event)
    assert event.rounds == 2
    assert AuditEntry.objects.filter(action=AuditAction.TEAMS_RULES).get().new == {"rounds": 2}
    assert services.draw_next_round(actor=director, event=event).number == 2


def test_a_round_robin_plans_no_more_rounds_than_its_schedule(director) -> None:
    event = event_with(director, 4, format="round-robin", rounds=3)
    with pytest.raises(services.TeamsError, match="already plans 3 rounds: every team has met every other"):
        services.add_round(actor=director, event=event)
    knockout = event_with(director, 4, format="knockout", rounds=2)
    with pytest.raises(services.TeamsError, match="knockout's rounds follow its bracket"):
        services.add_round(actor=director, event=knockout)
    event.refresh_from_db()
    knockout.refresh_from_db()
    assert (event.rounds, knockout.rounds) == (3, 2)
