"""A phone's poll after another table's result answers 304, and never when its own state would differ.

Walks writes of every kind a session's evening makes (results at each table, the same result again, a dispute, a
table's correction, the clock, a call, settings with the running percentage on, a director's correction, names,
a withdrawn link) and after each compares every table's 304/200 answer against its state rebuilt afresh.
"""

import json
from typing import Any

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.tableside import services

# Committed for real: a table's post reads the section's map before its transaction, as in a server (inside a
# test's transaction it reads it afresh, unversioned, and says it touched every table).
pytestmark = pytest.mark.django_db(transaction=True)


def _comparable(state: dict[str, Any]) -> dict[str, Any]:
    """The state without what changes by itself as time passes (the clock counts down on the phone)."""
    return state | {"timer": state["timer"] | {"remaining_seconds": None}}


class Room:
    """Every table's phone: the state it shows and the ETag it polls with, checked after each write."""

    def __init__(self, client: Any, links: list[Any]) -> None:
        self.client, self.links = client, links
        self.shown: dict[int, tuple[str, dict[str, Any]]] = {}
        for link in links:
            answer = client.get(f"/api/table/{link.token}/")
            self.shown[link.pk] = (answer["ETag"], answer.json())

    def poll(self) -> set[int]:
        """Every phone polls with its ETag; returns the tables answered 304, each checked against a rebuild."""
        kept = set()
        for link in self.links:
            etag, shown = self.shown[link.pk]
            answer = self.client.get(f"/api/table/{link.token}/", HTTP_IF_NONE_MATCH=etag)
            fresh = self.client.get(f"/api/table/{link.token}/")  # no ETag: always built
            assert answer.status_code in (200, 304), answer.content[:200]
            if answer.status_code == 304:
                assert _comparable(fresh.json()) == _comparable(shown), f"table {link.table}: 304 on a changed state"
                self.shown[link.pk] = (answer["ETag"], shown)
                kept.add(link.table)
            else:
                assert _comparable(answer.json()) == _comparable(fresh.json())
                self.shown[link.pk] = (answer["ETag"], answer.json())
        return kept

    def post(self, link: Any, board: int, contract: str, client_id: str) -> int:
        body = {"board": board, "contract": contract, "declarer": "N", "tricks": 9, "client_id": client_id}
        sent = self.client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
        return int(sent.status_code)


@pytest.mark.parametrize("kind", ["mitchell", "howell"])
def test_every_write_answers_304_only_to_the_tables_whose_state_it_left_alone(client, section_factory_kind, kind):
    section = section_factory_kind(kind)
    links = sorted(services.issue_links(section), key=lambda x: x.table)
    room = Room(client, links)
    rows = {(r.round, r.table): r for r in section.table_rounds.all()}
    sits_ns = {(r.ns_entry_id, r.table) for r in rows.values()}
    by_table = {link.table: link for link in links}
    n = 0

    def write(action: Any) -> set[int]:
        action()
        return room.poll()

    # Round 1: each table posts its boards; the others keep their 304 unless their NS pair's result it is.
    for (round_number, table), row in sorted(rows.items()):
        if round_number != 1 or row.ns_entry_id is None or row.ew_entry_id is None:
            continue
        for board in row.boards:
            n += 1
            kept = write(lambda t=table, b=int(board), i=n: room.post(by_table[t], b, "3NT", f"c{i}"))
            touched = {t for e, t in sits_ns if e == row.ns_entry_id} | {table}
            assert kept == set(by_table) - touched, (table, board)
    first = next(r for (rn, _t), r in sorted(rows.items()) if rn == 1 and r.ns_entry_id and r.ew_entry_id)
    link1 = by_table[first.table]
    board1 = int(first.boards[0])
    write(lambda: room.post(link1, board1, "3NT", "again"))  # the same result again: agrees
    write(lambda: room.post(link1, board1, "4S", "other"))  # another: disputed (or changed by the table)
    write(lambda: services.timer_action(session=section.session, action="start"))
    write(lambda: services.timer_action(session=section.session, action="pause"))
    write(lambda: services.call_director(link1))
    running = {"running_percentage": True, "ranking_after_round": True}
    write(lambda: services.save_settings(actor=None, session=section.session, choices={section.pk: running}))
    second = next(r for (rn, _t), r in sorted(rows.items()) if rn == 2 and r.ns_entry_id and r.ew_entry_id)
    kept = write(lambda: room.post(by_table[second.table], int(second.boards[0]), "2H", "scores"))
    assert kept == set(), "every table shows the running percentage: a result moves it"
    off = {"running_percentage": False, "ranking_after_round": False}
    write(lambda: services.save_settings(actor=None, session=section.session, choices={section.pk: off}))
    third = next(r for (rn, _t), r in sorted(rows.items()) if rn == 3 and r.ns_entry_id and r.ew_entry_id)
    ns, ew, board3 = third.ns_entry, third.ew_entry, int(third.boards[0])
    write(lambda: record_result(actor=None, section=section, board=board3, ns=ns.label, ew=ew.label, contract="1NT",
                                declarer="S", tricks=7, why="director"))  # fmt: skip
    write(lambda: set_players(actor=None, entry=ew, players=[("Zoe Late", None), ("Yan Late", None)]))
    gone = by_table[max(by_table)]
    room.links.remove(gone)  # its phone is refused from now on (test_polls.py); the others poll on
    write(lambda: services.revoke(actor=None, link=gone, reissue=False))


@pytest.fixture
def section_factory_kind():
    def make(kind: str) -> Any:
        return section_a(make_session(SectionSpec(pairs=8, kind=kind, boards_per_round=2)))

    return make
