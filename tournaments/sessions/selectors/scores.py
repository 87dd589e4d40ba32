"""Scores of a section, derived from its results and rulings: every number the pages, PDFs and exports show.

Nothing here is stored: standings are recomputed from the traveller lines each time (a 30-table session
takes milliseconds), so they can never disagree with the results. The arithmetic itself is `scoring`'s;
this module only gathers the rows, applies the session's conventions and ranks:

- a board played fewer times than the most shows its own smaller top on the traveller, and is factored up
  to the full top with Neuberg's formula in the pair totals (when `Session.use_neuberg`);
- a pair that missed boards has its total scaled by boards expected / boards played
  (when `Session.scale_missed_boards`);
- percentage = total / (boards expected x full top), or (`Session.percentage_basis` "sum_of_tops") the pair's
  match points over the sum of the tops of the boards it played; tied places repeat ("3=");
- `Session.artificial_among_real`: a board with an artificial score is rated among its real results only;
- `Session.traveller_factored` (with Neuberg): travellers show a board played fewer times factored to the full top;
- penalties from rulings are taken off the total after scaling;
- a factored board is rounded as `Session.neuberg_rounding` says before it is added up (`scoring.conventions`);
- `Session.section_scoring` "across": each board is rated over every section's lines on it (one field, its top
  the field's), each section keeping its own lines and ranking its own pairs, as multi-section files publish.

A session imported from another program shows that program's figures (`Session.scores_shown`): each line's
published points, each pair's published total, percentage and place, as the file gave them. Ask for
``score_section(section, arithmetic="bridgedesk")`` to see our own figures regardless (the comparison page).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from django.db import connection
from django.db.models import Q

import scoring
from scoring.aggregate import pair_totals
from tournaments.sessions.models import Board, Entry, Result, Ruling, Section, Session
from tournaments.sessions.selectors.averages import apply_own_percentage_averages
from tournaments.sessions.selectors.frozen import Freezable, LocalCopies, seal
from tournaments.sessions.selectors.scorers import IMP_METHODS as IMP_METHODS
from tournaments.sessions.selectors.scorers import scorer_for

ONE_FIELD = ""


@dataclass
class LineResult(Freezable):
    """One traveller line with its points from both sides (match points, IMPs or total points)."""

    result: Result
    ns_points: float | None
    ew_points: float | None
    ns_score: int | None
    display_score: str
    rulings: Sequence[Ruling] = field(default_factory=list)
    ns_total_points: float | None = None  # what the line adds to the NS pair's total (after Neuberg)
    ew_total_points: float | None = None
    ns_unrounded: float | None = None  # the factored points before the session's rounding (None: not rounded)
    ew_unrounded: float | None = None
    revoke_mark: str = ""  # duplicate whist: the R the revoke penalty moved, once capped by the field ("+R1")


@dataclass
class BoardScore(Freezable):
    """A board's traveller in a section, rated."""

    board: Board
    section: Section
    top: float | None
    datum: int | None
    lines: Sequence[LineResult]
    rulings: Sequence[Ruling] = field(default_factory=list)


@dataclass
class Standing(Freezable):
    """An entry's place in its field."""

    entry: Entry
    direction: str
    total: float
    raw_total: float
    percentage: float | None
    place: str
    boards_played: int
    boards_expected: int
    penalties: float

    @property
    def scaling(self) -> str:
        """How the total was scaled for boards the pair missed, so the card and the header visibly agree:
        "96.2 x 24/23 = 100.38" ("" when it was not scaled)."""
        scaled = self.total + self.penalties
        if not (0 < self.boards_played < self.boards_expected) or abs(scaled - self.raw_total) < 1e-9:
            return ""
        words = (
            f"{scoring.shown(self.raw_total)} × {self.boards_expected}/{self.boards_played} = {scoring.shown(scaled)}"
        )
        return words + (f" − {self.penalties:g} penalty = {scoring.shown(self.total)}" if self.penalties else "")


