"""Where everyone sits: a section's movement rows and entries loaded once, for validating and pre-filling lines.

Result entry asks the same questions many times per traveller ("does 3NS play board 5 against 4EW, and in
which round?"), so the rows are read in two queries and answered from memory.
"""

from __future__ import annotations

import copy
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from django.core.cache import cache
from django.db import connection
from django.db.models import Model
from django.db.models.base import ModelState

from tournaments.core.text import is_digits
from tournaments.sessions.models import Board, Entry, EntryPlayer, Section, TableRound

Values = tuple[object, ...]
Packed = tuple[list[tuple[Values, list[Values]]], list[Values]]


@dataclass
class SectionMap:
    """A section's entries and movement rows, indexed for the questions result entry asks."""

    section: Section
    entries: dict[int, Entry]
    rows: list[TableRound]
    by_label: dict[str, Entry] = field(default_factory=dict)
    by_board: dict[int, list[TableRound]] = field(default_factory=dict)
    by_slot: dict[tuple[int, int], TableRound] = field(default_factory=dict, repr=False)  # (round, table)
    version: int | None = None  # the section's version it was read at (None: read inside a transaction)
    since: int | None = None  # the section's map_since then: the map is the same at any version with the same one
    packed: Packed | None = field(default=None, repr=False)  # as kept in the cache (carried forward as it is)

    def __post_init__(self) -> None:
        self.by_label = {e.label.upper(): e for e in self.entries.values()}
        for row in self.rows:
            self.by_slot.setdefault((row.round, row.table), row)  # the first, as a scan in round, table order finds
            for number in row.boards:
                self.by_board.setdefault(int(number), []).append(row)

    @property
    def is_mitchell(self) -> bool:
        return any(e.direction for e in self.entries.values())

    def board_numbers(self) -> list[int]:
        return sorted(self.by_board)

    def played_rows(self, board_number: int) -> list[TableRound]:
        """The rows at which `board_number` is played (both seats filled), in round then table order."""
        rows = [r for r in self.by_board.get(board_number, []) if r.ns_entry_id and r.ew_entry_id]
        return sorted(rows, key=lambda r: (r.round, r.table))

    def row(self, round_number: int, table: int) -> TableRound | None:
        """The row at (round, table): a lookup, since the live panel asks it for every table of every round."""
        return self.by_slot.get((round_number, table))

    def rounds(self) -> list[int]:
        return sorted({r.round for r in self.rows})

    def tables(self) -> list[int]:
        return sorted({r.table for r in self.rows})

    def candidates(self, text: str, seat: str) -> list[Entry]:
        """Entries a typed pair number may mean: an exact label ("3NS", "7") first, else the number in `seat`'s
        direction, then the other direction (an arrow-switched round puts an EW pair in the NS seat)."""
        key = text.strip().upper().replace(" ", "")
        if not key:
            return []
        if key in self.by_label:
            return [self.by_label[key]]
        if not is_digits(key):
            return []
        number = int(key)
        found = [e for e in self.entries.values() if e.number == number]
        other = "EW" if seat == "NS" else "NS"
        return sorted(found, key=lambda e: {seat: 0, "": 0, other: 1}[e.direction])


def _read(section: Section, version: int | None = None, since: int | None = None) -> SectionMap:
    entries = {e.pk: e for e in Entry.objects.filter(section=section).prefetch_related("players")}
    rows = list(TableRound.objects.filter(section=section).order_by("round", "table"))
    for row in rows:
        row.ns_entry = entries.get(row.ns_entry_id) if row.ns_entry_id else None
        row.ew_entry = entries.get(row.ew_entry_id) if row.ew_entry_id else None
    return SectionMap(section=section, entries=entries, rows=rows, version=version, since=since)


