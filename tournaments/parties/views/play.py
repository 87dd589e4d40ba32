"""Playing the party: the dashboard, a round's tables, a table's entry, the progression, finishing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core import notation
from tournaments.core.access import Perm, requires
from tournaments.parties import game_services, games, score_pads, services
from tournaments.parties.deals import DealEntry, deal_plan, dealer_of
from tournaments.parties.entries import INDIVIDUAL_GAMES, TOTALS_GAMES
from tournaments.parties.forms import DealFormSet, GameDealFormSet, SeatTotalsForm, TotalsForm
from tournaments.parties.models import Party, PartyRound, PartyTable
from tournaments.parties.round_rows import kept_round
from tournaments.parties.selectors import moves_after, party_rounds
from tournaments.parties.services import EntryError
from tournaments.parties.tally_cards import SEAT_NAMES
from tournaments.parties.views.common import get_party, steps
from tournaments.parties.views.hands import hand_table
from tournaments.parties.views.live import answer_poll


@requires(Perm.DIRECT)
def party_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's dashboard: what to do next, in one big button. Its live block (the next step, how many tables
    of the round have entered their scores) is refreshed when the party's version moves: pushed, else polled
    (304 while nothing changed), as the round page and the live panel."""
    party = get_party(request, pk)
    return answer_poll(request, party.pk, lambda: _dashboard(request, party))


def _dashboard(request: HttpRequest, party: Party) -> HttpResponse:
    # Only the rounds' numbers and the current round's entries: the page shows no table (issue 24, growth).
    rounds = list(party.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    entries = list(current.tables.values_list("entry", flat=True)) if current is not None else []
    return render(
        request,
        "parties/_dashboard_live.html" if request.headers.get("HX-Request") else "parties/detail.html",
        {
            "party": party,
            "rounds": rounds,
            "current": current,
            "tables_total": len(entries),
            "tables_entered": sum(1 for entry in entries if entry),
            "steps": steps(party, "play"),
        },
    )


def _round(party: Party, number: int, rounds: list[PartyRound] | None = None) -> PartyRound:
    for rnd in party_rounds(party, (number,)) if rounds is None else rounds:
        if rnd.number == number:
            return rnd
    raise Http404("No such round.")


@requires(Perm.DIRECT)
def party_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round's tables as they come in: the tables' block is refreshed when the party's version moves (pushed,
    else polled: 304 while nothing changed), so a score sent from a table's phone appears by itself."""
    party = get_party(request, pk)
    return answer_poll(request, party.pk, lambda: _round_page(request, party, number))


def _round_page(request: HttpRequest, party: Party, number: int) -> HttpResponse:
    """The tables' cards are kept per party version (round_rows.kept_round); the moves to the next round are read
    only for the whole page of a round that has one (the poll's block does not show them)."""
    kept = kept_round(party, number)
    if kept is None:
        raise Http404("No such round.")
    poll = bool(request.headers.get("HX-Request"))
    return render(
        request,
        "parties/_round_live.html" if poll else "parties/round.html",
        {
            "party": party,
            "round": kept,
            "table_cards": kept.table_cards,  # a card per table, written in Python once per version (issue 24)
            "all_entered": kept.all_entered,
            "is_last": kept.is_last,
            "moves": [] if poll or kept.is_last else moves_after(party, number),
            "steps": steps(party, "play"),
        },
    )


class _FormErrors(Exception):
    """Raised inside the entry view when a form already carries its error messages."""


def _deal_rows(party: Party, table: PartyTable, count: int) -> list[tuple[int, str, str]]:
    """(deal, dealer, vulnerability) for the entry form; rubber vulnerability follows the score."""
    if games.game(party.form).vulnerability_by_score:
        return [(n, dealer_of(table.first_dealer, n), "by score") for n in range(1, count + 1)]
    return deal_plan(table.first_dealer, party.vulnerability)


def _initial_deals(table: PartyTable) -> list[dict[str, str]]:
    return [
        {
            "contract": notation.for_typing(d.contract),
            "declarer": d.declarer,
            "tricks": "" if d.tricks is None else str(d.tricks),
            "honors": f"{d.honors_side}{d.honors_points}" if d.honors_points else "",
        }
        for d in table.deals.all()
    ]


BELL_ROWS = 12  # a game ended by the bell (cinch): as many deals as it takes to ring it, the rest left empty


