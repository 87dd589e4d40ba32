"""Setting up an evening: new session (pairs -> suggested movements -> chosen one), the session page,
players' names and late pairs, and the club's member list."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments import movements
from tournaments.core.access import Perm, has, requires
from tournaments.core.errors import DomainError
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.movements.suggest import Suggestion, suggest
from tournaments.sessions.forms import (
    LatePairForm,
    MemberEditForm,
    MemberForm,
    MovementChoiceForm,
    PlayersForm,
    SessionSetupForm,
    add_service_errors,
    service_messages,
)
from tournaments.sessions.jobs import solve_deals_later
from tournaments.sessions.models import Entry, Member, Result, Section, Session, TableRound
from tournaments.sessions.services import members as member_services
from tournaments.sessions.services import sessions as session_services
from tournaments.sessions.services.dealing import deal_session
from tournaments.sessions.views.common import get_session

LETTERS = "ABC"


def _suggestions(pairs: int) -> list[Suggestion]:
    """The best six usual movements, then the best two unusual ones (marked), so the list stays short."""
    try:
        found = suggest(pairs)
    except movements.MovementError:
        return []
    return [s for s in found if s.usual][:6] + [s for s in found if not s.usual][:2]


def _movement_forms(data: Any, pairs: list[int]) -> list[tuple[str, int, MovementChoiceForm]]:
    out = []
    for letter, n in zip(LETTERS, pairs, strict=False):
        form = MovementChoiceForm(data, suggestions=_suggestions(n), players=n, prefix=f"sec-{letter}")
        out.append((letter, n, form))
    return out


@requires(Perm.DIRECT)
def session_new(request: HttpRequest) -> HttpResponse:
    """Step 1: the evening and the pairs present; step 2: choose a movement per section; then create."""
    stage = request.POST.get("stage", "1") if request.method == "POST" else "1"
    setup = SessionSetupForm(request.POST or None, initial={"event": request.GET.get("event") or None})
    if request.method != "POST" or not setup.is_valid():
        return render(request, "sessions/new.html", {"setup": setup, "stage": 1})
    pairs = setup.pairs()
    if stage == "1":
        forms = _movement_forms(None, pairs)
        return render(request, "sessions/new.html", {"setup": setup, "stage": 2, "sections": forms})
    forms = _movement_forms(request.POST, pairs)
    if all(f.is_valid() for _, _, f in forms):
        specs = [session_services.SectionSpec(pairs=n, letter=letter, **f.spec()) for letter, n, f in forms]
        try:
            session = session_services.create_session(
                actor=request.user,
                event_name=setup.cleaned_data["event_name"],
                session_name=setup.cleaned_data["session_name"],
                date=setup.cleaned_data["date"],
                scoring_method=setup.cleaned_data["scoring_method"],
                mp_scale=setup.cleaned_data["mp_scale"],
                game=setup.cleaned_data.get("game") or Session.Game.BRIDGE,
                sections=specs,
                event=setup.cleaned_data.get("event"),
            )
        except ValidationError as exc:
            # Say which section's movement cannot be made, at its own form.
            for letter, n, f in forms:
                try:
                    session_services.build_movement(session_services.SectionSpec(pairs=n, letter=letter, **f.spec()))
                except ValidationError as err:
                    add_service_errors(f, ValidationError({"choice": err.messages}))
            if all(not f.errors for _, _, f in forms):
                messages.error(request, "; ".join(exc.messages))
        else:
            messages.success(
                request,
                gettext("%(session)s is set up. Name the players, then enter results as they come.")
                % {"session": session},
            )
            return redirect("session_entries", pk=session.pk)
    return render(request, "sessions/new.html", {"setup": setup, "stage": 2, "sections": forms})


def _section_progress(session_id: int) -> dict[int, dict[str, int]]:
    """Lines entered and lines expected per section (two queries, whatever the size)."""
    expected: dict[int, int] = {}
    for row in TableRound.objects.filter(
        section__session_id=session_id, ns_entry__isnull=False, ew_entry__isnull=False
    ).values("section_id", "boards"):
        expected[row["section_id"]] = expected.get(row["section_id"], 0) + len(row["boards"])
    entered = dict(
        Result.objects.filter(section__session_id=session_id)
        .values("section_id")
        .annotate(n=Count("id"))
        .values_list("section_id", "n")
    )
    # An imported section has no movement rows: what the file held is all there is to expect.
    return {
        sid: {"expected": expected.get(sid, entered.get(sid, 0)), "entered": entered.get(sid, 0)}
        for sid in expected.keys() | entered.keys()
    }


@requires(Perm.ENTER_RESULTS)
def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_session(pk)
    sections = list(session.sections.annotate(pairs=Count("entries")).order_by("letter"))
    progress = _section_progress(session.pk)
    for section in sections:
        section.progress = progress.get(section.pk, {"expected": 0, "entered": 0})  # type: ignore[attr-defined]
    return render(
        request,
        "sessions/detail.html",
        {
            "session": session,
            "sections": sections,
            "rulings_count": session.rulings.count(),
            "can_direct": has(request.user, Perm.DIRECT),  # the deal seed is for directors' eyes only
            "dealt": session.boards.exclude(deal="").exists(),
        },
    )


def _player_forms(request: HttpRequest, session: Session, data: Any) -> list[tuple[Entry, PlayersForm]]:
    entries = list(
        Entry.objects.filter(section__session=session)
        .select_related("section")
        .prefetch_related("players")
        .order_by("section__letter", "-direction", "number")  # NS before EW, as on the guide cards
    )
    forms = []
    for entry in entries:
        names = {p.seat: p.name for p in entry.players.all()}
        initial = {"player1": names.get(1, ""), "player2": names.get(2, "")}
        forms.append((entry, PlayersForm(data, initial=initial, prefix=f"e{entry.pk}")))
    return forms


def _open_sections(session: Session) -> list[Section]:
    """Sections that can still take a late pair: no result entered yet."""
    with_results = set(Result.objects.filter(section__session=session).values_list("section_id", flat=True))
    return [s for s in session.sections.order_by("letter") if s.pk not in with_results]


def _entries_page(
    request: HttpRequest,
    session: Session,
    forms: list[tuple[Entry, PlayersForm]],
    late_form: LatePairForm | None = None,
) -> HttpResponse:
    if late_form is None:
        open_sections = _open_sections(session)
        late_form = LatePairForm(sections=open_sections) if open_sections else None
    return render(
        request,
        "sessions/entries.html",
        {
            "session": session,
            "forms": forms,
            "late_form": late_form,
            "members": Member.objects.filter(active=True).only("name"),
        },
    )


@requires(Perm.DIRECT)
def session_entries(request: HttpRequest, pk: int) -> HttpResponse:
    """Name the players of every pair (typed, or picked from the members) and add late pairs."""
    session = get_session(pk)
    forms = _player_forms(request, session, request.POST or None)
    if request.method == "POST":
        if all(f.is_valid() for _, f in forms):
            changes = [(entry, form.players()) for entry, form in forms if form.has_changed()]
            try:
                changed = session_services.name_pairs(actor=request.user, changes=changes)
            except (ValidationError, DomainError) as exc:
                messages.error(request, gettext("Nothing saved: %(why)s") % {"why": " ".join(service_messages(exc))})
                return _entries_page(request, session, forms)
            messages.success(
                request,
                ngettext("Names saved (%(changed)s pair changed).", "Names saved (%(changed)s pairs changed).", changed)
                % {"changed": changed},
            )
            return redirect("session_entries", pk=session.pk)
        messages.error(request, gettext("Nothing saved: some names are too long (marked below)."))
    return _entries_page(request, session, forms)


@requires(Perm.DIRECT)
@require_POST
def late_pair(request: HttpRequest, pk: int) -> HttpResponse:
    """One more pair before the first result: the movement is made again; refusals are shown at the form."""
    session = get_session(pk)
    # Every section is a valid choice, so one that already has results is refused in words, not "invalid choice".
    form = LatePairForm(request.POST, sections=list(session.sections.order_by("letter")))
    if form.is_valid():
        section = session.sections.get(letter=form.cleaned_data["section"])
        try:
            entry = session_services.add_late_pair(
                actor=request.user,
                section=section,
                names=[form.cleaned_data["player1"], form.cleaned_data["player2"]],
            )
        except (ValidationError, DomainError) as exc:
            form.add_error("section", service_messages(exc))
        else:
            section.refresh_from_db()
            messages.success(
                request,
                gettext(
                    "Pair %(label)s added to section %(letter)s: now %(tables)s tables, %(rounds)s rounds. "
                    "Print new guide cards."
                )
                % {"label": entry.label, "letter": section.letter, "tables": section.tables, "rounds": section.rounds},
            )
            return redirect("session_entries", pk=session.pk)
    messages.error(request, gettext("The late pair was not added (see below)."))
    return _entries_page(request, session, _player_forms(request, session, None), late_form=form)


@requires(Perm.DIRECT, Perm.VIEW_CONTACTS)
def members(request: HtmxHttpRequest) -> HttpResponse:
    """The club's members, with a quick search (live as you type) and a form to add one."""
    q = request.GET.get("q", "").replace("\x00", "").strip()  # PostgreSQL refuses NUL in a query parameter
    found = Member.objects.filter(active=True)
    if q:
        found = found.filter(Q(name__icontains=q) | Q(national_id__icontains=q))
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        member = member_services.save_member(actor=request.user, member=form.save(commit=False))
        messages.success(request, gettext("%(name)s added to the members.") % {"name": member.name})
        return redirect(reverse("members") + (f"?q={q}" if q else ""))
    context = {"members": found[:200], "q": q, "form": form, "count": found.count()}
    if request.htmx and request.method == "GET":
        return render(request, "sessions/_members_table.html", context)
    return render(request, "sessions/members.html", context)


