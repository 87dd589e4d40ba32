"""Setting up a party: the list of parties, a new party and its rules, the guests, the tally cards."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.access import Perm, has, requires
from tournaments.parties import games, services
from tournaments.parties.forms import AssignForm, GuestListForm, PartyForm
from tournaments.parties.models import Party
from tournaments.parties.selectors import guests_of, party_rounds, seating_of
from tournaments.parties.services import EntryError
from tournaments.parties.tally_cards import tally_cards_for
from tournaments.parties.views.common import get_party, steps


def _field_error(form: forms.BaseForm, exc: EntryError) -> None:
    """Show a service's message beside the field it names (or at the top of the form)."""
    field = exc.field if exc.field in form.fields else None
    form.add_error(field, str(exc))


@requires(Perm.DIRECT)
def party_list(request: HttpRequest) -> HttpResponse:
    assert request.user.is_authenticated  # @requires let only signed-in directors in
    parties = Party.objects.all() if has(request.user, Perm.MANAGE_CLUB) else Party.objects.filter(host=request.user)
    archived = parties.filter(archived_at__isnull=False).count()
    context = {"parties": parties.filter(archived_at__isnull=True)[:200], "archived": archived}
    return render(request, "parties/list.html", context)


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_new(request: HttpRequest) -> HttpResponse:
    form = PartyForm(request.POST or None, initial={"prizes": ["highest", "second", "booby"]})
    if request.method == "POST" and form.is_valid():
        try:
            party = services.create_party(actor=request.user, **form.cleaned_data)
        except EntryError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, _("%(name)s is set up. Now list your guests.") % {"name": party.name})
            return redirect("parties:guests", pk=party.pk)
    return render(request, "parties/rules.html", {"form": form, "party": None})


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_rules(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    form = PartyForm(request.POST or None, instance=party)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_party(actor=request.user, party=party, **form.cleaned_data)
        except EntryError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, _("Rules saved."))
            return redirect("parties:detail", pk=party.pk)
    if request.method == "POST":
        party.refresh_from_db()  # the form changed the instance in memory; show the saved rules around it
    return render(request, "parties/rules.html", {"form": form, "party": party, "steps": steps(party, "rules")})


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_guests(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    current = "\n".join(
        f"{g.name} {'L' if g.group == 'lady' else 'G' if g.group == 'gentleman' else ''}".strip()
        for g in party.guests.all()
    )
    form = GuestListForm(request.POST or None, initial={"guests": current})
    if request.method == "POST" and form.is_valid():
        try:
            guests = services.set_guests(actor=request.user, party=party, text=form.cleaned_data["guests"])
        except EntryError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, _("%(n_guests)s guests saved.") % {"n_guests": len(guests)})
            return redirect("parties:start", pk=party.pk)
    need = 4 * party.tables if not games.game(party.form).single_table else None
    return render(
        request,
        "parties/guests.html",
        {"form": form, "party": party, "need": need, "steps": steps(party, "guests")},
    )


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the tally cards (or take the host's assignment); afterwards, show who has which card."""
    party = get_party(request, pk)
    guests = list(party.guests.all())
    assign = party.tally_draw == Party.TallyDraw.ASSIGNED and not games.game(party.form).single_table
    form = AssignForm(request.POST or None, party=party, guests=guests) if assign else None
    error = None
    if request.method == "POST" and party.status == Party.Status.SETUP and (form is None or form.is_valid()):
        try:
            services.start_party(actor=request.user, party=party, assignment=form.assignment() if form else None)
        except EntryError as exc:
            if form is not None:
                form.add_error(None, str(exc))
            else:
                error = str(exc)
        else:
            messages.success(request, _("Tally cards are ready. Seat your guests and start round 1."))
            return redirect("parties:start", pk=party.pk)
    cards = []
    if party.status != Party.Status.SETUP:
        first = party_rounds(party)[0]
        names = {str(g.pk): g for g in guests}
        seating = [seating_of(t) for t in first.tables.all()]
        cards = [(names[c.guest], c) for c in tally_cards_for(seating, {g.id: g.group for g in guests_of(party)})]
        cards.sort(key=lambda x: (x[1].table, "NESW123456".index(x[1].seat)))
    return render(
        request,
        "parties/start.html",
        {"party": party, "form": form, "error": error, "cards": cards, "steps": steps(party, "start")},
    )
