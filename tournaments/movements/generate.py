"""One entry point for every movement kind, so the CLI, the session form and the suggester ask the same way."""

from __future__ import annotations

from collections.abc import Callable

from scoring.messages import gettext as _

from .appendix import appendix_howell, bowman_mitchell
from .howell import howell
from .individual import individual
from .mitchell import mitchell
from .rover import rover_mitchell
from .teams import replay, teams
from .types import Movement, MovementError
from .variants import hesitation_mitchell, scrambled_mitchell, share_relay_mitchell, web_mitchell

__all__ = ["ALIASES", "GENERATORS", "VARIANT_GENERATORS", "generate"]

GENERATORS: dict[str, Callable[..., Movement]] = {
    "mitchell": mitchell,
    "howell": howell,
    "individual": individual,
    "teams": teams,
    "replay": replay,
}

# Mitchell variants with a construction of their own (variants.py, rover.py). They stay kind "mitchell", so a
# section stores them as a Mitchell with its variant and rebuilds them the same way.
VARIANT_GENERATORS: dict[tuple[str, str], Callable[..., Movement]] = {
    ("mitchell", "web"): web_mitchell,
    ("mitchell", "hesitation"): hesitation_mitchell,
    ("mitchell", "scrambled"): scrambled_mitchell,
    ("mitchell", "share-relay"): share_relay_mitchell,
    ("mitchell", "rover"): rover_mitchell,
    ("mitchell", "bowman"): bowman_mitchell,
    ("howell", "appendix"): appendix_howell,
}

# Names a director types for a movement that is a variant of a kind: `manage.py movement web --pairs 52`.
ALIASES: dict[str, tuple[str, str]] = {variant: (kind, variant) for kind, variant in VARIANT_GENERATORS}
ALIASES["half-howell"] = ("howell", "half")
ALIASES["three-quarter-howell"] = ("howell", "three-quarter")
ALIASES["appendix-howell"] = ALIASES.pop("appendix")


def generate(
    kind: str,
    pairs: int,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """Build a movement by kind name (or alias); `pairs` counts players for an individual. Raises MovementError."""
    if kind in ALIASES:
        if variant not in (None, ALIASES[kind][1]):
            raise MovementError(
                _("The %(kind)s movement has no variant %(variant)s.") % {"kind": kind, "variant": repr(variant)}
            )
        kind, variant = ALIASES[kind]
    special = VARIANT_GENERATORS.get((kind, variant or ""))
    if special is not None:
        return special(pairs, boards_per_round=boards_per_round, rounds=rounds)
    try:
        generator = GENERATORS[kind]
    except KeyError:
        raise MovementError(
            _("Unknown movement %(kind)s: choose one of %(items)s.")
            % {"kind": repr(kind), "items": ", ".join([*GENERATORS, *ALIASES])}
        ) from None
    return generator(pairs, boards_per_round=boards_per_round, rounds=rounds, variant=variant)
