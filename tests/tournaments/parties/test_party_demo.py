"""`manage.py party_demo --json`: everything in the output is recomputed here, independently of the party code.

Only the scoring engine (``scoring.progressive_deal_score``, which has its own tests from the laws) is
trusted; seating, Law 9 vulnerability, totals, winners, Law 5 and Law 6, tallies and the cross-check are
worked out again from the JSON.
"""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from typing import Any

import pytest
from django.core.management import CommandError, call_command

import scoring

LEFT = {"N": "E", "E": "S", "S": "W", "W": "N"}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def demo(*args: str) -> dict[str, Any]:
    out = io.StringIO()
    call_command("party_demo", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def law9(deal: int, dealer: str) -> str:
    if deal == 1:
        return "None"
    if deal == 4:
        return "All"
    return "NS" if dealer in ("N", "S") else "EW"


def side_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def check_party(party: dict[str, Any], tables: int, rounds: int) -> None:
    guests = {g["id"]: g for g in party["guests"]}
    assert len(guests) == 4 * tables
    assert Counter(g["group"] for g in guests.values()) == {"lady": 2 * tables, "gentleman": 2 * tables}
    assert [r["round"] for r in party["rounds"]] == list(range(1, rounds + 1))
    my: Counter[str] = Counter()
    opp: Counter[str] = Counter()
    for rnd in party["rounds"]:
        assert [t["table"] for t in rnd["tables"]] == list(range(1, tables + 1))
        seated = [t[s] for t in rnd["tables"] for s in "NESW"]
        assert sorted(seated) == sorted(guests)  # everyone plays, once
        for t in rnd["tables"]:
            assert guests[t["N"]]["group"] == guests[t["E"]]["group"] == "gentleman"
            assert guests[t["S"]]["group"] == guests[t["W"]]["group"] == "lady"
            deals = t["deals"]
            assert [d["deal"] for d in deals] == [1, 2, 3, 4]
            for prev, d in itertools.pairwise(deals):
                assert d["dealer"] == LEFT[prev["dealer"]]  # the deal passes to the left
            for d in deals:
                assert d["vulnerable"] == law9(d["deal"], d["dealer"])
                if d["contract"] == "PASS":
                    assert (d["declarer"], d["tricks"], d["honors"], d["ns"], d["ew"]) == (None, None, None, 0, 0)
                    continue
                honors = d["honors"] or {"side": None, "points": 0}
                expected = scoring.progressive_deal_score(
                    d["contract"], d["declarer"], d["tricks"], d["vulnerable"],
                    honors_side=honors["side"], honors_points=honors["points"],
                )  # fmt: skip
                assert (d["ns"], d["ew"]) == expected, d
            assert t["ns_total"] == sum(d["ns"] for d in deals)
            assert t["ew_total"] == sum(d["ew"] for d in deals)
            ns_won = t["ns_total"] >= t["ew_total"]  # ties go to North-South (the demo's tie rule)
            assert t["winners"] == ([t["N"], t["S"]] if ns_won else [t["E"], t["W"]])
            for seat in "NESW":
                mine, theirs = (t["ns_total"], t["ew_total"]) if seat in "NS" else (t["ew_total"], t["ns_total"])
                my[t[seat]] += mine
                opp[t[seat]] += theirs
    for before, after in zip(party["rounds"], party["rounds"][1:], strict=False):
        check_progression(before["tables"], after["tables"], guests)
    tallies = {t["guest"]: t for t in party["tallies"]}
    assert sorted(tallies) == sorted(guests)
    for gid, t in tallies.items():
        assert (t["my"], t["opponents"], t["net"]) == (my[gid], opp[gid], my[gid] - opp[gid])
    assert sum(t["my"] for t in tallies.values()) == sum(t["opponents"] for t in tallies.values())
    ranking = party["ranking"]
    assert sorted(ranking) == sorted(guests)
    nets = [tallies[g]["net"] for g in ranking]
    assert nets == sorted(nets, reverse=True)
    prizes: dict[str, list[str]] = {}
    for p in party["prizes"]:
        prizes.setdefault(p["prize"], []).append(p["guest"])
    assert tallies[prizes["Highest score"][0]]["net"] == max(nets)
    assert tallies[prizes["Booby (lowest score)"][0]]["net"] == min(nets)
    ladies = [tallies[g]["net"] for g in ranking if guests[g]["group"] == "lady"]
    assert guests[prizes["Ladies' highest"][0]]["group"] == "lady"
    assert tallies[prizes["Ladies' highest"][0]]["net"] in ladies
    assert guests[prizes["Gentlemen's highest"][0]]["group"] == "gentleman"
    best_round = max(max(t["ns_total"], t["ew_total"]) for r in party["rounds"] for t in r["tables"])
    for g in prizes.get("Highest score in any round", []):
        assert any(
            (g in (t["N"], t["S"]) and t["ns_total"] == best_round)
            or (g in (t["E"], t["W"]) and t["ew_total"] == best_round)
            for r in party["rounds"]
            for t in r["tables"]
        )


def check_progression(before: list[dict[str, Any]], after: list[dict[str, Any]], guests: dict[str, Any]) -> None:
    """Law 5 (table 1 winners stay, losers to the last table; elsewhere winners up one) and Law 6."""
    last = len(before)
    where_after = {t[s]: t["table"] for t in after for s in "NESW"}
    partner_after = {t[s]: t[PARTNER[s]] for t in after for s in "NESW"}
    seat_after = {t[s]: s for t in after for s in "NESW"}
    for t in before:
        winners = set(t["winners"])
        losers = {t[s] for s in "NESW"} - winners
        if t["table"] == 1:
            assert {where_after[g] for g in winners} == {1}
            assert {where_after[g] for g in losers} == {last}
        else:
            assert {where_after[g] for g in winners} == {t["table"] - 1}
            assert {where_after[g] for g in losers} == {t["table"]}
    old_table = {t[s]: t["table"] for t in before for s in "NESW"}
    for t in after:
        players = [t[s] for s in "NESW"]
        stayers = [g for g in players if old_table[g] == t["table"]]
        arrivals = [g for g in players if old_table[g] != t["table"]]
        assert len(stayers) == 2 and len(arrivals) == 2
        visiting_lady = next(g for g in arrivals if guests[g]["group"] == "lady")
        staying_gent = next(g for g in stayers if guests[g]["group"] == "gentleman")
        assert partner_after[visiting_lady] == staying_gent  # Law 6
        assert t["deals"][0]["dealer"] == seat_after[visiting_lady]  # the visiting lady deals first


@pytest.mark.parametrize(("tables", "rounds", "seed"), [(2, 3, 1), (3, 2, 7), (3, 6, 42), (5, 7, 3), (20, 4, 11)])
def test_party_demo_json_is_consistent(tables: int, rounds: int, seed: int) -> None:
    check_party(demo("--tables", str(tables), "--rounds", str(rounds), "--seed", str(seed)), tables, rounds)


def test_same_seed_same_party_and_prizes_cover_slams() -> None:
    a = demo("--tables", "4", "--rounds", "6", "--seed", "9")
    assert a == demo("--tables", "4", "--rounds", "6", "--seed", "9")
    assert a != demo("--tables", "4", "--rounds", "6", "--seed", "10")
    slams = [
        (r["round"], d["deal"], t)
        for r in a["rounds"]
        for t in r["tables"]
        for d in t["deals"]
        if d["contract"] != "PASS" and int(d["contract"][0]) >= 6 and d["tricks"] >= int(d["contract"][0]) + 6
    ]
    names = {p["prize"] for p in a["prizes"]}
    assert ("First slam bid and made" in names) == bool(slams)
    if slams:
        _rnd, deal, table = min(slams, key=lambda s: s[:2])
        first = {p["guest"] for p in a["prizes"] if p["prize"] == "First slam bid and made"}
        declarer = next(d for d in table["deals"] if d["deal"] == deal)["declarer"]
        assert {table[declarer], table[PARTNER[declarer]]} <= first


def test_party_demo_refuses_nonsense() -> None:
    with pytest.raises(CommandError, match="--tables must be 2 to 60"):
        call_command("party_demo", "--tables", "1", "--json", stdout=io.StringIO())
    with pytest.raises(CommandError, match="--rounds must be 1 to 40"):
        call_command("party_demo", "--rounds", "0", stdout=io.StringIO())
    out = io.StringIO()
    call_command("party_demo", "--tables", "2", "--rounds", "2", stdout=out)
    assert "Prizes:" in out.getvalue()


@pytest.mark.django_db
def test_saved_demo_is_the_same_party_through_the_services(director) -> None:
    """--save replays the simulation through the services: the stored rounds, totals and tallies are the JSON's."""
    from tournaments.parties.models import Party, PartyTable
    from tournaments.parties.selectors import standings

    out, err = io.StringIO(), io.StringIO()
    call_command(
        "party_demo", "--tables", "3", "--rounds", "4", "--seed", "21", "--json", "--save", stdout=out, stderr=err
    )
    data = json.loads(out.getvalue())
    party = Party.objects.get()
    assert f"/parties/{party.pk}/" in err.getvalue() and party.status == "finished" and party.host == director
    name_of = {g["id"]: g["name"] for g in data["guests"]}
    for rnd in data["rounds"]:
        for t in rnd["tables"]:
            row = PartyTable.objects.get(round__party=party, round__number=rnd["round"], number=t["table"])
            assert [g.name for g in (row.north, row.east, row.south, row.west)] == [name_of[t[s]] for s in "NESW"]
            assert (row.ns_total, row.ew_total) == (t["ns_total"], t["ew_total"])
            assert [(d.dealer, d.vulnerable, d.ns, d.ew) for d in row.deals.order_by("number")] == [
                (d["dealer"], d["vulnerable"], d["ns"], d["ew"]) for d in t["deals"]
            ]
    st = standings(party)
    nets = {r.guest.name: r.tally.net for r in st.rows}
    assert nets == {name_of[t["guest"]]: t["net"] for t in data["tallies"]}
    assert [r.guest.name for r in st.rows] == [name_of[g] for g in data["ranking"]]
