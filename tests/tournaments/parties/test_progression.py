"""Law 5 progression, Law 6 partner changes and the tie rules, checked on whole parties."""

from __future__ import annotations

import random

import pytest

from tournaments.parties.progression import next_seating, other_side, table_winner
from tournaments.parties.tally_cards import assign_tally_cards, draw_tally_cards, tally_cards_for
from tournaments.parties.types import Guest, PartyError, TableSeating


def mixed_guests(tables: int) -> list[Guest]:
    return [Guest(f"L{i}", f"Lady {i}", "lady") for i in range(2 * tables)] + [
        Guest(f"G{i}", f"Gent {i}", "gentleman") for i in range(2 * tables)
    ]


def plain_guests(tables: int) -> list[Guest]:
    return [Guest(f"P{i}", f"Player {i}") for i in range(4 * tables)]


def groups_of(guests: list[Guest]) -> dict[str, str | None]:
    return {g.id: g.group for g in guests}


def where(seating: list[TableSeating]) -> dict[str, tuple[int, str]]:
    return {who: (t.table, seat) for t in seating for seat, who in t.seats.items()}


def partner_of(seating: list[TableSeating], guest: str) -> str:
    for t in seating:
        for seat, who in t.seats.items():
            if who == guest:
                return t.seats[{"N": "S", "S": "N", "E": "W", "W": "E"}[seat]]
    raise AssertionError(guest)


@pytest.mark.parametrize("tables", [2, 3, 5, 20])
def test_mixed_draw_gives_every_table_two_mixed_couples(tables: int) -> None:
    guests = mixed_guests(tables)
    seating = draw_tally_cards(guests, tables, random.Random(tables), mixed=True)
    assert [t.table for t in seating] == list(range(1, tables + 1))
    assert sorted(where(seating)) == sorted(g.id for g in guests)
    for t in seating:
        assert {t.seats["N"][0], t.seats["E"][0]} == {"G"}  # gentlemen hold N and E
        assert {t.seats["S"][0], t.seats["W"][0]} == {"L"}
        assert t.first_dealer in ("S", "W")  # "the two ladies draw for deal"
    cards = tally_cards_for(seating, groups_of(guests))
    assert len(cards) == 4 * tables and {c.pile for c in cards} == {"lady", "gentleman"}
    assert all(c.label.startswith(f"Table {c.table} · ") for c in cards)


def test_draw_refuses_wrong_numbers_with_a_message() -> None:
    with pytest.raises(PartyError, match="seat exactly 12 guests; you have 11"):
        draw_tally_cards(plain_guests(3)[:11], 3, random.Random(1), mixed=False)
    guests = plain_guests(2)
    with pytest.raises(PartyError, match="needs 4 ladies and 4 gentlemen"):
        draw_tally_cards(guests, 2, random.Random(1), mixed=True)
    with pytest.raises(PartyError, match="at least 2 tables"):
        draw_tally_cards(plain_guests(1), 1, random.Random(1), mixed=False)


def test_assigned_tally_cards_are_checked() -> None:
    guests = mixed_guests(2)
    assignment = {
        "G0": (1, "N"), "G1": (1, "E"), "L0": (1, "S"), "L1": (1, "W"),
        "G2": (2, "N"), "G3": (2, "E"), "L2": (2, "S"), "L3": (2, "W"),
    }  # fmt: skip
    seating = assign_tally_cards(guests, 2, assignment, random.Random(0), mixed=True)
    assert seating[1].seats == {"N": "G2", "E": "G3", "S": "L2", "W": "L3"}
    clash = {**assignment, "G3": (1, "N")}
    with pytest.raises(PartyError, match="both have table 1 N"):
        assign_tally_cards(guests, 2, clash, random.Random(0), mixed=True)
    wrong_pile = {**assignment, "G0": (1, "S"), "L0": (1, "N")}
    with pytest.raises(PartyError, match="gentlemen sit North or East"):
        assign_tally_cards(guests, 2, wrong_pile, random.Random(0), mixed=True)