def _game_deals(request: HttpRequest, party: Party, rnd: PartyRound, table: PartyTable) -> HttpResponse | None:
    """A party game's round typed deal by deal, scored by the game's laws (``game_services``)."""
    rules = games.game(party.form)  # the game's module: its round's deals and the bid's hint
    end = rules.round_end(4)
    rows = BELL_ROWS if end.bell else end.deals
    formset = GameDealFormSet(
        request.POST if request.method == "POST" else None, initial=[{}] * rows, prefix="g"
    )  # fmt: skip
    for card in formset.forms:
        card.fields["bid"].widget.attrs["placeholder"] = rules.bid_hint
    if request.method == "POST" and formset.is_valid():
        typed = [(n, f) for n, f in enumerate(formset.forms, start=1) if not f.is_blank]
        try:
            game_services.record_game_deals(
                actor=request.user,
                table=table,
                rows=[{k: v for k, v in f.cleaned_data.items() if v} for _n, f in typed],
                host_choice=request.POST.get("host_choice") or None,
                why=request.POST.get("why", ""),
            )
            return _saved(request, party, rnd.number, table.number)
        except EntryError as exc:
            form = typed[exc.deal - 1][1] if exc.deal and exc.deal <= len(typed) else None
            if form is not None:
                form.add_error(exc.field if exc.field in form.fields else None, str(exc))
            else:
                formset._non_form_errors = formset.error_class([str(exc)])  # type: ignore[attr-defined]
    return render(
        request,
        "parties/table_game.html",
        {
            "party": party, "round": rnd, "table": table, "formset": formset, "mode": "deals",
            "host_tie": party.tie_rule == Party.TieRule.HOST, "steps": steps(party, "play"),
            "cards": [(f, _(SEAT_NAMES[dealer_of(table.first_dealer, n)])) for n, f in enumerate(formset.forms, 1)],
        },
    )  # fmt: skip


def _seat_counts(request: HttpRequest, party: Party, rnd: PartyRound, table: PartyTable) -> HttpResponse:
    """Solo typed as each player's chips for the round, counted at the table."""
    initial = dict(table.seat_totals or {})
    form = SeatTotalsForm(request.POST if request.method == "POST" else None, table=table, initial=initial, prefix="s")
    if request.method == "POST" and form.is_valid():
        counts = {seat: form.cleaned_data[seat] for seat in table.seats}
        try:
            game_services.record_seat_counts(
                actor=request.user, table=table, counts=counts, why=form.cleaned_data["why"]
            )
            return _saved(request, party, rnd.number, table.number)
        except EntryError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
    return render(
        request,
        "parties/table_game.html",
        {
            "party": party,
            "round": rnd,
            "table": table,
            "seats_form": form,
            "mode": "totals",
            "steps": steps(party, "play"),
        },
    )


def _deal_count(request: HttpRequest, table: PartyTable, rules: games.Game) -> int:
    """The rows of the deals' pad: a round's four, or on a rubber pad as many as the table played (or asks)."""
    if not rules.vulnerability_by_score:
        return 4
    try:
        return max(1, min(rules.max_deals, int(request.GET.get("deals") or table.deals.count() or 8)))
    except ValueError:
        return 8


def _post_table(
    request: HttpRequest, party: Party, rnd: PartyRound, table: PartyTable, mode: str, bound: tuple[TotalsForm, Any]
) -> HttpResponse | None:
    """Save a table's round as posted (the two totals or the deals); the errors go on the forms (``bound``: the
    totals form and the deals' formset), and None means the page is shown again with them."""
    totals, deals = bound
    rubber = games.game(party.form).vulnerability_by_score
    host_choice = request.POST.get("host_choice") or None
    why = request.POST.get("why", "")
    try:
        if mode == "totals" and totals.is_valid():
            score_pads.record_totals(
                actor=request.user,
                table=table,
                ns_total=totals.cleaned_data["ns_total"],
                ew_total=totals.cleaned_data["ew_total"],
                host_choice=totals.cleaned_data["host_choice"],
                why=totals.cleaned_data["why"],
            )
            return _saved(request, party, rnd.number, table.number)
        if mode == "deals" and deals.is_valid():
            entries = []
            forms = [f for f in deals.forms if not (rubber and f.is_blank)]
            for f in forms:
                if not f.cleaned_data.get("contract"):
                    f.add_error("contract", _("Write the contract, or PASS if nobody bid."))
            if any(f.errors for f in forms):
                raise _FormErrors
            for f in forms:
                side, points = f.honors_parts()
                entries.append(
                    DealEntry(
                        contract=f.cleaned_data.get("contract", ""),
                        declarer=f.cleaned_data.get("declarer") or None,
                        tricks=f.cleaned_data.get("tricks") or None,
                        honors_side=side,
                        honors_points=points,
                    )
                )
            score_pads.record_deals(actor=request.user, table=table, deals=entries, host_choice=host_choice, why=why)
            return _saved(request, party, rnd.number, table.number)
    except _FormErrors:
        pass  # the messages are on the forms already
    except EntryError as exc:
        if mode == "deals" and exc.deal and exc.deal <= len(deals.forms):
            form = deals.forms[exc.deal - 1]
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        elif mode == "totals":
            totals.add_error(exc.field if exc.field in totals.fields else None, str(exc))
        else:
            # Shown above the deals; Django has no public way to add a formset-wide error after validation.
            deals._non_form_errors = deals.error_class([str(exc)])
    return None


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_table(request: HttpRequest, pk: int, number: int, table_no: int) -> HttpResponse:
    """One table's round: deal by deal (contract, declarer, tricks, honors) or just the two totals."""
    party = get_party(request, pk)
    rnd = _round(party, number)
    table = next((t for t in rnd.tables.all() if t.number == table_no), None)
    if table is None:
        raise Http404("No such table.")
    if table.hands != 4:  # five hundred at three, five or six a table
        return hand_table(request, party, rnd, table)
    rules = games.game(party.form)
    typed_totals = (request.POST.get("mode") or request.GET.get("mode")) == "totals"
    if party.form in INDIVIDUAL_GAMES and typed_totals:
        return _seat_counts(request, party, rnd, table)
    if party.form in TOTALS_GAMES and not typed_totals:
        game = _game_deals(request, party, rnd, table)
        if game is not None:
            return game
    totals_only = rules.star_tallies  # euchre: typed as the two pairs' points, tallied in stars
    typed = request.POST.get("mode") or request.GET.get("mode") or ("totals" if table.entry == "totals" else "deals")
    mode = "totals" if totals_only else typed
    rubber = rules.vulnerability_by_score
    count = _deal_count(request, table, rules)
    totals = TotalsForm(
        request.POST if request.method == "POST" and mode == "totals" else None,
        initial={"ns_total": table.ns_total, "ew_total": table.ew_total},
        prefix="t",
    )
    initial = _initial_deals(table)
    initial += [{} for _n in range(max(0, count - len(initial)))]
    deals = DealFormSet(
        request.POST if request.method == "POST" and mode == "deals" else None, initial=initial, prefix="d"
    )
    if request.method == "POST":
        saved = _post_table(request, party, rnd, table, mode, (totals, deals))
        if saved is not None:
            return saved
    rows = list(zip(_deal_rows(party, table, len(deals.forms)), deals.forms, strict=False))
    return render(
        request,
        "parties/table.html",
        {
            "party": party,
            "round": rnd,
            "table": table,
            "mode": mode,
            "totals": totals,
            "deals": deals,
            "rows": rows,
            "rubber": rubber,
            "euchre": totals_only,
            "totals_only": totals_only,
            "total_noun": _(rules.total_noun) if rules.total_noun else "",
            "count": count,
            "steps": steps(party, "play"),
            "host_tie": party.tie_rule == Party.TieRule.HOST,
        },
    )


