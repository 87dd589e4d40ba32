"""Published vs Bridgedesk: where another program's figures and our arithmetic differ, and why.

An imported session keeps the figures its file published (on `Result.published_*` and `Entry.published_*`).
Here our own arithmetic, under the session's conventions, is set against them: every traveller line and every
pair whose figures differ is listed with both figures and the reason where one is known. A reason is found by
trying each other choice of the session's conventions in memory (nothing is saved): a choice under which the
published figure comes out is named. Failing that, the file is checked against itself (a line's points that do
not add up to the board's top, a total that is not what its own lines add up to): "the file's own figures
disagree with each other". Only then is a difference "unexplained". `Comparison.counts()` gives the tally that
`manage.py compare_published --json` prints and the import report quotes, with the same tolerance.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

import scoring
from tournaments.sessions.models import Section, Session
from tournaments.sessions.selectors.scores import LineResult, SectionScores, Standing, score_section

TOLERANCE = 0.005 + 1e-9  # the files print two decimals: a figure agrees when it rounds to the one printed
ADJUSTED = (30, 40, 50, 60, 70)  # percentages of the top that adjusted scores give
Category = Literal["explained", "file_inconsistent", "unexplained"]
VERDICTS: dict[str, str] = {
    "explained": "Explained",
    "file_inconsistent": "The file disagrees with itself",
    "unexplained": "Unexplained",
}
# Explanations that are not a setting: the keys `counts()` uses for them.
CHANGED_HERE, FOLLOWS_LINES, FOLLOWS_TOTALS = "changed_in_bridgedesk", "follows_from_lines", "follows_from_totals"


def _describe(attribute: str, value: Any) -> str:
    if attribute == "neuberg_rounding":
        return f"the rounding of factored boards set to “{dict(Session.Rounding.choices)[value]}”"
    if attribute == "percentage_basis":
        return f"percentages taken as “{dict(Session.PercentageBasis.choices)[value]}”"
    if attribute == "mp_scale":
        return f"the match-point scale set to “{dict(Session.MatchpointScale.choices)[value]}”"
    state = "on" if value else "off"
    names = {
        "use_neuberg": "Neuberg's formula for boards played fewer times",
        "scale_missed_boards": "scaling the totals of pairs that missed boards",
        "average_plus_own_percentage": "average plus as the pair's own percentage when better than 60%",
        "average_minus_own_percentage": "average minus as the pair's own percentage when worse than 40%",
        "artificial_among_real": "a board with an artificial score rated among its real results only",
        "traveller_factored": "Neuberg-factored points printed on the traveller",
        "imps_unplayed_zero": "an unplayed line's IMPs counted as 0, the board factored by lines over results",
    }
    return f"{names[attribute]} {state}"


# The first that explains a figure is named: printing factored travellers before Neuberg's formula itself (turning
# Neuberg off also stops the factoring of travellers, but does more).
_SWITCHES = (
    "traveller_factored",
    "use_neuberg",
    "scale_missed_boards",
    "average_plus_own_percentage",
    "average_minus_own_percentage",
    "artificial_among_real",
    "imps_unplayed_zero",
)


def _key(attribute: str, value: Any) -> str:
    """A convention as a stable name for machines: ``use_neuberg=off``, ``neuberg_rounding=0.01%``."""
    shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{attribute}={shown}"


def _variants(session: Session) -> list[tuple[str, Any]]:
    """Every other choice of one convention at a time."""
    imps = session.scoring_method in (Session.ScoringMethod.BUTLER, Session.ScoringMethod.CROSS_IMPS)
    switches = [a for a in _SWITCHES if imps or a != "imps_unplayed_zero"]  # it changes IMP pairs only
    out: list[tuple[str, Any]] = [(a, not getattr(session, a)) for a in switches]
    out += [("neuberg_rounding", r) for r in Session.Rounding.values if r != session.neuberg_rounding]
    out += [("percentage_basis", b) for b in Session.PercentageBasis.values if b != session.percentage_basis]
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
    category: Category = "unexplained"
    convention: str = ""  # with "explained": the convention's key (see `_key`) or one of the keys above

    @property
    def verdict(self) -> str:
        return VERDICTS[self.category]


@dataclass
class PairDifference:
    label: str
    names: str
    figure: str  # "total", "percentage", "place"
    published: str
    ours: str
    reason: str
    category: Category = "unexplained"
    convention: str = ""

    @property
    def verdict(self) -> str:
        return VERDICTS[self.category]


@dataclass
class Comparison:
    """One section's published figures against ours."""

    section: Section
    compared_lines: int = 0
    compared_pairs: int = 0  # pair figures: totals, percentages and places
    lines: list[LineDifference] = field(default_factory=list)
    pairs: list[PairDifference] = field(default_factory=list)
    best: str = ""  # a convention under which more published figures agree than under the session's

    @property
    def compared(self) -> int:
        return self.compared_lines + self.compared_pairs

    @property
    def agrees(self) -> bool:
        return not self.lines and not self.pairs

    def counts(self) -> dict[str, dict[str, Any]]:
        """``{"lines": {"same", "explained": {convention: n}, "file_inconsistent", "unexplained"}, "pairs": ...}``"""
        return {"lines": _tally(self.compared_lines, self.lines), "pairs": _tally(self.compared_pairs, self.pairs)}

    def tally_words(self) -> list[str]:
        """The counts in words, as the page shows them (the command prints the same numbers)."""
        out = []
        for part, words in (("lines", "Traveller lines"), ("pairs", "Pair figures")):
            c = self.counts()[part]
            out.append(
                f"{words}: {c['same']} the same, {sum(c['explained'].values())} explained by a convention, "
                f"{c['file_inconsistent']} where the file disagrees with itself, {c['unexplained']} unexplained."
            )
        return out


