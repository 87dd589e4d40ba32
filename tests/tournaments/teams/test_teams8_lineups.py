"""Teams of eight line-ups: four pairs (rooms 1 to 4) from a team's 8 to 10 players, entered on the match page,
shown on each room's phone (rooms 3 and 4 play match 2) and on the score cards."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from tournaments.audit.models import AuditEntry
from tournaments.teams import lineups, services, tables
from tournaments.teams.models import TeamLineup
from tournaments.teams.reports import render_score_cards
from tournaments.teams.seals import lineups as sealed_lineups

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(director):
    event = services.create_event(actor=director, name="Eights", boards_per_match=2, scoring_form="teams8")
    for n in (1, 2):
        players = [f"P{i}{n}" for i in range(9 if n == 1 else 8)]  # nine: one of T1 sits out
        services.add_team(actor=director, event=event, name=f"T{n}", players=players)
    return services.draw_next_round(actor=director, event=event).matches.get()


def _seat(director, match, team, names):
    return lineups.set_lineup(
        actor=director, match=match, team=team, room1_pair=names[0:2], room2_pair=names[2:4],
        room3_pair=names[4:6], room4_pair=names[6:8],
    )  # fmt: skip


def test_four_pairs_saved_audited_and_changed(director, match) -> None:
    names = [f"P{i}1" for i in range(8)]
    lineup = _seat(director, match, match.home, names)
    assert lineup.pairs == [names[0:2], names[2:4], names[4:6], names[6:8]]
    swapped = [*names[:7], "P81"]  # the ninth player comes in for P71 in room 4
    lineup = _seat(director, match, match.home, swapped)
    assert lineup.room4_pair == ["P61", "P81"] and TeamLineup.objects.count() == 1
    entry = AuditEntry.objects.filter(action="teams.lineup").order_by("pk").last()
    assert entry is not None and entry.old["room4"] == ["P61", "P71"] and entry.new["room4"] == ["P61", "P81"]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([f"P{i}1" for i in range(6)] + ["", ""], "each of the four rooms"),  # room 4 empty
        ([f"P{i}1" for i in range(7)] + ["P01"], "each of the four rooms"),  # one player in two rooms
        ([f"P{i}1" for i in range(7)] + ["Zed"], "Zed is not a player of T1"),
        ([f"P{i}2" for i in range(8)], "P02 is not a player of T1"),
    ],
)
def test_a_bad_line_up_is_refused_with_a_message(director, match, names, message) -> None:
    with pytest.raises(services.TeamsError, match=message):
        _seat(director, match, match.home, names)
    assert not TeamLineup.objects.exists()


def test_two_rooms_only_is_refused_for_teams_of_eight(director, match) -> None:
    with pytest.raises(services.TeamsError, match="each of the four rooms"):
        lineups.set_lineup(actor=director, match=match, team=match.home, room1_pair=["P01", "P11"],
                           room2_pair=["P21", "P31"])  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.lists(st.sampled_from(["", "P01", "P11", "P21", "P31", "P41", "P51", "P61", "P71", "P81", "X"]),
                      min_size=8, max_size=8))  # fmt: skip
def test_any_choice_of_seats_is_saved_or_refused_with_a_message(director, match, seats) -> None:
    try:
        lineup = _seat(director, match, match.home, seats)
    except services.TeamsError as exc:
        assert str(exc)
    else:
        chosen = [n for pair in lineup.pairs for n in pair]
        assert len(set(chosen)) == 8 and set(chosen) <= {f"P{i}1" for i in range(9)}


def test_line_up_page_has_four_rooms_and_saves_eight_seats(director_client, match) -> None:
    event = match.round.event
    page = director_client.get(reverse("teams:match", args=[event.pk, match.pk])).content.decode()
    assert 'name="p7"' in page and "Room 4" in page and 'name="p8"' not in page
    names = [f"P{i}2" for i in range(8)]
    url = reverse("teams:lineup", args=[event.pk, match.pk])
    response = director_client.post(url, {"side": "away", **{f"p{i}": n for i, n in enumerate(names)}})
    assert response.status_code == 302
    assert match.lineups.get().pairs == [names[0:2], names[2:4], names[4:6], names[6:8]]
    page = director_client.get(reverse("teams:match", args=[event.pk, match.pk])).content.decode()
    assert "<option selected>P72</option>" in page
    bad = director_client.post(url, {"side": "away", **{f"p{i}": "P02" for i in range(8)}}, follow=True)
    assert bad.status_code == 200 and "each of the four rooms" in bad.content.decode()


def test_room_three_phone_shows_its_players(client, director, match) -> None:
    _seat(director, match, match.home, [f"P{i}1" for i in range(8)])
    room1, _, room3, room4 = tables.issue_links(actor=director, rnd=match.round)
    state = client.get(f"/api/table/{room3.token}/").json()
    assert state["ns"] == {"name": "T1", "players": ["P41", "P51"]} and state["ew"] == {"name": "T2", "players": []}
    _seat(director, match, match.away, [f"P{i}2" for i in range(8)])
    state = client.get(f"/api/table/{room3.token}/").json()
    assert state["ew"]["players"] == ["P42", "P52"]
    state = client.get(f"/api/table/{room4.token}/").json()  # room 4: the away team N-S, as in room 2
    assert state["ns"] == {"name": "T2", "players": ["P62", "P72"]} and state["ew"]["players"] == ["P61", "P71"]
    assert client.get(f"/api/table/{room1.token}/").json()["ns"]["players"] == ["P01", "P11"]


def test_score_cards_and_seal_name_all_four_rooms(director, match) -> None:
    lineup = _seat(director, match, match.home, [f"P{i}1" for i in range(8)])
    data = render_score_cards(match.round.event)[2]
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())
    assert "room 3 P41 & P51; room 4 P61 & P71" in text
    sealed = sealed_lineups([lineup.pk], None)[lineup.pk]
    assert sealed["room3_pair"] == ["P41", "P51"] and sealed["room4_pair"] == ["P61", "P71"]


def test_a_two_room_line_up_seals_as_before(director) -> None:
    event = services.create_event(actor=director, name="Fours", boards_per_match=2)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"Q{i}{n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    lineup = lineups.set_lineup(actor=director, match=match, team=match.home, room1_pair=["Q01", "Q11"],
                                room2_pair=["Q21", "Q31"])  # fmt: skip
    assert set(sealed_lineups([lineup.pk], None)[lineup.pk]) == {"match_id", "team_id", "room1_pair", "room2_pair"}
    with pytest.raises(services.TeamsError, match="four in all"):
        lineups.set_lineup(actor=director, match=match, team=match.home, room1_pair=["Q01", "Q11"],
                           room2_pair=["Q21", "Q31"], room3_pair=["Q01", "Q11"])  # fmt: skip
