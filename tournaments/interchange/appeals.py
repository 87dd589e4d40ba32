"""A ruling's appeal in Bridgedesk's own data (and so in USEBIO and PBN files, which carry it): out and back in.

``appeal_record`` is ``{"by", "lodged_at", "grounds", "committee", "reasons", "deposit_returned", "decided_at"}``
(times as ISO 8601 text, keys left out when empty); a ruling never appealed has none.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils.translation import gettext as _

from tournaments.sessions.models import Ruling

TEXTS = {"grounds": "appeal_grounds", "committee": "appeal_committee", "reasons": "appeal_reasons"}
TIMES = {"lodged_at": "appeal_lodged_at", "decided_at": "appeal_decided_at"}


def appeal_record(ruling: Ruling) -> dict[str, Any]:
    if ruling.appeal == Ruling.Appeal.NONE and ruling.appeal_lodged_at is None:
        return {}
    out: dict[str, Any] = {"by": ruling.appeal_by}
    out.update({key: getattr(ruling, name) for key, name in TEXTS.items()})
    out.update({key: getattr(ruling, name).isoformat() for key, name in TIMES.items() if getattr(ruling, name)})
    if ruling.appeal_deposit_returned is not None:
        out["deposit_returned"] = ruling.appeal_deposit_returned
    return {k: v for k, v in out.items() if v not in ("", None)}


def appeal_fields(record: dict[str, Any]) -> dict[str, Any]:
    """The Ruling fields of a file's appeal record; ValueError (its words for the importer) when it is wrong."""
    by = record.get("by") or ""
    if by not in ("", *Ruling.Side.values):
        raise ValueError(_("an appeal is by NS or EW, not %(by)r.") % {"by": by})
    fields: dict[str, Any] = {"appeal_by": by}
    for key, name in TEXTS.items():
        value = record.get(key) or ""
        if not isinstance(value, str):
            raise ValueError(_("an appeal's %(key)s is text.") % {"key": key})
        fields[name] = value
    if len(fields["appeal_committee"]) > 200:
        raise ValueError(_("an appeal committee's names are at most 200 characters."))
    for key, name in TIMES.items():
        value = record.get(key)
        try:
            fields[name] = dt.datetime.fromisoformat(value) if value else None
        except (TypeError, ValueError):
            wrong = _("an appeal's %(key)s is not a date and time: %(value)r.")
            raise ValueError(wrong % {"key": key, "value": value}) from None
    deposit = record.get("deposit_returned")
    if deposit is not None and not isinstance(deposit, bool):
        raise ValueError(_("an appeal's deposit_returned is true or false."))
    fields["appeal_deposit_returned"] = deposit
    return fields
