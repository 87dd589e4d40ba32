"""The teams domain's refusals and the reading of a typed score, which every teams entry path shares (the keyboard
page, the table terminal's rooms, imports and the write gateway)."""

from __future__ import annotations

import re

from django.utils.translation import gettext

from tournaments.core.errors import CONFLICT, DomainError

MAX_SCORE = 7600  # the largest N-S score a deal can make (7NTXX+ vulnerable is 2980; 7600 catches a typo only)
SCORE_TEXT = re.compile(r"[+-]?[0-9]{1,5}")  # ASCII digits only: int() would take "٣٠" or "３０" as 30


class TeamsError(DomainError):
    """The teams domain's refusal (tournaments/core/errors.py): the message, at its field."""


class StaleMatch(TeamsError):
    """The match changed since the form was loaded: the save is refused, the page shows what is there now."""

    code = CONFLICT


def parse_score(value: object, board: int, room: int) -> int:
    """A typed N-S score checked as the keyboard page checks it (TeamsError with the message otherwise)."""
    raw = str(value).strip()
    if not SCORE_TEXT.fullmatch(raw):
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        raise TeamsError(
            gettext("Board %(board)s, room %(room)s: %(text)s is not a score.")
            % {"board": board, "room": room, "text": repr(shown)},
            field=f"b{board}_r{room}",
        )
    score = int(raw)
    if abs(score) > MAX_SCORE or score % 10:
        raise TeamsError(
            gettext(
                "Board %(board)s, room %(room)s: %(score)s is not a bridge score (a multiple of 10, at most %(max)s)."
            )
            % {"board": board, "room": room, "score": score, "max": MAX_SCORE},
            field=f"b{board}_r{room}",
        )
    return score
