"""`manage.py party_demo --game G --json`: every deal, total, move and tally re-derived from the laws here.

The reference below is written in the test, independently of the party engine and of the games' modules:
the Avondale schedule, cinch's set-back, solo's chips and pots, whist's tricks, euchre's points, and the
engine's documented progression (Law 5 generalised: progressors up one table, the head table's stay and its
lowest others go to the last table; partners change by seating stayers first). Only the bridge scoring
engine (``scoring.progressive_deal_score``, tested from the laws on its own) is trusted.
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

AVONDALE = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}
SOLO_RATE = {"frog": 1, "spade": 2, "club": 3, "diamond": 4, "heart": 5}
PAIRS = {"whist", "bridge", "rubber", "pivot", "cinch", "euchre"}


def demo(*args: str) -> dict[str, Any]:
    out = io.StringIO()
    call_command("party_demo", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def sides(code: str, players: list[str]) -> list[tuple[str, ...]]:
    if code in PAIRS or (code == "five-hundred" and len(players) in (4, 6)):
        return [tuple(players[0::2]), tuple(players[1::2])]
    return [(p,) for p in players]


def side_of(code: str, players: list[str], who: str) -> tuple[str, ...]:
    return next(s for s in sides(code, players) if who in s)


def five_hundred(entry: dict[str, Any], players: list[str]) -> dict[str, int]:
    tricks = Counter(entry["tricks"])
    assert sum(tricks.values()) == 10
    bidder, bid = entry["bidder"], entry["bid"]
    mine = (bidder, *entry.get("partners", [])) if len(players) == 5 else side_of("five-hundred", players, bidder)
    out = {}
    if bid == "NULLO":
        taken = tricks[bidder]
        for p in players:
            out[p] = (250 if taken == 0 else -250) if p in mine else 10 * taken
        return out
    level, strain = int(bid[:-2] if bid.endswith("NT") else bid[:-1]), bid[-2:] if bid.endswith("NT") else bid[-1]
    value = AVONDALE[strain] + 100 * (level - 6)
    made = sum(tricks[p] for p in mine)
    won = (250 if made == 10 and value < 250 else value) if made >= level else -value
    for p in players:
        if p in mine:
            out[p] = won
        else:
            theirs = (p,) if len(players) == 5 else side_of("five-hundred", players, p)
            out[p] = 10 * sum(tricks[q] for q in theirs)
    return out


def solo_round(entries: list[dict[str, Any]], players: list[str]) -> list[dict[str, int]]:
    chips: Counter[str] = Counter()
    pots = {"frog": 4, "solo": 8}
    per_deal = []
    for n, e in enumerate(entries):
        before = Counter(chips)
        if n == 0:
            for p in players:
                chips[p] -= 3  # the antes: 1 to the Frog pot, 2 to the Solo pot
        if e["bid"] != "pass":
            dealer, bidder = players[n % 4], e["bidder"]
            assert bidder != dealer
            rate = SOLO_RATE[e["bid"]] * [1, 2, 4][e.get("double", 0)]
            over = e["points"] - 60
            pot = "frog" if e["bid"] == "frog" else "solo"
            for p in players:
                if over > 0 and p not in (bidder, dealer):
                    chips[p] -= rate * over
                    chips[bidder] += rate * over
                if over < 0 and p != bidder:
                    chips[p] += rate * -over
                    chips[bidder] -= rate * -over
            if over > 0:
                chips[bidder] += pots[pot]
                pots[pot] = 0
            elif over < 0:
                chips[bidder] -= pots[pot]
                pots[pot] *= 2
            if pots[pot] == 0:
                pots[pot] = 4 if pot == "frog" else 8
                for p in players:
                    chips[p] -= 1 if pot == "frog" else 2
        if n == len(entries) - 1:
            for p in players:
                chips[p] += (pots["frog"] + pots["solo"]) // 4
        per_deal.append({p: chips[p] - before[p] for p in players})
    return per_deal


def bridge_deal(entry: dict[str, Any], players: list[str], n: int) -> dict[str, int]:
    dealer = "NESW"[n % 4]
    vul = "None" if n % 4 == 0 else "All" if n % 4 == 3 else ("NS" if dealer in "NS" else "EW")
    if entry["contract"] == "PASS":
        ns = ew = 0
    else:
        ns, ew = scoring.progressive_deal_score(
            entry["contract"], entry["declarer"], entry["tricks"], vul,
            honors_side=entry["honors_side"], honors_points=entry["honors_points"],
        )  # fmt: skip
    return dict(zip(players, (ns, ew, ns, ew), strict=True))


def reference_scores(code: str, entries: list[dict[str, Any]], players: list[str]) -> list[dict[str, int]]:
    if code == "solo":
        return solo_round(entries, players)
    out = []
    for n, e in enumerate(entries):
        if code == "whist":
            a, b = sides(code, players)
            out.append({**dict.fromkeys(a, e["tricks"]), **dict.fromkeys(b, 13 - e["tricks"])})
        elif code == "five-hundred":
            out.append(five_hundred(e, players))
        elif code == "cinch":
            ours = side_of(code, players, e["bidder"])
            assert 0 <= e["made"] + e["against"] <= 14
            got = e["made"] if e["made"] >= e["bid"] else -e["bid"]
            out.append({p: got if p in ours else e["against"] for p in players})
        elif code == "euchre":
            makers = sides(code, players)[e["makers"]]
            pts = (0, 2) if e["tricks"] < 3 else (1, 0) if e["tricks"] < 5 else ((4 if e["alone"] else 2), 0)
            out.append({p: pts[0] if p in makers else pts[1] for p in players})
        else:
            out.append(bridge_deal(e, players, n))
    return out


def winner_sets(code: str, players: list[str], totals: dict[str, int]) -> list[set[str]]:
    """Every set of players the laws would let progress (ties: any of the tied)."""
    if len(sides(code, players)[0]) > 1:
        best = max(totals[s[0]] for s in sides(code, players))
        return [set(s) for s in sides(code, players) if totals[s[0]] == best]
    k = 1 if len(players) == 3 else 2
    return [
        set(c)
        for c in itertools.combinations(players, k)
        if min(totals[p] for p in c) >= max(totals[p] for p in players if p not in c)
    ]


def check_round(code: str, tables: list[dict[str, Any]], rule: str) -> tuple[dict[str, float], list[list[str]]]:
    """Scores, bell and winners of one round; returns its tallies and the seating the moves lead to."""
    tally: dict[str, float] = {}
    bell = {"cinch": 32, "euchre": 5}.get(code)
    for t in tables:
        players, results = t["players"], t["results"]
        entries = [r["entry"] for r in results]
        if code != "rubber":
            assert [r["scores"] for r in results] == reference_scores(code, entries, players)
        for r in results:
            for side in sides(code, players):
                assert len({r["scores"][p] for p in side}) == 1  # partners are credited alike
        totals = {p: sum(r["scores"][p] for r in results) for p in players}
        if bell is None:
            expected = {"five-hundred": len(players), "solo": 4, "rubber": 6}.get(code, 4)
            assert len(results) == expected
        t["totals"] = totals
        opponents = {p: next(totals[q[0]] for q in sides(code, players) if p not in q) for p in players}
        if code in ("bridge", "pivot", "rubber"):
            tally.update({p: totals[p] - opponents[p] for p in players})
        elif code not in ("cinch", "euchre"):
            tally.update(totals)
    if bell is not None:  # play stopped everywhere at the first deal when a side reached the bell
        watched = tables[:1] if code == "euchre" else tables
        deals = len(tables[0]["results"])
        assert all(len(t["results"]) == deals for t in tables)

        def reached(t: dict[str, Any], n: int) -> bool:
            return any(sum(r["scores"][p] for r in t["results"][:n]) >= bell for p in t["players"])

        assert any(reached(t, deals) for t in watched) or deals in (30, 40)
        assert not any(reached(t, n) for t in watched for n in range(1, deals))
    return tally, []


def check_moves(
    code: str, before: list[dict[str, Any]], after: list[dict[str, Any]], keep: bool
) -> dict[str, set[str]]:
    """The generalised Law 5 and the partner rule; returns the winners at each table."""
    last = len(before)
    won: dict[str, set[str]] = {}
    for i, t in enumerate(before, start=1):
        players, moves, totals = t["players"], t["moves"], t["totals"]
        options = winner_sets(code, players, totals)
        if i > 1:
            assert {moves[p] for p in players} <= {i - 1, i}
            up = {p for p in players if moves[p] == i - 1}
            assert up in options, (i, up, totals)
            won[str(i)] = up
        else:
            leavers = [p for p in players if moves[p] == last]
            stay = [p for p in players if moves[p] == 1]
            assert len(leavers) + len(stay) == len(players)
            fits = []
            for w in options:
                if not w <= set(stay):
                    continue
                rest = sorted((p for p in players if p not in w), key=lambda p: (totals[p], -players.index(p)))
                if set(rest[: len(w)]) == set(leavers):
                    fits.append(w)
            assert fits, (players, totals, moves)
            won["1"] = fits[0]
    old = {p: (t["table"], t["players"]) for t in before for p in t["players"]}
    for i, t in enumerate(after, start=1):
        stayers = [p for p in before[i - 1]["players"] if p in t["players"]]
        source = before[i] if i < last else before[0]
        arrivals = [p for p in source["players"] if p in t["players"] and p not in stayers]
        assert sorted(stayers + arrivals) == sorted(t["players"])
        if keep or (i == 1 and code == "euchre"):
            seats = [p if p in stayers else None for p in before[i - 1]["players"]]
            it = iter(arrivals)
            assert t["players"] == [p if p is not None else next(it) for p in seats]
        else:
            assert t["players"] == stayers + arrivals
        assert all(old[p][0] in (i, i + 1, 1) for p in t["players"])
    return won


def check_party(
    party: dict[str, Any], code: str, tables: int, rounds: int, *, keep: bool = False, rule: str = "cut"
) -> None:
    assert list(party) == ["game", "rounds", "tallies", "prizes"] and party["game"] == code
    assert len(party["rounds"]) == rounds
    guests = set(party["tallies"])
    expected: Counter[str] = Counter()
    halves = 0.0
    for number, rnd in enumerate(party["rounds"], start=1):
        seated = [p for t in rnd["tables"] for p in t["players"]]
        assert len(seated) == len(set(seated)) and set(seated) <= guests
        if code != "pivot":
            assert set(seated) == guests  # everyone plays every round
        keys = {"table", "players", "results", "moves", "winners", "decided_by"}
        assert [set(t) for t in rnd["tables"]] == [keys] * len(rnd["tables"])
        tally, _ = check_round(code, rnd["tables"], "cut")
        expected.update(tally)
        if number < rounds and code != "pivot":
            won = check_moves(code, rnd["tables"], party["rounds"][number]["tables"], keep)
            if code in ("cinch", "euchre"):
                for t in rnd["tables"]:
                    if rule == "half" and len(winner_sets(code, t["players"], t["totals"])) > 1:
                        expected.update(dict.fromkeys(t["players"], 0.5))  # half a game each
                    else:
                        expected.update(dict.fromkeys(won[str(t["table"])], 1))
        elif code in ("cinch", "euchre"):  # the last round: a tie's cut is not in the moves, so allow either side
            for t in rnd["tables"]:
                options = winner_sets(code, t["players"], t["totals"])
                if len(options) == 1:
                    expected.update(dict.fromkeys(options[0], 1))
                elif rule == "half":
                    expected.update(dict.fromkeys(t["players"], 0.5))
                else:
                    halves += 2
        if number == rounds:
            assert all(t["moves"] == {} for t in rnd["tables"])
    for g in guests:
        got = party["tallies"][g]
        assert expected[g] <= got <= expected[g] + (1 if halves else 0), (g, got, expected[g])
    assert sum(party["tallies"].values()) == pytest.approx(sum(expected.values()) + halves)
    ranked = sorted(party["tallies"].values(), reverse=True)
    prizes = {p["prize"]: p for p in party["prizes"]}  # stable codes, and each prize's label for people
    assert prizes["highest"]["total"] == ranked[0] and prizes["highest"]["label"] == "Highest score"
    assert set(prizes["highest"]["guests"]) == {g for g, v in party["tallies"].items() if v == ranked[0]}
    if "booby" in prizes:
        assert prizes["booby"]["total"] == ranked[-1] and prizes["booby"]["label"] == "Booby (lowest score)"


@pytest.mark.parametrize(
    ("code", "tables", "rounds", "seed", "extra"),
    [
        ("whist", 3, 4, 1, ()),
        ("whist", 4, 3, 8, ("--keep-partners",)),
        ("five-hundred", 3, 3, 2, ("--players", "3")),
        ("five-hundred", 3, 3, 3, ("--players", "4")),
        ("five-hundred", 2, 3, 4, ("--players", "5")),
        ("five-hundred", 3, 3, 5, ("--players", "6")),
        ("cinch", 3, 3, 6, ()),
        ("cinch", 2, 4, 7, ("--tie-rule", "half")),
        ("solo", 3, 3, 8, ()),
        ("bridge", 3, 3, 9, ("--tie-rule", "first_seat")),
        ("rubber", 2, 2, 10, ()),
        ("pivot", 1, 5, 11, ("--players", "5")),
        ("euchre", 3, 4, 12, ()),
    ],
)
def test_party_demo_game_is_re_derived_from_the_laws(code, tables, rounds, seed, extra):
    args = ["--game", code, "--tables", str(tables), "--rounds", str(rounds), "--seed", str(seed), *extra]
    party = demo(*args)
    assert party == demo(*args)  # the same seed, the same party
    rule = extra[extra.index("--tie-rule") + 1] if "--tie-rule" in extra else "cut"
    check_party(party, code, tables, rounds, keep="--keep-partners" in extra, rule=rule)


def test_party_demo_game_refuses_what_the_laws_do_not_allow():
    with pytest.raises(CommandError, match="played 3 or 4 or 5 or 6 at a table"):
        call_command("party_demo", "--game", "five-hundred", "--players", "7", stdout=io.StringIO())
    with pytest.raises(CommandError, match="settles ties by cut, half"):
        call_command("party_demo", "--game", "cinch", "--tie-rule", "north_south", stdout=io.StringIO())
    with pytest.raises(CommandError, match="single table"):
        call_command("party_demo", "--game", "pivot", "--tables", "2", stdout=io.StringIO())
    out = io.StringIO()
    call_command("party_demo", "--game", "solo", "--tables", "2", "--rounds", "2", stdout=out)
    assert "Progressive Solo: 8 guests" in out.getvalue() and "Prizes:" in out.getvalue()


def test_the_prizes_keep_their_codes_and_speak_the_readers_language() -> None:
    """``prize`` is a stable code for programs; ``label`` is the party's prize in the reader's language."""
    from django.utils.translation import override

    from tournaments.parties.engine import play_party
    from tournaments.parties.games import game

    with override("fr"):
        prizes = play_party(game("whist"), tables=2, rounds=2, seed=3)["prizes"]
    assert [p["prize"] for p in prizes][:2] == ["highest", "second"]
    assert prizes[0]["label"] == "Meilleure marque"
    assert {p["label"] for p in play_party(game("whist"), tables=2, rounds=2, seed=3)["prizes"]} >= {"Highest score"}
