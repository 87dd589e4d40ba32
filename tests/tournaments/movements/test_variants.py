"""The Mitchell variants of our own construction and the half Howell: each proved sound by the validator for every
size the suggester offers it for (up to 60 pairs here; the largest sizes once each), and their defining traits."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tournaments.movements import MovementError, generate, howell, suggest, validate
from tournaments.movements.rover import rover_mitchell
from tournaments.movements.variants import (
    hesitation_mitchell,
    scrambled_mitchell,
    share_relay_mitchell,
    web_mitchell,
    web_strands,
)


def _web_pairs(top: int) -> list[int]:
    return [p for p in range(24, top + 1) if web_strands((p + 1) // 2)]


@pytest.mark.parametrize("pairs", [*_web_pairs(60), 199, 200])
def test_web_mitchell_is_sound_for_every_size_with_strands(pairs: int) -> None:
    tables = (pairs + 1) // 2
    for k in web_strands(tables):
        movement = web_mitchell(pairs, rounds=k)
        report = validate(movement)
        assert report.ok, report.errors
        # Each set is at tables/k tables at once, by design, and every EW pair plays every set once.
        assert movement.board_count == k * 2
        copies = tables // k
        assert all(len(share.tables) == copies for share in movement.shares)


def test_web_mitchell_for_26_tables_plays_13_rounds_with_two_copies() -> None:
    movement = web_mitchell(52)
    assert (movement.tables, movement.rounds, movement.board_count) == (26, 13, 26)
    assert movement.row_at(1, 1).boards == movement.row_at(1, 14).boards == (1, 2)
    assert "make 2 copies of each board" in movement.description


@pytest.mark.parametrize("pairs", [10, 15, 25, 26, 31])
def test_web_mitchell_refused_without_strands(pairs: int) -> None:
    with pytest.raises(MovementError, match="web Mitchell"):
        web_mitchell(pairs)


@pytest.mark.parametrize("pairs", [p for p in range(6, 61) if ((p + 1) // 2) % 2])
def test_hesitation_mitchell_is_sound_for_every_odd_number_of_tables(pairs: int) -> None:
    movement = hesitation_mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    tables = movement.tables
    assert movement.rounds == tables + 1 and movement.winners == 1
    middle = tables // 2 + 1
    # The pair at EW of the middle table sits NS there the next round: it hesitates.
    for r in range(1, movement.rounds):
        assert movement.row_at(r + 1, middle).ns == movement.row_at(r, middle).ew
    # The stationary NS pairs meet every moving pair once.
    assert set(Counter(row.ns for row in movement.rows if row.ns and row.table != middle).values()) == {tables + 1}


@pytest.mark.parametrize("pairs", [7, 8, 12])
def test_hesitation_refused_on_even_tables(pairs: int) -> None:
    with pytest.raises(MovementError, match="odd number of tables"):
        hesitation_mitchell(pairs)


@pytest.mark.parametrize("pairs", range(6, 61))
def test_scrambled_mitchell_is_sound_and_every_pair_plays_both_ways(pairs: int) -> None:
    movement = scrambled_mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    assert movement.winners == 1
    directions: dict[str, set[str]] = {}
    for row in movement.rows:
        if row.played:
            assert row.ns is not None and row.ew is not None
            directions.setdefault(row.ns, set()).add("NS")
            directions.setdefault(row.ew, set()).add("EW")
    if movement.rounds >= 3:
        assert all(seen == {"NS", "EW"} for seen in directions.values())


@pytest.mark.parametrize("pairs", [p for p in range(8, 61) if ((p + 1) // 2) % 2 == 0])
def test_share_relay_mitchell_is_sound_for_every_even_number_of_tables(pairs: int) -> None:
    movement = share_relay_mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    tables = movement.tables
    assert movement.rounds == tables - 2 and movement.board_count == (tables - 1) * 2
    assert movement.bye_stands == ()
    for r in range(1, movement.rounds + 1):
        assert movement.row_at(r, 1).boards == movement.row_at(r, tables).boards


@pytest.mark.parametrize("pairs", [*range(9, 62, 2), 101])
def test_rover_mitchell_is_sound_and_each_pair_sits_out_at_most_once(pairs: int) -> None:
    movement = rover_mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    rover = str(movement.tables + 1)
    absent: Counter[str] = Counter()
    for r in range(1, movement.rounds + 1):
        seated = {label for row in movement.rows_for_round(r) for label in (row.ns, row.ew) if label}
        assert rover in seated
        absent.update(set(movement.entries()) - seated)
    assert sum(absent.values()) == movement.rounds and set(absent.values()) == {1}
    assert {label[-2:] for label in absent} == {"NS", "EW"}  # NS and EW pairs sit out alike


@pytest.mark.parametrize("pairs", [8, 7, 103])
def test_rover_refused_outside_its_sizes(pairs: int) -> None:
    with pytest.raises(MovementError, match="rover Mitchell"):
        rover_mitchell(pairs)


@pytest.mark.parametrize("pairs", range(3, 61))
@pytest.mark.parametrize("variant", ["half", "three-quarter"])
def test_half_and_three_quarter_howells_are_sound_for_any_size(pairs: int, variant: str) -> None:
    movement = howell(pairs, variant=variant)
    report = validate(movement)
    assert report.ok, report.errors
    full = pairs + pairs % 2 - 1
    share = 0.5 if variant == "half" else 0.75
    assert movement.rounds == max(1, math.ceil(share * full))
    assert variant in movement.description


@pytest.mark.parametrize(
    ("alias", "pairs", "variant"),
    [("web", 52, "web"), ("hesitation", 14, "hesitation"), ("scrambled", 20, "scrambled"),
     ("share-relay", 16, "share-relay"), ("rover", 21, "rover"), ("half-howell", 12, "half")],
)  # fmt: skip
def test_aliases_name_the_variant(alias: str, pairs: int, variant: str) -> None:
    movement = generate(alias, pairs)
    assert movement.variant == variant
    assert generate(movement.kind, pairs, variant=variant) == movement


def test_alias_with_another_variant_is_refused() -> None:
    with pytest.raises(MovementError, match="no variant 'skip'"):
        generate("web", 52, variant="skip")


@pytest.mark.parametrize("pairs", [13, 20, 21, 52])
def test_suggester_offers_the_variants_after_the_standard_ones_with_their_reason(pairs: int) -> None:
    suggestions = suggest(pairs)
    extra = ("web", "hesitation", "scrambled", "share-relay", "rover", "bowman", "appendix")
    offered = [s for s in suggestions if s.variant in extra]
    assert offered, "no variant offered"
    for s in offered:
        assert validate(s.movement()).ok
    first_extra = next(i for i, s in enumerate(suggestions) if s.variant in extra)
    assert all(s.variant not in extra for s in suggestions[:first_extra] if s.usual)
    usual = [s for s in suggestions if s.usual]
    assert [s.variant in extra for s in usual] == sorted(s.variant in extra for s in usual)
    reasons = {s.variant: s.reason for s in offered}
    if "rover" in reasons:
        assert "an extra pair takes a different pair's seat each round" in reasons["rover"]
    if "hesitation" in reasons:
        assert "stays a round and sits NS" in reasons["hesitation"]
