"""``party_demo --game G --save``: a simulated party of the one engine stored as a real party through the write
gateway; the host's standings (the selector the pages use) give the same tallies as ``--json``."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tournaments.audit.models import AuditEntry
from tournaments.parties import game_services
from tournaments.parties.models import Party
from tournaments.parties.progression import table_winner
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError
from tournaments.parties.types import TableSeating


def saved(*args: str) -> tuple[dict[str, Any], Party]:
    out, err = io.StringIO(), io.StringIO()
    call_command("party_demo", *args, "--json", "--save", stdout=out, stderr=err)
    party = Party.objects.order_by("-pk").first()
    assert party is not None and f"/parties/{party.pk}/" in err.getvalue()
    return json.loads(out.getvalue()), party


CASES = [
    ("whist", ()),
    ("solo", ()),
    ("cinch", ("--tie-rule", "half")),
    ("cinch", ()),  # a tie settled by a cut: the saved party takes the simulation's cut
    ("five-hundred", ("--players", "4")),
    ("bridge", ()),
    ("rubber", ()),
    ("euchre", ()),  # stars: a tied table's winners (the cut) are the simulation's
]
# Seeds with ties (by the engine's draw) beside the usual two, so the cut is exercised.
TIED = {"cinch": 2, "euchre": 6, "five-hundred": 8, "solo": 13, "bridge": 22}


def check_saved(data: dict[str, Any], party: Party) -> None:
    """Every round seated as simulated, each table's progressors the simulation's, every tally equal."""
    names = {str(g.pk): g.name for g in party.guests.all()}
    for number, rnd in enumerate(data["rounds"], start=1):
        for t in rnd["tables"]:
            row = party.rounds.get(number=number).tables.get(number=t["table"])
            assert [names[pk] for pk in row.seat_ids.values()] == t["players"]
            moved = [names[row.seat_ids[s]] for s in row.winner] if row.hands != 4 else None
            # every table's winners, a tie's too (the simulation's cut replayed; cinch's half game names the cut's)
            pair = [names[pk] for s, pk in row.seat_ids.items() if s in row.winner]
            assert sorted(moved or pair) == sorted(t["winners"]), (number, t["table"])
            assert row.decided_by == t["decided_by"], (number, t["table"])
    st = standings(party)  # a game's own count (tricks, chips ...), a euchre's stars, else the bridge party's net
    if st.euchre:
        got = {r.guest.name: r.stars.gold + r.stars.red for r in st.rows if r.stars is not None}
    else:
        got = {r.guest.name: r.tally.my if st.game else r.tally.net for r in st.rows}
    assert got == data["tallies"]
    seated = AuditEntry.objects.filter(action="party.progression").count()
    assert seated >= len(data["rounds"]) - 1


@pytest.mark.django_db
@pytest.mark.parametrize("game,extra", CASES)
@pytest.mark.parametrize("seed", [1, 7, 0])
def test_saved_game_party_has_the_simulated_tallies(director, game: str, extra: tuple[str, ...], seed: int) -> None:
    seed = seed or TIED.get(game, 3)
    data, party = saved("--game", game, "--tables", "3", "--rounds", "4", "--seed", str(seed), *extra)
    assert party.form == game and party.status == "finished" and party.host == director
    check_saved(data, party)


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [1, 2, 4, 6])  # seed 6: a tied table, the simulation's cut replayed
@pytest.mark.parametrize("players", ["4", "5"])
def test_saved_pivot_follows_the_engines_draw(director, seed: int, players: str) -> None:
    """Pivot's party makes its own draw; the saved party is seated as the engine drew, sitter included."""
    data, party = saved("--game", "pivot", "--rounds", "7", "--seed", str(seed), "--players", players)
    assert party.tables == 1 and party.rounds.count() == 7
    check_saved(data, party)
    if players == "5":
        names = {g.pk: g.name for g in party.guests.all()}
        for number, rnd in enumerate(data["rounds"], start=1):
            out = party.rounds.get(number=number).tables.get().sitting_out_id
            assert {names[out]} == set(data["tallies"]) - set(rnd["tables"][0]["players"])


@pytest.mark.django_db
@pytest.mark.parametrize("players", ["3", "5", "6"])
@pytest.mark.parametrize("seed", [1, 8])
def test_saved_five_hundred_at_three_five_and_six(director, players: str, seed: int) -> None:
    """The laws' progressions: the high player at three, the two highest at five, the three winners at six."""
    data, party = saved("--game", "five-hundred", "--players", players, "--tables", "3", "--seed", str(seed))
    assert party.hands == int(players)
    check_saved(data, party)
    moving = {"3": 1, "5": 2, "6": 3}[players]
    assert all(len(t.winner) == moving for t in party.rounds.get(number=1).tables.all())


