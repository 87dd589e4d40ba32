"""Independent review of the movements against the laws' own words (party-and-duplicate-bridge.txt).

Every expectation here is derived from the text, not from running the generators: the standard Mitchell
progression, the relay and bye stand, the skip, the half table, Howells, the individual with an anchor, the
team-of-four match and replay duplicate.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import Movement, generate, participants


def _cells(movement: Movement) -> dict[tuple[int, int], tuple[str | None, str | None, tuple[int, ...]]]:
    cells = {(row.round, row.table): (row.ns, row.ew, row.boards) for row in movement.rows}
    # One row per table per round, nothing else.
    assert set(cells) == {(r, t) for r in range(1, movement.rounds + 1) for t in range(1, movement.tables + 1)}
    assert len(movement.rows) == len(cells)
    return cells


def _set(number: int, per_round: int) -> tuple[int, ...]:
    return tuple(range((number - 1) * per_round + 1, number * per_round + 1))


def _no_replays_and_meet_once(movement: Movement) -> tuple[Counter[tuple[str, int]], Counter[frozenset[str]]]:
    plays: Counter[tuple[str, int]] = Counter()
    met: Counter[frozenset[str]] = Counter()
    for row in movement.rows:
        if row.ns is None or row.ew is None:
            continue
        met[frozenset((row.ns, row.ew))] += 1
        for board in row.boards:
            plays[(row.ns, board)] += 1
            plays[(row.ew, board)] += 1
    assert max(plays.values()) == 1, "a pair plays a board twice"
    assert max(met.values()) == 1, "two pairs meet twice"
    return plays, met


@pytest.mark.parametrize("bpr", [2, 3, 4])
def test_seven_table_mitchell_standard_progression(bpr: int) -> None:
    # "N-S pairs remain stationary. The E-W pairs move to the next-higher-numbered table. The boards are moved
    # to the next-lower-numbered table." One set per table, Table 1 the lowest set.
    n = 7
    movement = generate("mitchell", 14, boards_per_round=bpr)
    cells = _cells(movement)
    assert (movement.tables, movement.rounds, movement.winners) == (n, n, 2)
    for t in range(1, n + 1):
        assert cells[(1, t)] == (f"{t}NS", f"{t}EW", _set(t, bpr))
    for r in range(1, n):
        for t in range(1, n + 1):
            ns, ew, boards = cells[(r, t)]
            higher = t % n + 1
            lower = (t - 2) % n + 1
            assert cells[(r + 1, t)][0] == ns  # N-S stay
            assert cells[(r + 1, higher)][1] == ew  # E-W move up (table 7 to table 1)
            assert cells[(r + 1, lower)][2] == boards  # boards move down (table 1 to table 7)
    plays, met = _no_replays_and_meet_once(movement)
    assert len(met) == n * n  # every E-W pair meets every N-S pair
    assert all(plays[(f"{p}{d}", b)] == 1 for p in range(1, n + 1) for d in ("NS", "EW") for b in range(1, n * bpr + 1))


def test_eight_table_mitchell_relay_and_bye_stand() -> None:
    # "The sets of boards are distributed regularly until half of them have been placed on the tables. The next
    # set is placed on ... the relay stand. ... each of the remaining tables receives its regular quota of boards,
    # except the last table, which receives none. The pairs at this table play, simultaneously with Table 1, the
    # boards which have been allotted to Table 1 ... The first and last tables share the same boards."
    n, bpr = 8, 2
    movement = generate("mitchell", 16, boards_per_round=bpr)
    cells = _cells(movement)
    assert (movement.tables, movement.rounds) == (8, 8)
    round_one = [cells[(1, t)][2] for t in range(1, n + 1)]
    assert round_one == [_set(s, bpr) for s in (1, 2, 3, 4, 6, 7, 8, 1)]
    stand = {s.round: s for s in movement.bye_stands}
    assert set(stand) == set(range(1, n + 1))
    assert all(s.between == (4, 5) for s in stand.values())  # half way between the first and last tables
    assert stand[1].boards == _set(5, bpr)
    for r in range(1, n + 1):
        assert cells[(r, 1)][2] == cells[(r, n)][2]  # first and last tables share throughout
        assert movement.shared_tables(r, 1) == (n,)
        # The stand set is not in play that round.
        assert all(cells[(r, t)][2] != stand[r].boards for t in range(1, n + 1))
    for r in range(1, n):
        for t in range(2, n - 1):
            if t == n // 2:
                # "The lower-numbered table next to the relay stand secures its boards from the relay stand."
                assert cells[(r + 1, t)][2] == stand[r].boards
            else:
                assert cells[(r + 1, t)][2] == cells[(r, t + 1)][2]
        # "from the higher-numbered table above the relay stand the boards are passed to the relay stand"
        assert stand[r + 1].boards == cells[(r, n // 2 + 1)][2]
        assert cells[(r + 1, 1)][2] == cells[(r, 2)][2]
        # "The boards that were played simultaneously by the first and last tables are passed to the next-to-last"
        assert cells[(r + 1, n - 1)][2] == cells[(r, 1)][2]
        for t in range(1, n + 1):
            assert cells[(r + 1, t % n + 1)][1] == cells[(r, t)][1]  # E-W move up as usual
    plays, met = _no_replays_and_meet_once(movement)
    assert len(met) == n * n
    assert len(plays) == 2 * n * n * bpr  # every pair plays every board exactly once


def test_skip_mitchell_eight_tables() -> None:
    # E-W pairs skip a table after half the rounds; only n - 1 rounds are possible.
    n = 8
    movement = generate("mitchell", 16, variant="skip")
    cells = _cells(movement)
    assert movement.rounds == n - 1 and not movement.bye_stands and not movement.shares
    for r in range(1, n):
        for t in range(1, n + 1):
            step = r - 1 + (1 if r > n // 2 else 0)
            assert cells[(r, t)][:2] == (f"{t}NS", f"{(t - 1 - step) % n + 1}EW")
            assert cells[(r, t)][2] == _set((t - 1 + r - 1) % n + 1, 2)
    _no_replays_and_meet_once(movement)


@pytest.mark.parametrize(("pairs", "tables"), [(13, 7), (11, 6), (17, 9), (7, 4)])
def test_half_table_odd_pair_sits_east_west_at_the_highest_table(pairs: int, tables: int) -> None:
    # "the odd pair is seated E-W at the highest-numbered table, assuming that table number for its pair number.
    # This pair does not play the first round, but ... moves to Table 1 ... Each E-W pair in its proper turn sits
    # out one round when it comes to the last, or incomplete, table."
    movement = generate("mitchell", pairs)
    cells = _cells(movement)
    assert movement.tables == tables and movement.rounds == tables
    assert cells[(1, tables)][:2] == (None, f"{tables}EW")
    assert cells[(2, 1)][1] == f"{tables}EW"
    sat_out: Counter[str] = Counter()
    for r in range(1, movement.rounds + 1):
        for t in range(1, tables + 1):
            ns, ew, _ = cells[(r, t)]
            if t == tables:
                assert ns is None and ew is not None
                sat_out[ew] += 1
            else:
                assert ns == f"{t}NS" and ew is not None
    assert sat_out == Counter({f"{e}EW": 1 for e in range(1, tables + 1)})
    assert movement.entries().count(f"{tables}NS") == 0
    _no_replays_and_meet_once(movement)


def test_arrow_switch_gives_one_winner() -> None:
    movement = generate("mitchell", 14, variant="arrow-switch")
    assert movement.winners == 1 and movement.arrow_switch_rounds
    for row in movement.rows:
        switched = row.round in movement.arrow_switch_rounds
        assert row.ns is not None and row.ew is not None
        assert row.ns.endswith("EW" if switched else "NS")
        assert row.ew.endswith("NS" if switched else "EW")
    _no_replays_and_meet_once(movement)


@pytest.mark.parametrize("pairs", range(4, 21))
def test_howell_every_pair_meets_every_other_once(pairs: int) -> None:
    movement = generate("howell", pairs)
    cells = _cells(movement)
    full = pairs + pairs % 2
    assert movement.tables == full // 2 and movement.rounds == full - 1
    _plays, met = _no_replays_and_meet_once(movement)
    everyone = [str(p) for p in range(1, pairs + 1)]
    assert set(met) == {frozenset(pair) for pair in combinations(everyone, 2)}
    sat_out: Counter[str] = Counter()
    for r in range(1, movement.rounds + 1):
        seated = [x for t in range(1, movement.tables + 1) for x in cells[(r, t)][:2] if x is not None]
        assert sorted(seated) == sorted(everyone)  # everyone is seated exactly once
        empty = [t for t in range(1, movement.tables + 1) if None in cells[(r, t)][:2]]
        assert len(empty) == pairs % 2  # one sit-out a round with an odd number
        for t in empty:
            sat_out.update(x for x in cells[(r, t)][:2] if x is not None)
        # A set is at two tables in a round only when the movement shares it between them.
        by_boards: dict[tuple[int, ...], list[int]] = {}
        for t in range(1, movement.tables + 1):
            if None not in cells[(r, t)][:2]:
                by_boards.setdefault(cells[(r, t)][2], []).append(t)
        for tables in by_boards.values():
            if len(tables) > 1:
                assert all(set(movement.shared_tables(r, t)) >= set(tables) - {t} for t in tables)
    if pairs % 2:
        assert sat_out == Counter(everyone)  # each pair sits out exactly once


@pytest.mark.parametrize("players", [8, 12])
def test_individual_with_anchor(players: int) -> None:
    # "Reserve the North position at Table 1 for the supervisor; this player is 'anchor' ... all players but the
    # anchor will progress, each player taking the seat vacated by the player of next-lower number. (Player 1
    # follows Player 7 or 11.)" Each plays once with every other as partner and twice against every other.
    movement = generate("individual", players)
    m = players - 1
    assert movement.rounds == m and movement.tables == players // 4
    seats: dict[tuple[int, str], tuple[int, int]] = {}  # (round, player) -> (table, seat index N,S,E,W)
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    for row in movement.rows:
        assert row.ns is not None and row.ew is not None
        n, s = participants(row.ns)
        e, w = participants(row.ew)
        for i, p in enumerate((n, s, e, w)):
            assert (row.round, p) not in seats
            seats[(row.round, p)] = (row.table, i)
        partners.update([frozenset((n, s)), frozenset((e, w))])
        opponents.update(frozenset((a, b)) for a in (n, s) for b in (e, w))
        assert row.boards == movement.row_at(row.round, 1).boards  # one set a round at every table
    assert len({movement.row_at(r, 1).boards for r in range(1, m + 1)}) == m  # a new set each round
    for r in range(1, m + 1):
        assert seats[(r, str(players))] == (1, 0)
    for r in range(1, m):
        for p in range(1, players):
            lower = p - 1 if p > 1 else m
            assert seats[(r + 1, str(p))] == seats[(r, str(lower))]
    for a, b in combinations([str(p) for p in range(1, players + 1)], 2):
        assert partners[frozenset((a, b))] == 1
        assert opponents[frozenset((a, b))] == 2


def test_team_of_four_match_as_the_laws_seat_it() -> None:
    # Team 1: one pair N-S at Table 1, the other E-W at Table 2; team 2's E-W pair at Table 1, N-S at Table 2.
    # First fourth of the boards on Table 1, second on Table 2; exchange and replay; then team 2's pairs
    # exchange places and the remaining boards are played the same way.
    movement = generate("teams", 4, boards_per_round=3)
    cells = _cells(movement)
    assert movement.rounds == 4 and movement.board_count == 12
    team1_ns, team1_ew = cells[(1, 1)][0], cells[(1, 2)][1]
    team2_ew, team2_ns = cells[(1, 1)][1], cells[(1, 2)][0]
    assert len({team1_ns, team1_ew, team2_ew, team2_ns}) == 4
    assert cells[(1, 1)][2] == _set(1, 3) and cells[(1, 2)][2] == _set(2, 3)
    assert cells[(2, 1)] == (team1_ns, team2_ew, _set(2, 3)) and cells[(2, 2)] == (team2_ns, team1_ew, _set(1, 3))
    # Team 2's pairs exchange places: its former E-W pair now sits N-S at Table 2 and vice versa.
    assert cells[(3, 1)] == (team1_ns, team2_ns, _set(3, 3)) and cells[(3, 2)] == (team2_ew, team1_ew, _set(4, 3))
    assert cells[(4, 1)] == (team1_ns, team2_ns, _set(4, 3)) and cells[(4, 2)] == (team2_ew, team1_ew, _set(3, 3))


def test_replay_duplicate_for_four_players() -> None:
    # Original play with the arrows North, then the same boards replayed with the arrows East: the pair that held
    # the N-S cards now holds the E-W cards.
    movement = generate("replay", 2, boards_per_round=6)
    cells = _cells(movement)
    assert movement.rounds == 2 and movement.tables == 1
    (ns, ew, boards), (ns2, ew2, boards2) = cells[(1, 1)], cells[(2, 1)]
    assert (ns2, ew2, boards2) == (ew, ns, boards)
