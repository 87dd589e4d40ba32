"""Every traveller of two real club sessions (USEBIO from Compscore3) reproduced to 0.01.

Also the score on each line from its contract, declarer and tricks, and the pair totals, percentages and
places (Neuberg for boards played fewer times, totals scaled for pairs that missed boards).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from scoring import Artificial, Line, neuberg, ns_score, percentage, rank_with_ties, scale_total, score_board
from tests.scoring._usebio import REALDATA, Session, read_session
from tests.shared_data import skip_without_shared

FILES = ["mp_pairs_howell.xml", "mp_pairs_mitchell.xml"]

pytestmark = skip_without_shared


def _session(name: str) -> Session:
    return read_session(Path(REALDATA / name))


def _lines(session: Session, board: int) -> list[Line]:
    out: list[Line] = []
    for line in session.boards[board]:
        artificial = line.artificial
        out.append(Artificial(*artificial) if artificial else int(line.score))
    return out


@pytest.mark.parametrize("name", FILES)
def test_every_traveller_line_matches_the_published_match_points(name: str) -> None:
    session = _session(name)
    checked = 0
    for board, lines in session.boards.items():
        rated = score_board(_lines(session, board), scale="ebu")
        for line, got in zip(lines, rated, strict=True):
            assert got.ns == pytest.approx(line.ns_mp, abs=0.01), (board, line)
            assert got.ew == pytest.approx(line.ew_mp, abs=0.01), (board, line)
            checked += 1
    assert checked == sum(len(v) for v in session.boards.values()) > 150


@pytest.mark.parametrize("name", FILES)
def test_every_score_follows_from_contract_declarer_and_tricks(name: str) -> None:
    session = _session(name)
    checked = 0
    for board, lines in session.boards.items():
        for line in lines:
            if line.contract is None:
                assert line.artificial is not None
                continue
            got = ns_score(line.contract, line.declarer, line.tricks, board)
            assert got == int(line.score), (board, line)
            checked += 1
    assert checked > 150


@pytest.mark.parametrize("name", FILES)
def test_pair_totals_percentages_and_places(name: str) -> None:
    session = _session(name)
    expected_results = max(len(v) for v in session.boards.values())
    boards_in_play = len(session.boards)
    totals: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for board, lines in session.boards.items():
        rated = score_board(_lines(session, board))
        actual = len(lines)
        for line, got in zip(lines, rated, strict=True):
            assert got.ns is not None and got.ew is not None
            for pair, mp in ((line.ns_pair, got.ns), (line.ew_pair, got.ew)):
                totals[pair] += neuberg(mp, actual=actual, expected=expected_results)
                played[pair] += 1
    top = 2 * (expected_results - 1)
    boards_per_pair = max(played.values())
    ours: dict[str, float] = {}
    for pair in session.pairs:
        total = scale_total(totals[pair.number], played=played[pair.number], expected=boards_per_pair)
        ours[pair.number] = total
        assert total == pytest.approx(pair.total, abs=0.01), pair
        assert percentage(total, boards_per_pair * top) == pytest.approx(pair.percentage, abs=0.01), pair
    assert boards_per_pair <= boards_in_play
    for direction in {p.direction for p in session.pairs}:
        group = [p for p in session.pairs if p.direction == direction]
        places = rank_with_ties([round(ours[p.number], 2) for p in group])
        assert [place.rstrip("=") for place in places] == [p.place for p in group]
