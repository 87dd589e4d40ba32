"""Knockout matches in stanzas with a carry-over (scoring/knockout.py): worked examples in the way conditions of
contest state them, the refusals, and properties of the running score."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import InvalidScore
from scoring.knockout import CarryRule, carry_by_rule, carry_from_margin, check_carry, knockout_score, parse_fraction


def test_three_stanzas_with_a_carry_over_running_score_and_winner() -> None:
    # 24 boards in stanzas of 8; home brings in a third of a 10-IMP head-to-head win: 3.3.
    carry = carry_from_margin(10, Decimal(1) / 3)
    assert carry == Decimal("3.3")
    imps = {b: 0 for b in range(1, 25)}
    imps |= {1: 10, 2: -3, 9: -12, 10: -2, 17: 6, 24: -1}
    match = knockout_score(imps, boards=24, stanza_boards=8, carry=carry)
    assert [(s.first, s.last, s.imps_home, s.imps_away) for s in match.stanzas] == [
        (1, 8, 10, 3),
        (9, 16, 0, 14),
        (17, 24, 6, 1),
    ]
    assert [(s.running_home, s.running_away) for s in match.stanzas] == [
        (Decimal("13.3"), Decimal(3)),
        (Decimal("13.3"), Decimal(17)),
        (Decimal("19.3"), Decimal(18)),
    ]
    assert match.complete and match.winner == "home" and match.margin == Decimal("1.3")


def test_the_carry_over_can_decide_a_match_lost_at_the_table() -> None:
    # Away brings in 3.5 IMPs; home wins the boards by 3 and still goes out by half an IMP.
    match = knockout_score({1: 5, 2: -2}, boards=2, carry="-3.5")
    assert (match.carry_home, match.carry_away) == (Decimal(0), Decimal("3.5"))
    assert (match.total_home, match.total_away) == (Decimal(5), Decimal("5.5"))
    assert match.winner == "away"


def test_a_level_total_is_a_tie_until_an_extra_board_decides() -> None:
    level = knockout_score({1: 3, 2: -1, 3: -2, 4: 0}, boards=4, stanza_boards=2, carry=0)
    assert level.tied and level.winner is None and len(level.stanzas) == 2
    extra = knockout_score({1: 3, 2: -1, 3: -2, 4: 0, 5: -1}, boards=4, stanza_boards=2)
    last = extra.stanzas[-1]
    assert last.extra and (last.first, last.last, last.imps_away) == (5, 5, 1)
    assert extra.winner == "away"


def test_an_unfinished_match_has_no_winner_and_shows_the_stanza_played_so_far() -> None:
    match = knockout_score({1: 7, 2: 1, 3: -2}, boards=6, stanza_boards=4, carry="1.5")
    first, second = match.stanzas
    assert (first.played, first.complete, second.played) == (3, False, 0)
    assert first.running_home == Decimal("9.5") and second.running_home == Decimal("9.5")
    assert not match.complete and match.winner is None
    assert (second.first, second.last) == (5, 6)  # the last stanza is shorter


def test_carry_over_cap_and_rounding() -> None:
    assert carry_from_margin(-14, Decimal("0.5"), cap=Decimal(5)) == Decimal("-5.0")
    assert carry_from_margin(11, Decimal(1) / 3) == Decimal("3.7")  # 3.666... half up to a tenth
    assert carry_from_margin(Decimal("7.5"), Decimal(1) / 3) == Decimal("2.5")
    with pytest.raises(InvalidScore):
        carry_from_margin(10, Decimal(2))


@pytest.mark.parametrize("typed", ["3.25", "abc", "1000", "NaN", "Infinity", "1e5"])
def test_a_carry_over_that_is_not_tenths_of_an_imp_is_refused(typed: str) -> None:
    with pytest.raises(InvalidScore):
        check_carry(typed)


def test_the_shape_of_a_match_is_checked() -> None:
    with pytest.raises(InvalidScore):
        knockout_score({}, boards=0)
    with pytest.raises(InvalidScore):
        knockout_score({}, boards=8, stanza_boards=9)
    assert check_carry(" ") == 0 and str(check_carry("-0")) == "0.0"


@given(
    st.dictionaries(st.integers(1, 20), st.integers(-24, 24), max_size=20),
    st.integers(1, 20),
    st.integers(0, 20),
    st.decimals(min_value=-50, max_value=50, places=1, allow_nan=False, allow_infinity=False),
)
@settings(max_examples=200, deadline=None)
def test_the_total_is_the_carry_over_plus_every_board(imps, boards, size, carry) -> None:
    size = min(size, boards)
    match = knockout_score(imps, boards=boards, stanza_boards=size, carry=carry)
    assert match.margin == carry + sum(imps.values())
    last = match.stanzas[-1]
    assert (last.running_home, last.running_away) == (match.total_home, match.total_away)
    assert sum(s.played for s in match.stanzas) == len(imps)
    running = [s.running_home + s.running_away for s in match.stanzas]
    assert running == sorted(running)


@pytest.mark.parametrize(
    ("margin", "rule", "carry"),
    [
        (10, CarryRule(fraction=Decimal(1) / 3), Decimal("3.3")),  # a third of a 10-IMP win
        (-10, CarryRule(fraction=Decimal(1) / 3), Decimal("-3.3")),  # the away team won the earlier match
        (30, CarryRule(fraction=Decimal("0.5"), cap=Decimal(8)), Decimal(8)),  # half of 30, at most 8
        (-30, CarryRule(fraction=Decimal("0.5"), cap=Decimal(8)), Decimal(-8)),
        (7, CarryRule(fraction=Decimal(0)), Decimal(0)),  # no carry-over (seeding only)
        (7, CarryRule(kind="winner", fixed=Decimal("0.5")), Decimal("0.5")),
        (-1, CarryRule(kind="winner", fixed=Decimal("0.5")), Decimal("-0.5")),
        (0, CarryRule(kind="winner", fixed=Decimal("0.5")), Decimal(0)),  # a drawn earlier match: nothing
    ],
)
def test_carry_over_from_an_earlier_match_by_rule(margin, rule, carry) -> None:
    assert carry_by_rule(margin, rule) == carry


@pytest.mark.parametrize(("text", "value"), [("1/3", Decimal(1) / 3), ("0.5", Decimal("0.5")), ("50%", Decimal("0.5"))])
def test_fractions_as_typed(text, value) -> None:
    assert parse_fraction(text) == value


@pytest.mark.parametrize("text", ["2", "-1/3", "x", "1/0", "150%", "nan", ""])
def test_bad_fractions_refused(text) -> None:
    with pytest.raises(InvalidScore, match="fraction"):
        parse_fraction(text)


@pytest.mark.parametrize(
    "rule",
    [CarryRule(kind="winner", fixed=Decimal(-1)), CarryRule(cap=Decimal("-2")), CarryRule(kind="bogus")],
)
def test_bad_rules_refused(rule) -> None:
    with pytest.raises(InvalidScore):
        carry_by_rule(5, rule)


@given(st.integers(-200, 200), st.integers(0, 100), st.integers(0, 50))
def test_the_carry_never_exceeds_the_cap_or_the_margin_and_keeps_the_winners_side(margin, percent, cap) -> None:
    got = carry_by_rule(margin, CarryRule(fraction=Decimal(percent) / 100, cap=Decimal(cap)))
    assert abs(got) <= min(Decimal(cap), abs(Decimal(margin)))
    assert got == 0 or (got > 0) == (margin > 0)
