"""`manage.py teams_demo --json`: every figure re-checked from the two rooms' N-S scores, independently."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.imps import IMP_THRESHOLDS, victory_point_scale
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db

BYE_VP = 12.0  # the event's default: a bye scores 12 VPs


def demo(*args: str) -> dict:
    out = StringIO()
    call_command("teams_demo", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def imps_of(difference: int) -> int:
    """IMPs straight from the law's table of thresholds."""
    n = bisect_right(IMP_THRESHOLDS, abs(difference))
    return n if difference >= 0 else -n


def vps_of(margin: int, boards: int) -> tuple[float, float]:
    scale = victory_point_scale(boards)  # checked against the WBF's published tables in tests/scoring
    win = scale[min(abs(margin), len(scale) - 1)]
    lose = round(20 - win, 2)
    return (win, lose) if margin >= 0 else (lose, win)


def check(data: dict, *, teams: int, rounds: int, boards: int) -> None:
    assert set(data) == {"teams", "rounds", "standings"}
    assert [t["team"] for t in data["teams"]] == list(range(1, teams + 1))
    for t in data["teams"]:
        assert set(t) == {"team", "name", "players"}
        assert 4 <= len(t["players"]) <= 6 and len(set(t["players"])) == len(t["players"])
    assert [r["round"] for r in data["rounds"]] == list(range(1, rounds + 1))
    vp: Counter[int] = Counter()
    imp_for: Counter[int] = Counter()
    imp_against: Counter[int] = Counter()
    met: set[frozenset[int]] = set()
    byes = []
    for r in data["rounds"]:
        assert set(r) == {"round", "matches", "bye"}
        seen = [t for m in r["matches"] for t in (m["home"], m["away"])] + ([r["bye"]] if r["bye"] is not None else [])
        assert sorted(seen) == list(range(1, teams + 1))  # every team once a round
        assert (r["bye"] is None) == (teams % 2 == 0)
        if r["bye"] is not None:
            byes.append(r["bye"])
            vp[r["bye"]] += BYE_VP
        for m in r["matches"]:
            assert set(m) == {"home", "away", "boards", "imps_home", "imps_away", "vp_home", "vp_away"}
            pair = frozenset((m["home"], m["away"]))
            assert pair not in met  # never a repeat: avoidable in every field this test plays
            met.add(pair)
            assert [b["board"] for b in m["boards"]] == list(range(1, boards + 1))
            won = lost = 0
            for b in m["boards"]:
                assert set(b) == {"board", "room1_ns_score", "room2_ns_score", "imps_home"}
                # room 1: home N-S; room 2: away N-S, so the home team's net is room1 - room2
                expected = imps_of(b["room1_ns_score"] - b["room2_ns_score"])
                assert b["imps_home"] == expected
                won += max(expected, 0)
                lost += max(-expected, 0)
            assert (m["imps_home"], m["imps_away"]) == (won, lost)
            assert (m["vp_home"], m["vp_away"]) == vps_of(won - lost, boards)
            assert m["vp_home"] + m["vp_away"] == pytest.approx(20)
            vp[m["home"]] += m["vp_home"]
            vp[m["away"]] += m["vp_away"]
            imp_for[m["home"]] += won
            imp_against[m["home"]] += lost
            imp_for[m["away"]] += lost
            imp_against[m["away"]] += won
    assert len(byes) == len(set(byes))  # the bye never goes twice to one team while others have not had it
    expected_order = sorted(
        range(1, teams + 1),
        key=lambda t: (-round(vp[t], 2), -(imp_for[t] - imp_against[t]), -(imp_for[t] / max(imp_against[t], 1e-9)), t),
    )
    st = data["standings"]
    assert all(set(s) == {"team", "vp", "place"} for s in st)
    assert [s["team"] for s in st] == expected_order
    for i, s in enumerate(st):
        assert s["vp"] == pytest.approx(round(vp[s["team"]], 2), abs=0.005)
        assert s["place"] == (
            st[i - 1]["place"]
            if i and s["vp"] == st[i - 1]["vp"] and _level(s, st[i - 1], imp_for, imp_against)
            else i + 1
        )


def _level(a: dict, b: dict, imp_for: Counter[int], imp_against: Counter[int]) -> bool:
    ta, tb = a["team"], b["team"]
    return (imp_for[ta], imp_against[ta]) == (imp_for[tb], imp_against[tb])


@pytest.mark.parametrize(("teams", "rounds", "boards", "seed"), [(7, 5, 6, 3), (10, 6, 8, 11), (2, 1, 4, 5)])
def test_swiss_demo_figures_all_recompute(teams: int, rounds: int, boards: int, seed: int) -> None:
    data = demo("--teams", str(teams), "--format", "swiss", "--rounds", str(rounds), "--boards", str(boards),
                "--seed", str(seed))  # fmt: skip
    check(data, teams=teams, rounds=rounds, boards=boards)
    assert data["rounds"][0]["matches"][0]["home"] == 1  # round 1 is drawn top-down from the entry order


def test_swiss_second_round_is_drawn_from_the_first_rounds_standings() -> None:
    data = demo("--teams", "8", "--rounds", "2", "--boards", "8", "--seed", "4")
    first = data["rounds"][0]["matches"]
    vp = {m["home"]: m["vp_home"] for m in first} | {m["away"]: m["vp_away"] for m in first}
    leader = max(vp, key=lambda t: (vp[t], -t))
    top = data["rounds"][1]["matches"][0]
    assert leader in (top["home"], top["away"])


@pytest.mark.parametrize("teams", [5, 6])
def test_round_robin_demo_meets_everyone_once_with_home_and_away_balanced(teams: int) -> None:
    rounds = teams - 1 + teams % 2
    data = demo("--teams", str(teams), "--format", "round-robin", "--boards", "4", "--seed", "2")
    check(data, teams=teams, rounds=rounds, boards=4)
    homes = Counter(m["home"] for r in data["rounds"] for m in r["matches"])
    aways = Counter(m["away"] for r in data["rounds"] for m in r["matches"])
    assert all(abs(homes[t] - aways[t]) <= 1 for t in range(1, teams + 1))


def test_same_seed_same_event_and_nothing_left_in_the_database() -> None:
    assert demo("--teams", "4", "--rounds", "2", "--seed", "9") == demo("--teams", "4", "--rounds", "2", "--seed", "9")
    assert not TeamEvent.objects.exists()