def seat_round(seat: dict[str, str], table: int = 1) -> TableSeating:
    return TableSeating(table=table, seats=seat)


def test_law5_standard_mixed_three_tables_by_hand() -> None:
    """A worked example: who goes where and who partners whom after one round."""
    r1 = [
        seat_round({"N": "G1", "S": "L1", "E": "G2", "W": "L2"}, 1),
        seat_round({"N": "G3", "S": "L3", "E": "G4", "W": "L4"}, 2),
        seat_round({"N": "G5", "S": "L5", "E": "G6", "W": "L6"}, 3),
    ]
    guests = [Guest(x, x, "lady" if x[0] == "L" else "gentleman") for t in r1 for x in t.seats.values()]
    winners = {1: "NS", 2: "EW", 3: "NS"}
    r2 = next_seating(r1, winners, "standard", random.Random(0), groups=groups_of(guests), mixed=True)
    # Table 1: winners G1/L1 stay; the winners of table 2 (G4/L4) arrive; the visiting lady L4 partners G1.
    assert r2[0].seats == {"N": "G1", "S": "L4", "E": "G4", "W": "L1"}
    assert r2[0].first_dealer == "S"  # the visiting lady deals first
    # Table 2: losers G3/L3 stay; the winners of table 3 (G5/L5) arrive; L5 partners G3.
    assert r2[1].seats == {"N": "G3", "S": "L5", "E": "G5", "W": "L3"}
    # Table 3 (the last): losers G6/L6 stay; the losers of table 1 (G2/L2) arrive; L2 partners G6.
    assert r2[2].seats == {"E": "G6", "W": "L2", "N": "G2", "S": "L6"}
    assert r2[2].first_dealer == "W"


def test_head_table_may_keep_partners_as_in_the_specimen_announcement() -> None:
    r1 = [
        seat_round({"N": "G1", "S": "L1", "E": "G2", "W": "L2"}, 1),
        seat_round({"N": "G3", "S": "L3", "E": "G4", "W": "L4"}, 2),
    ]
    groups = {x: ("lady" if x[0] == "L" else "gentleman") for t in r1 for x in t.seats.values()}
    r2 = next_seating(
        r1, {1: "NS", 2: "NS"}, "standard", random.Random(0), groups=groups, mixed=True,
        head_table_keeps_partners=True,
    )  # fmt: skip
    assert r2[0].seats == {"N": "G1", "S": "L1", "E": "G3", "W": "L3"}
    assert r2[0].first_dealer == "W"  # the visiting lady
    # Table 2: the losers (E-W: G4/L4) stay; G4 keeps East and the visiting lady L2 partners him.
    assert r2[1].seats == {"E": "G4", "W": "L2", "N": "G2", "S": "L4"}


@pytest.mark.parametrize("mixed", [True, False])
@pytest.mark.parametrize("tables", [2, 3, 7])
def test_standard_progression_over_many_rounds_keeps_law5_and_law6(tables: int, mixed: bool) -> None:
    guests = mixed_guests(tables) if mixed else plain_guests(tables)
    groups = groups_of(guests)
    rng = random.Random(tables * 10 + mixed)
    seating = draw_tally_cards(guests, tables, rng, mixed=mixed)
    for _ in range(6):
        winners = {t.table: rng.choice(("NS", "EW")) for t in seating}
        new = next_seating(seating, winners, "standard", rng, groups=groups, mixed=mixed)
        before, after = where(seating), where(new)
        assert sorted(after) == sorted(before)
        for t in seating:
            win, lose = t.pair(winners[t.table]), t.pair(other_side(winners[t.table]))
            if t.table == 1:
                assert {after[g][0] for g in win} == {1}
                assert {after[g][0] for g in lose} == {tables}
            else:
                assert {after[g][0] for g in win} == {t.table - 1}
                assert {after[g][0] for g in lose} == {t.table}
        for t in new:
            stayers = [g for g in t.players() if before[g][0] == t.table]
            arrivals = [g for g in t.players() if before[g][0] != t.table]
            assert len(stayers) == 2 and len(arrivals) == 2
            # Law 6: everybody changes partner; each arrival partners one who remained.
            for g in t.players():
                assert partner_of(new, g) != partner_of(seating, g)
                assert (g in stayers) != (partner_of(new, g) in stayers)
            if mixed:
                assert {groups[t.seats["N"]], groups[t.seats["E"]]} == {"gentleman"}
                visiting_lady = next(g for g in arrivals if groups[g] == "lady")
                staying_gent = next(g for g in stayers if groups[g] == "gentleman")
                assert partner_of(new, visiting_lady) == staying_gent
                assert t.seats[t.first_dealer] == visiting_lady
            else:
                assert t.seats[t.first_dealer] in arrivals  # the higher-drawing arrival deals
                assert t.seats["E"] in arrivals  # the lower sits at the dealer's left
        seating = new


