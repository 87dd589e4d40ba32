"""One entry point for every movement kind, so the CLI, the session form and the suggester ask the same way."""

from __future__ import annotations

from collections.abc import Callable

from .howell import howell
from .individual import individual
from .mitchell import mitchell
from .teams import replay, teams
from .types import Movement, MovementError

__all__ = ["GENERATORS", "generate"]

GENERATORS: dict[str, Callable[..., Movement]] = {
    "mitchell": mitchell,
    "howell": howell,
    "individual": individual,
    "teams": teams,
    "replay": replay,
}


def generate(
    kind: str,
    pairs: int,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """Build a movement by kind name; `pairs` counts players for an individual. Raises MovementError."""
    try:
        generator = GENERATORS[kind]
    except KeyError:
        raise MovementError(f"Unknown movement {kind!r}: choose one of {', '.join(GENERATORS)}.") from None
    return generator(pairs, boards_per_round=boards_per_round, rounds=rounds, variant=variant)
