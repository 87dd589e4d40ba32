"""The party services: every write checked, audited, and never half-saved."""

from __future__ import annotations

import pytest

import scoring
from tournaments.audit.models import AuditEntry
from tournaments.parties import score_pads, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import Party, PartyDeal, PartyTable
from tournaments.parties.selectors import moves_after, party_rounds, seating_of, standings
from tournaments.parties.services import EntryError

pytestmark = pytest.mark.django_db

ROUND = [
    DealEntry("4S", "N", 10),
    DealEntry("PASS"),
    DealEntry("3NTX", "E", "-2"),
    DealEntry("6H", "W", 12, "EW", 100),
]


def _tables(party: Party, number: int) -> list[PartyTable]:
    return list(PartyTable.objects.filter(round__party=party, round__number=number).order_by("number"))


def test_start_seats_round_one_with_mixed_couples(started, director) -> None:
    (rnd,) = party_rounds(started)
    assert started.status == Party.Status.PLAYING
    tables = list(rnd.tables.all())
    assert [t.number for t in tables] == [1, 2, 3]
    for t in tables:
        assert {t.north.group, t.east.group} == {"gentleman"}
        assert {t.south.group, t.west.group} == {"lady"}
    assert AuditEntry.objects.filter(action="party.start", target_id=started.pk).count() == 1


def test_guest_count_must_fill_the_tables(party, director) -> None:
    services.set_guests(actor=director, party=party, text="Ann L\nBob G")
    with pytest.raises(EntryError, match="seat exactly 12 guests; you have 2") as err:
        services.start_party(actor=director, party=party)
    assert err.value.field == "guests"
    party.refresh_from_db()
    assert party.status == Party.Status.SETUP and not party.rounds.exists()


def test_deal_by_deal_entry_scores_each_deal_by_the_party_rules(started, director) -> None:
    t1 = _tables(started, 1)[0]
    t1 = score_pads.record_deals(actor=director, table=t1, deals=ROUND)
    deals = list(t1.deals.order_by("number"))
    plan = [(d.dealer, d.vulnerable) for d in deals]
    first = t1.first_dealer
    assert plan[0] == (first, "None")
    assert plan[3][1] == "All"
    for d, entry in zip(deals, ROUND, strict=True):
        contract = scoring.parse_contract(entry.contract)
        expected = (0, 0)
        if not contract.is_passout:
            expected = scoring.progressive_deal_score(
                contract, entry.declarer, entry.tricks, d.vulnerable,
                honors_side=entry.honors_side, honors_points=entry.honors_points,
            )  # fmt: skip
        assert (d.ns, d.ew) == expected
    assert t1.ns_total == sum(d.ns for d in deals) and t1.ew_total == sum(d.ew for d in deals)
    assert t1.winner == ("NS" if t1.ns_total > t1.ew_total else "EW")
    assert AuditEntry.objects.filter(action="party.table", target_id=t1.pk).count() == 1


def test_a_bad_deal_names_the_deal_and_field_and_saves_nothing(started, director) -> None:
    t1 = _tables(started, 1)[0]
    bad = [*ROUND[:2], DealEntry("3NTX", None, "-2"), ROUND[3]]
    with pytest.raises(EntryError) as err:
        score_pads.record_deals(actor=director, table=t1, deals=bad)
    assert err.value.deal == 3 and err.value.field == "declarer"
    bad = [*ROUND[:3], DealEntry("8H", "W", 12)]
    with pytest.raises(EntryError) as err:
        score_pads.record_deals(actor=director, table=t1, deals=bad)
    assert err.value.deal == 4 and err.value.field == "contract"
    t1.refresh_from_db()
    assert not t1.entered and not PartyDeal.objects.exists()
    assert not AuditEntry.objects.filter(action="party.table").exists()


def test_totals_entry_and_refusals(started, director) -> None:
    t2 = _tables(started, 1)[1]
    with pytest.raises(EntryError, match="between 0 and 20,000") as err:
        score_pads.record_totals(actor=director, table=t2, ns_total=-5, ew_total=100)
    assert err.value.field == "ns_total"
    t2 = score_pads.record_totals(actor=director, table=t2, ns_total=800, ew_total=800)
    assert (t2.winner, t2.decided_by) == ("NS", "north_south")  # the host's tie rule


def _enter_round(party: Party, number: int, director) -> None:
    for i, t in enumerate(_tables(party, number)):
        score_pads.record_totals(actor=director, table=t, ns_total=100 * (i + 1), ew_total=150 + 40 * i)


def test_progression_waits_for_every_table_then_follows_law5(started, director) -> None:
    t1 = _tables(started, 1)[0]
    score_pads.record_totals(actor=director, table=t1, ns_total=900, ew_total=100)
    with pytest.raises(EntryError, match="Waiting for table 2, 3"):
        services.call_progression(actor=director, party=started)
    _enter_round(started, 1, director)  # NS 100/EW 150 (EW win), 200/190 (NS), 300/230 (NS)
    before = {t.number: seating_of(t) for t in _tables(started, 1)}
    rnd2 = services.call_progression(actor=director, party=started)
    assert rnd2.number == 2
    after = {t.number: seating_of(t) for t in _tables(started, 2)}
    where = {g: n for n, s in after.items() for g in s.players()}
    # table 1 EW won: they stay; NS go to table 3
    assert {where[g] for g in before[1].pair("EW")} == {1}
    assert {where[g] for g in before[1].pair("NS")} == {3}
    # table 2 NS won: move up to 1; EW stay; table 3 NS move up to 2; EW stay
    assert {where[g] for g in before[2].pair("NS")} == {1}
    assert {where[g] for g in before[2].pair("EW")} == {2}
    assert {where[g] for g in before[3].pair("NS")} == {2}
    assert {where[g] for g in before[3].pair("EW")} == {3}
    moves = moves_after(started, 1)
    assert len(moves) == 12 and sum(m.stays for m in moves) == 6


