"""The teams pages: a director sets an event up and draws; a scorer types both rooms; stale saves are refused."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.teams import selectors, services
from tournaments.teams.models import TeamBoard, TeamEvent

pytestmark = pytest.mark.django_db


def test_director_creates_event_enters_teams_and_draws(director_client) -> None:
    response = director_client.post(
        reverse("teams:new"),
        {"name": "Tuesday Swiss", "date": "2026-11-24", "format": "swiss", "rounds": "3", "boards_per_match": "4",
         "bye_vp": "12"},
    )  # fmt: skip
    event = TeamEvent.objects.get()
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    short = director_client.post(reverse("teams:team_add", args=[event.pk]), {"name": "Few", "players": "A\nB"})
    assert short.status_code == 400 and "3 to 6 players, not 2" in short.content.decode()
    for n in (1, 2, 3):
        players = "\n".join(f"Player {i} of {n}" for i in range(4 + n % 3))
        director_client.post(reverse("teams:team_add", args=[event.pk]), {"name": f"Team {n}", "players": players})
    assert event.teams.count() == 3
    drawn = director_client.post(reverse("teams:draw", args=[event.pk]))
    assert drawn["Location"] == reverse("teams:round", args=[event.pk, 1])
    page = director_client.get(drawn["Location"]).content.decode()
    assert "Bye: 3. Team 3" in page and "1. Team 1" in page


@pytest.fixture
def match(director):
    event = services.create_event(actor=director, name="Match", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    return services.draw_next_round(actor=director, event=event).matches.get()


def url(match) -> str:
    return reverse("teams:match", args=[match.round.event_id, match.pk])


def test_both_rooms_of_each_board_saved_and_scored(director_client, match) -> None:
    data = {"version": "0", "b1_r1": "420", "b1_r2": "-50", "b2_r1": "-100", "b2_r2": "140", "b3_r1": "", "b3_r2": ""}
    assert director_client.post(url(match), data).status_code == 302
    view = selectors.match_view(match)
    assert view.boards == ((1, 420, -50), (2, -100, 140)) and view.score.board_imps == (10, -6)
    page = director_client.get(url(match)).content.decode()
    assert "IMPs 10–6" in page


def test_a_stale_form_is_refused_and_says_so(director_client, match) -> None:
    director_client.post(url(match), {"version": "0", "b1_r1": "420", "b1_r2": "420"})
    response = director_client.post(url(match), {"version": "0", "b1_r1": "100", "b1_r2": "100"})
    assert response.status_code == 409 and "your changes were not saved" in response.content.decode()
    assert TeamBoard.objects.get().room1_ns == 420
    assert AuditEntry.objects.filter(action=AuditAction.TEAMS_BOARDS).count() == 1


def test_bad_input_is_a_message_not_an_error(director_client, match) -> None:
    response = director_client.post(url(match), {"version": "0", "b2_r1": "620", "b2_r2": ""})
    assert response.status_code == 400 and "Board 2: enter both rooms" in response.content.decode()
    assert (
        'name="b2_r2" value="" inputmode="numeric" size="6" aria-label="Board 2 room 2" class="field-error"'
        in response.content.decode()
    )
    response = director_client.post(url(match), {"version": "0", "b1_r1": "abc", "b1_r2": "0"})
    assert response.status_code == 400 and "is not a score" in response.content.decode()
    response = director_client.post(url(match), {"version": "x"})
    assert response.status_code == 400
    assert not TeamBoard.objects.exists()


def test_lineup_and_penalty_and_standings_pages(director_client, match) -> None:
    event = match.round.event
    names = list(match.home.players.values_list("name", flat=True))
    lineup_url = reverse("teams:lineup", args=[event.pk, match.pk])
    director_client.post(lineup_url, {"side": "home", **{f"p{i}": n for i, n in enumerate(names)}})
    assert match.lineups.get().room2_pair == names[2:]
    director_client.post(reverse("teams:penalty", args=[event.pk]), {"team": match.away.pk, "vp": "2", "why": "Late"})
    page = director_client.get(reverse("teams:standings", args=[event.pk])).content.decode()
    assert "-2.00" in page and "IMP difference" in page


def test_a_clubs_vp_scale_is_typed_as_numbers(director_client) -> None:
    data = {"name": "League", "date": "2026-11-24", "format": "round-robin", "rounds": "3", "boards_per_match": "4",
            "bye_vp": "10", "vp_table": "x, 11"}  # fmt: skip
    assert "numbers separated by commas" in director_client.post(reverse("teams:new"), data).content.decode()
    director_client.post(reverse("teams:new"), {**data, "vp_table": "10, 12, 11"})
    assert not TeamEvent.objects.exists()  # a scale that goes down is refused by the service
    director_client.post(reverse("teams:new"), {**data, "vp_table": "10, 12, 15, 20"})
    assert TeamEvent.objects.get().vp_table == [10, 12, 15, 20]


def test_a_tied_knockout_match_offers_an_extra_board_and_the_round_shows_the_winner(director, director_client) -> None:
    event = services.create_event(actor=director, name="Cup", boards_per_match=2, format="knockout", rounds=1)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Cup team {n}", players=[f"P{i}{n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    url = reverse("teams:match", args=[event.pk, match.pk])
    saved = director_client.post(url, {"version": "0", "b1_r1": "420", "b1_r2": "420", "b2_r1": "-50", "b2_r2": "-50"})
    assert saved.status_code == 302
    page = director_client.get(url).content.decode()
    assert 'name="b3_r1"' in page and "(extra: the match is tied)" in page
    round_url = reverse("teams:round", args=[event.pk, 1])
    assert "Tied: play extra boards" in director_client.get(round_url).content.decode()
    decided = director_client.post(
        url, {"version": "1", "b1_r1": "420", "b1_r2": "420", "b2_r1": "-50", "b2_r2": "-50", "b3_r1": "620",
              "b3_r2": "170"},
    )  # fmt: skip
    assert decided.status_code == 302
    assert TeamBoard.objects.filter(match=match).count() == 3
    page = director_client.get(round_url).content.decode()
    assert "<th>Winner</th>" in page and "<th>VPs</th>" not in page
    assert "<td>Cup team 1</td>" in page


def test_the_draw_button_gives_way_to_add_a_round_after_the_planned_ones(director, director_client) -> None:
    event = services.create_event(actor=director, name="Short Swiss", boards_per_match=2, rounds=1)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"S{n}", players=[f"P{i}{n}" for i in range(4)])
    detail = reverse("teams:detail", args=[event.pk])
    assert "Draw round 1" in director_client.get(detail).content.decode()
    services.draw_next_round(actor=director, event=event)
    page = director_client.get(detail).content.decode()
    assert "Draw round 2" not in page and "All 1 planned rounds are drawn." in page
    added = director_client.post(reverse("teams:add_round", args=[event.pk]))
    assert added.status_code == 302 and added["Location"] == detail
    event.refresh_from_db()
    assert event.rounds == 2
    assert "Draw round 2" in director_client.get(detail).content.decode()


VPS = re.compile(r"\bVPs?\b")  # the word, not two letters of the page's random CSRF token


def test_knockout_standings_show_imps_and_the_winner_not_vps(director, director_client) -> None:
    event = services.create_event(actor=director, name="Final", boards_per_match=1, format="knockout", rounds=1)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Finalist {n}", players=[f"P{i}{n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    url = reverse("teams:standings", args=[event.pk])
    services.save_boards(actor=director, match=match, scores={1: (420, 420)}, version=0)
    page = director_client.get(url).content.decode()
    assert "Tied: play extra boards" in page and not VPS.search(page) and 'id="champion"' not in page
    services.save_boards(actor=director, match=match, scores={2: (-100, 620)}, version=1)
    page = director_client.get(url).content.decode()
    assert "<td>0–12</td>" in page and "Winner: Finalist 2" in page and not VPS.search(page)


def _play_one_match(director_client, director, form: str) -> TeamEvent:
    data = {"name": f"{form} teams", "date": "2026-11-24", "format": "round-robin", "rounds": "1",
            "boards_per_match": "4", "bye_vp": "0", "scoring_form": form}  # fmt: skip
    assert director_client.post(reverse("teams:new"), data).status_code == 302
    event = TeamEvent.objects.get(name=f"{form} teams")
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    # the EBU's Patton example: three boards won by 10, one lost by 30, a level aggregate
    rooms = {"b1_r1": "100", "b1_r2": "90", "b2_r1": "100", "b2_r2": "90", "b3_r1": "100", "b3_r2": "90",
             "b4_r1": "-300", "b4_r2": "-270"}  # fmt: skip
    assert director_client.post(url(match), {"version": "0", **rooms}).status_code == 302
    return event


@pytest.mark.parametrize(("form", "points", "label"), [("bam", "3–1", "Board-a-match"), ("patton", "10–6", "Patton")])
def test_board_a_match_and_patton_events_score_matches_and_standings(
    director, director_client, form: str, points: str, label: str
) -> None:
    event = _play_one_match(director_client, director, form)
    assert event.scoring_form == form
    match = event.draw_rounds.get().matches.get()
    page = director_client.get(url(match)).content.decode()
    assert f"Points {points}" in page and label in page and "IMPs 0–1" in page  # won on boards, lost in IMPs
    rows = selectors.standings(event)
    first, second = points.split("–")
    assert [(s.team, s.vp) for s in rows] == [(1, int(first)), (2, int(second))]
    standings = director_client.get(reverse("teams:standings", args=[event.pk])).content.decode()
    assert "Points" in standings and label in standings


def test_a_knockout_is_decided_in_imps(director) -> None:
    with pytest.raises(services.TeamsError):
        services.create_event(actor=director, name="Cup", format="knockout", rounds=1, scoring_form="bam")


def test_a_total_points_event_credits_each_team_its_aggregate(director, director_client) -> None:
    # the same four boards: nets +10, +10, +10 and -30 to home, an aggregate of 0 each (a knockout would need IMPs)
    event = _play_one_match(director_client, director, "total")
    assert event.scoring_form == "total"
    page = director_client.get(url(event.draw_rounds.get().matches.get())).content.decode()
    assert "Points 0–0" in page and "Total points" in page
    assert sorted((s.team, s.vp) for s in selectors.standings(event)) == [(1, 0), (2, 0)]
    with pytest.raises(services.TeamsError):
        services.create_event(actor=director, name="Cup", format="knockout", rounds=1, scoring_form="total")
