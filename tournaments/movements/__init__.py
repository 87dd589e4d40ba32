"""Pure movement generators and the validator: no Django here, so they are fast and testable alone.

Public API (see types.py for the label conventions):
    generate(kind, pairs, *, boards_per_round=None, rounds=None, variant=None) -> Movement
    mitchell(...), howell(...), individual(...), teams(...), replay(...)
    validate(movement, *, expect_all_meet=None) -> ValidationReport
"""

from .generate import GENERATORS, generate
from .howell import howell
from .individual import individual
from .mitchell import mitchell
from .teams import replay, teams
from .types import ByeStand, Movement, MovementError, Row, Seat, Share, board_set, participants
from .validate import ValidationReport, validate

__all__ = [
    "GENERATORS",
    "ByeStand",
    "Movement",
    "MovementError",
    "Row",
    "Seat",
    "Share",
    "ValidationReport",
    "board_set",
    "generate",
    "howell",
    "individual",
    "mitchell",
    "participants",
    "replay",
    "teams",
    "validate",
]
