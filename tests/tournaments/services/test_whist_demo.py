"""`manage.py demo --game duplicate-whist`: a whole evening, every figure re-derived here from the laws.

The reference below is written apart from scoring/whist.py: the movement's rows say who played each board
where, and Law X s. 4 (whist-and-duplicate-whist.txt) is applied to each revoke in its own words.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command

from tournaments.movements.generate import generate


def _demo(*args: str) -> dict:
    out = io.StringIO()
    call_command("demo", "--game", "duplicate-whist", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def law_x(made: int, count: int, before: int, elsewhere: list[int], full: bool) -> Fraction:
    """The revoking side's tricks: two for the first revoke, one for each after; never below what it had won
    before the first; no more than the average on the deal; in pair matches not below the least made at the
    other tables (unless the committee rules the full penalty), and as made if already below it."""
    after = Fraction(made - (2 + count - 1))
    if elsewhere:
        if not full and made < min(elsewhere):
            return Fraction(made)
        after = min(after, Fraction(sum(elsewhere), len(elsewhere)))
        if not full:
            after = max(after, Fraction(min(elsewhere)))
    return max(after, Fraction(min(before, made)))


def _of(side: str, ns_tricks: int) -> int:
    """A side's tricks from North-South's."""
    return ns_tricks if side == "NS" else 13 - ns_tricks


@pytest.mark.parametrize(("tables", "movement", "seed"), [(7, "mitchell", 2), (5, "howell", 4), (3, "individual", 5)])
def test_the_evening_is_scored_by_the_laws(tables, movement, seed) -> None:
    evening = _demo("--tables", str(tables), "--movement", movement, "--seed", str(seed))
    assert evening == _demo("--tables", str(tables), "--movement", movement, "--seed", str(seed))  # reproducible
    plan = generate(movement, tables * (4 if movement == "individual" else 2))  # players, or pairs
    where = {(r.round, r.table, r.ns, r.ew, b) for r in plan.rows if r.ns and r.ew for b in r.boards}
    seen = {(x["round"], x["table"], x["ns"], x["ew"], t["board"]) for t in evening["travellers"] for x in t["lines"]}
    assert seen == where  # every board played once by every pair the movement sends to it, nowhere else
    revokes = 0
    mps: dict[str, float] = defaultdict(float)
    tricks: dict[str, Fraction] = defaultdict(Fraction)
    for traveller in evening["travellers"]:
        lines = traveller["lines"]
        after = []
        for i, line in enumerate(lines):
            ns = Fraction(line["ns_tricks"])
            if line["revoke"]:
                revokes += 1
                rv = line["revoke"]
                elsewhere = [_of(rv["side"], o["ns_tricks"]) for j, o in enumerate(lines) if j != i]
                kept = law_x(_of(rv["side"], line["ns_tricks"]), rv["count"], rv["tricks_before"], elsewhere, False)
                ns = kept if rv["side"] == "NS" else 13 - kept
                moved = ns - line["ns_tricks"]
                assert line["r"] == ("" if not moved else f"{'+' if moved > 0 else '-'}R{abs(moved)}")
            assert line["ns_after"] == pytest.approx(float(ns), abs=1e-4)  # printed to 4 places
            after.append(ns)
        average = sum(after, Fraction(0)) / len(after)
        top = 2 * (len(lines) - 1)
        for line, ns in zip(lines, after, strict=True):
            beaten = sum(1 for o in after if o < ns) * 2 + sum(1 for o in after if o == ns) - 1
            assert (line["ns_matchpoints"], line["ew_matchpoints"]) == (beaten, top - beaten)
            assert line["ns_over_average"] == pytest.approx(float(ns - average), abs=1e-4)
            for who in line["ns"].split("-"):  # an individual movement's partnership credits both players
                mps[who] += beaten
                tricks[who] += ns - average
            for who in line["ew"].split("-"):
                mps[who] += top - beaten
                tricks[who] -= ns - average
    assert revokes > 0
    table = {row["pair"]: row for row in evening["standings"]}
    assert set(table) == set(plan.entries())
    for pair, row in table.items():
        assert row["matchpoints"] == pytest.approx(mps[pair])
        assert row["tricks"] == pytest.approx(float(tricks[pair]), abs=0.005)
    assert [r["matchpoints"] for r in evening["standings"]] == sorted(mps.values(), reverse=True)


def test_a_field_too_small_for_the_movement_is_refused_with_the_reason() -> None:
    with pytest.raises(CommandError, match="A Mitchell needs at least 6 pairs"):
        _demo("--tables", "1")


def test_the_summary_names_the_winner() -> None:
    out = io.StringIO()
    call_command("demo", "--game", "duplicate-whist", "--tables", "4", "--seed", "3", stdout=out)
    text = out.getvalue()
    assert text.startswith("Duplicate whist: mitchell 4 tables, 4 rounds of 2, 8 boards,") and "  1. " in text


def test_the_bridge_demo_refuses_an_individual_movement() -> None:
    with pytest.raises(CommandError, match="plays pairs"):
        call_command("demo", "--movement", "individual", "--tables", "3", stdout=io.StringIO())


@pytest.mark.django_db
@pytest.mark.parametrize(("movement", "tables"), [("mitchell", 4), ("howell", 4), ("individual", 3)])
def test_the_saved_evening_is_a_whist_session_scored_as_printed(movement, tables) -> None:
    from tournaments.sessions.models import Result, Session
    from tournaments.sessions.selectors.scores import score_section

    printed = _demo("--tables", str(tables), "--movement", movement, "--seed", "5")
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "demo", "--game", "duplicate-whist", "--tables", str(tables), "--movement", movement, "--seed", "5",
        "--save", stdout=out, stderr=err,
    )  # fmt: skip
    session = Session.objects.get(pk=int(out.getvalue().split()[-1]))
    assert session.is_whist
    section = session.sections.get()
    lines = [(t["board"], line) for t in printed["travellers"] for line in t["lines"]]
    assert section.results.count() == len(lines)
    marks = {
        (b.board.number, line.result.ns_entry.label): line.revoke_mark
        for b in score_section(section).boards
        for line in b.lines
    }
    for board, line in lines:
        stored = Result.objects.get(section=section, board__number=board, ns_entry__label=line["ns"])
        assert stored.tricks == line["ns_tricks"] and stored.ns_score == line["ns_tricks"]
        if line["revoke"]:
            assert {k: stored.revoke[k] for k in ("side", "count", "tricks_before")} == line["revoke"]
        assert marks[(board, line["ns"])] == line["r"]  # the session's scoring caps the R as the evening did
