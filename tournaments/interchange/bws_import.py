"""A Bridgemate `.bws` file becomes a new session, as the other importers' files do (one transaction)."""

from __future__ import annotations

from django.db import transaction

from tournaments.core.actors import Actor
from tournaments.sessions.models import Session

from .bws import read_tables
from .bws_tables import Table, export_tables
from .importers import ImportReport, file_digest, import_record


@transaction.atomic
def import_bws(data: bytes, *, filename: str = "upload.bws", actor: Actor = None) -> ImportReport:
    """Import a .bws database (its movement, players, results and lead cards, hand records) as a new session,
    each of its sections a section; scored by Bridgedesk (a .bws holds no scores). Raises InterchangeError."""
    report = import_bws_tables(export_tables(data), filename=filename, actor=actor)
    Session.objects.filter(pk=report.session.pk).update(source_digest=file_digest(data))
    return report


@transaction.atomic
def import_bws_tables(tables: dict[str, Table], *, filename: str, actor: Actor = None) -> ImportReport:
    """The same from the database's tables as mdb-export writes them (:func:`.bws_tables.parse_csv`)."""
    first, *others = read_tables(tables)
    return import_record(first, filename=filename, fmt="Bridgemate", actor=actor, more_sections=tuple(others))
