"""The section map (entries and movement rows) is kept per section version in Django's cache: a result save
carries it forward, any other write reads it afresh, and nothing read inside a transaction is kept. Each reader
gets its own copy (the cache stores plain values), equal to what the database holds."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.tournaments.reports.factories import make_session
from tournaments.sessions.models import Section, Session
from tournaments.sessions.selectors.lookups import section_map
from tournaments.sessions.services.checking import LineInput
from tournaments.sessions.services.results import save_lines
from tournaments.sessions.services.sessions import add_late_pair, set_status

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: the cache works


@pytest.fixture
def section(director) -> Section:
    session = make_session(pairs=8, boards_per_round=2, results=False, deals=False, adjusted=False, actor=director)
    set_status(actor=director, session=session, status=Session.Status.PLAYING)
    return session.sections.get()


def _version(section: Section) -> int:
    return Section.objects.values_list("version", flat=True).get(pk=section.pk)


def _since(section: Section) -> int:
    return Section.objects.values_list("map_since", flat=True).get(pk=section.pk)


def _rows(smap) -> list[tuple[int, int, int, int | None, int | None, list[str]]]:
    return [(r.pk, r.round, r.table, r.ns_entry_id, r.ew_entry_id, list(r.boards)) for r in smap.rows]


def _read(section: Section):
    with CaptureQueriesContext(connection) as queries:
        smap = section_map(section)
    return smap, len(queries.captured_queries)


def test_a_map_is_read_once_per_version(section):
    first, read = _read(section)
    again, reread = _read(section)
    assert read > 1 and reread == 1  # only the version is asked the second time
    assert again.version == first.version == _version(section) and again.section is section
    assert _rows(again) == _rows(first) and again.rows is not first.rows  # a copy of its own
    assert {e.pk: e.names for e in again.entries.values()} == {e.pk: e.names for e in first.entries.values()}
    assert all(r.ns_entry is again.entries[r.ns_entry_id] for r in again.rows if r.ns_entry_id)


def test_a_result_save_carries_the_map_to_the_version_it_wrote(section, director):
    smap, _ = _read(section)
    row = smap.played_rows(1)[0]
    before = _version(section)
    save_lines(
        actor=director,
        section=section,
        lines=[LineInput(1, row.ns_entry.label, row.ew_entry.label, "7NT", "N", "7")],
        smap=smap,
    )
    assert _version(section) == before + 1
    carried, queries = _read(section)
    assert queries == 1 and carried.version == before + 1 and _rows(carried) == _rows(smap)


def test_results_only_writes_keep_map_since_and_others_move_it(section, director):
    """The section's map_since stays through results and clock writes and moves with a change of the pairs."""
    from tournaments.sessions.services.versions import bump
    from tournaments.tableside.services import timer_action

    smap, _ = _read(section)
    since = _since(section)
    row = smap.played_rows(1)[0]
    save_lines(
        actor=director, section=section, lines=[LineInput(1, row.ns_entry.label, row.ew_entry.label, "3NT", "N", "9")]
    )
    timer_action(session=section.session, action="start")
    assert _since(section) == since and _version(section) == smap.version + 2
    kept, queries = _read(section)
    assert queries == 1 and kept.version == smap.version + 2 and kept.since == since
    with transaction.atomic():
        bump(section.pk)  # a write that does not say it keeps the map: taken as a change to it
    assert _since(section) == _version(section) == smap.version + 3
    fresh, queries = _read(section)
    assert queries > 1 and fresh.since == _since(section)


def test_a_save_behind_results_written_since_its_map_reads_no_map_under_the_lock(section, director):
    """A writer whose map was read before other results were saved (it waited for the lock) neither reads the map
    again nor checks its lines against the movement again; a pair's board taken meanwhile is still refused."""
    smap, _ = _read(section)
    first, second = smap.played_rows(1)[:2]
    save_lines(
        actor=director,
        section=section,
        lines=[LineInput(1, first.ns_entry.label, first.ew_entry.label, "3NT", "N", "9")],
    )
    line = LineInput(1, second.ns_entry.label, second.ew_entry.label, "4S", "N", "10")
    with CaptureQueriesContext(connection) as queries:
        saved = save_lines(actor=director, section=section, lines=[line], smap=smap)[0]
    assert saved is not None and saved.contract == "4S"
    reads = [q["sql"] for q in queries.captured_queries if "tournaments_tableround" in q["sql"]]
    assert reads == []  # the movement was not read again
    from tournaments.sessions.services.results import ResultEntryError

    again = LineInput(1, second.ns_entry.label, second.ew_entry.label, "5S", "N", "11")
    with pytest.raises(ResultEntryError):  # the same pair's board, entered in between: refused, not written over
        save_lines(actor=director, section=section, lines=[again], smap=smap)


