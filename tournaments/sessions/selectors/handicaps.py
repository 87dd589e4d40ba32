"""The rankings beside the scratch one, as an event's rules ask: handicapped (full or half) and by strata.

Read from the section's scores (never stored) and the figures each pair brought to the session: its players'
club ratings *before* it and the master points they had earned before it (a guest counts as an average player
with no points). The arithmetic is `scoring.handicaps`; this module gathers the figures and sorts the rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring import handicaps as method
from tournaments.sessions.models import EntryPlayer, MasterPointAward, RankingRules, RatingEntry, Session
from tournaments.sessions.selectors.recaps import FIELD_NAMES
from tournaments.sessions.selectors.scores import SectionScores, Standing


@dataclass(frozen=True)
class HandicapRow:
    standing: Standing
    handicap: float
    typed: bool  # typed by the director (else from the ratings, or 0)
    percentage: float  # handicapped
    place: str  # handicapped place


@dataclass(frozen=True)
class StratumRow:
    standing: Standing
    figure: float  # the pair's rating or master points
    place: str  # place within the stratum


@dataclass
class FieldRankings:
    key: str
    name: str
    handicap: list[HandicapRow] = field(default_factory=list)
    strata: list[tuple[method.Stratum, list[StratumRow]]] = field(default_factory=list)


@dataclass
class SectionRankings:
    scores: SectionScores
    rules: RankingRules
    fields: list[FieldRankings]

    @property
    def share_words(self) -> str:
        return self.rules.get_handicap_display().lower()

    @property
    def figure_words(self) -> str:
        if self.rules.strata_by == RankingRules.StrataBy.RATING:
            return _("rating")
        return _("master points")


def rules_of(session: Session) -> RankingRules | None:
    """The event's rules when they ask for any ranking beside the scratch one."""
    rules = RankingRules.objects.filter(event_id=session.event_id).first()
    if rules is None or (rules.handicap == rules.Handicap.NONE and rules.strata_by == rules.StrataBy.NONE):
        return None
    return rules


def session_rankings(session: Session, all_scores: list[SectionScores]) -> list[SectionRankings]:
    """Every section's extra rankings (none when the event's rules ask for none)."""
    rules = rules_of(session)
    if rules is None:
        return []
    return [section_rankings(scores, rules) for scores in all_scores]


def section_rankings(scores: SectionScores, rules: RankingRules) -> SectionRankings:
    session = scores.section.session
    members = _members_of([e.pk for e in scores.entries])
    ratings = _ratings_before(session, {m for ms in members.values() for m in ms if m})
    share = method.SHARES.get(rules.handicap)
    strata = method.parse_strata(rules.strata) if rules.strata_by != rules.StrataBy.NONE else ()
    points = _points_before(session, {m for ms in members.values() for m in ms if m}) if strata else {}
    out = []
    for key, standings in scores.standings.items():
        ranked = FieldRankings(key, str(FIELD_NAMES.get(key, key)))
        with_pct = [s for s in standings if s.percentage is not None and s.boards_played]
        if share is not None and with_pct:
            handicaps = []
            for s in with_pct:
                typed = s.entry.handicap
                mine = [ratings.get(m, method.AVERAGE) if m else method.AVERAGE for m in members[s.entry.pk]]
                rated = method.pair_handicap(mine) if rules.handicap_from_rating else 0.0
                handicaps.append((typed if typed is not None else rated, typed is not None))
            pcts = [float(s.percentage or 0) for s in with_pct]
            places = method.handicapped_places(pcts, [h for h, _ in handicaps], share)
            rows = [
                HandicapRow(s, h, typed, method.handicapped(p, h, share), place)
                for s, (h, typed), p, place in zip(with_pct, handicaps, pcts, places, strict=True)
            ]
            ranked.handicap = sorted(rows, key=lambda r: (-r.percentage, r.standing.entry.number))
        if strata:
            ranked.strata = _strata_rows(standings, members, ratings, points, rules, strata)
        out.append(ranked)
    return SectionRankings(scores, rules, out)


def _strata_rows(
    standings: Sequence[Standing],
    members: dict[int, list[int | None]],
    ratings: dict[int, float],
    points: dict[int, float],
    rules: RankingRules,
    strata: tuple[method.Stratum, ...],
) -> list[tuple[method.Stratum, list[StratumRow]]]:
    played = [s for s in standings if s.boards_played]
    by_rating = rules.strata_by == RankingRules.StrataBy.RATING
    guest = method.AVERAGE if by_rating else 0.0
    figures = []
    for s in played:
        known = ratings if by_rating else points
        values = [known.get(m, guest) if m else guest for m in members[s.entry.pk] or [None]]
        figures.append(round(sum(values) / len(values), 2))
    names = [method.stratum_of(f, strata) for f in figures]
    places = method.stratum_places([s.total for s in played], names)
    out = []
    for stratum in strata:
        rows = [
            StratumRow(s, f, p) for s, f, n, p in zip(played, figures, names, places, strict=True) if n == stratum.name
        ]
        out.append((stratum, sorted(rows, key=lambda r: (-r.standing.total, r.standing.entry.number))))
    return out


def _members_of(entry_ids: list[int]) -> dict[int, list[int | None]]:
    """Each entry's players as member ids (None for a guest), seat order."""
    out: dict[int, list[int | None]] = defaultdict(list)
    for entry_id, member_id in (
        EntryPlayer.objects.filter(entry_id__in=entry_ids).order_by("seat").values_list("entry_id", "member_id")
    ):
        out[entry_id].append(member_id)
    return out


def _earlier(session: Session) -> Q:
    """Sessions played before this one (by date, then the order they were made)."""
    return Q(session__date__lt=session.date) | Q(session__date=session.date, session__pk__lt=session.pk)


def _ratings_before(session: Session, member_ids: set[int]) -> dict[int, float]:
    """Each member's club rating before the session: this session's own row's 'before' when it is rated, else
    the newest rating from an earlier session (members never rated are left out: average)."""
    out: dict[int, float] = {}
    rows = RatingEntry.objects.filter(member_id__in=member_ids).filter(Q(session=session) | _earlier(session))
    for member_id, session_id, before, after in rows.order_by("order").values_list(
        "member_id", "session_id", "before", "after"
    ):
        if session_id == session.pk:
            out[member_id] = before
            member_ids = member_ids - {member_id}
        elif member_id in member_ids:
            out[member_id] = after
    return out


def _points_before(session: Session, member_ids: set[int]) -> dict[int, float]:
    """Master points each member had earned before the session."""
    out: dict[int, float] = defaultdict(float)
    awards = MasterPointAward.objects.filter(_earlier(session), entry__players__member_id__in=member_ids)
    for member_id, points in awards.values_list("entry__players__member_id", "points"):
        out[member_id] += points
    return dict(out)
