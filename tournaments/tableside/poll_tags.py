"""What a phone's poll answered 304 needs, read in one narrow query: the link's id and its owner's version.

A poll of `GET /api/table/<token>/` carrying the ETag of its last answer is most of a room's traffic (issue 24:
89% of the phones' requests). Opening the link in full (services.open_link: the link, its section and session,
or its match, round and event, or its party, every column) cost three quarters of such a 304; this reads only
the columns the answer depends on. It gives None whenever the full path must speak instead (an unknown or
withdrawn link, a finished or archived owner, an address past its guesses), so every refusal is still
open_link's, worded there.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from django.db.models import QuerySet
from django.utils import translation

from tournaments.core.compiled import first_row
from tournaments.core.lifecycle import FINISHED
from tournaments.core.limits import TOKEN_GUESSES
from tournaments.sessions.services.touches import untouched
from tournaments.tableside.models import TableLink

_COLUMNS = (
    "pk",
    "revoked_at",
    "party_id",
    "party__version",
    "party__status",
    "party__archived_at",
    "match_id",
    "match__round__event__version",
    "match__round__event__status",
    "match__round__event__archived_at",
    "section__version",
    "section__session__status",
    "section__session__archived_at",
    "section_id",
    "table",
)


class Live(NamedTuple):
    """A live link's id, its owner's version, and for a session's table its section and table (else None, 0)."""

    pk: int
    version: int
    section_id: int | None
    table: int


def _by_token(token: str) -> QuerySet[TableLink, tuple[Any, ...]]:
    return TableLink.objects.filter(token=token).order_by().values_list(*_COLUMNS)[:1]


def live_version(token: str, *, address: str = "") -> Live | None:
    """The link id and owner's version (see Live) of a live link with this token, or None (see above; also when
    `address` has tried too many unknown tokens, which open_link refuses whatever the token)."""
    if address and TOKEN_GUESSES.reached(address):
        return None
    row = first_row(TableLink, "live_version", _by_token, token[:32])  # its SQL compiled once (core/compiled.py)
    if row is None or row[1] is not None:
        return None
    pk, party_id, match_id = row[0], row[2], row[6]
    # The owner, as open_link finds it: a party's table, else a teams match's room, else a session's table.
    first = 3 if party_id is not None else 7 if match_id is not None else 10
    version, status, archived_at = row[first : first + 3]
    if version is None or status == FINISHED or archived_at is not None:
        return None
    section_id = row[13] if first == 10 else None
    return Live(pk, version, section_id, row[14] if section_id is not None else 0)


_TAG = re.compile(r'"t(\d+)\.(\d+)(s?)\.([^"]*)"')


def etag(link_id: int, version: int, *, scores: bool = False) -> str:
    """A table state's ETag: its link, the owner's version it is good at, and the reader's language (its words
    are in it); `scores`: the state shows the running percentage or the ranking, which every result moves."""
    return f'"t{link_id}.{version}{"s" if scores else ""}.{translation.get_language()}"'


def still_good(asked: str | None, live: Live) -> str | None:
    """The ETag to answer 304 with when `asked` (the poll's If-None-Match) still describes the table's state at
    `live`, else None: the same version, or for a session's table not showing scores, no write since its version
    touched the table (sessions/services/touches.py). Then the answer carries the current version, so the phone's
    next poll reads only the records after it."""
    found = _TAG.fullmatch(asked or "")
    if found is None or int(found[1]) != live.pk or found[4] != translation.get_language():
        return None
    since = int(found[2])
    if since == live.version:
        return asked
    if found[3] or live.section_id is None or not untouched(live.section_id, live.table, since, live.version):
        return None
    return etag(live.pk, live.version)
