"""Duplicate whist traveller lines: the tricks North-South took, and a revoke if one was established.

A whist session shares the bridge session's movements, boards, travellers and write gateway; only the line
differs. There is no contract and no declarer: the traveller takes N-S's tricks (0-13), stored as the line's
`tricks` and as its `ns_score` (so match-pointing the stored score is match-pointing the tricks), and the
revoke of the laws (Law X s. 4, whist-and-duplicate-whist.txt) written as the director reads it off the
traveller: the revoking side, then how often, then the tricks it had won before its first revoke, and "!"
when the committee enforces the full penalty: "EW", "NS2", "EW1/4", "NS!". `scoring.whist` does the arithmetic.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.whist import TRICKS, Revoke, WhistLine
from tournaments.sessions.selectors.whist import revoke_of, revoke_text

__all__ = ["check_whist_line", "parse_revoke", "revoke_of", "revoke_text"]

_REVOKE = re.compile(r"^(NS|EW)(\d+)?(?:/(\d+))?(!)?$")


def parse_revoke(text: str) -> dict[str, Any]:
    """A revoke as typed ("EW", "NS2", "EW1/4", "NS!") as stored on the result; {} when none was typed."""
    typed = text.strip().upper().replace(" ", "").replace("-", "")
    if not typed:
        return {}
    match = _REVOKE.match(typed)
    if match is None:
        raise ScoringError(
            _('%(revoke)s is not a revoke: type the side that revoked, e.g. "EW", "NS2", "EW1/4" or "NS!".')
            % {"revoke": repr(text.strip())}
        )
    side, count, before, full = match.groups()
    revoke = Revoke(side, int(count or 1), int(before or 0), bool(full))  # the laws' checks
    return {
        "side": revoke.side,
        "count": revoke.count,
        "tricks_before": revoke.tricks_before,
        "full_penalty": revoke.full_penalty,
    }


def check_whist_line(
    tricks: str, revoke: str, *, bridge_typed: bool
) -> tuple[int | None, dict[str, Any], dict[str, str]]:
    """A whist line's N-S tricks and revoke, checked: (tricks, stored revoke, errors at their fields)."""
    errors: dict[str, str] = {}
    tricks_text = tricks.strip()
    if bridge_typed:
        errors["contract"] = _("A duplicate whist line has no contract and no declarer: type N-S's tricks.")
    if not tricks_text:
        errors["tricks"] = _("Type the tricks North-South took (0 to %(most)s).") % {"most": TRICKS}
        return None, {}, errors
    if not tricks_text.isdigit() or int(tricks_text) > TRICKS:
        errors["tricks"] = _("North-South took 0 to %(most)s tricks, not %(tricks)s.") % {
            "most": TRICKS,
            "tricks": repr(tricks_text),
        }
        return None, {}, errors
    try:
        stored = parse_revoke(revoke)
        WhistLine("NS", "EW", int(tricks_text), revoke_of(stored))  # tricks before the revoke fit the deal
    except ScoringError as exc:
        errors["revoke"] = str(exc)
        stored = {}
    return int(tricks_text), stored, errors


def table_refusal(contract: str, tricks: int | None, revoke: str = "") -> tuple[str, str] | None:
    """Why a table's phone at a duplicate whist session is refused (field, message), or None: it sends N-S's
    tricks (and a revoke with the tricks won before it, if any), never a contract, and never the full penalty:
    that is the committee's ruling (Law X s. 4), made by the director on the traveller."""
    if contract:
        return "contract", _("Duplicate whist has no contract: send the tricks North-South took.")
    if tricks is None or not 0 <= tricks <= TRICKS:
        return "tricks", _("Give the tricks North-South took, 0 to %(most)s.") % {"most": TRICKS}
    if "!" in revoke:
        return "revoke", _("Only the director rules the full revoke penalty: send the revoke without it.")
    return None