@requires(Perm.DIRECT, Perm.VIEW_CONTACTS)
def member_edit(request: HttpRequest, member_id: int) -> HttpResponse:
    """A member's own page: name, number, address, whether active and whether they take results e-mails."""
    member = get_object_or_404(Member, pk=member_id)
    form = MemberEditForm(request.POST or None, instance=member)
    if request.method == "POST" and form.is_valid():
        member_services.save_member(actor=request.user, member=form.save(commit=False))
        messages.success(request, gettext("%(name)s saved.") % {"name": member.name})
        return redirect("members")
    return render(request, "sessions/member_edit.html", {"member": member, "form": form})


@requires(Perm.DIRECT)
@require_POST
def session_status(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark the session as playing or finished (setting up ends by itself with the first result)."""
    session = get_session(pk)
    status = request.POST.get("status", "")
    try:
        session_services.set_status(actor=request.user, session=session, status=status)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request, gettext("The session is now: %(status)s.") % {"status": session.get_status_display().lower()}
        )
    return redirect("session_detail", pk=session.pk)


@requires(Perm.DIRECT)
@require_POST
def session_deal(request: HttpRequest, pk: int) -> HttpResponse:
    """Deal every board at random (one deal set per session); the double-dummy analysis is queued."""
    session = get_session(pk)
    try:
        count = deal_session(actor=request.user, session=session)
    except (ValidationError, DomainError) as exc:
        messages.error(request, " ".join(service_messages(exc)))
    else:
        solve_deals_later(session)  # hands, tricks and par for the pages
        messages.success(
            request,
            gettext("%(count)s boards dealt. Print the hand records, or export PBN for a dealer.") % {"count": count},
        )
    return redirect("session_detail", pk=session.pk)
