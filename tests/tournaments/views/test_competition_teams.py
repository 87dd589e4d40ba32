"""Season competitions over teams events (sessions/competition_sources.py, teams/competitions.py): each member who
played in a team scores the team's VPs and place; figures worked by hand from a club VP scale."""

from __future__ import annotations

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Competition, Member
from tournaments.sessions.selectors.competitions import competition_table
from tournaments.sessions.services import competitions
from tournaments.sessions.services.demo import build_demo_session
from tournaments.teams import services as teams
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db

# VPs for a margin of 0, 1, ... 5+ IMPs: a draw 10-10, 1 IMP 12-8, 5 IMPs or more 20-0.
SCALE = [10, 12, 14, 16, 18, 20]


def _event(director, name, home, away, boards, *, finish=True) -> TeamEvent:
    event = teams.create_event(actor=director, name=name, boards_per_match=2, rounds=1, vp_table=SCALE)
    teams.add_team(actor=director, event=event, name="Home", players=home)
    teams.add_team(actor=director, event=event, name="Away", players=away)
    match = teams.draw_next_round(actor=director, event=event).matches.get()
    assert (match.home.name, match.away.name) == ("Home", "Away")
    teams.save_boards(actor=director, match=match, scores=boards, version=0)
    return teams.set_status(actor=director, event=event, status="finished") if finish else event


@pytest.fixture
def events(director):
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "gus"):  # Hal is a guest; "Gus" is the member gus
        Member.objects.create(name=name)
    # A: 420 v 420 (0 IMPs), 110 v 140 (30: 1 IMP to Away): Home 8, Away 12.
    a = _event(director, "Autumn teams", ["Ann", "Bob", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal"],
               {1: (420, 420), 2: (110, 140)})  # fmt: skip
    # B: 620 v -620 (1240: 15 IMPs to Home), 50 v 50: Home 20, Away 0.
    b = _event(director, "Winter teams", ["Ann", "Bob", "Eve", "Fay"], ["Cat", "Dan", "Gus", "Hal"],
               {1: (620, -620), 2: (50, 50)})  # fmt: skip
    c = _event(director, "Spring teams", ["Ann", "Bob", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal"], {1: (0, 0)},
               finish=False)  # fmt: skip
    return a, b, c


def _totals(comp: Competition) -> dict[str, tuple[float, str]]:
    return {r.member.name: (r.standing.total, r.standing.place) for r in competition_table(comp).rows}


def test_best_one_of_two_teams_events_is_each_members_best_vps(director, events):
    comp = competitions.save_competition(
        actor=director, competition=Competition(name="Teams cup", counting=1), sessions=[],
        events={"teams": [e.pk for e in events]},
    )  # fmt: skip
    table = competition_table(comp)
    assert [c.name for c in table.sessions] == ["Autumn teams", "Winter teams"]
    assert [c.name for c in table.waiting] == ["Spring teams"]  # not finished: not counted
    assert _totals(comp) == {
        "Ann": (20, "1="), "Bob": (20, "1="), "Eve": (20, "1="), "Fay": (20, "1="), "gus": (12, "5"),
        "Cat": (8, "6="), "Dan": (8, "6="),
    }  # fmt: skip
    ann = next(r for r in table.rows if r.member.name == "Ann")
    assert ann.cells == [(8.0, False), (20.0, True)]  # Autumn's 8 dropped


def test_every_event_counts_and_the_ladder_gives_place_points(director, events):
    comp = competitions.save_competition(
        actor=director,
        competition=Competition(name="All", counting=0),
        sessions=[],
        events={"teams": [events[0].pk, events[1].pk]},
    )
    assert _totals(comp)["Eve"] == (32, "1=") and _totals(comp)["Ann"] == (28, "3=") and _totals(comp)["Cat"][0] == 8
    ladder = competitions.save_competition(
        actor=director, competition=Competition(name="Ladder", kind="ladder"), sessions=[],
        events={"teams": [events[0].pk, events[1].pk]},
    )  # fmt: skip
    # A field of two teams: the winner 2 points, the other 1. Eve 2 + 2, Ann 1 + 2, gus 2 + 1, Cat 1 + 1.
    totals = _totals(ladder)
    assert (totals["Eve"][0], totals["Ann"][0], totals["gus"][0], totals["Cat"][0]) == (4, 3, 3, 2)


def test_events_are_audited_and_only_the_clubs_own(director, director_client, events):
    comp = competitions.save_competition(
        actor=director, competition=Competition(name="Cup"), sessions=[], events={"teams": [events[0].pk]}
    )
    entry = AuditEntry.objects.filter(action="competition.save").latest("pk")
    assert entry.new["events"] == {"teams": [events[0].pk]}
    with pytest.raises(Exception, match="Choose events of this club only"):
        competitions.save_competition(actor=director, competition=comp, sessions=[], events={"teams": [999999]})
    page = director_client.get(f"/competitions/{comp.pk}/edit/").content.decode()
    assert "Winter teams" in page and 'name="source_teams"' in page
    data = {"name": "Cup", "kind": "best", "counting": "0", "carry_percent": "0", "source_teams": [events[1].pk]}
    assert director_client.post(f"/competitions/{comp.pk}/edit/", data).status_code == 302
    assert list(comp.events.values_list("object_id", flat=True)) == [events[1].pk]
    standings = director_client.get(f"/competitions/{comp.pk}/").content.decode()
    assert "Winter teams" in standings and "Fay" in standings


def test_the_count_line_says_sessions_and_teams_events_apart(director, director_client, events):
    """Two finished teams events and no session: the page counts teams events, not "2 finished sessions"; with a
    finished session added, each has its own sentence (singular and plural)."""
    comp = competitions.save_competition(
        actor=director, competition=Competition(name="Cup"), sessions=[], events={"teams": [e.pk for e in events]}
    )
    page = " ".join(director_client.get(f"/competitions/{comp.pk}/").content.decode().split())
    assert "2 finished teams events." in page and "finished session" not in page
    assert "1 more is not finished yet." in page  # the unfinished Spring teams
    session = build_demo_session(tables=3, movement="howell", seed=31, quick=True)
    comp = competitions.save_competition(
        actor=director, competition=comp, sessions=[session], events={"teams": [events[0].pk]}
    )
    page = " ".join(director_client.get(f"/competitions/{comp.pk}/").content.decode().split())
    assert "1 finished session." in page and "1 finished teams event." in page
    table = competition_table(comp)
    assert (table.finished_sessions, table.finished_events) == (1, 1)
