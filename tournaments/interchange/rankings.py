"""The rankings beside the scratch one, for Bridgedesk's own data in an exported file.

A handicapped or stratified session and a Swiss pairs session have figures the USEBIO and PBN standards cannot
hold (a pair's handicap and handicapped place, its stratum place, its VPs or match points round by round). They
travel in the own-data JSON (own_data.py) as ``"rankings"``, keyed by pair label, computed by the same selectors
as the results pages:

``{"handicap": {"share": "full", "pairs": {"1": {"handicap": 8.0, "percentage": 52.1, "place": "3"}}},
"strata": {"A": {"1": {"figure": 58.0, "place": "1"}}}, "swiss": {"vps": true, "pairs": {"1": {"total": 31.5,
"place": "2", "rounds": [12.5, null]}}}}`` (each part only when the session has it; several fields of a
two-winner section share the labels' space, N-S and E-W labels being distinct).
"""

from __future__ import annotations

from typing import Any

from tournaments.sessions.models import Section
from tournaments.sessions.selectors.handicaps import rules_of, section_rankings
from tournaments.sessions.selectors.scores import SectionScores
from tournaments.sessions.selectors.swiss import swiss_table

__all__ = ["rankings_of"]


def _handicaps(scores: SectionScores) -> dict[str, Any]:
    rules = rules_of(scores.section.session)
    if rules is None:
        return {}
    ranked = section_rankings(scores, rules)
    out: dict[str, Any] = {}
    pairs = {
        row.standing.entry.label: {"handicap": row.handicap, "percentage": round(row.percentage, 2), "place": row.place}
        for f in ranked.fields
        for row in f.handicap
    }
    if pairs:
        out["handicap"] = {"share": rules.handicap, "pairs": pairs}
    strata: dict[str, dict[str, Any]] = {}
    for f in ranked.fields:
        for stratum, rows in f.strata:
            for r in rows:
                strata.setdefault(stratum.name, {})[r.standing.entry.label] = {"figure": r.figure, "place": r.place}
    if strata:
        out["strata"] = strata
    return out


def rankings_of(scores: SectionScores) -> dict[str, Any]:
    """The section's extra rankings as the own-data JSON holds them (empty: none)."""
    out = _handicaps(scores)
    section = scores.section
    if section.movement_kind == Section.MovementKind.SWISS:
        table = swiss_table(section, scores)
        out["swiss"] = {
            "vps": table.vps,
            "pairs": {
                s.entry.label: {"total": s.total, "place": s.place, "rounds": [r.score for r in s.rounds]}
                for s in table.standings
            },
        }
    return out
