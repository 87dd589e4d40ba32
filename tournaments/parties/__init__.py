"""Pure progressive-party logic: tally cards, progression, partner changes, tallies, prizes, pivot, euchre.

No Django here: the models store what these functions return, and the tests check them against the laws
(``party-and-duplicate-bridge.txt``: the Laws of Progressive Bridge and of Pivot Bridge; and the progressive
euchre text). Guests are named by string ids everywhere, so the same code drives the web pages, the PDFs
and ``manage.py party_demo``.
"""

from .types import (
    FORMS,
    GROUPS,
    PROGRESSIONS,
    TIE_RULES,
    VULNERABILITY_METHODS,
    Guest,
    PartyError,
    TableSeating,
)

__all__ = [
    "FORMS",
    "GROUPS",
    "PROGRESSIONS",
    "TIE_RULES",
    "VULNERABILITY_METHODS",
    "Guest",
    "PartyError",
    "TableSeating",
]