def _tally(compared: int, differences: list[LineDifference] | list[PairDifference]) -> dict[str, Any]:
    explained = Counter(d.convention for d in differences if d.category == "explained")
    return {
        "same": compared - len(differences),
        "explained": dict(sorted(explained.items())),
        "file_inconsistent": sum(d.category == "file_inconsistent" for d in differences),
        "unexplained": sum(d.category == "unexplained" for d in differences),
    }


def total_counts(comparisons: list[Comparison]) -> dict[str, dict[str, Any]]:
    """The counts of several sections added up (a session's)."""
    out: dict[str, dict[str, Any]] = {}
    for part in ("lines", "pairs"):
        explained: Counter[str] = Counter()
        same = inconsistent = unexplained = 0
        for comparison in comparisons:
            counts = comparison.counts()[part]
            same += counts["same"]
            explained.update(counts["explained"])
            inconsistent += counts["file_inconsistent"]
            unexplained += counts["unexplained"]
        out[part] = {
            "same": same,
            "explained": dict(sorted(explained.items())),
            "file_inconsistent": inconsistent,
            "unexplained": unexplained,
        }
    return out


def _differs(ours: float | None, theirs: float) -> bool:
    return ours is None or abs(ours - theirs) > TOLERANCE


def _pair_figures(standing: Standing) -> dict[str, tuple[str, str] | None]:
    entry = standing.entry
    out: dict[str, tuple[str, str] | None] = {"total": None, "percentage": None, "place": None}
    if entry.published_total is not None and _differs(standing.total, entry.published_total):
        out["total"] = (scoring.shown(entry.published_total), scoring.shown(standing.total))
    if (
        entry.published_percentage is not None
        and standing.percentage is not None
        and _differs(standing.percentage, entry.published_percentage)
    ):
        out["percentage"] = (scoring.shown(entry.published_percentage), scoring.shown(standing.percentage))
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


Variant = tuple[str, str, SectionScores]  # the convention's key, its description, the scores it gives
Verdict = tuple[Category, str, str]  # category, convention key (when explained), the reason in words


