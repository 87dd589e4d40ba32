"""The audit log read the way a director talks: board numbers, pair labels and section letters, not row ids.

The session's audit page and the public corrections list both read entries through this.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board, Entry, Section

# Snapshot keys that are row ids: shown to the director as what they mean (board 20, pair 8NS), not as numbers.
READABLE_KEYS = {
    "board_id": "board",
    "ns_entry_id": "NS",
    "ew_entry_id": "EW",
    "entry_id": "pair",
    "section_id": "section",
    "table_round_id": "",
    "session_id": "",
    "director_id": "",
    "id": "",
}


def readable(value: Any, names: dict[str, Mapping[int, str | int]]) -> Any:
    """A snapshot with row ids replaced by board numbers, pair labels and section letters."""
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, v in value.items():
        if key == "details" and isinstance(v, dict):
            # A ruling's percentages or weights, without the results it saved to restore on withdrawal.
            out.update({k: d for k, d in v.items() if k != "previous"})
        elif key not in READABLE_KEYS:
            out[key] = v
        elif READABLE_KEYS[key]:
            lookup = names.get(key.removesuffix("_id").removeprefix("ns_").removeprefix("ew_"), {})
            out[READABLE_KEYS[key]] = lookup.get(v, v) if isinstance(v, int) else v
    return out


def names_by_id(session_id: int) -> dict[str, Mapping[int, str | int]]:  # board numbers are ints
    """Board numbers, pair labels and section letters of the session by id (three queries for the page)."""
    sections = dict(Section.objects.filter(session_id=session_id).values_list("id", "letter"))
    entries = Entry.objects.filter(section__session_id=session_id).values_list("id", "label", "section_id")
    return {
        "board": dict(Board.objects.filter(session_id=session_id).values_list("id", "number")),
        # The section letter only matters when there are several.
        "entry": {pk: label + (f" ({sections[sid]})" if len(sections) > 1 else "") for pk, label, sid in entries},
        "section": sections,
    }


def subject(old: Any, new: Any) -> str:
    """Which line a result change is about, as the director says it: "board 5 · 1NS v 1EW"."""
    d = new if isinstance(new, dict) else old if isinstance(old, dict) else {}
    if "board" not in d:
        return ""
    if d.get("NS") and d.get("EW"):
        return _("board %(board)s · %(ns)s v %(ew)s") % {"board": d["board"], "ns": d["NS"], "ew": d["EW"]}
    return _("board %(board)s") % {"board": d["board"]}


def field_label(key: str) -> str:
    """A snapshot key as the log's reader sees it: the keys this module names (board, pair, section) in the
    reader's language; the others are the recorded field names, shown as recorded."""
    names = {
        # Translators: keys of a change in the audit log ("board=5, NS=1NS, pair=3EW, section=A").
        "board": pgettext("audit field", "board"),
        "pair": pgettext("audit field", "pair"),
        "section": pgettext("audit field", "section"),
    }
    return names.get(key, key)


def changes(old: Any, new: Any) -> list[tuple[str, str, str]]:
    """What changed, field by field, for the log's reader."""

    def show(v: Any) -> str:
        return "" if v is None else (v if isinstance(v, str) else json.dumps(v))

    def compact(d: dict[str, Any]) -> str:
        shown = {k: v for k, v in d.items() if v not in (None, "", []) and k not in ("previous", "version")}
        return ", ".join(f"{field_label(k)}={show(v)}" for k, v in shown.items())

    if old is None and isinstance(new, dict):
        return [("", "", compact(new))]
    if new is None and isinstance(old, dict):
        return [("", compact(old), "")]
    if isinstance(old, dict) or isinstance(new, dict):
        old_d, new_d = old or {}, new or {}
        # "version" is bookkeeping (every change bumps it): kept in the log, not worth a reader's line.
        keys = [k for k in {**old_d, **new_d} if old_d.get(k) != new_d.get(k) and k not in ("previous", "version")]
        return [(field_label(k), show(old_d.get(k)), show(new_d.get(k))) for k in keys]
    return [("", show(old), show(new))] if old != new else []


def readable_entries(
    entries: list[AuditEntry], session_id: int
) -> list[tuple[AuditEntry, str, list[tuple[str, str, str]]]]:
    """Each entry with the line it is about ("board 5 · 1NS v 1EW") and what changed, field by field."""
    names = names_by_id(session_id)
    rows = []
    for e in entries:
        old, new = readable(e.old, names), readable(e.new, names)
        rows.append((e, subject(old, new), changes(old, new)))
    return rows