@dataclass
class SectionScores(Freezable):
    """Everything scored in one section.

    As handed out by `score_section` it is frozen (see selectors/frozen.py): the same object answers every
    request of this process at that version, so nobody may change it; a caller that wants other figures makes
    its own (`dataclasses.replace`, a list of its own)."""

    section: Section
    method: str
    scale: str
    full_top: float | None
    boards: Sequence[BoardScore]
    standings: Mapping[str, Sequence[Standing]]
    entries: Sequence[Entry]
    rulings: Sequence[Ruling]
    published: bool = False  # the figures shown are the ones the imported file published

    def standing_of(self, entry_id: int) -> Standing | None:
        for field_standings in self.standings.values():
            for standing in field_standings:
                if standing.entry.pk == entry_id:
                    return standing
        return None

    def lines_of(self, entry_id: int) -> list[tuple[BoardScore, LineResult, str]]:
        """The entry's traveller lines, board by board, with the side it sat."""
        out = []
        for board_score in self.boards:
            for line in board_score.lines:
                if line.result.ns_entry_id == entry_id:
                    out.append((board_score, line, "NS"))
                elif line.result.ew_entry_id == entry_id:
                    out.append((board_score, line, "EW"))
        return out

    @property
    def two_winners(self) -> bool:
        return ONE_FIELD not in self.standings


def _line_input(result: Result) -> scoring.Line:
    """The `scoring` form of a stored result."""
    kind = result.kind
    if kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        return int(result.ns_score or 0)
    if kind == Result.Kind.ARTIFICIAL:
        return scoring.Artificial(float(result.ns_percent or 0), float(result.ew_percent or 0))
    if kind == Result.Kind.WEIGHTED:
        return scoring.Weighted(tuple((float(p["weight"]), int(p["ns_score"])) for p in result.weighted))
    return scoring.NOT_PLAYED


def _display_score(result: Result) -> str:
    kind = result.kind
    if kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        return str(result.ns_score)
    if kind == Result.Kind.ARTIFICIAL:
        return f"A{result.ns_percent:g}/{result.ew_percent:g}"
    if kind == Result.Kind.WEIGHTED:
        parts = [(float(p["weight"]), p["ns_score"]) for p in result.weighted]
        scale = 100 if sum(w for w, _ in parts) <= 1.0001 else 1
        return " + ".join(f"{w * scale:g}% of {score}" for w, score in parts)
    return "Not played"


def _field_key(section: Section, entry: Entry) -> str:
    return entry.direction if section.winners == 2 and entry.direction in ("NS", "EW") else ONE_FIELD


SCORES_TTL_SECONDS = 3600


def score_section(section: Section, *, arithmetic: str | None = None) -> SectionScores:
    """Rate every board of the section and rank its entries (see the module docstring for the conventions).

    Kept in Django's cache (every process shares it), keyed on the section's version (which every write to it
    bumps) and the session's settings, and built once per version however many pages ask at once
    (core/once.py): the public pages, score cards and the big screen score a section once per change. Only
    outside a transaction: what a transaction has not committed may still be rolled back, and must never be
    served under a version another write will reach.
    """
    published = _shows_published(section.session, arithmetic)
    if connection.in_atomic_block:
        return _score_now(section, published=published)
    session = section.session
    versions = Section.objects.filter(pk=section.pk) if not _across(session) else session.sections.order_by("pk")
    version = ".".join(str(v) for v in versions.values_list("version", flat=True))  # across: every section's
    digest = settings_digest(session)
    key = f"section-scores:v2:{section.pk}:{version}:{int(published)}:{digest}"
    # (v2: kept as (stamp, scores) since issue 24; an old process's plain scores at the old key are never read)
    scores = _local.kept_or_built(key, lambda: _score_now(section, published=published), ttl=SCORES_TTL_SECONDS)
    mine = replace(scores, section=section)  # the caller's object (its session as the caller loaded it)
    seal(mine)  # its parts are the shared ones, already frozen
    return mine


# Each process keeps the scores it read under a stamp the cache holds beside them, frozen (selectors/frozen.py):
# unpickling the whole object (490 KB and 14 ms of CPU at 30 tables) per request was most of the big screen's
# and the live panel's time (issue 24). Every write bumps the section's version, i.e. the key.
LOCAL_SCORES = 32  # sections being shown at once, at one or two versions each
_local: LocalCopies[SectionScores] = LocalCopies(LOCAL_SCORES)


