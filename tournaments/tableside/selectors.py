"""What the director's live panel reads: every table by every round (in, missing, disputed), calls, links."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db import connection

from tournaments.clubs.addresses import club_url
from tournaments.sessions.models import Section, Session
from tournaments.sessions.selectors.lookups import section_map
from tournaments.tableside.models import DirectorCall, TableEntry, TableLink
from tournaments.tableside.state import entered

_PLAIN_TOKEN = re.compile(r"[A-Za-z0-9_-]+")  # the characters a reversed URL keeps as they are


@dataclass
class Grid:
    """A section's tables (rows) by rounds (columns): each cell "in", "part", "missing", "disputed" or "sit"."""

    section: Section
    rounds: list[int]
    rows: list[tuple[int, list[str], str]] = field(default_factory=list)  # table, cells, link token
    slow: list[tuple[int, int]] = field(default_factory=list)  # (table, the round it is still on)
    playing: int = 0  # the round most tables are on
    behind: set[int] = field(default_factory=set)  # the tables of `slow`

    def find_slow(self) -> None:
        """Tables still on an earlier round than most of the room: the ones the director goes to hurry."""
        current: dict[int, int] = {}
        for table, cells, _token in self.rows:
            todo = [r for r, c in zip(self.rounds, cells, strict=True) if c not in ("in", "sit")]
            if todo:
                current[table] = todo[0]
        if not current:
            return
        on = sorted(current.values())
        self.playing = on[len(on) // 2]  # the median table's round: one fast table does not make all slow
        self.slow = sorted((t, r) for t, r in current.items() if r < self.playing)
        self.behind = {t for t, _r in self.slow}


def table_url(link: TableLink, base: str | None = None, club_id: int | None = None) -> str:
    """The table's phone page at its club's address (`clubs.addresses`; `club_id`: else the current club)."""
    return club_url("tableside:table", [link.token], club_id=club_id, base=base)


def table_urls(links: Sequence[TableLink]) -> list[str]:
    """`table_url` of each link (in the current club), the address reversed once: the links of one panel differ
    only by their token, and reversing each was a fifth of a 60-table live panel (issue 24)."""
    if not links:
        return []
    first = table_url(links[0])
    head, found, tail = first.rpartition(links[0].token)
    if not found or not all(_PLAIN_TOKEN.fullmatch(link.token) for link in links):
        return [table_url(link) for link in links]
    return [f"{head}{link.token}{tail}" for link in links]


# A section's grid is kept in Django's cache on the section's version: every write the grid shows (results, table
# results and their disputes, links) bumps it, as the panel's 304 already relies on (polls.py). A director's
# full poll, a second director and every process read it back instead of scanning the results again (issue 24:
# the panel within x20 of the floor at 60 tables). The grid holds states, no words: it is the same in any language.
GRID_TTL_SECONDS = 3600


def _grid_key(section_id: int, version: int) -> str:
    return f"panel-grid:{section_id}:{version}"


def grid_of(section: Section) -> Grid:
    """The section's grid, from the cache at the section's current version or built (and kept) afresh."""
    version = Section.objects.filter(pk=section.pk).values_list("version", flat=True).order_by().first()
    if version is None or connection.in_atomic_block:  # gone, or inside a write: what it reads may roll back
        return _build_grid(section)
    kept = cache.get(_grid_key(section.pk, version))
    if kept is not None:
        rounds, rows, slow, playing = kept
        return Grid(section, rounds, rows, slow, playing, {t for t, _r in slow})
    grid = _build_grid(section)  # read after the version: at least as new as its key
    cache.set(_grid_key(section.pk, version), (grid.rounds, grid.rows, grid.slow, grid.playing), GRID_TTL_SECONDS)
    return grid


def _build_grid(section: Section) -> Grid:
    smap = section_map(section, shared=True)  # only read: the process's shared objects
    done = entered(section)
    disputed = set(
        TableEntry.objects.filter(link__section=section, status=TableEntry.Status.DISPUTED)
        .order_by()
        .values_list("link__table", "round")
    )
    found = TableLink.objects.filter(section=section, revoked_at__isnull=True).order_by().values_list("table", "token")
    links = dict(found)
    grid = Grid(section=section, rounds=smap.rounds())
    for table in smap.tables():
        cells = []
        for rnd in grid.rounds:
            row = smap.row(rnd, table)
            if row is None or row.ns_entry_id is None or row.ew_entry_id is None:
                cells.append("sit")
                continue
            ns = row.ns_entry_id
            have = sum((int(b), ns) in done for b in row.boards)
            if (table, rnd) in disputed:
                cells.append("disputed")
            elif have == len(row.boards):
                cells.append("in")
            elif have:
                cells.append("part")
            else:
                cells.append("missing")
        grid.rows.append((table, cells, links.get(table, "")))
    grid.find_slow()
    return grid


def open_calls(session: Session) -> list[DirectorCall]:
    return list(
        DirectorCall.objects.filter(link__section__session=session, answered_at__isnull=True).select_related(
            "link", "link__section"
        )
    )


def disputes(session: Session) -> list[dict[str, Any]]:
    """Each table result that disagrees with the traveller, beside what the traveller holds."""
    out = []
    for e in TableEntry.objects.filter(
        link__section__session=session, status=TableEntry.Status.DISPUTED
    ).select_related("link", "link__section", "result", "result__board"):
        out.append({"entry": e, "stored": e.result})
    return out
