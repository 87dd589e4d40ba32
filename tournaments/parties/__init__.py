"""Pure progressive-party logic: tally cards, progression, partner changes, tallies, prizes; the games in ``games/``.

No Django here: the models store what these functions return, and the tests check them against the laws
(``party-and-duplicate-bridge.txt``: the Laws of Progressive Bridge and of Pivot Bridge; and the progressive
euchre text). Guests are named by string ids everywhere, so the same code drives the web pages, the PDFs
and ``manage.py party_demo``.
"""

from .types import (
    GROUPS,
    PROGRESSIONS,
    TIE_RULES,
    VULNERABILITY_METHODS,
    Guest,
    PartyError,
    TableSeating,
)

__all__ = [
    "GROUPS",
    "PROGRESSIONS",
    "TIE_RULES",
    "VULNERABILITY_METHODS",
    "Guest",
    "PartyError",
    "TableSeating",
]