def settings_digest(session: Session) -> str:
    """The session's settings as part of a cache key: a change of conventions changes the scores without a write
    to the sections."""
    settings = repr(tuple(getattr(session, f.attname) for f in session._meta.concrete_fields))
    return hashlib.sha256(settings.encode()).hexdigest()[:16]


def _shows_published(session: Session, arithmetic: str | None) -> bool:
    if arithmetic not in (None, "bridgedesk", "published"):
        raise ValueError(f"arithmetic is 'bridgedesk' or 'published', not {arithmetic!r}")
    return (arithmetic or session.scores_shown) == Session.ScoresShown.PUBLISHED


def _score_now(section: Section, *, published: bool = False) -> SectionScores:
    session = section.session
    entries = list(section.entries.prefetch_related("players").order_by("direction", "number"))
    results = list(
        Result.objects.filter(section=section)
        .select_related("board", "table_round")
        .order_by("board__number", "ns_entry__number", "id")
    )
    rulings = list(
        Ruling.objects.filter(Q(section=section) | Q(section__isnull=True, session=session)).order_by(
            "created_at", "pk"
        )
    )
    entry_by_id = {e.pk: e for e in entries}
    for result in results:  # attach entries without extra queries
        result.ns_entry = entry_by_id.get(result.ns_entry_id) or result.ns_entry
        result.ew_entry = entry_by_id.get(result.ew_entry_id) or result.ew_entry
    field_rows: list[Result] = []  # across the field: the other sections' lines on the same boards
    if _across(session):
        field_rows = list(
            Result.objects.filter(section__session=session).exclude(section=section).select_related("board")
        )
    scores = _score(section, session, entries, results, rulings, field_rows)
    if published:
        _show_published(scores)
    return scores


def _across(session: Session) -> bool:
    return session.section_scoring == Session.SectionScoring.ACROSS


def _show_published(scores: SectionScores) -> None:
    """The imported file's own figures in place of ours, wherever it gave them (a line added since keeps ours)."""
    scores.published = True
    for board_score in scores.boards:
        for line in board_score.lines:
            result = line.result
            if result.published_ns_points is None or result.published_ew_points is None:
                continue
            if line.ns_total_points == line.ns_points:  # a board not factored: the line's points are the total's
                line.ns_total_points, line.ew_total_points = result.published_ns_points, result.published_ew_points
            line.ns_points, line.ew_points = result.published_ns_points, result.published_ew_points
    standings: dict[str, list[Standing]] = {}
    for key, rows in scores.standings.items():
        for standing in rows:
            entry = standing.entry
            if entry.published_total is not None:
                standing.total = entry.published_total
                if entry.published_percentage is not None:  # a file without percentages keeps ours
                    standing.percentage = entry.published_percentage
                standing.place = entry.published_place or standing.place
        standings[key] = sorted(rows, key=lambda s: (-s.total, s.entry.number))
    scores.standings = standings


def score_session(session: Session) -> list[SectionScores]:
    """Scores of every section of a session, in section order."""
    sections = session.sections.select_related("session", "session__event").order_by("letter")
    return [score_section(s) for s in sections]


