"""Team draws: Swiss (no avoidable repeat, each team once a round, byes spread), round robin, knockout."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draws import knockout_bracket, round_robin, swiss_draw
from scoring.errors import DrawError


def perfect_matchings(teams: list[int]):
    """Every way of pairing ``teams`` (brute force: the oracle for small fields)."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def fewest_possible_repeats(teams: list[int], met: set[frozenset[int]]) -> int:
    return min(sum(frozenset(p) in met for p in m) for m in perfect_matchings(teams))


@st.composite
def swiss_state(draw):
    """A field of 2-10 teams, a random standings order and some random earlier meetings and byes."""
    n = draw(st.integers(2, 10))
    teams = list(range(1, n + 1))
    order = draw(st.permutations(teams))
    all_pairs = list(combinations(teams, 2))
    history = draw(st.lists(st.sampled_from(all_pairs), max_size=len(all_pairs)))
    byes = draw(st.lists(st.sampled_from(teams), max_size=n)) if n % 2 else []
    return list(order), history, byes


@settings(max_examples=300, deadline=None)
@given(swiss_state())
def test_swiss_never_repeats_a_meeting_that_can_be_avoided(state) -> None:
    order, history, byes = state
    draw = swiss_draw(order, history, byes=byes)
    met = {frozenset(p) for p in history}
    seen = [t for m in draw.matches for t in m] + ([draw.bye] if draw.bye is not None else [])
    assert sorted(seen) == sorted(order)  # every team exactly once in the round
    repeats = sum(frozenset(m) in met for m in draw.matches)
    assert repeats == draw.repeats
    rest = [t for t in order if t != draw.bye]
    if len(order) % 2:
        # no other choice of bye team (among those it may go to) would have avoided more repeats
        allowed = [t for t in order if t not in byes] or order
        by_bye = {b: fewest_possible_repeats([u for u in order if u != b], met) for b in allowed}
        best = min(by_bye.values())
        assert repeats == best
        lowest_first = [t for t in reversed(order) if t in by_bye]
        if not set(order) <= set(byes):
            assert draw.bye == next(b for b in lowest_first if by_bye[b] == best)  # the lowest that can have it
    else:
        assert draw.bye is None
        assert repeats == fewest_possible_repeats(rest, met)


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 15).filter(lambda n: n % 2 == 1), st.randoms(use_true_random=False))
def test_swiss_byes_are_spread_until_everyone_has_had_one(n: int, rng: random.Random) -> None:
    teams = list(range(1, n + 1))
    history: list[tuple[int, int]] = []
    byes: list[int] = []
    for _ in range(n):
        rng.shuffle(teams)
        draw = swiss_draw(teams, history, byes=byes)
        assert draw.bye is not None and draw.bye not in byes
        byes.append(draw.bye)
        history.extend(draw.matches)
    assert sorted(byes) == list(range(1, n + 1))


def test_swiss_pairs_top_down_in_the_first_round_and_gives_the_bye_to_the_last() -> None:
    draw = swiss_draw([5, 3, 1, 4, 2])
    assert [set(m) for m in draw.matches] == [{5, 3}, {1, 4}]
    assert draw.bye == 2


def test_swiss_skips_an_opponent_already_met_and_balances_home() -> None:
    draw = swiss_draw([1, 2, 3, 4], [(1, 2)], home_counts={1: 1, 3: 0, 2: 0, 4: 1})
    assert draw.matches == ((3, 1), (2, 4))


def test_swiss_refuses_a_team_listed_twice() -> None:
    with pytest.raises(DrawError):
        swiss_draw([1, 2, 2])


@pytest.mark.parametrize("n", range(2, 17))
def test_round_robin_is_complete_and_home_away_balanced(n: int) -> None:
    rounds = round_robin(n)
    pairs = [frozenset(m) for d in rounds for m in d.matches]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    home = dict.fromkeys(range(1, n + 1), 0)
    away = dict(home)
    for d in rounds:
        seen = [t for m in d.matches for t in m] + ([d.bye] if d.bye else [])
        assert sorted(seen) == list(range(1, n + 1))
        for h, a in d.matches:
            home[h] += 1
            away[a] += 1
    assert all(abs(home[t] - away[t]) <= (n + 1) % 2 for t in home)  # exact when odd, within one when even
    if n % 2:
        assert sorted(d.bye for d in rounds) == list(range(1, n + 1))


def test_knockout_seeds_best_against_worst_with_byes_to_the_top() -> None:
    assert knockout_bracket([8, 3, 5, 1, 2]) == [(8, None), (3, None), (5, None), (1, 2)]
    assert knockout_bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]
