"""Bowman (1½-table appendix Mitchell) and appendix Howell: proved sound by the validator for every size offered,
with their defining traits; printed by `manage.py movement`, offered by the suggester, and playable in a session."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementError, generate, howell, suggest, validate
from tournaments.movements.appendix import BOWMAN_TABLES, appendix_howell, bowman_mitchell

BOWMAN_PAIRS = [p for p in range(15, 2 * BOWMAN_TABLES[-1] + 1) if (p + 1) // 2 in BOWMAN_TABLES]
APPENDIX_PAIRS = [9, 10, *range(13, 61)]


@pytest.mark.parametrize("pairs", BOWMAN_PAIRS)
def test_bowman_is_sound_and_shares_sets_between_two_tables(pairs: int) -> None:
    movement = bowman_mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    tables = movement.tables
    assert movement.rounds == tables - 2 and movement.board_count == (tables - 2) * 2
    assert movement.winners == 2 and movement.variant == "bowman"
    # Every set is compared equally often: each NS pair plays every set once.
    assert len(set(report.comparisons.values())) == 1
    for r in range(1, movement.rounds + 1):
        assert movement.row_at(r, tables - 1).boards == movement.row_at(r, 1).boards  # the fixed share
        copies = Counter(row.boards for row in movement.rows_for_round(r))
        assert max(copies.values()) == 2 and sum(copies.values()) == tables  # a set is at two tables at most
    # EW pairs move up one table a round, NS pairs stay.
    for row in movement.rows:
        assert row.ew == f"{(row.table - row.round) % tables + 1}EW"
        assert row.ns in (f"{row.table}NS", None)


@given(st.sampled_from(BOWMAN_PAIRS), st.integers(min_value=1, max_value=13), st.integers(min_value=1, max_value=4))
@settings(max_examples=40, deadline=None)
def test_a_cut_down_bowman_stays_sound(pairs: int, rounds: int, bpr: int) -> None:
    tables = (pairs + 1) // 2
    if rounds > tables - 2:
        with pytest.raises(MovementError, match="Bowman"):
            bowman_mitchell(pairs, rounds=rounds, boards_per_round=bpr)
        return
    assert validate(bowman_mitchell(pairs, rounds=rounds, boards_per_round=bpr)).ok


@pytest.mark.parametrize("pairs", [5, 14, 2 * BOWMAN_TABLES[-1] + 1, 60])
def test_bowman_refused_outside_its_tables(pairs: int) -> None:
    with pytest.raises(MovementError, match="A Bowman is played on"):
        bowman_mitchell(pairs)


@pytest.mark.parametrize("pairs", APPENDIX_PAIRS)
def test_appendix_howell_is_sound_and_balanced(pairs: int) -> None:
    movement = appendix_howell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    base = howell(pairs - 2)
    assert movement.tables == base.tables + 1 and movement.rounds == base.rounds
    assert len(set(report.comparisons.values())) == 1  # every set played once more than in the Howell
    # The two stationary pairs stay at their seats and meet a different pair every round.
    stay_ew, stay_ns = str(pairs - 1), str(pairs)
    seats_ew = {movement.seat(stay_ew, r) for r in range(1, movement.rounds + 1)}
    seats_ns = {movement.seat(stay_ns, r) for r in range(1, movement.rounds + 1)}
    assert {(s.table, s.direction) for s in seats_ew if s} == {(movement.shares[-1].tables[0], "EW")}
    assert {(s.table, s.direction) for s in seats_ns if s} == {(movement.tables, "NS")}
    assert movement.entries() == [str(p) for p in range(1, pairs + 1)]
    for r in range(1, movement.rounds + 1):
        assert movement.shared_tables(r, movement.tables)  # the appendix table always shares


@pytest.mark.parametrize("pairs", [3, 6, 7, 8, 11, 12])
def test_appendix_howell_refused_where_it_cannot_be_sound(pairs: int) -> None:
    with pytest.raises(MovementError, match="appendix Howell"):
        appendix_howell(pairs)


def _json(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("movement", *args, "--json", stdout=out)
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def test_command_prints_bowman_and_appendix_howell_in_the_json_shape() -> None:
    data = _json("bowman", "--pairs", "22", "--boards-per-round", "3")
    assert data == json.loads(json.dumps(generate("bowman", 22, boards_per_round=3).to_json()))
    assert (data["kind"], data["tables"], data["rounds"]) == ("mitchell", 11, 9)
    data = _json("appendix-howell", "--pairs", "16")
    assert (data["kind"], data["tables"], data["rounds"]) == ("howell", 8, 13)
    assert _json("howell", "--variant", "appendix", "--pairs", "16") == data


def test_the_suggester_offers_them_with_a_reason() -> None:
    by_variant = {s.variant: s for s in suggest(22)}
    bowman = by_variant["bowman"]
    assert bowman.tables == 11 and "two tables more than the board sets" in bowman.reason
    assert validate(bowman.movement()).ok
    appendix = {s.variant: s for s in suggest(16)}["appendix"]
    assert "appendix table" in appendix.reason and validate(appendix.movement()).ok


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "variant", "pairs"), [("mitchell", "bowman", 20), ("howell", "appendix", 14)])
def test_a_session_is_created_with_them(kind: str, variant: str, pairs: int) -> None:
    from tests.tournaments.services.factories import make_session, section_a
    from tournaments.sessions.services.sessions import SectionSpec

    section = section_a(make_session(SectionSpec(pairs=pairs, kind=kind, boards_per_round=2, variant=variant)))
    assert section.movement_variant == variant
    assert section.tables == generate(kind, pairs, variant=variant).tables
