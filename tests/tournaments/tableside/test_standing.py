"""What players see is the director's choice: the traveller with or without names and percentages, the running
percentage of the table's pairs, and the ranking once the round is done."""

import json

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.tableside import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    for entry in section.entries.all():
        set_players(actor=director, entry=entry, players=[(f"P{entry.label}a", None), (f"P{entry.label}b", None)])
    return section


@pytest.fixture
def links(section):
    return {link.table: link for link in services.issue_links(section)}


def choose(director, section, **choices):
    services.save_settings(actor=director, session=section.session, choices={section.pk: choices})


def play_round_one(client, section, links, tables=(1, 2)):
    """Each table's round 1: table 1 makes 3NT, the others go one down, so the matchpoints differ."""
    for t in tables:
        for number in section.table_rounds.get(round=1, table=t).boards:
            tricks = 9 if t == 1 else 8
            body = {
                "board": int(number),
                "contract": "3NT",
                "declarer": "N",
                "tricks": tricks,
                "client_id": f"{t}-{number}",
            }
            answer = client.post(
                f"/api/table/{links[t].token}/results", json.dumps(body), content_type="application/json"
            )
            assert answer.status_code == 201


def traveller(client, section, links, board, table):
    return client.get(f"/api/table/{links[table].token}/traveller/{board}").json()


def test_the_traveller_with_names_and_percentages_by_default(client, section, links):
    play_round_one(client, section, links, tables=(1, 2, 3, 4))
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    lines = traveller(client, section, links, board, 1)["lines"]
    mine = next(line for line in lines if line["yours"])
    assert mine["ns_names"] == "P1NSa & P1NSb"
    assert mine["ns_percent"] == "100.00" and mine["ew_percent"] == "0.00"


def test_the_traveller_without_names_or_percentages(client, director, section, links):
    choose(director, section, traveller_names=False, traveller_percentages=False)
    play_round_one(client, section, links)
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    line = traveller(client, section, links, board, 1)["lines"][0]
    assert "ns_names" not in line and "ns_percent" not in line and "ns_points" not in line
    assert line["ns"] == "1NS" and line["ns_score"] == 400


def test_running_percentage_and_ranking_after_the_round(client, director, section, links):
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert state["running"] is None and state["ranking"] is None  # not shown unless the director says so
    choose(director, section, running_percentage=True, ranking_after_round=True)
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert state["running"] == {"ns": None, "ew": None} and state["ranking"] is None  # nothing played yet
    play_round_one(client, section, links, tables=(1, 2, 3, 4))
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert state["round"] == 2 and state["move"].startswith("After round 1")
    ns = next(r for r in state["ranking"] if r["pair"] == state["ns"]["pair"])
    assert state["running"]["ns"] == ns["percentage"]
    first = next(r for r in state["ranking"] if r["pair"] == "1NS")
    assert first["place"] == "1" and first["percentage"] == "100.00" and first["names"] == "P1NSa & P1NSb"