# Kept in Django's cache (shared by every process: settings.CACHES) and keyed on the section's `map_since`, the
# version of the last write that may have changed the pairs, their players or the movement (every bump moves it
# unless its write changed results only: sessions/services/versions.py): at 60 tables the map is a thousand model
# objects, the largest part of saving a result. So a change to the movement or the pairs is never answered from
# here, and results typed or sent one after another read the movement once per process, whichever process wrote
# them (keyed on the version, with a save carrying its map forward, a post that waited for the lock behind others
# missed it and read the map again under the lock: 265 of 362 posts at 200 tables). Each reader gets its own copy.
# The packed tuples are also kept in this process, under a stamp the cache holds beside them (a few bytes to
# fetch): unpickling the 34 KB map from the cache was two thirds of reading it, a tenth of opening a traveller
# under 50 savers (issue 24). A cleared or evicted cache, or a new map at the same key, is a new stamp, so the
# process's copy is never answered for a map the cache no longer holds.
MAP_TTL_SECONDS = 3600
LOCAL_MAPS = 64  # packed maps kept in this process: the sections being played at once, at a few versions
_local: OrderedDict[str, Packed] = OrderedDict()
_local_lock = threading.Lock()


def _map_key(section_id: int, since: int) -> str:
    return f"section-map:{section_id}:s{since}"


def _keep_locally(stamp: str, packed: Packed) -> None:
    with _local_lock:
        _local[stamp] = packed
        _local.move_to_end(stamp)
        while len(_local) > LOCAL_MAPS:
            _local.popitem(last=False)


def _kept(key: str) -> Packed | None:
    """The packed map at `key`: this process's copy when the cache's stamp for it is one we hold, else the
    cache's (then kept here too)."""
    stamp = cache.get(f"{key}:stamp")
    if stamp is not None:
        with _local_lock:
            mine = _local.get(stamp)
        if mine is not None:
            return mine
    found: tuple[str, Packed] | None = cache.get(key)
    if found is None:
        return None
    _keep_locally(*found)
    return found[1]


def _keep(key: str, packed: Packed) -> None:
    """Store a packed map in the cache under a new stamp."""
    stamp = uuid.uuid4().hex
    cache.set(key, (stamp, packed), MAP_TTL_SECONDS)
    cache.set(f"{key}:stamp", stamp, MAP_TTL_SECONDS)
    _keep_locally(stamp, packed)


def _values(obj: Model) -> Values:
    return tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def _pack(smap: SectionMap) -> Packed:
    """The map as plain tuples of field values: pickled model objects cost ten times as much to store and load."""
    entries = [(_values(e), [_values(p) for p in e.players.all()]) for e in smap.entries.values()]
    return entries, [_values(row) for row in smap.rows]


M = TypeVar("M", bound=Model)
_ATTNAMES: dict[type[Model], tuple[str, ...]] = {}  # each model's field names, in the order _values reads them


def _model(cls: type[M], values: Values) -> M:
    """A model object from its field values as loaded, without __init__ (as unpickling makes one): a tenth of
    the cost, for the thousand objects of a 60-table map."""
    names = _ATTNAMES.get(cls)
    if names is None:
        names = _ATTNAMES.setdefault(cls, tuple(f.attname for f in cls._meta.concrete_fields))
    obj = cls.__new__(cls)
    obj.__dict__.update(zip(names, values, strict=True))
    state = ModelState()
    state.adding, state.db = False, "default"
    obj._state = state
    return obj


class _Players(dict[str, object]):
    """An entry's prefetch cache whose players are made when first asked for, as `prefetch_related("players")`
    would have left them: most requests (a traveller, a table's phone) never read them, and making the
    querysets was two fifths of unpacking a 30-table map (issue 24)."""

    def __init__(self, entry: Entry, players: list[Values]) -> None:
        super().__init__()
        self._entry, self._players, self._making = entry, players, False
        self._dropped = False  # popped (refresh_from_db): read from the database again, as Django would

    def __contains__(self, key: object) -> bool:  # prefetch_related_objects asks before it fetches
        return (key == "players" and not self._dropped) or super().__contains__(key)

    def get(self, key: str, default: object = None) -> object:  # as dict.get, and makes the players
        return self[key] if key in self else default  # noqa: SIM401  # self.get would call itself

    def pop(self, key: str, *default: object) -> object:  # as dict.pop
        if key == "players":
            self._dropped = True
        return super().pop(key, *default)

    def __missing__(self, key: str) -> object:
        if key != "players" or self._making or self._dropped:  # while making it, the manager builds its queryset
            raise KeyError(key)
        self._making = True
        try:
            found = self._entry.players.all()
        finally:
            self._making = False
        found._result_cache = [_model(EntryPlayer, p) for p in self._players]
        found._prefetch_done = True  # type: ignore[attr-defined]  # Django's prefetch marker, private
        self[key] = found
        return found


