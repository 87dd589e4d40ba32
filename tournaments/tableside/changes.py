"""A table changing its own result before the round ends (the director's setting `table_changes`).

Without the setting, a second result for a board is kept beside the first for the director (a dispute). With it,
a table may correct what it sent itself, as long as the traveller still holds exactly that (the director has not
touched it) and the room has not moved past the board's round; the change goes through the results service (the
line's version checked, audited as a result change, scored again). The phone asks the opponents to confirm every
result it sends, a change included.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.sessions.models import Result
from tournaments.sessions.services.checking import LineInput
from tournaments.sessions.services.results import CheckedLine, save_lines
from tournaments.tableside.models import TableEntry, TableLink, TableSettings


def may_change(link: TableLink, stored: Result, round_number: int, room: int) -> bool:
    """Whether this table may replace `stored` with what it sends now: the setting is on, the room is still in
    the board's round (or before it), and the stored line is the table's own last sending, untouched since."""
    settings = TableSettings.objects.filter(section=link.table_section).first()
    if settings is None or not settings.table_changes or round_number < room:
        return False
    own = (
        TableEntry.objects.filter(link=link, result=stored)
        .exclude(status=TableEntry.Status.DISPUTED)
        .order_by("-created_at", "-id")
        .first()
    )
    if own is None:
        return False
    return (own.contract, own.declarer, own.tricks, own.lead) == (
        stored.contract,
        stored.declarer,
        stored.tricks,
        stored.lead,
    )


def change_own(link: TableLink, stored: Result, checked: CheckedLine) -> Result:
    """Replace the table's own result with the checked line (ResultEntryError when the results service refuses)."""
    line = checked.input
    changed = LineInput(
        board=line.board,
        ns=line.ns,
        ew=line.ew,
        contract=line.contract,
        declarer=line.declarer,
        tricks=line.tricks,
        lead=line.lead,
        result_id=stored.pk,
        version=stored.version,
    )
    with transaction.atomic():
        saved = save_lines(
            actor=None,
            section=link.table_section,
            lines=[changed],
            why=f"Changed at table {link.table} before the round ended",
        )[0]
    assert saved is not None
    return saved
