"""Published vs Bridgedesk: where another program's figures and our arithmetic differ, and why.

An imported session keeps the figures its file published (on `Result.published_*` and `Entry.published_*`).
Here our own arithmetic, under the session's conventions, is set against them: every traveller line and every
pair whose figures differ is listed with both figures and the reason where one is known. A reason is found by
trying each other choice of the session's conventions in memory (nothing is saved): a choice under which the
published figure comes out is named. A line no convention explains says so, and what its match points look like.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tournaments.sessions.models import Section, Session
from tournaments.sessions.selectors.scores import LineResult, SectionScores, Standing, score_section

TOLERANCE = 0.005 + 1e-9  # the files print two decimals: a figure agrees when it rounds to the one printed
ADJUSTED = (30, 40, 50, 60, 70)  # percentages of the top that adjusted scores give


def _describe(attribute: str, value: Any) -> str:
    if attribute == "neuberg_rounding":
        return f"the rounding of factored boards set to “{dict(Session.Rounding.choices)[value]}”"
    if attribute == "mp_scale":
        return f"the match-point scale set to “{dict(Session.MatchpointScale.choices)[value]}”"
    state = "on" if value else "off"
    names = {
        "use_neuberg": "Neuberg's formula for boards played fewer times",
        "scale_missed_boards": "scaling the totals of pairs that missed boards",
        "average_plus_own_percentage": "average plus as the pair's own percentage when better than 60%",
        "average_minus_own_percentage": "average minus as the pair's own percentage when worse than 40%",
    }
    return f"{names[attribute]} {state}"


_SWITCHES = ("use_neuberg", "scale_missed_boards", "average_plus_own_percentage", "average_minus_own_percentage")


def _variants(session: Session) -> list[tuple[str, Any]]:
    """Every other choice of one convention at a time."""
    out: list[tuple[str, Any]] = [(a, not getattr(session, a)) for a in _SWITCHES]
    out += [("neuberg_rounding", r) for r in Session.Rounding.values if r != session.neuberg_rounding]
    out += [("mp_scale", s) for s in Session.MatchpointScale.values if s != session.mp_scale]
    return out


@dataclass
class LineDifference:
    board: int
    ns: str
    ew: str
    score: str
    published: tuple[float, float]
    ours: tuple[float | None, float | None]
    reason: str


@dataclass
class PairDifference:
    label: str
    names: str
    figure: str  # "total", "percentage", "place"
    published: str
    ours: str
    reason: str


@dataclass
class Comparison:
    """One section's published figures against ours."""

    section: Section
    compared: int = 0
    lines: list[LineDifference] = field(default_factory=list)
    pairs: list[PairDifference] = field(default_factory=list)
    best: str = ""  # a convention under which more published figures agree than under the session's

    @property
    def agrees(self) -> bool:
        return not self.lines and not self.pairs


def _differs(ours: float | None, theirs: float) -> bool:
    return ours is None or abs(ours - theirs) > TOLERANCE


def _pair_figures(standing: Standing) -> dict[str, tuple[str, str] | None]:
    entry = standing.entry
    out: dict[str, tuple[str, str] | None] = {"total": None, "percentage": None, "place": None}
    if entry.published_total is not None and _differs(standing.total, entry.published_total):
        out["total"] = (f"{entry.published_total:.2f}", f"{standing.total:.2f}")
    if (
        entry.published_percentage is not None
        and standing.percentage is not None
        and _differs(standing.percentage, entry.published_percentage)
    ):
        out["percentage"] = (f"{entry.published_percentage:.2f}", f"{standing.percentage:.2f}")
    if entry.published_place and entry.published_place.rstrip("=") != standing.place.rstrip("="):
        out["place"] = (entry.published_place, standing.place)
    return out


def _scored_with(section: Section, attribute: str, value: Any) -> SectionScores:
    session = section.session
    original = getattr(session, attribute)
    setattr(session, attribute, value)
    try:
        return score_section(section, arithmetic="bridgedesk")
    finally:
        setattr(session, attribute, original)


