"""The director's rulings page (apply, list, withdraw) and the session's audit log."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.audit.models import AuditEntry
from tournaments.core.access import Perm, requires
from tournaments.core.errors import DomainError
from tournaments.sessions.forms import RulingForm, add_service_errors, service_messages
from tournaments.sessions.models import Ruling
from tournaments.sessions.selectors import audit_trail
from tournaments.sessions.services.rulings import apply_ruling, withdraw_ruling
from tournaments.sessions.views.common import get_session


@requires(Perm.DIRECT)
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
            except (ValidationError, DomainError) as exc:
                add_service_errors(form, exc)
            else:
                messages.success(
                    request, _("Ruling recorded: %(ruling)s. The scores are recomputed.") % {"ruling": ruling}
                )
                return redirect("rulings", pk=session.pk)
    listed = (
        Ruling.objects.filter(session=session)
        .select_related("section", "board", "entry", "director", "result__ns_entry", "result__ew_entry")
        .order_by("-created_at")
    )
    pending_only = request.GET.get("appeal") == "pending"  # the director's filter: appeals still to be heard
    if pending_only:
        listed = listed.filter(appeal=Ruling.Appeal.PENDING)
    context = {"session": session, "form": form, "rulings": listed, "pending_only": pending_only}
    return render(request, "sessions/rulings.html", context)


@requires(Perm.DIRECT)
@require_POST
def ruling_withdraw(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    session = get_session(pk)
    ruling = Ruling.objects.filter(pk=ruling_id, session=session).first()
    if ruling is None:
        # A double click, or a second director got there first: say so rather than show "not found".
        messages.warning(request, _("That ruling is no longer in force (already withdrawn); nothing changed."))
        return redirect("rulings", pk=session.pk)
    try:
        version = request.POST.get("version", "")
        withdraw_ruling(
            actor=request.user,
            ruling=ruling,
            why=request.POST.get("why", ""),
            version=int(version) if version.isascii() and version.isdigit() else None,
        )
    except (ValidationError, DomainError) as exc:
        messages.warning(request, " ".join(service_messages(exc)))
        return redirect("rulings", pk=session.pk)
    messages.success(request, _("Ruling withdrawn; the results are as they were before it."))
    return redirect("rulings", pk=session.pk)


@requires(Perm.VIEW_AUDIT)
def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    """Every change to this session's results and rulings, newest first: who, when, old, new, why."""
    session = get_session(pk)
    page = Paginator(AuditEntry.objects.filter(session_id=session.pk).order_by("-created_at", "-id"), 100).get_page(
        request.GET.get("page")
    )
    rows = audit_trail.readable_entries(list(page), session.pk)
    return render(request, "sessions/audit.html", {"session": session, "page": page, "rows": rows})
