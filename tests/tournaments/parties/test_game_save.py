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
    ("cinch", ("--tie-rule", "half")),  # the party's own cut may settle a tie the other way (see save_game)
    ("five-hundred", ("--players", "4")),
    ("bridge", ()),
    ("rubber", ()),
]


@pytest.mark.django_db
@pytest.mark.parametrize("game,extra", CASES)
@pytest.mark.parametrize("seed", [1, 7])
def test_saved_game_party_has_the_simulated_tallies(director, game: str, extra: tuple[str, ...], seed: int) -> None:
    data, party = saved("--game", game, "--tables", "3", "--rounds", "4", "--seed", str(seed), *extra)
    assert party.form == game and party.status == "finished" and party.host == director
    names = {str(g.pk): g.name for g in party.guests.all()}
    for number, rnd in enumerate(data["rounds"], start=1):
        for t in rnd["tables"]:
            row = party.rounds.get(number=number).tables.get(number=t["table"])
            assert [names[str(p)] for p in (row.north_id, row.east_id, row.south_id, row.west_id)] == t["players"]
    st = standings(party)  # a game's own count (tricks, chips ...), else the bridge party's net score
    assert {r.guest.name: r.tally.my if st.game else r.tally.net for r in st.rows} == data["tallies"]
    seated = AuditEntry.objects.filter(action="party.progression").count()
    assert seated >= len(data["rounds"]) - 1


@pytest.mark.django_db
def test_save_refuses_the_games_it_cannot_store_yet(director) -> None:
    with pytest.raises(CommandError, match="--save stores"):
        call_command("party_demo", "--game", "euchre", "--save", stdout=io.StringIO())
    with pytest.raises(CommandError, match="five hundred four at a table"):
        call_command("party_demo", "--game", "five-hundred", "--players", "3", "--save", stdout=io.StringIO())


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