def test_a_correction_after_the_progression_may_not_change_the_winner(started, director) -> None:
    _enter_round(started, 1, director)
    services.call_progression(actor=director, party=started)
    t1 = _tables(started, 1)[0]  # EW won 150 to 100
    with pytest.raises(EntryError, match="would change who moved"):
        score_pads.record_totals(actor=director, table=t1, ns_total=400, ew_total=150)
    score_pads.record_totals(actor=director, table=t1, ns_total=120, ew_total=150, why="typo")
    entry = AuditEntry.objects.filter(action="party.table", target_id=t1.pk).order_by("-id").first()
    assert entry.old["ns_total"] == 100 and entry.new["ns_total"] == 120 and entry.why == "typo"


def test_standings_check_and_finish(started, director) -> None:
    _enter_round(started, 1, director)
    services.call_progression(actor=director, party=started)
    _enter_round(started, 2, director)
    services.call_progression(actor=director, party=started)
    # round 3 is seated but not played: finishing drops it
    services.finish_party(actor=director, party=started)
    started.refresh_from_db()
    assert started.status == Party.Status.FINISHED and started.rounds.count() == 2
    st = standings(started)
    assert st.check_ok and st.my_total == st.opponents_total == 2 * 2 * (100 + 150 + 200 + 190 + 300 + 230)
    nets = [r.tally.net for r in st.rows]
    assert nets == sorted(nets, reverse=True) and sum(nets) == 0
    labels = dict(st.prizes)
    assert labels["Highest score"][0] == st.rows[0].guest
    assert "First slam bid and made" not in labels  # entered as totals: no slams known


def test_rules_are_fixed_once_the_cards_are_drawn(started, director) -> None:
    with pytest.raises(EntryError, match="can't change now"):
        services.update_party(actor=director, party=started, progression="fixed")
    services.update_party(actor=director, party=started, name="Spring party 2026")
    started.refresh_from_db()
    assert started.name == "Spring party 2026"
    with pytest.raises(EntryError, match="guest list is fixed"):
        services.set_guests(actor=director, party=started, text="A\nB")


def test_pivot_party_of_five(director) -> None:
    p = services.create_party(actor=director, name="Pivot", form="pivot", tables=1)
    services.set_guests(actor=director, party=p, text="Ann\nBob\nCat\nDan\nEve")
    services.start_party(actor=director, party=p)
    seen_out = []
    for number in range(1, 6):
        (t,) = _tables(p, number)
        seen_out.append(t.sitting_out.name)
        score_pads.record_deals(actor=director, table=t, deals=ROUND)
        services.call_progression(actor=director, party=p)
    assert sorted(seen_out) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    with pytest.raises(EntryError, match="single table"):
        services.create_party(actor=director, name="Bad", form="pivot", tables=2)


def test_rubber_party_scores_on_the_rubber_pad(director) -> None:
    p = services.create_party(actor=director, name="Rubber", form="rubber", tables=2)
    services.set_guests(actor=director, party=p, text="\n".join(f"P{i}" for i in range(8)))
    services.start_party(actor=director, party=p)
    t = _tables(p, 1)[0]
    t = score_pads.record_deals(
        actor=director, table=t, deals=[DealEntry("4S", "N", 10), DealEntry("2H", "E", 8), DealEntry("3NT", "E", 9)]
    )
    # 4S is game for N-S; 2H then 3NT is game for E-W. The round ends with the rubber unfinished at a game
    # all: 300 to each side for its game, and no part-score is left to earn 50.
    assert [(d.ns, d.ew) for d in t.deals.order_by("number")] == [(120, 0), (0, 60), (0, 100)]
    assert (t.ns_total, t.ew_total) == (120 + 300, 160 + 300)


def test_euchre_party_stars(director) -> None:
    p = services.create_party(actor=director, name="Euchre", form="euchre", tables=2, mixed=True)
    assert p.tie_rule == "host" and p.head_table_keeps_partners
    services.set_guests(actor=director, party=p, text="A L\nB L\nC L\nD L\nE G\nF G\nG G\nH G")
    services.start_party(actor=director, party=p)
    t1, t2 = _tables(p, 1)
    with pytest.raises(EntryError, match="say which pair won the tie"):
        score_pads.record_totals(actor=director, table=t1, ns_total=5, ew_total=5)
    score_pads.record_totals(actor=director, table=t1, ns_total=5, ew_total=5, host_choice="EW")
    score_pads.record_totals(actor=director, table=t2, ns_total=3, ew_total=5)
    st = standings(p)
    gold = {r.guest.name for r in st.rows if r.stars.gold}
    assert gold == {t1.east.name, t1.west.name}
    green = {r.guest.name for r in st.rows if r.stars.green}
    assert green == {t2.north.name, t2.south.name}