def _score(
    section: Section,
    session: Session,
    entries: list[Entry],
    results: list[Result],
    rulings: list[Ruling],
    field_rows: Sequence[Result] = (),
) -> SectionScores:
    """Rate each board over the section's lines, and over ``field_rows`` (the other sections' lines on the same boards,
    scored across the field) too: the top is the field's, and only the section's own lines are kept."""
    method = session.scoring_method
    scale = session.mp_scale
    by_board: dict[int, list[Result]] = defaultdict(list)
    others: dict[int, list[Result]] = defaultdict(list)
    boards: dict[int, Board] = {}
    for result in results:
        by_board[result.board.number].append(result)
        boards[result.board.number] = result.board
    for result in field_rows:
        others[result.board.number].append(result)
    rulings_by_result: dict[int, list[Ruling]] = defaultdict(list)
    rulings_by_board: dict[int, list[Ruling]] = defaultdict(list)
    for ruling in rulings:
        if ruling.result_id:
            rulings_by_result[ruling.result_id].append(ruling)
        elif ruling.board_id:
            rulings_by_board[ruling.board_id].append(ruling)

    # Rated among the real results only, an artificial score is not a result: not in the top, nor in Neuberg's count.
    among_real = session.artificial_among_real and method == Session.ScoringMethod.MATCHPOINTS
    uncounted = (Result.Kind.NOT_PLAYED, Result.Kind.ARTIFICIAL) if among_real else (Result.Kind.NOT_PLAYED,)

    def scored(rows: Iterable[Result]) -> int:
        return sum(1 for r in rows if r.kind not in uncounted)

    most = max((scored(rows) + scored(others[n]) for n, rows in by_board.items()), default=0)
    full_top = scoring.board_top(most, scale=scale) if method == Session.ScoringMethod.MATCHPOINTS else None
    scorer = scorer_for(session, most=most, full_top=full_top)

    board_scores: list[BoardScore] = []
    for number in sorted(by_board):
        rows, every = by_board[number], by_board[number] + others[number]
        rated = scorer.rate(every, [_line_input(r) for r in every], scored(every))
        lines = [
            _line(result, ns, ew, ns_total, ew_total, rulings_by_result)
            for result, (ns, ew, ns_total, ew_total) in zip(rows, rated.points[: len(rows)], strict=True)
        ]
        for line, (ns_exact, ew_exact) in zip(lines, rated.unrounded, strict=False):
            line.ns_unrounded, line.ew_unrounded = ns_exact, ew_exact
        for line, mark in zip(lines, rated.marks, strict=False):
            line.display_score += f" {mark}" if mark else ""
            line.revoke_mark = mark
        board = boards[number]
        board_scores.append(
            BoardScore(board, section, rated.top, rated.datum, lines, rulings_by_board.get(board.pk, []))
        )

    if method == Session.ScoringMethod.MATCHPOINTS:
        apply_own_percentage_averages(
            board_scores,
            full_top,
            plus=session.average_plus_own_percentage,
            minus=session.average_minus_own_percentage,
        )

    standings = _rank(section, session, entries, board_scores, rulings, full_top)
    if session.traveller_factored and session.use_neuberg and method == Session.ScoringMethod.MATCHPOINTS:
        board_scores = [_factored_traveller(bs, full_top) for bs in board_scores]
    return SectionScores(section, method, scale, full_top, board_scores, standings, entries, rulings)


def _line(
    result: Result,
    ns: float | None,
    ew: float | None,
    ns_total: float | None,
    ew_total: float | None,
    rulings_by_result: dict[int, list[Ruling]],
) -> LineResult:
    return LineResult(
        result=result,
        ns_points=ns,
        ew_points=ew,
        ns_score=result.ns_score if result.kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED) else None,
        display_score=_display_score(result),
        rulings=rulings_by_result.get(result.pk, []),
        ns_total_points=ns_total,
        ew_total_points=ew_total,
    )


def _factored_traveller(board_score: BoardScore, full_top: float | None) -> BoardScore:
    """The traveller as EBUScore prints it (`Session.traveller_factored`): each line's points as its totals count
    them (a board played fewer times factored up with Neuberg's formula), out of the full top."""
    if not full_top or board_score.top == full_top:
        return board_score
    lines = [replace(x, ns_points=x.ns_total_points, ew_points=x.ew_total_points) for x in board_score.lines]
    return replace(board_score, top=full_top, lines=lines)


Sums = tuple[dict[int, float], dict[int, float], dict[int, int], dict[int, list[tuple[float, float]]]]


