"""Interchange pages: import a USEBIO or PBN file as a new session, download a session as USEBIO or PBN,
load hand records into a session. The work is the interchange package's; a bad file is shown at the file field."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from tournaments.core.access import Perm, requires
from tournaments.interchange import InterchangeError
from tournaments.interchange.bws_import import import_bws
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.forms import ConventionsForm, DealsForm, ImportForm, sniff
from tournaments.interchange.importers import (
    ImportReport,
    already_imported,
    import_deals,
    import_lin,
    import_pbn,
    import_usebio,
)
from tournaments.interchange.masterpoint_files import EbuDetails, export_masterpoints
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.published import compare_session, has_published
from tournaments.interchange.teams_export import export_usebio_teams
from tournaments.interchange.teams_import import TeamsImportReport, already_imported_teams, import_usebio_teams
from tournaments.interchange.usebio_teams import is_teams_file
from tournaments.sessions.models import Session
from tournaments.sessions.services.conventions import CONVENTION_FIELDS, set_scores_shown, update_conventions
from tournaments.sessions.views.common import get_session
from tournaments.teams.models import TeamEvent

MAX_WARNINGS_SHOWN = 12


def _file_error(form: ImportForm | DealsForm, error: InterchangeError) -> None:
    form.add_error("file", str(error))


def _already_imported(form: ImportForm, twin: Session | TeamEvent, teams_file: bool) -> None:
    """The file was imported before and the director did not ask for a second copy: say where the first is."""
    message = (
        _(
            "This file was already imported on %(when)s as %(twin)s: open that teams event, or tick "
            '"Import it again" and choose the file again to make a second one.'
        )
        if teams_file
        else _(
            "This file was already imported on %(when)s as %(twin)s: open that session, or tick "
            '"Import it again" and choose the file again to make a second one.'
        )
    )
    when = format(twin.created_at, "%d %b %Y at %H:%M")
    form.add_error("file", message % {"when": when, "twin": twin})


def _import_pairs(request: HttpRequest, form: ImportForm, kind: str, data: bytes, name: str) -> ImportReport:
    """The pairs file imported in its format (raises InterchangeError for a bad file)."""
    scale = form.cleaned_data["scale_missed_boards"]
    if kind == "bws":
        return import_bws(data, filename=name, actor=request.user)
    if kind == "lin":
        return import_lin(data, filename=name, actor=request.user)
    if kind == "usebio":
        return import_usebio(data, filename=name, actor=request.user, scale_missed_boards=scale)
    deal_set = form.cleaned_data["deal_set"]
    return import_pbn(data, filename=name, actor=request.user, scale_missed_boards=scale, deal_set=deal_set)


def _pairs_done(request: HttpRequest, report: ImportReport) -> HttpResponse:
    """The session the file became, with the import's notes and its figures against ours."""
    messages.success(request, report.summary())
    for note in report.notes:
        messages.info(request, note)
    for other in report.more:  # the file's other sessions, each compared with its own figures
        messages.success(request, f"{other.session.name}: {other.summary()}")
    for warning in report.warnings[:MAX_WARNINGS_SHOWN]:
        messages.warning(request, warning)
    if report.differences:
        messages.warning(request, " ".join(x.strip() for x in report.differences[: MAX_WARNINGS_SHOWN + 1]))
    elif report.compared:
        messages.info(
            request,
            _(
                "Bridgedesk's scores agree with all %(compared)s figures the file published "
                "(to the two decimals it prints)."
            )
            % {"compared": report.compared},
        )
    return redirect(report.session.get_absolute_url())


@requires(Perm.DIRECT)
def upload(request: HttpRequest) -> HttpResponse:
    """Import a results file as a new session, then show the session with the import's notes."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload_file = form.cleaned_data["file"]
        data = upload_file.read()
        kind = form.cleaned_data["format"]
        kind = sniff(data) if kind == "auto" else kind
        teams_file = kind == "usebio" and is_teams_file(data)
        twin = already_imported_teams(data) if teams_file else already_imported(data)
        if twin is not None and not form.cleaned_data["import_again"]:
            _already_imported(form, twin, teams_file)
            return render(request, "interchange/upload.html", {"form": form, "twin": twin})
        try:
            if teams_file:
                return _teams_done(request, import_usebio_teams(data, filename=upload_file.name, actor=request.user))
            return _pairs_done(request, _import_pairs(request, form, kind, data, upload_file.name))
        except InterchangeError as exc:
            _file_error(form, exc)
    return render(request, "interchange/upload.html", {"form": form})


def _teams_done(request: HttpRequest, report: TeamsImportReport) -> HttpResponse:
    """The teams event the file became, with the import's notes and its figures against ours."""
    messages.success(request, report.summary())
    for note in report.notes:
        messages.info(request, note)
    for warning in report.warnings[:MAX_WARNINGS_SHOWN]:
        messages.warning(request, warning)
    messages.info(request, report.counts_text())
    if report.comparison.differences:
        messages.warning(request, " ".join(report.comparison.differences[:MAX_WARNINGS_SHOWN]))
    return redirect(report.event.get_absolute_url())