@pytest.mark.parametrize("tables", [2, 4])
def test_fixed_partners_never_change(tables: int) -> None:
    guests = plain_guests(tables)
    rng = random.Random(5)
    seating = draw_tally_cards(guests, tables, rng, mixed=False)
    partners = {g.id: partner_of(seating, g.id) for g in guests}
    for _ in range(5):
        winners = {t.table: rng.choice(("NS", "EW")) for t in seating}
        seating = next_seating(seating, winners, "fixed", rng, groups=groups_of(guests), mixed=False)
        assert {g.id: partner_of(seating, g.id) for g in guests} == partners


def test_ns_stationary_ew_move_down_one_table_whoever_wins() -> None:
    tables = 4
    guests = mixed_guests(tables)
    rng = random.Random(9)
    seating = draw_tally_cards(guests, tables, rng, mixed=True)
    for _ in range(tables):
        new = next_seating(seating, {}, "ns_stationary", rng, groups=groups_of(guests), mixed=True)
        for t in seating:
            target = t.table - 1 if t.table > 1 else tables
            assert new[t.table - 1].pair("NS") == t.pair("NS")
            assert new[target - 1].pair("EW") == t.pair("EW")
            assert new[target - 1].first_dealer == "W"  # the visiting lady
        seating = new
    # after a full circuit every E-W pair is back where it started
    start = draw_tally_cards(guests, tables, random.Random(9), mixed=True)
    assert [t.pair("EW") for t in seating] == [t.pair("EW") for t in start]


def test_progression_needs_every_winner() -> None:
    seating = draw_tally_cards(plain_guests(2), 2, random.Random(1), mixed=False)
    with pytest.raises(PartyError, match="No winner yet at table 2"):
        next_seating(seating, {1: "NS"}, "standard", random.Random(1), groups={}, mixed=False)


def test_tie_rules() -> None:
    assert table_winner(900, 400, "north_south") == ("NS", "score")
    assert table_winner(100, 400, "cut") == ("EW", "score")
    assert table_winner(500, 500, "north_south") == ("NS", "north_south")
    assert table_winner(500, 500, "last_deal", deal_scores=[(0, 450), (450, 0), (50, 50)]) == (
        "NS",
        "last_deal",
    )
    side, how = table_winner(500, 500, "last_deal", deal_scores=[(0, 0)], rng=random.Random(3))
    assert how == "cut" and side in ("NS", "EW")
    assert table_winner(5, 5, "host", host_choice="EW") == ("EW", "host")
    with pytest.raises(PartyError, match="say which pair won the tie"):
        table_winner(5, 5, "host")
    cuts = {table_winner(0, 0, "cut", rng=random.Random(s))[0] for s in range(20)}
    assert cuts == {"NS", "EW"}
    side, how = table_winner(32, 32, "half", rng=random.Random(3))  # cinch: a cut to progress only
    assert how == "half" and side in ("NS", "EW")