def _sums(board_scores: list[BoardScore]) -> Sums:
    """Per entry: the points its totals add up, the same before the rounding of factored boards, the boards it
    played, and each board's points on that board's own top with the top (for percentages over the sum of tops)."""
    raw: dict[int, float] = defaultdict(float)
    exact: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    tops: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for bs in board_scores:
        for line in bs.lines:
            if line.ns_total_points is None:
                continue
            raw[line.result.ns_entry_id] += line.ns_total_points
            raw[line.result.ew_entry_id] += line.ew_total_points or 0.0
            ns_exact, ew_exact = line.ns_unrounded, line.ew_unrounded
            exact[line.result.ns_entry_id] += line.ns_total_points if ns_exact is None else ns_exact
            exact[line.result.ew_entry_id] += (line.ew_total_points or 0.0) if ew_exact is None else ew_exact
            played[line.result.ns_entry_id] += 1
            played[line.result.ew_entry_id] += 1
            top = bs.top or 0.0
            tops[line.result.ns_entry_id].append((line.ns_points or 0.0, top))
            tops[line.result.ew_entry_id].append((line.ew_points or 0.0, top))
    return raw, exact, played, tops


def _aggregate_totals(board_scores: list[BoardScore]) -> dict[int, float]:
    """Each entry's total points (``scoring.aggregate.pair_totals``) over the lines its totals count."""
    lines = [x for bs in board_scores for x in bs.lines if x.ns_total_points is not None]
    totals = pair_totals((x.result.ns_entry_id, x.result.ew_entry_id, x.result.ns_score) for x in lines)
    return {entry: float(total) for entry, total in totals.items()}


def _rank(
    section: Section,
    session: Session,
    entries: list[Entry],
    board_scores: list[BoardScore],
    rulings: list[Ruling],
    full_top: float | None,
) -> dict[str, list[Standing]]:
    raw, exact, played, tops = _sums(board_scores)
    if session.scoring_method == Session.ScoringMethod.TOTAL_POINTS and not session.is_whist:
        raw = defaultdict(float, _aggregate_totals(board_scores))  # total points: scoring.aggregate's sums
    over_tops = session.percentage_basis == Session.PercentageBasis.SUM_OF_TOPS
    # An unplayed line's IMPs counting 0 (RealBridge), a missed board is 0 IMPs: nothing to scale.
    imp_pairs = (Session.ScoringMethod.BUTLER, Session.ScoringMethod.CROSS_IMPS)
    unplayed_zero = session.imps_unplayed_zero and session.scoring_method in imp_pairs
    scales = session.scale_missed_boards and not unplayed_zero
    penalties: dict[int, float] = defaultdict(float)
    for ruling in rulings:
        if ruling.entry_id and ruling.penalty:
            penalties[ruling.entry_id] += ruling.penalty

    fields: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        fields[_field_key(section, entry)].append(entry)
    if section.winners == 2 and not fields:
        fields = {"NS": [], "EW": []}

    out: dict[str, list[Standing]] = {}
    for key in sorted(fields, key=lambda k: {"NS": 0, "EW": 1}.get(k, 2)):
        members = fields[key]
        expected = max((played[e.pk] for e in members), default=0)
        rows: list[Standing] = []
        for entry in members:
            n = played[entry.pk]
            # Compscore3 (the percentage rounding) adds up rounded boards but takes its percentage from the
            # exact figures, as its files show; the other roundings take it from the total shown.
            total, unrounded = raw[entry.pk], exact[entry.pk] if session.neuberg_rounding == "0.01%" else None
            if scales and 0 < n < expected:
                total = scoring.scale_total(total, played=n, expected=expected)
                if unrounded is not None:
                    unrounded = scoring.scale_total(unrounded, played=n, expected=expected)
            total -= penalties[entry.pk]
            pct = None
            if over_tops and tops[entry.pk] and any(top for _, top in tops[entry.pk]):
                pct = scoring.percentage_over_tops(tops[entry.pk], penalty=penalties[entry.pk])
            elif full_top and expected:
                base = total if unrounded is None else unrounded - penalties[entry.pk]
                pct = scoring.percentage(base, expected * full_top)
            rows.append(Standing(entry, key, round(total, 6), raw[entry.pk], pct, "", n, expected, penalties[entry.pk]))
        places = scoring.rank_with_ties([s.total for s in rows])
        for standing, place in zip(rows, places, strict=True):
            standing.place = place
        rows.sort(key=lambda s: (-s.total, s.entry.number))
        out[key] = rows
    return out