@pytest.mark.django_db
def test_save_needs_a_host(db) -> None:
    with pytest.raises(CommandError, match="No host"):
        call_command("party_demo", "--game", "euchre", "--save", stdout=io.StringIO())


@pytest.mark.django_db
def test_seat_round_checks_the_round_and_the_seats(director) -> None:
    _data, party = saved("--game", "whist", "--tables", "2", "--rounds", "1", "--seed", "3")
    party.status = Party.Status.PLAYING  # reopened by hand: the last round is entered
    party.save(update_fields=["status"])
    pks = [str(pk) for pk in party.guests.values_list("pk", flat=True)]
    twice = [
        TableSeating(1, dict(zip("NESW", pks[:4], strict=True))),
        TableSeating(2, dict(zip("NESW", pks[:4], strict=True))),
    ]
    with pytest.raises(EntryError, match="one place only"):
        game_services.seat_round(actor=director, party=party, number=2, seating=twice)
    with pytest.raises(EntryError, match="next round"):
        game_services.seat_round(actor=director, party=party, number=3, seating=twice)
    good = [
        TableSeating(1, dict(zip("NESW", pks[4:], strict=True))),
        TableSeating(2, dict(zip("NESW", pks[:4], strict=True))),
    ]
    rnd = game_services.seat_round(actor=director, party=party, number=2, seating=good)
    assert rnd.number == 2 and party.rounds.get(number=1).progressed
    with pytest.raises(EntryError, match="enter round 2"):
        game_services.seat_round(actor=director, party=party, number=3, seating=good)


@pytest.mark.django_db
@pytest.mark.parametrize("rule", ["cut", "half"])
def test_a_cinch_tie_is_settled_by_the_simulations_cut(director, rule: str) -> None:
    """The host's rule, a cut or half a game: the simulation records its seeded cut (the table's ``winners``) and
    the saved party replays it, so the same pair moves and scores the game (or both score half)."""
    data, party = saved("--game", "cinch", "--tables", "3", "--rounds", "4", "--seed", "2", "--tie-rule", rule)
    assert party.tie_rule == rule
    played = [(n, t) for n, rnd in enumerate(data["rounds"], start=1) for t in rnd["tables"]]
    tied = [(n, t) for n, t in played if t["decided_by"] != "score"]
    assert tied and all(t["decided_by"] == rule for _n, t in tied)
    names = {str(g.pk): g.name for g in party.guests.all()}
    for number, t in tied:
        row = party.rounds.get(number=number).tables.get(number=t["table"])
        assert row.decided_by == rule and row.ns_total == row.ew_total
        assert sorted(names[row.seat_ids[s]] for s in row.winner) == sorted(t["winners"])
    check_saved(data, party)


def test_a_cut_made_at_the_table_settles_a_tie() -> None:
    assert table_winner(12, 12, "cut", cut="EW") == ("EW", "cut")
    assert table_winner(12, 12, "half", cut="NS") == ("NS", "half")
    assert table_winner(12, 12, "last_deal", deal_scores=[(3, 3)], cut="EW") == ("EW", "cut")
    assert table_winner(13, 12, "cut", cut="EW") == ("NS", "score")  # no tie: the cut is not used


@pytest.mark.django_db
@pytest.mark.parametrize(
    "args",
    [
        ("--game", "solo", "--tables", "3", "--rounds", "4", "--seed", "13"),
        ("--game", "bridge", "--tables", "3", "--rounds", "4", "--seed", "22"),
        ("--game", "pivot", "--rounds", "7", "--seed", "6", "--players", "4"),
    ],
)
def test_solo_bridge_and_pivot_ties_take_the_simulations_cut(director, args: tuple[str, ...]) -> None:
    """A tied table (solo's two highest, a bridge or pivot pair) records the winners ``--json`` names."""
    data, party = saved(*args)
    names = {str(g.pk): g.name for g in party.guests.all()}
    played = [(n, t) for n, rnd in enumerate(data["rounds"], start=1) for t in rnd["tables"]]
    tied = [(n, t) for n, t in played if t["decided_by"] == "cut"]
    assert tied
    for number, t in tied:
        row = party.rounds.get(number=number).tables.get(number=t["table"])
        assert row.decided_by == "cut"
        assert sorted(names[row.seat_ids[s]] for s in row.winner) == sorted(t["winners"])
