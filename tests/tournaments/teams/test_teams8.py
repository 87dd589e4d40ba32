"""Teams of eight in the app: a pairing's two matches stored as one (match 2's board k as boards + k), the match
page and standings showing both matches and their sum, VPs on the scale for both matches' boards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.vpscales import scale_victory_points
from tournaments.teams import selectors, services
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(director):
    event = services.create_event(actor=director, name="Eights", boards_per_match=2, scoring_form="teams8")
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(8)])
    return services.draw_next_round(actor=director, event=event).matches.get()


def test_a_team_of_eight_has_eight_to_ten_players(director) -> None:
    event = services.create_event(actor=director, name="Eights", scoring_form=TeamEvent.Scoring.TEAMS8)
    with pytest.raises(services.TeamsError, match="8 to 10 players, not 4"):
        services.add_team(actor=director, event=event, name="Four", players=["A", "B", "C", "D"])
    assert event.match_boards == 16 and event.rooms == 4


def test_two_matches_added_then_vps(director, match) -> None:
    # Same figures as tests/scoring/test_teams8.py: match 1 IMPs 13-1, match 2 IMPs 1-2, aggregate 14-3.
    scores = {1: (420, -420), 2: (110, 140), 3: (-100, -50)}
    services.save_boards(actor=director, match=match, scores=scores, version=0)
    partial = selectors.match_view(match).score
    assert not partial.complete and partial.vp_home is None
    services.save_boards(actor=director, match=match, scores={4: (620, 600)}, version=1)
    score = selectors.match_view(match).score
    assert score.halves is not None
    assert [(h.imps_home, h.imps_away) for h in score.halves] == [(13, 1), (1, 2)]
    assert (score.imps_home, score.imps_away) == (14, 3)
    assert (score.vp_home, score.vp_away) == scale_victory_points("wbf_continuous", 11, 4) == (15.38, 4.62)
    top = selectors.standings(match.round.event)[0]
    assert (top.team, float(top.vp), top.imps_for, top.imps_against) == (match.home.number, 15.38, 14, 3)


def test_a_board_beyond_both_matches_is_refused(director, match) -> None:
    with pytest.raises(services.TeamsError, match="boards 1 to 4, not 5"):
        services.save_boards(actor=director, match=match, scores={5: (0, 0)}, version=0)


def test_match_page_and_standings_show_both_matches(director_client, match) -> None:
    event_id = match.round.event_id
    data = {"version": "0", "b1_r1": "420", "b1_r2": "-420", "b2_r1": "110", "b2_r2": "140"}
    data |= {"b3_r1": "-100", "b3_r2": "-50", "b4_r1": "620", "b4_r2": "600"}
    url = reverse("teams:match", args=[event_id, match.pk])
    assert director_client.post(url, data).status_code == 302
    page = director_client.get(url).content.decode()
    assert "Match 2, board 2" in page and 'name="b4_r1"' in page
    assert "Match 1: IMPs 13–1" in page and "Match 2: IMPs 1–2" in page and "IMPs 14–3" in page
    assert "VPs 15.38–4.62" in page
    standings = director_client.get(reverse("teams:standings", args=[event_id])).content.decode()
    assert "15.38" in standings
    round_page = director_client.get(reverse("teams:round", args=[event_id, 1])).content.decode()
    assert "15.38–4.62" in round_page and "14–3 <span" in round_page and "(13–1 + 1–2)" in round_page