def _unpack(section: Section, packed: Packed, version: int, since: int) -> SectionMap:
    """Model objects again, as a query with `prefetch_related("players")` would have made them."""
    entries: dict[int, Entry] = {}
    for values, players in packed[0]:
        entry = _model(Entry, values)
        entry._prefetched_objects_cache = _Players(entry, players)  # type: ignore[attr-defined]  # as prefetch sets it
        entries[entry.pk] = entry
    rows = []
    for values in packed[1]:
        row = _model(TableRound, values)
        cached = row._state.fields_cache  # what `row.ns_entry = entry` stores, without the descriptor's checks
        cached["ns_entry"] = entries.get(row.ns_entry_id) if row.ns_entry_id else None
        cached["ew_entry"] = entries.get(row.ew_entry_id) if row.ew_entry_id else None
        rows.append(row)
    return SectionMap(section=section, entries=entries, rows=rows, version=version, since=since, packed=packed)


# Unpacking the map (600 model objects at 30 tables) was still a tenth of a traveller's save and of its page
# (issue 24). A caller that only reads the map (the traveller's page, its preview and its save: labels, rows and
# entries, never an entry's players) asks for it `shared`: the objects unpacked once in this process for the
# section at that map_since and packed copy (the cache's stamp: a new stamp, a cleared cache, is a new copy), and
# handed to every such request and thread at once. The SectionMap itself is the caller's own shallow copy, with
# the caller's section; its model objects, lists and indexes are shared and must not be changed.
SHARED_MAPS = 16  # unpacked maps kept in this process: a few sections being typed at once
_shared: OrderedDict[tuple[int, int], tuple[Packed, SectionMap]] = OrderedDict()


def _shared_copy(section: Section, packed: Packed, version: int, since: int) -> SectionMap:
    key = (section.pk, since)
    with _local_lock:
        hit = _shared.get(key)
        if hit is not None and hit[0] is packed:  # the same packed copy: the same stamp in the cache
            _shared.move_to_end(key)
            base = hit[1]
        else:
            base = None
    if base is None:
        base = _unpack(section, packed, version, since)
        with _local_lock:
            _shared[key] = (packed, base)
            _shared.move_to_end(key)
            while len(_shared) > SHARED_MAPS:
                _shared.popitem(last=False)
    mine = copy.copy(base)  # the caller's own SectionMap (its section and version), over the shared objects
    mine.section, mine.version = section, version
    return mine


def map_at(section: Section, version: int, since: int, *, shared: bool = False) -> SectionMap | None:
    """The map kept for the section at `since` (its map_since at `version`), or None: a writer whose map no longer
    holds under the lock (versions.map_holds) looks here before reading the rows again.
    `shared`: model objects shared with the process's other readers of the same map (read them only)."""
    packed = _kept(_map_key(section.pk, since))
    if packed is None:
        return None
    return _shared_copy(section, packed, version, since) if shared else _unpack(section, packed, version, since)


def section_map(section: Section, *, shared: bool = False) -> SectionMap:
    """A section's entries (with players) and movement rows: three queries, or one when a map is kept at the
    section's current map_since. Inside a transaction always read afresh (as the scores are), since what the
    transaction has not committed may still be rolled back: writers read it before they lock (see map_at).
    `shared`: for a caller that only reads the map, its objects unpacked once per process and map_since."""
    if connection.in_atomic_block:
        return _read(section)
    found = Section.objects.filter(pk=section.pk).values_list("version", "map_since").order_by().first()
    if found is None:
        return _read(section)
    version, since = found
    kept = map_at(section, version, since, shared=shared)
    if kept is None:
        kept = _read(section, version, since)  # read after map_since: the rows are at least as new as the key
        kept.packed = _pack(kept)
        _keep(_map_key(section.pk, since), kept.packed)
    return kept


def boards_by_number(session_id: int, numbers: Iterable[object] | None = None) -> dict[int, Board]:
    """The session's boards by number; only those among `numbers` (typed board numbers: a traveller's one board,
    a pickup slip's two) when given. Reading every board with its deal was a tenth of a save (issue 24)."""
    boards = Board.objects.filter(session_id=session_id).order_by()  # unordered: the ordering joins the session
    if numbers is not None:
        wanted = {int(text) for n in numbers if is_digits(text := str(n).strip())}
        boards = boards.filter(number__in=wanted)
    return {b.number: b for b in boards}
