"""Pure movement generators and the validator: no Django here, so they are fast and testable alone.

Public API (see types.py for the label conventions):
    generate(kind, pairs, *, boards_per_round=None, rounds=None, variant=None) -> Movement
    mitchell(...), howell(...), individual(...), teams(...), replay(...)
    validate(movement, *, expect_all_meet=None) -> ValidationReport
    suggest(pairs, *, minutes=180, minutes_per_board=7.5, min_boards=24, max_boards=27) -> list[Suggestion]
    load_bridgescorer_yaml(path), load_howellki(path, key) -> Movement (tables from other programs)
"""

from .generate import GENERATORS, generate
from .howell import howell
from .individual import individual
from .loaders import load_bridgescorer_yaml, load_howellki
from .mitchell import mitchell
from .suggest import Suggestion, suggest
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
    "Suggestion",
    "ValidationReport",
    "board_set",
    "generate",
    "howell",
    "individual",
    "load_bridgescorer_yaml",
    "load_howellki",
    "mitchell",
    "participants",
    "replay",
    "suggest",
    "teams",
    "validate",
]