@requires(Perm.DIRECT)
def _saved(request: HttpRequest, party: Party, number: int, table_no: int) -> HttpResponse:
    table = PartyTable.objects.get(round__party=party, round__number=number, number=table_no)
    tie = f" (tie: {table.tie_label})" if table.tie_label else ""
    if table.seat_totals:  # an individual game: each seat's own, the two high players move up
        each = ", ".join(f"{_(SEAT_NAMES[s])} {v:+,}" for s, v in table.seat_totals.items())
        messages.success(
            request,
            _("Table %(table_no)s: %(each)s. %(get_winner_display)s move up%(tie)s.")
            % {"table_no": table_no, "each": each, "get_winner_display": table.get_winner_display(), "tie": tie},
        )
        return redirect("parties:round", pk=party.pk, number=number)
    messages.success(
        request,
        _("Table %(table_no)s: N-S %(ns_total)s, E-W %(ew_total)s. %(get_winner_display)s won%(tie)s.")
        % {
            "table_no": table_no,
            "ns_total": format(table.ns_total, ","),
            "ew_total": format(table.ew_total, ","),
            "get_winner_display": table.get_winner_display(),
            "tie": tie,
        },
    )
    return redirect("parties:round", pk=party.pk, number=number)


@requires(Perm.DIRECT)
@require_POST
def party_progress(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    try:
        rnd = services.call_progression(actor=request.user, party=party)
    except EntryError as exc:
        messages.error(request, str(exc))
        current = party.rounds.order_by("-number").first()
        if current is None:
            return redirect("parties:detail", pk=party.pk)
        return redirect("parties:round", pk=party.pk, number=current.number)
    messages.success(
        request, _("Progression called: here is where everyone goes for round %(number)s.") % {"number": rnd.number}
    )
    return redirect("parties:round", pk=party.pk, number=rnd.number - 1)


@requires(Perm.DIRECT)
@require_POST
def party_finish(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    try:
        services.finish_party(actor=request.user, party=party)
    except EntryError as exc:
        messages.error(request, str(exc))
        return redirect("parties:detail", pk=party.pk)
    messages.success(request, _("The party is over. Here are the tallies and the prizes."))
    return redirect("parties:standings", pk=party.pk)


@requires(Perm.DIRECT)
@require_POST
def party_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished party back to playing, so the host can correct a table (audited, with the reason typed)."""
    party = get_party(request, pk)
    try:
        services.reopen_party(actor=request.user, party=party, why=request.POST.get("why", ""))
    except EntryError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The party is open again: correct the tables, then end it again."))
    return redirect("parties:detail", pk=party.pk)
