"""Scores across the whole field of a simultaneous: every club's result on a board against every other.

Each board is match-pointed over all the played scores of every club at once (the numpy field scorer,
``scoring.matchpoint_field``); a line's field percentage is its match points over the board's top, an artificial
score keeps its percentages, and a weighted score earns the weighted percentages of its contracts against the
field. A pair's field percentage is the mean of its boards' percentages (so boards played fewer times need no
Neuberg factor). Within each club the club's own session is scored as usual (``score_section``).

Kept per process, keyed on the sum and number of the clubs' section versions: every write to any club's
results bumps its section, so a correction is seen at once, and otherwise every page shares one scoring.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db import connection
from django.db.models import Count, Sum

import scoring
from tournaments.core.once import get_or_build
from tournaments.sessions.models import Board, Entry, EntryPlayer, Result, Section
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

PLAYED = (Result.Kind.PLAYED, Result.Kind.ASSIGNED)


@dataclass
class Frequency:
    """One row of a board's frequency table: a score, how many times the field got it, and what it earned."""

    ns_score: int
    count: int
    ns_points: float
    ew_points: float
    ns_percent: float


@dataclass
class BoardField:
    number: int
    played: int  # played scores across the field
    top: float  # match points for beating every other score (on the event's scale)
    frequencies: list[Frequency] = field(default_factory=list)  # highest N-S score first


@dataclass
class FieldStanding:
    entry_id: int
    session_id: int
    club: str
    code: str
    label: str
    direction: str
    names: str
    boards: int
    percentage: float
    place: str = ""
    club_place: str = ""


@dataclass
class FieldScores:
    simultaneous: Simultaneous
    boards: dict[int, BoardField]
    standings: list[FieldStanding]  # the whole field, best first
    result_ids: npt.NDArray[np.int64]  # every scored line of the field, with its N-S and E-W field percentage
    ns_percent: npt.NDArray[np.float64]
    ew_percent: npt.NDArray[np.float64]

    def of_club(self, session_id: int) -> list[FieldStanding]:
        return [s for s in self.standings if s.session_id == session_id]

    def percent_of(self, result_ids: list[int]) -> dict[int, tuple[float, float]]:
        """(N-S, E-W) field percentage of the given lines (one club's travellers)."""
        import numpy as np  # numpy loads with the first field scored, not with the web process

        wanted = np.isin(self.result_ids, result_ids)
        return {
            int(pk): (float(ns), float(ew))
            for pk, ns, ew in zip(
                self.result_ids[wanted], self.ns_percent[wanted], self.ew_percent[wanted], strict=True
            )
        }

    @property
    def results(self) -> int:
        return len(self.result_ids)


FIELD_TTL_SECONDS = 3600


def field_key(simul: Simultaneous) -> tuple[object, ...]:
    """Changes whenever any club's results change (each write bumps its section's version) or a club joins."""
    agg = Section.objects.filter(session__simultaneous_club__simultaneous=simul).aggregate(
        v=Sum("version"), n=Count("id")
    )
    return (simul.pk, simul.boards, simul.mp_scale, agg["v"], agg["n"])


def score_field(simul: Simultaneous) -> FieldScores:
    """The field's scores, kept in Django's cache (shared by every process) until a club's results change, and
    built once per change however many pages ask (core/once.py); never inside a transaction."""
    if connection.in_atomic_block:
        return _score_now(simul)
    key = "simultaneous-field:" + ":".join(str(part) for part in field_key(simul))
    scores, _stale = get_or_build(key, lambda: _score_now(simul), ttl=FIELD_TTL_SECONDS)
    return scores


def _score_now(simul: Simultaneous) -> FieldScores:
    import numpy as np  # numpy loads with the first field scored, not with the web process

    clubs = {c.session_id: c for c in SimultaneousClub.objects.filter(simultaneous=simul)}
    session_ids = list(clubs)
    numbers_of = dict(
        Board.objects.filter(session_id__in=session_ids, number__lte=simul.boards).values_list("pk", "number")
    )
    lookup = np.zeros(max(numbers_of, default=0) + 1, dtype=np.int64)  # board id -> number (0: not in the event)
    lookup[list(numbers_of)] = list(numbers_of.values())
    played = Result.objects.filter(section__session_id__in=session_ids, kind__in=PLAYED, ns_score__isnull=False)
    table = np.array(
        list(played.values_list("pk", "board_id", "ns_score", "ns_entry_id", "ew_entry_id")), dtype=np.int64
    )
    table = table.reshape(-1, 5)
    board_numbers = lookup[np.minimum(table[:, 1], len(lookup) - 1)] if len(table) else np.zeros(0, dtype=np.int64)
    table, board_numbers = table[board_numbers > 0], board_numbers[board_numbers > 0]
    order = np.argsort(board_numbers, kind="stable")
    table, board_numbers = table[order], board_numbers[order]
    numbers, starts = np.unique(board_numbers, return_index=True)
    groups = np.split(table[:, 2], starts[1:]) if len(table) else []
    points = scoring.matchpoint_field(groups, scale="ebu")  # type: ignore[arg-type]  # numpy rows are int sequences  # 2 per score beaten, 1 per tie: percentages from these
    unit = 1.0 if simul.mp_scale == "acbl" else 2.0
    ns_pct = np.empty(len(table))
    boards: dict[int, BoardField] = {}
    ordered: dict[int, npt.NDArray[np.int64]] = {}
    for number, start, values, board_points in zip(numbers, starts, groups, points, strict=True):
        n = len(values)
        pct = np.full(n, 50.0) if n == 1 else board_points * (50.0 / (n - 1))
        ns_pct[start : start + n] = pct
        ordered[int(number)] = np.sort(values)
        distinct, first, counts = np.unique(values, return_index=True, return_counts=True)
        top = (n - 1) * unit
        frequencies = [
            Frequency(
                int(v),
                int(c),
                float(board_points[f]) * unit / 2,
                top - float(board_points[f]) * unit / 2,
                float(pct[f]),
            )
            for v, f, c in zip(distinct[::-1], first[::-1], counts[::-1], strict=True)
        ]
        boards[int(number)] = BoardField(int(number), n, top, frequencies)
    ew_pct = 100.0 - ns_pct
    ids, ns_ids, ew_ids = table[:, 0], table[:, 3], table[:, 4]
    extra = _adjusted(session_ids, numbers_of, ordered)
    if extra:
        ids = np.concatenate([ids, [x[0] for x in extra]])
        ns_ids = np.concatenate([ns_ids, [x[1] for x in extra]])
        ew_ids = np.concatenate([ew_ids, [x[2] for x in extra]])
        ns_pct = np.concatenate([ns_pct, [x[3] for x in extra]])
        ew_pct = np.concatenate([ew_pct, [x[4] for x in extra]])
    standings = _standings(clubs, ns_ids, ew_ids, ns_pct, ew_pct)
    return FieldScores(simul, boards, standings, ids, ns_pct, ew_pct)