def _line_reason(
    line: LineResult, published: tuple[float, float], top: float | None, variants: list[tuple[str, SectionScores]]
) -> str:
    result = line.result
    ruled_since = [r for r in line.rulings if not r.facts.startswith("Imported from")]  # not the import's own
    if result.version > 1 or ruled_since:
        return (
            "The line was changed or ruled on in Bridgedesk after the import; the file's points are for the "
            "result it published."
        )
    explained = [
        label
        for label, scores in variants
        if (other := _line_in(scores, result.pk)) is not None
        and not (_differs(other.ns_points, published[0]) or _differs(other.ew_points, published[1]))
    ]
    if explained:
        return "The file's match points come out with " + " or ".join(explained) + "."
    score = line.display_score
    if top:
        percents = [round(100 * p / top, 2) for p in published]
        if all(p in ADJUSTED for p in percents) and line.ns_score is not None:
            return (
                f"No convention explains it: the file's match points are {percents[0]:g}% and {percents[1]:g}% "
                f"of the top, an adjusted score, but its SCORE field says {score}, a score played."
            )
    return (
        f"No convention explains it: no setting Bridgedesk knows gives these match points for {score} "
        "against the other scores on the traveller (the other program may have scored a different result)."
    )


def _line_in(scores: SectionScores, result_id: int) -> LineResult | None:
    for board_score in scores.boards:
        for line in board_score.lines:
            if line.result.pk == result_id:
                return line
    return None


def compare_section(section: Section) -> Comparison:
    """Every line and pair whose published figures differ from ours, each with its reason where one is known."""
    ours = score_section(section, arithmetic="bridgedesk")
    comparison = Comparison(section)
    lines_of_entry: dict[int, list[int]] = defaultdict(list)
    differing: list[tuple[LineResult, int, tuple[float, float], float | None]] = []
    for board_score in ours.boards:
        for line in board_score.lines:
            result = line.result
            if result.published_ns_points is None or result.published_ew_points is None:
                continue
            comparison.compared += 1
            published = (result.published_ns_points, result.published_ew_points)
            if _differs(line.ns_points, published[0]) or _differs(line.ew_points, published[1]):
                differing.append((line, board_score.board.number, published, board_score.top))
                lines_of_entry[result.ns_entry_id].append(board_score.board.number)
                lines_of_entry[result.ew_entry_id].append(board_score.board.number)
    pending: list[tuple[Standing, str, tuple[str, str]]] = []
    for rows in ours.standings.values():
        for standing in rows:
            entry = standing.entry
            published_figures = (entry.published_total, entry.published_percentage, entry.published_place or None)
            comparison.compared += sum(x is not None for x in published_figures)
            pending += [(standing, name, pair) for name, pair in _pair_figures(standing).items() if pair is not None]

    variants: list[tuple[str, SectionScores]] = []
    if differing or pending:  # each other choice of one convention, in memory
        variants = [(_describe(a, v), _scored_with(section, a, v)) for a, v in _variants(section.session)]
    for line, board, published, top in differing:
        result = line.result
        comparison.lines.append(
            LineDifference(
                board,
                result.ns_entry.label,
                result.ew_entry.label,
                line.display_score,
                published,
                (line.ns_points, line.ew_points),
                _line_reason(line, published, top, variants),
            )
        )
    for standing, name, (theirs, mine) in pending:
        reason = _pair_reason(standing, name, lines_of_entry.get(standing.entry.pk, []), variants)
        comparison.pairs.append(PairDifference(standing.entry.label, standing.entry.names, name, theirs, mine, reason))
    agreeing = {
        label: sum(1 for standing, name, _ in pending if _figure_agrees(scores.standing_of(standing.entry.pk), name))
        for label, scores in variants
    }
    if pending and max(agreeing.values(), default=0) > 0:
        best = max(agreeing, key=lambda k: agreeing[k])
        comparison.best = f"{agreeing[best]} of the {len(pending)} differing pair figures agree with {best}."
    return comparison


def _figure_agrees(standing: Standing | None, name: str) -> bool:
    return standing is not None and _pair_figures(standing)[name] is None


def _pair_reason(standing: Standing, name: str, boards: list[int], variants: list[tuple[str, SectionScores]]) -> str:
    if boards:
        listed = ", ".join(str(b) for b in sorted(set(boards)))
        return f"Follows from its traveller lines that differ (board{'s' if len(boards) > 1 else ''} {listed})."
    explained = [label for label, scores in variants if _figure_agrees(scores.standing_of(standing.entry.pk), name)]
    if explained:
        return "The file's figure comes out with " + " or ".join(explained) + "."
    if name == "place":
        return "Follows from the totals: the places rank them."
    return "No convention explains it: its traveller lines agree, and no other setting gives the file's figure."


def compare_session(session: Session) -> list[Comparison]:
    """The comparison of every section of the session, in section order."""
    return [compare_section(s) for s in session.sections.select_related("session").order_by("letter")]


def has_published(session: Session) -> bool:
    """Whether the session holds figures another program published (an import)."""
    from_entries = session.sections.filter(entries__published_total__isnull=False).exists()
    return from_entries or session.sections.filter(results__published_ns_points__isnull=False).exists()
