"""A progressive party's lifecycle: set it up, draw the tally cards, call the progression.

Each function runs in one transaction and writes what changed to the audit log, so a party is never
half-saved. Bad input raises :class:`tournaments.parties.PartyError` (or :class:`EntryError`, which names
the deal and field) with a message for the host; views show it at the field. A table's round entered on the
score pad (totals, each seat's totals, deals) is in :mod:`.score_pads`; finishing, reopening and the finished
guard every write calls are in :mod:`.finishing` (re-exported here).
"""

from __future__ import annotations

import datetime
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor, user_of
from tournaments.parties import games, hand_services
from tournaments.parties.entries import EntryError, check_rules
from tournaments.parties.finishing import bump_party, finish_party, refuse_if_finished, reopen_party
from tournaments.parties.guests import parse_guest_list
from tournaments.parties.jobs import start_print_job
from tournaments.parties.models import Party, PartyGuest, PartyRound, PartyTable
from tournaments.parties.progression import next_seating
from tournaments.parties.selectors import guests_of, seating_of
from tournaments.parties.sitouts import draw_sitters, ghost_groups, rotate_sitters, sitter_count, spread_ghosts
from tournaments.parties.table_links import issue_links
from tournaments.parties.tally_cards import assign_tally_cards, draw_tally_cards
from tournaments.parties.types import SEATS, Guest, PartyError, TableSeating

__all__ = [
    "EntryError",
    "call_progression",
    "create_party",
    "finish_party",
    "reopen_party",
    "set_guests",
    "start_party",
    "start_print_job",
    "update_party",
]

SEAT_FIELDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
RULE_FIELDS = (
    "name", "date", "form", "tables", "mixed", "tally_draw", "progression", "head_table_keeps_partners",
    "vulnerability", "tie_rule", "planned_rounds", "prizes", "hands",
)  # fmt: skip


def _rng(party: Party, *parts: object) -> random.Random:
    """A card draw that can be reproduced: seeded by the party's seed and what is being drawn."""
    return random.Random(":".join(str(p) for p in (party.seed, *parts)))


def _party_snapshot(party: Party) -> dict[str, Any]:
    data = {f: getattr(party, f) for f in RULE_FIELDS}
    data["date"] = party.date.isoformat() if party.date else None
    return data


@transaction.atomic
def create_party(*, actor: Actor, **rules: Any) -> Party:
    """A new party in set-up, with the host's rules (see Party for the fields)."""
    data = {
        "name": "Bridge party",
        "date": datetime.date.today(),
        "form": Party.Form.BRIDGE,
        "tables": 3,
        "mixed": False,
        "tally_draw": Party.TallyDraw.RANDOM,
        "progression": Party.Progression.STANDARD,
        "head_table_keeps_partners": False,
        "vulnerability": Party.Vulnerability.LAW9,
        "tie_rule": Party.TieRule.LAST_DEAL,
        "planned_rounds": 6,
        "prizes": ["highest", "second", "booby"],
        **rules,
    }
    rules_of_game = games.game(data["form"])
    if rules_of_game.head_table_keeps_partners:
        data["head_table_keeps_partners"] = True
    if rules_of_game.host_tie_rules and data["tie_rule"] not in rules_of_game.host_tie_rules:
        data["tie_rule"] = rules_of_game.host_tie_rules[0]  # the laws' own way to settle a tie
    check_rules(data)
    party = Party.objects.create(host=user_of(actor), seed=random.SystemRandom().randrange(2**31), **data)
    audit.record(actor=actor, action=AuditAction.PARTY_CREATE, target=party, new=_party_snapshot(party))
    return party


@transaction.atomic
def update_party(*, actor: Actor, party: Party, **rules: Any) -> Party:
    """Change the rules; only before the tally cards are drawn (they are announced before play)."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    refuse_if_finished(party, "change its rules")
    old = _party_snapshot(party)
    changing_play = {k for k in rules if k not in ("name", "date", "prizes", "planned_rounds")}
    if party.status != Party.Status.SETUP and any(rules[k] != old[k] for k in changing_play):
        raise EntryError(_("The rules were announced when the tally cards were drawn; they can't change now."))
    data = {**old, "date": party.date, **rules}
    check_rules(data)
    for key, value in rules.items():
        setattr(party, key, value)
    party.save()
    audit.record(actor=actor, action=AuditAction.PARTY_RULES, target=party, old=old, new=_party_snapshot(party))
    bump_party(party.pk)
    return party


@transaction.atomic
def set_guests(*, actor: Actor, party: Party, text: str) -> list[PartyGuest]:
    """Replace the guest list from the pasted text (one per line, optional L/G); only in set-up."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.status != Party.Status.SETUP:
        raise EntryError(_("The tally cards are drawn: the guest list is fixed."), field="guests")
    try:
        parsed = parse_guest_list(text)
    except PartyError as exc:
        raise EntryError(str(exc), field="guests") from exc
    if not parsed:
        raise EntryError(_("List at least one guest, one name per line."), field="guests")
    old = [(g.name, g.group) for g in party.guests.all()]
    party.guests.all().delete()
    PartyGuest.objects.bulk_create(
        PartyGuest(party=party, name=name, group=group, order=i) for i, (name, group) in enumerate(parsed)
    )
    audit.record(actor=actor, action=AuditAction.PARTY_GUESTS, target=party, old=old, new=parsed)
    bump_party(party.pk)
    return list(party.guests.all())


