"""A five hundred table of three, five or six: one deal per player, each player's tricks, scored by the laws.

Reached from the party table page (``play.party_table``), which hands such a table here; the writes are
``hand_services.record_hand_deals``. What the laws say of the pack and the widow is shown above the deals.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core.access import Perm, requires
from tournaments.parties import hand_services
from tournaments.parties.entries import EntryError
from tournaments.parties.forms import HandDealForm
from tournaments.parties.models import Party, PartyRound, PartyTable
from tournaments.parties.views.common import steps

__all__ = ["hand_table"]

# The laws: "three-hand, 32 cards, A (high) to 7 (low); ... five-hand, regular 52-card pack; six-hand, 62-card
# pack, with 11, 12 and two 13 spots". Ten cards to each player; the rest, two cards, is the widow.
PACKS = {
    3: gettext_lazy("Three-hand: a 32-card pack (A to 7), ten cards each, a widow of two. Everyone for himself."),
    5: gettext_lazy(
        "Five-hand: the 52-card pack, ten cards each, a widow of two. The bidder names one or two partners "
        "for the deal, who score with him; the others each score ten a trick."
    ),
    6: gettext_lazy(
        "Six-hand: a 62-card pack (with 11s, 12s and two 13s), ten cards each, a widow of two. Odd seats "
        "partner the even; each player is credited with his side's whole amount."
    ),
}


def _formset(request: HttpRequest, table: PartyTable) -> list[HandDealForm]:
    n = table.hands
    data = request.POST if request.method == "POST" else None
    return [HandDealForm(data, seats=n, prefix=f"h{deal}") for deal in range(1, n + 1)]


def _row(form: HandDealForm) -> dict[str, object]:
    return {k: v for k, v in form.cleaned_data.items() if v not in (None, "")}


@requires(Perm.DIRECT)
def hand_table(request: HttpRequest, party: Party, rnd: PartyRound, table: PartyTable) -> HttpResponse:
    """The deals of one table's round; a deal the laws refuse shows its message on that deal."""
    cards = _formset(request, table)
    if request.method == "POST" and all(f.is_valid() for f in cards):
        try:
            hand_services.record_hand_deals(
                actor=request.user, table=table, rows=[_row(f) for f in cards], why=request.POST.get("why", "")
            )
        except EntryError as exc:
            card = cards[exc.deal - 1] if exc.deal and exc.deal <= len(cards) else cards[0]
            field = exc.field if exc.field in card.fields else None
            if exc.field == "tricks":
                field = None  # the tricks are one box a seat: the message goes above them
            card.add_error(field, str(exc))
        else:
            table.refresh_from_db()
            each = ", ".join(f"{s}: {v:+,}" for s, v in table.seat_totals.items())
            messages.success(
                request,
                _("Table %(table)s: %(each)s. Seat %(winner)s move up.")
                % {"table": table.number, "each": each, "winner": ", ".join(table.winner)},
            )
            return redirect("parties:round", pk=party.pk, number=rnd.number)
    seats = table.numbered_seats
    deals = [(f, seats[(n - 1) % len(seats)]) for n, f in enumerate(cards, start=1)]
    context = {
        "party": party, "round": rnd, "table": table, "deals": deals, "pack": PACKS.get(table.hands, ""),
        "steps": steps(party, "play"), "seats": seats,
    }  # fmt: skip
    return render(request, "parties/table_hands.html", context)
