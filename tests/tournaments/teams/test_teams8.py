"""Teams of eight in the app: a pairing's two matches stored as one (match 2's board k as boards + k), the match
page and standings showing both matches and their sum, VPs on the scale for both matches' boards."""

from __future__ import annotations

import io
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.imps import imps
from scoring.vpscales import scale_victory_points
from tournaments.teams import selectors, services, tables
from tournaments.teams.models import TeamEvent, TeamRoomScore
from tournaments.teams.reports import render_score_cards

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


def _send(client, link, board: int, score: int) -> int:
    body = {"board": board, "ns_score": score, "seen": "", "client_id": f"{link.pk}-{board}-{score}"}
    url = f"/api/table/{link.token}/results"
    return int(client.post(url, json.dumps(body), content_type="application/json").status_code)


def test_four_phones_one_a_room_match_two_in_rooms_three_and_four(client, director, match) -> None:
    links = tables.issue_links(actor=director, rnd=match.round)
    assert [link.room for link in links] == [1, 2, 3, 4]
    room1, room2, room3, room4 = links
    state3 = client.get(f"/api/table/{room3.token}/").json()
    assert state3["room"] == 3 and state3["ns"]["name"] == "T1" and [b["board"] for b in state3["boards"]] == [1, 2]
    assert client.get(f"/api/table/{room4.token}/").json()["ns"]["name"] == "T2"  # room 4: away N-S, like room 2
    assert _send(client, room3, 1, -100) == 201
    assert TeamRoomScore.objects.get().number == 3  # match 2's board 1
    assert _send(client, room4, 1, -50) == 201
    for link, board, score in ((room1, 1, 420), (room2, 1, -420), (room1, 2, 110), (room2, 2, 140)):
        assert _send(client, link, board, score) == 201
    assert _send(client, room3, 2, 620) == 201 and _send(client, room4, 2, 600) == 201
    assert _send(client, room3, 3, 620) == 422  # a phone has its own match's boards only
    view = selectors.match_view(match)
    assert view.boards == ((1, 420, -420), (2, 110, 140), (3, -100, -50), (4, 620, 600))
    assert (view.score.imps_home, view.score.imps_away, view.score.vp_home) == (14, 3, 15.38)
    shown = client.get(f"/api/table/{room4.token}/").json()
    assert shown["boards"][0] == {"board": 1, "mine": -50, "other": -100, "imps_home": -2}
    assert shown["complete"] and shown["vp_home"] == 15.38


def test_director_chooses_teams_of_eight_on_the_new_event_form(director_client) -> None:
    data = {"name": "Eights", "date": "2026-11-24", "format": "swiss", "rounds": "3", "boards_per_match": "4"}
    response = director_client.post(reverse("teams:new"), data | {"bye_vp": "12", "scoring_form": "teams8"})
    event = TeamEvent.objects.get()
    assert response.status_code == 302 and event.scoring_form == TeamEvent.Scoring.TEAMS8
    page = director_client.get(event.get_absolute_url()).content.decode()
    assert "8 to 10 players, one a line" in page
    short = director_client.post(reverse("teams:team_add", args=[event.pk]), {"name": "Few", "players": "A\nB\nC\nD"})
    assert short.status_code == 400 and "8 to 10 players, not 4" in short.content.decode()
    patton = director_client.post(
        reverse("teams:new"), data | {"bye_vp": "12", "scoring_form": "patton", "format": "knockout"}
    )
    assert "A knockout match is decided in IMPs." in patton.content.decode() and TeamEvent.objects.count() == 1
    knockout = director_client.post(
        reverse("teams:new"), data | {"bye_vp": "12", "scoring_form": "teams8", "format": "knockout"}
    )
    assert knockout.status_code == 302 and TeamEvent.objects.count() == 2  # the aggregate IMPs decide


def test_a_tied_teams_of_eight_knockout_plays_extra_boards_in_both_matches(director) -> None:
    event = services.create_event(
        actor=director, name="Eights KO", boards_per_match=2, scoring_form="teams8", format="knockout", rounds=1
    )
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(8)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    # Match 1: 0 and 1 IMP away (30 points); match 2: 1 IMP home (30 points) and 0. Aggregate 1-1: tied.
    tied = {1: (420, 420), 2: (110, 140), 3: (140, 110), 4: (-50, -50)}
    services.save_boards(actor=director, match=match, scores=tied, version=0)
    view = selectors.match_view(match)
    assert view.score.complete and (view.score.imps_home, view.score.imps_away) == (1, 1)
    assert selectors.boards_open(event, view) == 6  # extra board 1: number 5 in match 1, number 6 in match 2
    with pytest.raises(services.TeamsError, match="Board 7: extra boards"):
        services.save_boards(actor=director, match=match, scores={7: (0, 0)}, version=1)
    services.save_boards(actor=director, match=match, scores={5: (620, 600)}, version=1)  # +20: 1 IMP home
    view = selectors.match_view(match)
    assert not view.score.complete  # match 2 has not played extra board 1 yet
    with pytest.raises(ValueError, match="not complete"):
        selectors.knockout_winners(event, 1)
    services.save_boards(actor=director, match=match, scores={6: (600, 650)}, version=2)  # -50: 2 IMPs away
    view = selectors.match_view(match)
    assert view.score.halves is not None
    assert [(h.imps_home, h.imps_away) for h in view.score.halves] == [(1, 1), (1, 2)]
    assert view.score.complete and (view.score.imps_home, view.score.imps_away) == (2, 3)
    assert selectors.boards_open(event, view) == 6 and selectors.knockout_winners(event, 1) == [match.away.number]
    assert selectors.half_of(event, 5) == {"half": 1, "in_half": 3} == {**selectors.half_of(event, 6), "half": 1}


def test_teams_demo_plays_teams_of_eight_and_every_figure_recomputes() -> None:
    out = StringIO()
    call_command(
        "teams_demo", "--teams", "4", "--rounds", "2", "--boards", "3", "--scoring", "teams8", "--json", stdout=out
    )
    data = json.loads(out.getvalue())
    assert all(8 <= len(t["players"]) <= 10 for t in data["teams"])
    for rnd in data["rounds"]:
        for m in rnd["matches"]:
            assert [b["board"] for b in m["boards"]] == [1, 2, 3, 4, 5, 6]
            nets = [imps(b["room1_ns_score"] - b["room2_ns_score"]) for b in m["boards"]]
            halves = [nets[:3], nets[3:]]
            assert m["matches"] == [
                {"imps_home": sum(x for x in h if x > 0), "imps_away": -sum(x for x in h if x < 0)} for h in halves
            ]
            assert m["imps_home"] == sum(h["imps_home"] for h in m["matches"])
            assert (m["vp_home"], m["vp_away"]) == scale_victory_points("wbf_continuous", sum(nets), 6)


def test_score_card_paper_shows_each_match_and_the_sum(director, match) -> None:
    scores = {1: (420, -420), 2: (110, 140), 3: (-100, -50), 4: (620, 600)}
    services.save_boards(actor=director, match=match, scores=scores, version=0)
    data = render_score_cards(match.round.event)[2]
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())
    assert "Match 1 13 1" in text and "Match 2 1 2" in text and "VP 15.38 – 4.62 14 3" in text
