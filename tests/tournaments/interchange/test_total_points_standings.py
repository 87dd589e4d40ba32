"""A total-points session is scored by scoring.aggregate (each line's points, each pair's total), and its figures
are those it had before: each line N-S's score and its negative, each pair's own scores added up, scaled for
boards it missed as the session says, less its penalties. The reference below is the arithmetic the scorer had
before it used scoring.aggregate, written out again here, over random sessions with random rulings."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tournaments.sessions.models import Result, Ruling, Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services import rulings as ruling_services

from .test_roundtrip import _create, _play_all

pytestmark = pytest.mark.django_db


def _reference(session: Session) -> dict[int, float]:
    """Each entry's total as the scorer computed it before: own scores added, scaled, less penalties."""
    section = session.sections.get()
    own: dict[int, list[int]] = defaultdict(list)
    for r in Result.objects.filter(section=section).exclude(ns_score=None):
        own[r.ns_entry_id].append(r.ns_score)
        own[r.ew_entry_id].append(-r.ns_score)
    expected = max((len(v) for v in own.values()), default=0)
    penalties: dict[int, float] = defaultdict(float)
    for ruling in Ruling.objects.filter(section=section).exclude(entry=None):
        penalties[ruling.entry_id] += ruling.penalty or 0
    totals = {}
    for entry in section.entries.all():
        scores, n = own[entry.pk], len(own[entry.pk])
        total = float(sum(scores))
        if session.scale_missed_boards and 0 < n < expected:
            total = total * expected / n
        totals[entry.pk] = round(total - penalties[entry.pk], 6)
    return totals


RULINGS = st.lists(
    st.tuples(st.sampled_from(["not_played", "artificial", "weighted", "procedural_penalty"]), st.integers(0, 500)),
    max_size=3,
)


@settings(
    max_examples=6,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    layout=st.sampled_from([("howell", 6, False), ("mitchell", 8, False), ("mitchell", 7, True)]),
    rulings=RULINGS,
    seed=st.integers(0, 5),
    scale=st.booleans(),
)
def test_total_points_figures_are_unchanged(director, layout, rulings, seed, scale) -> None:
    kind, pairs, late = layout
    session = _create(kind, pairs, director, late=late, method="total")
    _play_all(session, director, seed)
    Session.objects.filter(pk=session.pk).update(scale_missed_boards=scale)
    session.refresh_from_db()
    section = session.sections.get()
    results = list(Result.objects.filter(section=section).order_by("board__number", "ns_entry__number"))
    entries = list(section.entries.order_by("pk"))
    for decision, pick in rulings:
        result = results[pick % len(results)]
        result.refresh_from_db()  # an earlier ruling may have changed it
        kwargs: dict[str, Any] = {"result": result}
        if decision == "artificial":
            kwargs.update(ns_percent=60, ew_percent=40)
        elif decision == "weighted":
            kwargs["weighted"] = [{"weight": 100, "contract": "3NT", "declarer": "S", "tricks": str(7 + pick % 4)}]
        elif decision == "procedural_penalty":
            kwargs = {"entry": entries[pick % len(entries)]}
        ruling_services.apply_ruling(actor=director, section=section, decision=decision, **kwargs)
    scores = score_section(section)
    for board in scores.boards:
        for line in board.lines:
            score = line.result.ns_score
            expected = (None, None) if score is None else (float(score), -float(score))
            assert (line.ns_points, line.ew_points) == expected
            assert (line.ns_total_points, line.ew_total_points) == expected
    ours = {s.entry.pk: s.total for rows in scores.standings.values() for s in rows}
    assert ours == _reference(session)
    assert all(s.percentage is None for rows in scores.standings.values() for s in rows)
