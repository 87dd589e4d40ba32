"""A ruling's page: the ruling, and its appeal (lodge it; the committee upholds, changes or sees it withdrawn)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.audit.actions import label_of
from tournaments.audit.models import AuditEntry
from tournaments.core.access import Perm, requires
from tournaments.core.errors import INVALID, DomainError
from tournaments.sessions.appeal_forms import DecideAppealForm, LodgeAppealForm
from tournaments.sessions.forms import add_service_errors
from tournaments.sessions.models import Ruling
from tournaments.sessions.services import appeals
from tournaments.sessions.services.rulings import decision_of
from tournaments.sessions.views.common import get_session


def _ruling(pk: int, ruling_id: int) -> Ruling:
    session = get_session(pk)
    ruling = (
        Ruling.objects.filter(pk=ruling_id, session=session)
        .select_related("session", "section", "board", "entry", "director", "result__ns_entry", "result__ew_entry")
        .first()
    )
    if ruling is None:
        raise Http404(_("No such ruling in this session (it may have been withdrawn)."))
    return ruling


def _page(request: HttpRequest, ruling: Ruling, status: int = 200, **forms: Any) -> HttpResponse:
    lodge = forms.get("lodge") or LodgeAppealForm(initial={"version": ruling.version})
    decide = forms.get("decide") or DecideAppealForm(initial={"version": ruling.version})
    entries = AuditEntry.objects.filter(session_id=ruling.session_id, target_type="ruling", target_id=ruling.pk)
    history = [(e, label_of(e.action)) for e in entries.order_by("created_at", "id")]
    context = {"session": ruling.session, "r": ruling, "lodge": lodge, "decide": decide, "history": history}
    return render(request, "sessions/ruling.html", context, status=status)


@requires(Perm.DIRECT)
def ruling_page(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    return _page(request, _ruling(pk, ruling_id))


def _status(error: DomainError | None) -> int:
    """The page again with the refusal at its field: 422 for bad input, 409 when the ruling's state refuses it
    (an appeal already pending or decided, a stale page, the session finished: the form itself was right)."""
    return 422 if error is None or error.code == INVALID else 409


def _version(form: LodgeAppealForm | DecideAppealForm) -> int | None:
    value = form.cleaned_data.get("version")
    return int(value) if value is not None else None


@requires(Perm.DIRECT)
@require_POST
def appeal_lodge(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    ruling = _ruling(pk, ruling_id)
    form, error = LodgeAppealForm(request.POST), None
    if form.is_valid():
        try:
            appeals.lodge_appeal(
                actor=request.user,
                ruling=ruling,
                by=form.cleaned_data["by"],
                grounds=form.cleaned_data["grounds"],
                version=_version(form),
            )
        except DomainError as exc:
            add_service_errors(form, exc)
            error = exc
        else:
            messages.success(request, _("Appeal lodged: the ruling's appeal is pending."))
            return redirect("ruling_page", pk=pk, ruling_id=ruling.pk)
    return _page(request, ruling, status=_status(error), lodge=form)


def _outcome(form: DecideAppealForm, ruling: Ruling) -> appeals.Outcome | None:
    """The committee's outcome from the form; for a changed ruling its typed decision (None: a form error)."""
    data = form.cleaned_data
    if data["outcome"] == Ruling.Appeal.UPHELD:
        return appeals.Upheld()
    if data["outcome"] == Ruling.Appeal.WITHDRAWN:
        return appeals.Withdrawn()
    if not data.get("decision"):
        form.add_error("decision", _("Which decision replaces the ruling?"))
        return None
    entry = form.entry_in(ruling.section) if ruling.section is not None else None
    if form.errors:
        return None
    assigned = {k: data.get(k) or "" for k in ("contract", "declarer", "tricks")}
    try:
        decision = decision_of(
            data["decision"], entry=entry, ns_percent=data.get("ns_percent"), ew_percent=data.get("ew_percent"),
            assigned=assigned, weighted=data.get("weighted") or [], penalty=data.get("penalty"),
        )  # fmt: skip
    except ValidationError as exc:
        add_service_errors(form, exc)
        return None
    return appeals.Changed(decision)


@requires(Perm.DIRECT)
@require_POST
def appeal_decide(request: HttpRequest, pk: int, ruling_id: int) -> HttpResponse:
    ruling = _ruling(pk, ruling_id)
    form, error = DecideAppealForm(request.POST), None
    if form.is_valid() and (outcome := _outcome(form, ruling)) is not None:
        try:
            decided = appeals.decide_appeal(
                actor=request.user,
                ruling=ruling,
                outcome=outcome,
                committee=form.cleaned_data.get("committee") or "",
                reasons=form.cleaned_data.get("reasons") or "",
                deposit_returned=form.deposit_returned(),
                version=_version(form),
            )
        except DomainError as exc:
            add_service_errors(form, exc)
            error = exc
        else:
            messages.success(request, _("Appeal decided: %(outcome)s.") % {"outcome": decided.get_appeal_display()})
            return redirect("ruling_page", pk=pk, ruling_id=ruling.pk)
    return _page(request, ruling, status=_status(error), decide=form)