def _line_reason(
    line: LineResult, published: tuple[float, float], top: float | None, variants: list[Variant]
) -> Verdict:
    result = line.result
    ruled_since = [r for r in line.rulings if not r.facts.startswith("Imported from")]  # not the import's own
    if result.version > 1 or ruled_since:
        return (
            "explained",
            CHANGED_HERE,
            (
                "The line was changed or ruled on in Bridgedesk after the import; the file's points are for the "
                "result it published."
            ),
        )
    explained = [
        (key, label)
        for key, label, scores in variants
        if (other := _line_in(scores, result.pk)) is not None
        and not (_differs(other.ns_points, published[0]) or _differs(other.ew_points, published[1]))
    ]
    if explained:
        words = " or ".join(label for _, label in explained)
        return "explained", explained[0][0], f"The file's match points come out with {words}."
    both = published[0] + published[1]
    expected = top if top else 0.0  # match points share the top; IMPs and total points cancel out
    if abs(both - expected) > 2 * TOLERANCE and line.ns_score is not None:
        return (
            "file_inconsistent",
            "",
            (
                f"The file's own figures disagree with each other: its points on this line add up to {both:g}, "
                f"not the board's {'top of ' if top else ''}{expected:g}."
            ),
        )
    return "unexplained", "", _unexplained_line(line, published, top)


def _unexplained_line(line: LineResult, published: tuple[float, float], top: float | None) -> str:
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


def _files_own_totals(scores: SectionScores) -> dict[int, list[float]]:
    """Per entry, the totals its published line points add up to: as they are, and factored as ours are (Neuberg
    on boards played fewer times), each also scaled for boards missed, less penalties (the file's candidates)."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    broken: set[int] = set()
    for board_score in scores.boards:
        for line in board_score.lines:
            result = line.result
            for entry_id, theirs, ours, ours_total in (
                (result.ns_entry_id, result.published_ns_points, line.ns_points, line.ns_total_points),
                (result.ew_entry_id, result.published_ew_points, line.ew_points, line.ew_total_points),
            ):
                if theirs is None:
                    broken.add(entry_id)
                    continue
                ratio = (
                    (ours_total + 1) / (ours + 1) if ours is not None and ours_total is not None and ours > -1 else 1
                )
                sums[entry_id][0] += theirs
                sums[entry_id][1] += (theirs + 1) * ratio - 1
    out: dict[int, list[float]] = {}
    for rows in scores.standings.values():
        for st in rows:
            if st.entry.pk in broken or st.entry.pk not in sums:
                continue
            factor = st.boards_expected / st.boards_played if 0 < st.boards_played < st.boards_expected else 1
            out[st.entry.pk] = [v * f - st.penalties for v in sums[st.entry.pk] for f in {1.0, factor}]
    return out


def _total_inconsistent(standing: Standing, own_totals: dict[int, list[float]]) -> str:
    """The reason when the file's total is not what its own lines add up to ("" when it is, or unknown)."""
    candidates = own_totals.get(standing.entry.pk)
    published = standing.entry.published_total
    if not candidates or published is None:
        return ""
    slack = 0.01 * max(standing.boards_played, 1) + TOLERANCE  # each line printed to two decimals
    if any(abs(published - c) <= slack for c in candidates):
        return ""
    return (
        f"The file's own figures disagree with each other: its total {published:.2f} is not what the pair's "
        f"traveller lines in the file add up to ({candidates[0]:.2f})."
    )


def _from_lines(lines: list[tuple[int, Verdict]]) -> Verdict:
    """A pair figure that follows from differing traveller lines is explained as they are: by their convention
    when one explains them all, the file's own disagreement when that is it, else unexplained."""
    boards = sorted({board for board, _ in lines})
    words = f"Follows from its traveller lines that differ (board{'s' if len(boards) > 1 else ''} "
    words += ", ".join(str(b) for b in boards) + ")"
    categories = {category for _, (category, _, _) in lines}
    conventions = {key for _, (_, key, _) in lines}
    if categories == {"explained"}:
        key = conventions.pop() if len(conventions) == 1 else FOLLOWS_LINES
        return "explained", key, words + "."
    if "unexplained" in categories:
        return "unexplained", "", words + ", which no convention explains."
    return "file_inconsistent", "", words + ", where the file disagrees with itself."


