"""Every write path leaves its audit entry: after a random sequence of writes through the keyboard traveller,
the phone API, an import, rulings, names, a party and a teams event, the data is what the log says: each result
is the replay of its entries, and `verify_audit` finds every sealed row as its last entry left it."""

from __future__ import annotations

import contextlib
import datetime
import json
import random
from typing import Any

import pytest
from django.core.management import call_command

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit import services as audit
from tournaments.audit.models import AuditEntry
from tournaments.interchange.importers import import_usebio
from tournaments.parties import score_pads
from tournaments.parties import services as party_services
from tournaments.parties.models import PartyTable
from tournaments.sessions.models import Entry, Result, Section, Session, TableRound
from tournaments.sessions.services.checking import ResultEntryError
from tournaments.sessions.services.results import change_result, delete_result, record_result
from tournaments.sessions.services.rulings import apply_ruling, withdraw_ruling
from tournaments.sessions.services.sessions import SectionSpec, set_players, set_status
from tournaments.tableside import services as table_services
from tournaments.teams import services as teams_services

pytestmark = pytest.mark.django_db
CONTRACTS = [("4S", "N", 10), ("3NT", "S", 8), ("2H", "E", 8), ("1NT", "W", 7), ("6D", "N", 12)]


def keyboard(rng: random.Random, section: Section) -> None:
    row = rng.choice(list(TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry")))
    contract, declarer, tricks = rng.choice(CONTRACTS)
    board, ns, ew = int(rng.choice(row.boards)), str(row.ns_entry.number), str(row.ew_entry.number)
    with contextlib.suppress(ResultEntryError):  # that board is already in: refused, nothing written
        record_result(actor=None, section=section, board=board, ns=ns, ew=ew, contract=contract, declarer=declarer,
                      tricks=str(tricks))  # fmt: skip


def correct(rng: random.Random, section: Section) -> None:
    results = list(Result.objects.filter(section=section))
    if results:
        contract, declarer, tricks = rng.choice(CONTRACTS)
        change_result(actor=None, result=rng.choice(results), contract=contract, declarer=declarer, tricks=tricks)


def remove(rng: random.Random, section: Section) -> None:
    results = list(Result.objects.filter(section=section, rulings__isnull=True))
    if results:
        delete_result(actor=None, result=rng.choice(results), why="entered twice")


def rule(rng: random.Random, section: Section) -> None:
    results = list(Result.objects.filter(section=section, rulings__isnull=True))
    if results:
        split = rng.choice([40, 50, 60])
        apply_ruling(actor=None, section=section, decision="artificial", result=rng.choice(results),
                     ns_percent=split, ew_percent=100 - split, law="Law 12C2")  # fmt: skip


def withdraw(rng: random.Random, section: Section) -> None:
    rulings = list(section.session.rulings.all())
    if rulings:
        withdraw_ruling(actor=None, ruling=rng.choice(rulings), why="appeal upheld")


def rename(rng: random.Random, section: Section) -> None:
    entry = rng.choice(list(Entry.objects.filter(section__session=section.session)))
    set_players(actor=None, entry=entry, players=[(f"Player {rng.randint(1, 99)}", None), ("Partner", None)])


def phone(client: Any, section: Section) -> None:
    """Each table sends its first round from the phone, the second board with its lead sent twice."""
    for link in table_services.issue_links(section):
        boards = TableRound.objects.get(section=section, round=1, table=link.table).boards
        for n, board in enumerate(boards):
            body = {"board": int(board), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"{board}"}
            url = f"/api/table/{link.token}/results"
            assert client.post(url, json.dumps(body), content_type="application/json").status_code == 201
            if n:
                again = body | {"client_id": f"{board}-lead", "lead": "SQ"}
                assert client.post(url, json.dumps(again), content_type="application/json").status_code == 201


def replayed_results() -> dict[int, dict[str, Any] | None]:
    """Each result as its audit entries, applied in order, leave it (None once deleted)."""
    state: dict[int, dict[str, Any] | None] = {}
    for entry in AuditEntry.objects.filter(target_type="result").order_by("id"):
        assert entry.target_id is not None
        if entry.action == "result.delete":
            state[entry.target_id] = None
        else:
            state[entry.target_id] = {**(state.get(entry.target_id) or {}), **entry.new}
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_evening_is_what_the_log_replays(seed, client, director, shared_dir):
    rng = random.Random(seed)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    phone(client, section)
    imported = import_usebio((shared_dir / "realdata" / "usebio" / "mp_pairs_mitchell.xml").read_bytes())
    set_status(actor=director, session=imported.session, status=Session.Status.PLAYING)  # reopened to correct it
    other = Section.objects.filter(session=imported.session).first()
    party = party_services.create_party(actor=director, name="P", date=datetime.date(2026, 3, 14), tables=2)
    party_services.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    party_services.start_party(actor=director, party=party)
    event = teams_services.create_event(actor=director, name="T", boards_per_match=4)
    teams = [teams_services.add_team(actor=director, event=event, name=f"T{n}", players=["A", "B", "C", "D"])
             for n in (1, 2)]  # fmt: skip
    match = teams_services.draw_next_round(actor=director, event=event).matches.get()
    steps = [keyboard, correct, remove, rule, withdraw, rename]
    for _ in range(40):
        step = rng.choice([*steps, "imported", "party", "teams", "penalty"])
        if step == "imported":
            assert other is not None
            rng.choice([correct, rule, rename])(rng, other)
        elif step == "party":
            table = rng.choice(list(PartyTable.objects.filter(round__party=party)))
            score_pads.record_totals(actor=director, table=table, ns_total=rng.randint(0, 2000),
                                         ew_total=rng.randint(0, 2000))  # fmt: skip
        elif step == "teams":
            match.refresh_from_db()
            scores = {rng.randint(1, 4): (str(rng.choice([420, -50, 100])), str(rng.choice([-420, 50, 620])))}
            teams_services.save_boards(actor=director, match=match, scores=scores, version=match.version)
        elif step == "penalty":
            teams_services.add_penalty(actor=director, team=rng.choice(teams), vp="1", why="slow play")
        else:
            step(rng, section)
    call_command("verify_audit")  # raises at the first row that is not what the log says
    for result_id, expected in replayed_results().items():
        row = Result.objects.filter(pk=result_id).first()
        if expected is None:
            assert row is None, result_id
            continue
        assert row is not None, result_id
        now = audit.snapshot(row, None)
        assert {k: now[k] for k in expected if k in now} == {k: v for k, v in expected.items() if k in now}