def _download(content: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export_failed(request: HttpRequest, session: object, error: InterchangeError) -> HttpResponse:
    return render(request, "interchange/export_error.html", {"session": session, "error": error}, status=400)


@requires(Perm.DIRECT)
@require_GET
def download_usebio(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_session(pk)
    try:
        filename, content = export_usebio(session, request.GET.get("section") or None)
    except InterchangeError as exc:
        return _export_failed(request, session, exc)
    return _download(content, filename, "application/xml; charset=utf-8")


@requires(Perm.DIRECT)
@require_GET
def download_masterpoints(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: the finished session's award file in a national body's form (`?form=usebio|ebu|acbl`, and for
    the EBU `club`, `code`, `scale`); what stops it (no awards, the ACBL's form, a bad club number) is a 400 page."""
    session = get_session(pk)
    details = EbuDetails(
        request.GET.get("club", ""),
        request.GET.get("code", ""),
        request.GET.get("scale", "Club"),
        request.GET.get("charge", ""),
    )
    try:
        filename, content = export_masterpoints(session, request.GET.get("form", "usebio"), details)
    except InterchangeError as exc:
        return _export_failed(request, session, exc)
    return _download(content, filename, "application/xml; charset=utf-8")


@requires(Perm.DIRECT)
@require_GET
def download_usebio_teams(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: the teams event as a USEBIO teams file (`manage.py export_usebio_teams`'s file); 404 for none."""
    filename, content = export_usebio_teams(get_object_or_404(TeamEvent, pk=pk))
    return _download(content, filename, "application/xml; charset=utf-8")


@requires(Perm.DIRECT)
@require_GET
def download_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_session(pk)
    deals_only = request.GET.get("deals") == "1"
    try:
        filename, text = export_pbn(session, request.GET.get("section") or None, results=not deals_only)
    except InterchangeError as exc:
        return _export_failed(request, session, exc)
    if deals_only:
        filename = filename.replace(".pbn", "-hands.pbn")
    return _download(text.encode("utf-8"), filename, "text/x-pbn; charset=utf-8")


@requires(Perm.DIRECT)
def load_deals(request: HttpRequest, pk: int) -> HttpResponse:
    """Hand records (PBN) into the session's boards; errors at the file field."""
    session = get_session(pk)
    form = DealsForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload_file = form.cleaned_data["file"]
        try:
            record = read_pbn(upload_file.read(), form.cleaned_data["deal_set"])
            report = import_deals(session, record, filename=upload_file.name, actor=request.user)
        except InterchangeError as exc:
            _file_error(form, exc)
        else:
            messages.success(
                request,
                _("Loaded %(boards)s deals from %(name)s.") % {"boards": report.boards, "name": upload_file.name},
            )
            for note in report.notes[: MAX_WARNINGS_SHOWN + 1]:
                messages.info(request, note)
            for warning in report.warnings[:MAX_WARNINGS_SHOWN]:
                messages.warning(request, warning)
            return redirect(session.get_absolute_url())
    return render(request, "interchange/deals.html", {"form": form, "session": session})


def _conventions_form(session: Session, data: object = None) -> ConventionsForm:
    initial = {name: getattr(session, name) for name in CONVENTION_FIELDS}
    return ConventionsForm(
        data, initial=initial, rounding_choices=[(value, str(label)) for value, label in Session.Rounding.choices]
    )


@requires(Perm.DIRECT)
def conventions(request: HttpRequest, pk: int) -> HttpResponse:
    """The session's scoring conventions: set here, audited; a bad choice is shown at its field."""
    session = get_session(pk)
    form = _conventions_form(session, request.POST or None)
    if request.method == "POST" and form.is_valid():
        settings = {name: form.cleaned_data[name] for name in CONVENTION_FIELDS}
        try:
            changed = update_conventions(session, actor=request.user, why=form.cleaned_data["why"], **settings)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if changed:
                messages.success(
                    request,
                    _("Scoring conventions changed: %(changed)s.")
                    % {"changed": ", ".join(str(_LABELS[c]) for c in changed)},
                )
            else:
                messages.info(request, _("The conventions were already as chosen; nothing changed."))
            return redirect("interchange:published", pk=session.pk)
    return render(request, "interchange/conventions.html", {"session": session, "form": form})


_LABELS: dict[str, StrPromise] = {
    "use_neuberg": gettext_lazy("Neuberg's formula"),
    "neuberg_rounding": gettext_lazy("rounding of factored boards"),
    "scale_missed_boards": gettext_lazy("scaling of missed boards"),
    "average_plus_own_percentage": gettext_lazy("average plus"),
    "average_minus_own_percentage": gettext_lazy("average minus"),
    "vp_scale": gettext_lazy("VP scale"),
    "section_scoring": gettext_lazy("sections scored apart or across the field"),
    "artificial_among_real": gettext_lazy("artificial scores rated among the real results"),
    "percentage_basis": gettext_lazy("percentages"),
    "traveller_factored": gettext_lazy("factored points on travellers"),
    "imps_unplayed_zero": gettext_lazy("unplayed lines' IMPs counted as 0"),
}


@requires(Perm.DIRECT)
def published(request: HttpRequest, pk: int) -> HttpResponse:
    """Published vs Bridgedesk: every differing line and pair with both figures; re-scoring is a button here."""
    session = get_session(pk)
    if request.method == "POST":
        shown = request.POST.get("scores_shown", "")
        if shown not in Session.ScoresShown.values:
            messages.error(request, _("Choose to show the published figures or Bridgedesk's."))
        elif set_scores_shown(session, shown, actor=request.user, why=request.POST.get("why", "")):
            label = "Bridgedesk's arithmetic" if shown == "bridgedesk" else "the published figures"
            messages.success(request, _("The session now shows %(label)s on every page.") % {"label": label})
        return redirect("interchange:published", pk=session.pk)
    context = {
        "session": session,
        "has_published": has_published(session),
        "comparisons": compare_session(session) if has_published(session) else [],
        "form": _conventions_form(session),
    }
    return render(request, "interchange/published.html", context)
