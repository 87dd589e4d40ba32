"""The director's rulings page (apply, list, withdraw) and the session's audit log."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.forms import RulingForm, add_service_errors
from tournaments.models import AuditEntry, Board, Entry, Ruling, Section
from tournaments.services.rulings import apply_ruling, withdraw_ruling
from tournaments.views.common import get_session


@login_required
def rulings(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_session(pk)
    sections = list(session.sections.order_by("letter"))
    initial = {k: request.GET[k] for k in ("section", "board", "ns", "ew", "decision") if k in request.GET}
    form = RulingForm(request.POST or None, sections=sections, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        section = next(s for s in sections if s.letter == data["section"])
        entry = form.entry_in(section)
        if not form.errors:
            try:
                ruling = apply_ruling(
                    actor=request.user,
                    section=section,
                    decision=data["decision"],
                    board_number=data.get("board"),
                    ns=data.get("ns") or "",
                    ew=data.get("ew") or "",
                    entry=entry,
                    law=data.get("law") or "",
                    facts=data.get("facts") or "",
                    ns_percent=data.get("ns_percent"),
                    ew_percent=data.get("ew_percent"),
                    assigned={
                        "contract": data.get("contract") or "",
                        "declarer": data.get("declarer") or "",
                        "tricks": data.get("tricks") or "",
                    },
                    weighted=data.get("weighted") or [],
                    penalty=data.get("penalty"),
                )
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                messages.success(request, f"Ruling recorded: {ruling}. The scores are recomputed.")
                return redirect("rulings", pk=session.pk)
    listed = (
        Ruling.objects.filter(session=session)
        .select_related("section", "board", "entry", "director", "result__ns_entry", "result__ew_entry")
        .order_by("-created_at")
    )
    return render(request, "sessions/rulings.html", {"session": session, "form": form, "rulings": listed})


@login_required
@require_POST
def ruling_withdraw(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    session = get_session(pk)
    ruling = Ruling.objects.filter(pk=ruling_id, session=session).first()
    if ruling is None:
        # A double click, or a second director got there first: say so rather than show "not found".
        messages.warning(request, "That ruling is no longer in force (already withdrawn); nothing changed.")
        return redirect("rulings", pk=session.pk)
    try:
        withdraw_ruling(actor=request.user, ruling=ruling, why=request.POST.get("why", ""))
    except ValidationError as exc:
        messages.warning(request, " ".join(exc.messages))
        return redirect("rulings", pk=session.pk)
    messages.success(request, "Ruling withdrawn; the results are as they were before it.")
    return redirect("rulings", pk=session.pk)


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


def _readable(value: Any, names: dict[str, dict[int, str]]) -> Any:
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


def _names(session_id: int) -> dict[str, dict[int, str]]:
    """Board numbers, pair labels and section letters of the session by id (three queries for the page)."""
    sections = dict(Section.objects.filter(session_id=session_id).values_list("id", "letter"))
    entries = Entry.objects.filter(section__session_id=session_id).values_list("id", "label", "section_id")
    return {
        "board": dict(Board.objects.filter(session_id=session_id).values_list("id", "number")),
        # The section letter only matters when there are several.
        "entry": {pk: label + (f" ({sections[sid]})" if len(sections) > 1 else "") for pk, label, sid in entries},
        "section": sections,
    }


def _subject(old: Any, new: Any) -> str:
    """Which line a result change is about, as the director says it: "board 5 · 1NS v 1EW"."""
    d = new if isinstance(new, dict) else old if isinstance(old, dict) else {}
    if "board" not in d:
        return ""
    pairs = f" · {d['NS']} v {d['EW']}" if d.get("NS") and d.get("EW") else ""
    return f"board {d['board']}{pairs}"


def _changes(old: Any, new: Any) -> list[tuple[str, str, str]]:
    """What changed, field by field, for the log's reader."""

    def show(v: Any) -> str:
        return "" if v is None else (v if isinstance(v, str) else json.dumps(v))

    def compact(d: dict[str, Any]) -> str:
        return ", ".join(f"{k}={show(v)}" for k, v in d.items() if v not in (None, "", []) and k != "previous")

    if old is None and isinstance(new, dict):
        return [("", "", compact(new))]
    if new is None and isinstance(old, dict):
        return [("", compact(old), "")]
    if isinstance(old, dict) or isinstance(new, dict):
        old_d, new_d = old or {}, new or {}
        keys = [k for k in {**old_d, **new_d} if old_d.get(k) != new_d.get(k) and k != "previous"]
        return [(k, show(old_d.get(k)), show(new_d.get(k))) for k in keys]
    return [("", show(old), show(new))] if old != new else []


@login_required
def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    """Every change to this session's results and rulings, newest first: who, when, old, new, why."""
    session = get_session(pk)
    page = Paginator(AuditEntry.objects.filter(session_id=session.pk).order_by("-created_at", "-id"), 100).get_page(
        request.GET.get("page")
    )
    names = _names(session.pk)
    rows = []
    for e in page:
        old, new = _readable(e.old, names), _readable(e.new, names)
        rows.append((e, _subject(old, new), _changes(old, new)))
    return render(request, "sessions/audit.html", {"session": session, "page": page, "rows": rows})
