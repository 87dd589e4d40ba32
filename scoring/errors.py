"""Errors raised by the scoring arithmetic.

Every error is a ``ValueError`` subclass whose message is written for a tournament director, so a form can
show it as a field error without translation.
"""

from __future__ import annotations

__all__ = [
    "DrawError",
    "InvalidBoard",
    "InvalidContract",
    "InvalidResult",
    "InvalidScore",
    "ScoringError",
]


class ScoringError(ValueError):
    """Base class of every error the scoring package raises on bad input."""


class InvalidContract(ScoringError):
    """A contract that cannot be read (``"8NT"``, ``"3Z"``) or a call that is not a contract."""


class InvalidResult(ScoringError):
    """A result (tricks or ``"=", "+1", "-2"``) that is impossible for the contract."""


class InvalidBoard(ScoringError):
    """A board number, seat, side or vulnerability that does not exist."""


class InvalidScore(ScoringError):
    """A score or adjusted score that cannot be used (weights not adding up, a percentage over 100)."""


class DrawError(ScoringError):
    """A team or pair draw that cannot be made (a team twice, too few or too many teams)."""