def _adjusted(
    session_ids: list[int], numbers_of: dict[int, int], ordered: dict[int, npt.NDArray[np.int64]]
) -> list[tuple[int, int, int, float, float]]:
    """Artificial and weighted scores (few): (result, N-S entry, E-W entry, N-S %, E-W %)."""
    out = []
    rows = Result.objects.filter(
        section__session_id__in=session_ids, kind__in=[Result.Kind.ARTIFICIAL, Result.Kind.WEIGHTED]
    ).values_list("pk", "board_id", "kind", "ns_percent", "ew_percent", "weighted", "ns_entry_id", "ew_entry_id")
    for pk, board_id, kind, ns_percent, ew_percent, weighted, ns_entry, ew_entry in rows:
        if board_id not in numbers_of:
            continue
        if kind == Result.Kind.ARTIFICIAL and ns_percent is not None and ew_percent is not None:
            out.append((pk, ns_entry, ew_entry, float(ns_percent), float(ew_percent)))
        elif kind == Result.Kind.WEIGHTED and weighted:
            ns = _weighted_percent(weighted, ordered.get(numbers_of[board_id]))
            out.append((pk, ns_entry, ew_entry, ns, 100.0 - ns))
    return out


def _weighted_percent(parts: list[dict[str, float]], ordered: npt.NDArray[np.int64] | None) -> float:
    """A weighted score's N-S percentage: each contract's score against the field, weighted."""
    import numpy as np  # numpy loads with the first field scored, not with the web process

    if ordered is None or not len(ordered):
        return 50.0
    total = 0.0
    for part in parts:
        score = part.get("ns_score")
        if score is None:
            continue
        left = int(np.searchsorted(ordered, score, side="left"))
        right = int(np.searchsorted(ordered, score, side="right"))
        total += float(part.get("weight", 0)) * 50.0 * (left + right) / len(ordered)
    return total


def _standings(
    clubs: dict[int, SimultaneousClub],
    ns_ids: npt.NDArray[np.int64],
    ew_ids: npt.NDArray[np.int64],
    ns_pct: npt.NDArray[np.float64],
    ew_pct: npt.NDArray[np.float64],
) -> list[FieldStanding]:
    """Every pair of every club by field percentage, with its place overall and in its club."""
    import numpy as np  # numpy loads with the first field scored, not with the web process

    ids = np.concatenate([ns_ids, ew_ids])
    pcts = np.concatenate([ns_pct, ew_pct])
    unique, inverse = np.unique(ids, return_inverse=True)
    sums = np.bincount(inverse, weights=pcts)
    counts = np.bincount(inverse)
    entry_ids = [int(x) for x in unique]
    info = {
        pk: (sid, label, direction)
        for pk, sid, label, direction in Entry.objects.filter(section__session_id__in=list(clubs)).values_list(
            "pk", "section__session_id", "label", "direction"
        )
    }
    names: dict[int, list[str]] = defaultdict(list)
    for entry_id, name in (
        EntryPlayer.objects.filter(entry__section__session_id__in=list(clubs))
        .order_by("entry_id", "seat")
        .values_list("entry_id", "name")
    ):
        names[entry_id].append(name)
    out: list[FieldStanding] = []
    for k, entry_id in enumerate(entry_ids):
        session_id, label, direction = info[entry_id]
        club = clubs[session_id]
        out.append(
            FieldStanding(
                entry_id=entry_id,
                session_id=session_id,
                club=club.club,
                code=club.code,
                label=label,
                direction=direction,
                names=" & ".join(names[entry_id]),
                boards=int(counts[k]),
                percentage=float(sums[k] / counts[k]),
            )
        )
    out.sort(key=lambda s: (-round(s.percentage, 6), s.code, s.label))
    for standing, place in zip(out, scoring.rank_with_ties([s.percentage for s in out], tolerance=1e-6), strict=True):
        standing.place = place
    per_club: dict[int, list[FieldStanding]] = defaultdict(list)
    for standing in out:
        per_club[standing.session_id].append(standing)
    for members in per_club.values():
        for standing, place in zip(
            members, scoring.rank_with_ties([s.percentage for s in members], tolerance=1e-6), strict=True
        ):
            standing.club_place = place
    return out