def test_a_late_pair_is_seen_at_once(section, director):
    smap, _ = _read(section)
    entry = add_late_pair(actor=director, section=section, names=["Late", "Comer"])
    fresh, queries = _read(section)
    assert queries > 1 and entry.pk in fresh.entries and entry.pk not in smap.entries


def test_a_map_read_inside_a_transaction_is_not_kept(section):
    with transaction.atomic():
        inside = section_map(section)
    assert inside.version is None
    _first, queries = _read(section)
    assert queries > 1


def test_a_process_keeps_its_copy_of_the_map_while_the_cache_holds_the_same_one(section, monkeypatch):
    """The packed map is unpickled from the cache once per process (then only its stamp is fetched); a cleared
    cache, as after a restart of Redis or a test's reset, is a new stamp: never the process's old copy."""
    from django.core.cache import cache

    first, _ = _read(section)
    fetched: list[str] = []
    real_get = cache.get

    def get(key, *args, **kwargs):
        fetched.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", get)
    again, queries = _read(section)
    assert queries == 1 and _rows(again) == _rows(first)
    assert [key for key in fetched if key.startswith("section-map:")] == [
        f"section-map:{section.pk}:s{_since(section)}:stamp"
    ]
    cache.clear()
    fetched.clear()
    fresh, queries = _read(section)
    assert queries > 1 and _rows(fresh) == _rows(first)  # read from the database again, and kept anew


def test_a_kept_map_makes_each_entrys_players_when_first_asked_for_without_a_query(section):
    fresh = {e.pk: [(p.pk, p.name) for p in e.players.all()] for e in section_map(section).entries.values()}
    kept, reads = _read(section)
    assert reads == 1  # the version only: the map and its players come from the kept copy
    from django.db.models import prefetch_related_objects

    with CaptureQueriesContext(connection) as queries:
        prefetch_related_objects(list(kept.entries.values()), "players")  # held already: nothing fetched
        players = {e.pk: [(p.pk, p.name) for p in e.players.all()] for e in kept.entries.values()}
        again = {e.pk: [p.pk for p in e.players.all()] for e in kept.entries.values()}
    assert len(queries.captured_queries) == 0
    assert players == fresh and any(players.values())
    assert again == {pk: [p for p, _name in found] for pk, found in players.items()}


def test_a_row_is_found_by_round_and_table_as_a_scan_would(section):
    for smap in (section_map(section), section_map(section)):  # read, then kept
        for r in smap.rounds():
            for t in [*smap.tables(), 99]:
                scan = next((row for row in smap.rows if row.round == r and row.table == t), None)
                assert smap.row(r, t) is scan


def test_a_shared_map_is_unpacked_once_per_process_and_version(section, director):
    """`shared=True` (the traveller's page, preview and save): the objects are unpacked once per version and
    handed to every such reader, each with its own SectionMap and its own section; a results-only save carries
    them to the version it wrote, a cleared cache is a new copy, and an unshared reader gets objects of its own."""
    from django.core.cache import cache

    section_map(section)  # read and kept
    one = section_map(section, shared=True)
    other_section = Section.objects.get(pk=section.pk)
    two = section_map(other_section, shared=True)
    assert one is not two and one.rows is two.rows and one.entries is two.entries  # the same objects
    assert one.section is section and two.section is other_section  # each caller's own section
    assert section_map(section).rows is not one.rows  # unshared: a copy of its own
    row = one.played_rows(1)[0]
    save_lines(
        actor=director,
        section=section,
        lines=[LineInput(1, row.ns_entry.label, row.ew_entry.label, "7NT", "N", "7")],
        smap=one,
    )
    after = section_map(section, shared=True)  # a new version, the same map (results only): not unpacked again
    assert after.version == one.version + 1 and after.rows is one.rows and after.since == one.since
    assert section_map(section, shared=True).rows is after.rows
    cache.clear()
    fresh = section_map(section, shared=True)  # read from the database (nothing kept), then kept anew
    again = section_map(section, shared=True)
    assert fresh.rows is not after.rows and again.rows is not after.rows and _rows(again) == _rows(after)


def test_a_shared_map_is_not_carried_over_a_late_pair(section, director):
    """Only a results-only save carries the shared objects to its version: a late pair (the movement and the
    entries change) is read and unpacked anew, and the shared readers see the new pair at once."""
    one = section_map(section, shared=True)
    entry = add_late_pair(actor=director, section=section, names=["Late", "Comer"])
    after = section_map(section, shared=True)
    assert after.version == _version(section) and after.rows is not one.rows
    assert entry.pk in after.entries and entry.pk not in one.entries
