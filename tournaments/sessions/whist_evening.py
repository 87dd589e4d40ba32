"""A simulated duplicate whist evening on a Mitchell, a Howell or an individual movement, scored by the laws.

The Laws of Duplicate Whist are what Mitchell and Howell designed their movements for: each deal is played
once by each pair and overplayed at the other tables. This module plays one through: the movement from
:mod:`tournaments.movements`, each table's North-South tricks drawn around the deal's lie (and, now and
then, a revoke), every traveller scored by :mod:`scoring.whist` (match points, tricks over the average,
the revoke's R). ``manage.py demo --game duplicate-whist`` prints it; nothing is stored.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scoring.whist import TRICKS, Revoke, WhistLine, WhistScore, score_board, standings
from tournaments.movements.generate import generate
from tournaments.movements.types import Movement

__all__ = ["WhistEvening", "play_evening"]

REVOKE_CHANCE = 0.05  # about one line in twenty has a revoke established


@dataclass(frozen=True)
class WhistEvening:
    """The movement, each board's traveller as played (round and table of each line) and as scored."""

    movement: Movement
    played: dict[int, list[tuple[int, int, WhistLine]]]  # board -> (round, table, line)
    scored: dict[int, list[WhistScore]]

    def to_json(self) -> dict[str, Any]:
        """The evening as ``demo --game duplicate-whist --json`` prints it."""
        alone = self.movement.kind == "individual"
        mps = standings(self.scored, individuals=alone)
        tricks = standings(self.scored, method="tricks", individuals=alone)
        pairs = sorted(mps, key=lambda p: (-mps[p], -tricks[p], p))
        return {
            "game": "duplicate-whist",
            "movement": self.movement.kind,
            "tables": self.movement.tables,
            "rounds": self.movement.rounds,
            "boards_per_round": self.movement.boards_per_round,
            "travellers": [
                {
                    "board": n,
                    "lines": [_line_json(r, t, s) for (r, t, _l), s in zip(lines, self.scored[n], strict=True)],
                }
                for n, lines in sorted(self.played.items())
            ],
            "standings": [{"pair": p, "matchpoints": mps[p], "tricks": round(tricks[p], 2)} for p in pairs],
        }


def _line_json(round_no: int, table: int, s: WhistScore) -> dict[str, Any]:
    revoke = s.line.revoke
    return {
        "round": round_no,
        "table": table,
        "ns": s.line.ns,
        "ew": s.line.ew,
        "ns_tricks": s.line.ns_tricks,
        "revoke": None
        if revoke is None
        else {"side": revoke.side, "count": revoke.count, "tricks_before": revoke.tricks_before},
        "ns_after": round(float(s.ns_after), 4),
        "r": s.r_mark,
        "ns_matchpoints": s.ns_matchpoints,
        "ew_matchpoints": s.ew_matchpoints,
        "ns_over_average": round(float(s.ns_over_average), 4),
    }


def _revoke(rng: random.Random, ns_tricks: int) -> Revoke | None:
    if rng.random() >= REVOKE_CHANCE:
        return None
    side = rng.choice(("NS", "EW"))
    made = ns_tricks if side == "NS" else TRICKS - ns_tricks
    return Revoke(side, count=rng.choice((1, 1, 1, 2)), tricks_before=rng.randint(0, made))


def play_evening(*, tables: int, movement: str = "mitchell", seed: int = 1) -> WhistEvening:
    """Play a whole evening of ``tables`` tables; the same seed gives the same evening."""
    rng = random.Random(seed)
    plan = generate(movement, tables * (4 if movement == "individual" else 2))
    lie: dict[int, float] = {}  # each deal's N-S expectation: the cards decide more than the players
    played: dict[int, list[tuple[int, int, WhistLine]]] = {}
    for row in plan.rows:
        if row.ns is None or row.ew is None:
            continue
        for board in row.boards:
            expect = lie.setdefault(board, rng.uniform(3.0, 10.0))
            ns_tricks = max(0, min(TRICKS, round(rng.gauss(expect, 1.3))))
            line = WhistLine(row.ns, row.ew, ns_tricks, _revoke(rng, ns_tricks))
            played.setdefault(board, []).append((row.round, row.table, line))
    scored = {n: score_board([line for _r, _t, line in lines]) for n, lines in played.items()}
    return WhistEvening(plan, played, scored)