def _save_round(party: Party, number: int, seating: Sequence[TableSeating]) -> PartyRound:
    rnd = PartyRound.objects.create(party=party, number=number)
    guests = {str(g.pk): g for g in party.guests.all()}
    PartyTable.objects.bulk_create(
        PartyTable(
            round=rnd,
            number=t.table,
            first_dealer=t.first_dealer,
            sitting_out=guests[t.sitting_out[0]] if t.sitting_out else None,
            **{SEAT_FIELDS[s]: guests[who] for s, who in t.seats.items()},
        )
        for t in seating
    )
    return rnd


def _add_ghosts(party: Party, guests: Sequence[Guest]) -> list[Guest]:
    """A ghost for each seat the guests leave empty (one a table at most; see ``sitouts``)."""
    groups = ghost_groups(guests, party.tables, mixed=party.mixed)
    made = []
    for i, group in enumerate(groups, start=1):
        name = "(ghost)" if len(groups) == 1 else f"(ghost {i})"
        row = PartyGuest.objects.create(party=party, name=name, group=group or "", order=len(guests) + i, ghost=True)
        made.append(Guest(str(row.pk), row.name, group))
    return made


def _single_table_seating(
    party: Party, guests: Sequence[Guest], number: int, drawn: Mapping[str, tuple[int, str]] | None = None
) -> list[TableSeating]:
    """A single-table game (pivot Laws 1-3): a fresh draw at the start of every cycle, then the game's rotation;
    or round 1 as ``drawn`` at the table (guest -> (1, seat)), the guest without a seat sitting out."""
    rules = games.game(party.form)
    if drawn is not None:
        seats = {seat: who for who, (_table, seat) in drawn.items()}
        if sorted(seats) != sorted(SEATS) or len(drawn) != len(SEATS) or {t for t, _s in drawn.values()} != {1}:
            raise PartyError(_("Seat four players at every table: North, East, South and West."))
        out = tuple(g.id for g in guests if g.id not in drawn)
        return [TableSeating(table=1, seats=seats, first_dealer="N", sitting_out=out)]
    cycle_no, in_cycle = divmod(number - 1, rules.single_table_cycle(len(guests)))
    draw = [g.id for g in guests]
    _rng(party, f"{party.form}-draw", cycle_no).shuffle(draw)
    players, out = rules.single_table_seating(draw, in_cycle + 1)
    return [TableSeating(table=1, seats=dict(zip("NESW", players, strict=True)), first_dealer="N", sitting_out=out)]


def _first_seating(
    party: Party, guests: list[Guest], assignment: Mapping[str, tuple[int, str]] | None
) -> list[TableSeating]:
    """Round 1: a single-table game's draw, the host's assignment, or the tally cards drawn (with ghosts for the
    empty seats); a guest left without a place sits out at a table."""
    rules = games.game(party.form)
    sitters: list[str] = []
    try:
        if rules.single_table and len(guests) not in rules.table_sizes:
            raise PartyError(_(rules.single_table_size_message) % {"n_guests": len(guests)})
        if rules.single_table:  # the game's draw, or the draw made at the table (who sits where, who sits out)
            return _single_table_seating(party, guests, 1, assignment)
        if assignment is not None:
            sitter_count(guests, party.tables, mixed=party.mixed)
            sitters = [g.id for g in guests if g.id not in assignment]  # the host left them without a place
            playing = [g for g in guests if g.id in assignment]
            seating = assign_tally_cards(playing, party.tables, assignment, _rng(party, "deal"), mixed=party.mixed)
        else:
            ghosts = _add_ghosts(party, guests)
            guests = [*guests, *ghosts]
            sitters = draw_sitters(guests, party.tables, _rng(party, "sit-out"), mixed=party.mixed)
            playing = [g for g in guests if g.id not in sitters]
            seating = draw_tally_cards(playing, party.tables, _rng(party, "tally"), mixed=party.mixed)
            seating = spread_ghosts(seating, {g.id for g in ghosts})
    except PartyError as exc:
        raise EntryError(str(exc), field="guests") from exc
    for table, who in zip(seating, sitters, strict=False):
        table.sitting_out = (who,)
    return seating


