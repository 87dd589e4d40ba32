"""Data generator for the match-point field benchmark: realistic duplicate N-S scores with many ties.

Each board draws from a few plausible outcomes (the par contract made, an overtrick, one down, a part score
or a sacrifice), scored with ``scoring.ns_score`` for the board's real vulnerability, so most tables tie
with several others, as on a real traveller.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import ns_score

STRAINS = ("C", "D", "H", "S", "NT")


def _template(rng: random.Random, board: int) -> tuple[list[int], list[float]]:
    declarer = rng.choice("NESW")
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 4, 5, 6))
    strain = rng.choice(STRAINS)
    need = level + 6
    outcomes = [
        (f"{level}{strain}", need),
        (f"{level}{strain}", min(13, need + 1)),
        (f"{level}{strain}", need - 1),
        (f"{max(1, level - 2)}{strain}", need),
        (f"{min(7, level + 1)}{strain}X", need - 1 if rng.random() < 0.7 else need - 3),
        (f"{rng.randint(1, 4)}{rng.choice(STRAINS)}", rng.randint(5, 11)),
    ]
    k = rng.randint(3, len(outcomes))
    scores = [ns_score(c, declarer if i != 5 else rng.choice("NESW"), t, board) for i, (c, t) in enumerate(outcomes)]
    weights = [rng.random() ** 2 + 0.02 for _ in range(k)]
    return scores[:k], weights


def generate(boards: int, results: int | tuple[int, int] = 13, *, seed: int = 2026) -> list[list[int]]:
    """``boards`` boards of N-S scores; ``results`` per board, or a (low, high) range for a ragged field."""
    rng = random.Random(seed)
    templates = [_template(rng, b % 32 + 1) for b in range(4096)]
    out: list[list[int]] = []
    for _ in range(boards):
        scores, weights = templates[rng.randrange(len(templates))]
        n = results if isinstance(results, int) else rng.randint(*results)
        out.append(rng.choices(scores, weights, k=n))
    return out
