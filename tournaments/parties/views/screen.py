"""The party's big screen for the room's TV: where every guest sits this round (alphabetical, so each finds
their own name) and the leaders so far; once the party is finished, the prize list. Refreshed every 10 s;
no menus."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from tournaments.core.access import Perm, requires
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.parties import selectors
from tournaments.parties.tally_cards import SEAT_NAMES
from tournaments.parties.views.common import get_party

LEADERS = 8


@requires(Perm.DIRECT)
def party_screen(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    rounds = selectors.party_rounds(party)
    current = rounds[-1] if rounds else None
    places: list[tuple[str, str]] = []
    if current is not None:
        for table in current.tables.all():
            for seat, guest in table.seats.items():
                if guest.ghost:
                    continue
                places.append((guest.name, f"Table {table.number}, {SEAT_NAMES.get(seat, seat)}"))
            if table.sitting_out is not None:
                places.append((table.sitting_out.name, "sits out this round"))
    standings = selectors.standings(party)
    context = {
        "party": party,
        "round": current,
        "places": sorted(places, key=lambda p: p[0].casefold()),
        "leaders": standings.rows[:LEADERS] if standings.rounds_entered else [],
        "euchre": standings.euchre,
        "game": standings.game,
        "prizes": standings.prizes if party.status == party.Status.FINISHED else [],
    }
    template = "parties/_screen_body.html" if request.htmx else "parties/screen.html"
    return render(request, template, context)