def _set_first_dealers(seating: Sequence[TableSeating], first_dealers: Mapping[int, str]) -> None:
    """The draws for deal already made at the tables (table -> seat)."""
    for table in seating:
        seat = first_dealers.get(table.table)
        if seat is not None:
            if seat not in ("N", "E", "S", "W"):
                raise EntryError(
                    _("Table %(table)s: the first dealer is N, E, S or W, not %(seat)r.")
                    % {"table": table.table, "seat": seat}
                )
            table.first_dealer = seat  # type: ignore[assignment]


@transaction.atomic
def start_party(
    *,
    actor: Actor,
    party: Party,
    assignment: Mapping[str, tuple[int, str]] | None = None,
    first_dealers: Mapping[int, str] | None = None,
) -> PartyRound:
    """Draw (or take the host's assignment of) the tally cards and seat round 1.

    ``first_dealers`` (table -> seat) records draws for deal already made at the tables; otherwise
    Bridgedesk draws them (at a mixed party between the two ladies).
    """
    if party.hands != 4:  # five hundred at three, five or six a table
        return hand_services.start_hands_party(actor=actor, party=party, assignment=assignment)
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.status != Party.Status.SETUP:
        raise EntryError(_("The tally cards have already been drawn."))
    seating = _first_seating(party, guests_of(party), assignment)
    _set_first_dealers(seating, first_dealers or {})
    rnd = _save_round(party, 1, seating)
    party.status = Party.Status.PLAYING
    party.save(update_fields=["status", "updated_at"])
    audit.record(
        actor=actor,
        action=AuditAction.PARTY_START,
        target=party,
        new={"seating": [{"table": t.table, **t.seats} for t in seating]},
        why="tally cards assigned" if assignment is not None else "tally cards drawn",
    )
    issue_links(party, [t.table for t in seating])  # each table's phone link, made with its first round
    bump_party(party.pk)
    return rnd


@transaction.atomic
def call_progression(*, actor: Actor, party: Party) -> PartyRound:
    """All tables have entered: seat the next round by the party's progression and partner rules."""
    if party.hands != 4:
        return hand_services.call_hands_progression(actor=actor, party=party)
    party = Party.objects.select_for_update().get(pk=party.pk)
    refuse_if_finished(party, "play another round")
    if party.status != Party.Status.PLAYING:
        raise EntryError(_("The party is not in play."))
    current = party.rounds.order_by("-number").first()
    if current is None:
        raise EntryError(_("Draw the tally cards first."))
    tables = list(current.tables.all())
    waiting = [t.number for t in tables if not t.entered]
    if waiting:
        raise EntryError(
            _("Waiting for table %(join)s to enter round %(number)s.")
            % {"join": ", ".join(map(str, waiting)), "number": current.number}
        )
    guests = guests_of(party)
    if games.game(party.form).single_table:
        seating = _single_table_seating(party, guests, current.number + 1)
    else:
        seating = next_seating(
            [seating_of(t) for t in tables],
            {t.number: t.winner for t in tables},
            party.progression,
            _rng(party, "progression", current.number),
            groups={g.id: g.group for g in guests},
            mixed=party.mixed,
            head_table_keeps_partners=party.head_table_keeps_partners,
        )
        seating = _rotate_sitters(party, current, tables, seating, guests)
        ghosts = {str(pk) for pk in party.guests.filter(ghost=True).values_list("pk", flat=True)}
        seating = spread_ghosts(seating, ghosts)
    current.progressed = True
    current.save(update_fields=["progressed", "updated_at"])
    rnd = _save_round(party, current.number + 1, seating)
    audit.record(
        actor=actor,
        action=AuditAction.PARTY_PROGRESSION,
        target=rnd,
        new={"round": rnd.number, "seating": [{"table": t.table, **t.seats} for t in seating]},
    )
    bump_party(party.pk)
    return rnd


def _rotate_sitters(
    party: Party, current: PartyRound, tables: list[PartyTable], seating: list[TableSeating], guests: list[Guest]
) -> list[TableSeating]:
    """Those who sat out this round come in; those who sat out least so far go out (see ``sitouts``)."""
    sitters = [str(t.sitting_out_id) for t in tables if t.sitting_out_id]
    if not sitters:
        return seating
    history = PartyTable.objects.filter(round__party=party, sitting_out__isnull=False)
    sat_out = Counter(str(pk) for pk in history.values_list("sitting_out_id", flat=True))
    rng = _rng(party, "sit-out", current.number)
    return rotate_sitters(seating, sitters, sat_out, rng, groups={g.id: g.group for g in guests}, mixed=party.mixed)