def _pair_reason(
    standing: Standing,
    name: str,
    lines: list[tuple[int, Verdict]],
    variants: list[Variant],
    own_totals: dict[int, list[float]],
) -> Verdict:
    if lines:
        return _from_lines(lines)
    explained = [(k, label) for k, label, sc in variants if _figure_agrees(sc.standing_of(standing.entry.pk), name)]
    if explained:
        words = " or ".join(label for _, label in explained)
        return "explained", explained[0][0], f"The file's figure comes out with {words}."
    if name == "place":
        return "explained", FOLLOWS_TOTALS, "Follows from the totals: the places rank them."
    if name == "total" and (why := _total_inconsistent(standing, own_totals)):
        return "file_inconsistent", "", why
    return (
        "unexplained",
        "",
        "No convention explains it: its traveller lines agree, and no other setting gives the file's figure.",
    )


def compare_section(section: Section) -> Comparison:
    """Every line and pair whose published figures differ from ours, each with its reason where one is known."""
    ours = score_section(section, arithmetic="bridgedesk")
    comparison = Comparison(section)
    lines_of_entry: dict[int, list[tuple[int, Verdict]]] = defaultdict(list)
    differing: list[tuple[LineResult, int, tuple[float, float], float | None]] = []
    for board_score in ours.boards:
        for line in board_score.lines:
            result = line.result
            if result.published_ns_points is None or result.published_ew_points is None:
                continue
            comparison.compared_lines += 1
            published = (result.published_ns_points, result.published_ew_points)
            if _differs(line.ns_points, published[0]) or _differs(line.ew_points, published[1]):
                differing.append((line, board_score.board.number, published, board_score.top))
    pending: list[tuple[Standing, str, tuple[str, str]]] = []
    for rows in ours.standings.values():
        for standing in rows:
            entry = standing.entry
            published_figures = (entry.published_total, entry.published_percentage, entry.published_place or None)
            comparison.compared_pairs += sum(x is not None for x in published_figures)
            pending += [(standing, name, pair) for name, pair in _pair_figures(standing).items() if pair is not None]

    variants: list[Variant] = []
    if differing or pending:  # each other choice of one convention, in memory
        variants = [(_key(a, v), _describe(a, v), _scored_with(section, a, v)) for a, v in _variants(section.session)]
    for line, board, published, top in differing:
        result = line.result
        category, key, reason = verdict = _line_reason(line, published, top, variants)
        lines_of_entry[result.ns_entry_id].append((board, verdict))
        lines_of_entry[result.ew_entry_id].append((board, verdict))
        comparison.lines.append(
            LineDifference(
                board, result.ns_entry.label, result.ew_entry.label, line.display_score, published,
                (line.ns_points, line.ew_points), reason, category, key,
            )
        )  # fmt: skip
    own_totals = _files_own_totals(ours) if pending else {}
    for standing, name, (theirs, mine) in pending:
        boards = lines_of_entry.get(standing.entry.pk, [])
        category, key, reason = _pair_reason(standing, name, boards, variants, own_totals)
        entry = standing.entry
        comparison.pairs.append(PairDifference(entry.label, entry.names, name, theirs, mine, reason, category, key))
    comparison.best = _best(pending, variants)
    return comparison


def _best(pending: list[tuple[Standing, str, tuple[str, str]]], variants: list[Variant]) -> str:
    agreeing = {
        label: sum(1 for standing, name, _ in pending if _figure_agrees(scores.standing_of(standing.entry.pk), name))
        for _, label, scores in variants
    }
    if pending and max(agreeing.values(), default=0) > 0:
        best = max(agreeing, key=lambda k: agreeing[k])
        return f"{agreeing[best]} of the {len(pending)} differing pair figures agree with {best}."
    return ""


def _figure_agrees(standing: Standing | None, name: str) -> bool:
    return standing is not None and _pair_figures(standing)[name] is None


def compare_session(session: Session) -> list[Comparison]:
    """The comparison of every section of the session, in section order."""
    return [compare_section(s) for s in session.sections.select_related("session").order_by("letter")]


def has_published(session: Session) -> bool:
    """Whether the session holds figures another program published (an import)."""
    from_entries = session.sections.filter(entries__published_total__isnull=False).exists()
    return from_entries or session.sections.filter(results__published_ns_points__isnull=False).exists()
