"""Signing in at the table: each player of a table's first round types a member number (or picks a name), and the
pair's names on the entry follow; the director sees who sat where and moves a sign-in to the right seat.

Sign-ins are kept by section, table and seat (server-side, not on the phone), so a second phone opening the same
table link sees them and carries on. Writes go through here, each locked, audited and bumping the section.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.core.errors import NOT_FOUND, REFUSED, DomainError
from tournaments.core.text import NAME_MAX, check_text, clean_name
from tournaments.sessions.models import Entry, EntryPlayer, Member, Section, TableRound
from tournaments.sessions.services.sessions import set_players
from tournaments.sessions.services.versions import bump, lock_section, refuse_if_finished
from tournaments.tableside.models import SignIn, TableLink, TableSettings
from tournaments.tableside.state import current_row, entered_at, table_rows

SEATS = "NESW"
SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}
NUMBER_MAX = 40
SEARCH_LIMIT = 8


class SignInError(DomainError):
    """A sign-in refused: bad number or name (invalid), not asked for or too late (refused)."""


def first_row(section: Section, table: int) -> TableRound | None:
    """The table's first round with two pairs at it: the seats a sign-in fills."""
    return next((r for r in table_rows(section, table) if r.ns_entry_id and r.ew_entry_id), None)


def entry_seat(row: TableRound, seat: str) -> tuple[Entry, int]:
    """The pair and its player (1 or 2) for a seat: N and S are the NS pair's 1 and 2, E and W the EW pair's."""
    entry = row.ns_entry if seat in "NS" else row.ew_entry
    assert entry is not None  # first_row only gives rows with both pairs
    return entry, 1 if seat in "NE" else 2


def seats_of(section: Section, table: int) -> dict[str, SignIn]:
    """This table's sign-ins by seat."""
    return {s.seat: s for s in SignIn.objects.filter(section=section, table=table).select_related("member")}


def _check_number(number: str) -> str:
    text = "".join(number.split())
    if len(text) > NUMBER_MAX or not text.isprintable():
        raise SignInError(
            _("A member number has at most %(max)s letters and digits.") % {"max": NUMBER_MAX}, field="number"
        )
    return text


def _who(number: str, name: str, member_id: int | None) -> tuple[str, str, Member | None]:
    """(number, name, member): the member a number or a pick names, or the typed name for an unknown number."""
    if member_id is not None:
        member = Member.objects.filter(pk=member_id, active=True).first()
        if member is None:
            raise SignInError(_("That member is not on the club's list any more: type your number."), field="member")
        return member.national_id, member.name, member
    number = _check_number(number)
    if not number:
        raise SignInError(_("Type your member number (or pick your name)."), field="number")
    found = list(Member.objects.filter(national_id__iexact=number, active=True)[:2])
    if len(found) == 1:
        return number, found[0].name, found[0]
    try:
        typed = clean_name(check_text(name, field="name", max_length=NAME_MAX, label="name"))
    except ValidationError as exc:
        raise SignInError(exc.messages[0], field="name") from None
    if not typed:
        raise SignInError(
            _("The number %(number)s is not on the club's list: type your name too, and the director will check it.")
            % {"number": number},
            field="name",
        )
    return number, typed, None


def _fill_names(row: TableRound, seat: str, name: str, member: Member | None, *, only_if: str = "") -> None:
    """Put a signed-in name on the pair (through the names service: audited, bumped); with `only_if`, clear
    the seat's name only when it is still that one (a sign-in moved away)."""
    entry, place = entry_seat(row, seat)
    fresh = EntryPlayer.objects.filter(entry=entry).select_related("member")  # not the rows' prefetched copy
    players = {p.seat: (p.name, p.member) for p in fresh}
    if only_if and players.get(place, ("", None))[0] != only_if:
        return
    players[place] = (name, member)
    set_players(actor=None, entry=entry, players=[players.get(i, ("", None)) for i in (1, 2)])


def sign_in(link: TableLink, *, seat: str, number: str = "", name: str = "", member_id: int | None = None) -> SignIn:
    """Sign a player into a seat of the table (again: the last sign-in of a seat counts)."""
    section = link.table_section
    settings = TableSettings.objects.filter(section=section).first()
    if settings is None or not settings.sign_in:
        raise SignInError(_("The director has not asked for sign-in in this session."), code=REFUSED)
    seat = seat.strip().upper()[:1]
    if not seat or seat not in SEATS:
        raise SignInError(_("Choose the seat: N, E, S or W."), field="seat")
    number, name, member = _who(number, name, member_id)
    rows = table_rows(section, link.table)
    row = next((r for r in rows if r.ns_entry_id and r.ew_entry_id), None)
    now, _done = current_row(rows, entered_at(section, rows))
    if row is None or now is None or now.round != row.round:
        raise SignInError(_("Sign-in is at the start of the session: ask the director."), code=REFUSED)
    with transaction.atomic():
        lock_section(section.pk)
        if member is not None:
            elsewhere = SignIn.objects.filter(section=section, member=member).exclude(table=link.table, seat=seat)
            other = elsewhere.exclude(table=link.table).first()
            if other is not None:
                raise SignInError(
                    _("%(name)s is signed in at table %(table)s (%(seat)s): ask the director to move the sign-in.")
                    % {"name": member.name, "table": other.table, "seat": SEAT_NAMES[other.seat]},
                    field="number",
                    code=REFUSED,
                )
            for moved in elsewhere:  # the same player, another seat of this table: they meant this one
                moved.delete()
                _fill_names(row, moved.seat, "", None, only_if=moved.name)
        old = SignIn.objects.filter(section=section, table=link.table, seat=seat).first()
        signed, _created = SignIn.objects.update_or_create(
            section=section, table=link.table, seat=seat, defaults={"number": number, "name": name, "member": member}
        )
        audit.record(
            actor=None,
            action=AuditAction.TABLE_SIGN_IN,
            target=signed,
            session_id=section.session_id,
            old={"name": old.name, "number": old.number} if old else None,
            new={"table": link.table, "seat": seat, "name": name, "number": number, "known": member is not None},
        )
        try:
            _fill_names(row, seat, name, member)
        except DomainError as exc:  # the session was finished meanwhile: the names service refuses
            raise SignInError(exc.message, code=REFUSED) from None
        except ValidationError as exc:  # a name the names service refuses
            raise SignInError(exc.messages[0], code=REFUSED) from None
        bump(section.pk)
    return signed


def fix_seat(*, actor: Actor, signed: SignIn, table: int, seat: str) -> None:
    """The director moves a sign-in to the seat it belongs to; whoever signed in there takes the other seat."""
    seat = seat.strip().upper()[:1]
    if not seat or seat not in SEATS:
        raise SignInError(_("Choose the seat: N, E, S or W."), field="seat")
    section = signed.section
    refuse_if_finished(section.session, error=SignInError)
    target_row = first_row(section, table)
    if target_row is None:
        raise SignInError(
            _("Section %(section)s has no table %(table)s with two pairs.")
            % {"section": section.letter, "table": table},
            field="table",
        )
    with transaction.atomic():
        lock_section(section.pk)
        moving = SignIn.objects.select_for_update().filter(pk=signed.pk).first()
        if moving is None:
            raise SignInError(_("That sign-in is gone: reload the panel."), code=NOT_FOUND)
        if (moving.table, moving.seat) == (table, seat):
            return
        source_row = first_row(section, moving.table)
        there = SignIn.objects.select_for_update().filter(section=section, table=table, seat=seat).first()
        was = (moving.table, moving.seat)
        if there is not None:  # swap through a free spot: (section, table, seat) is unique
            there.table, there.seat = 0, "N"
            there.save(update_fields=["table", "seat"])
        moving.table, moving.seat = table, seat
        moving.save(update_fields=["table", "seat"])
        if there is not None:
            there.table, there.seat = was
            there.save(update_fields=["table", "seat"])
        audit.record(
            actor=actor,
            action=AuditAction.TABLE_SIGN_IN_FIX,
            target=moving,
            session_id=section.session_id,
            old={"table": was[0], "seat": was[1], "name": moving.name},
            new={"table": table, "seat": seat, "swapped_with": there.name if there else ""},
        )
        if source_row is not None:
            if there is not None:
                _fill_names(source_row, was[1], there.name, there.member)
            else:
                _fill_names(source_row, was[1], "", None, only_if=moving.name)
        _fill_names(target_row, seat, moving.name, moving.member)
        bump(section.pk)


def find_members(text: str) -> list[dict[str, object]]:
    """Active members whose name holds `text` (2 letters at least), for the pick list: names only, never a
    member's number or address (anyone at the table reads this)."""
    text = clean_name("".join(c for c in text if c.isprintable()))
    if len(text) < 2:
        return []
    found = Member.objects.filter(active=True, name__icontains=text).order_by("name")[:SEARCH_LIMIT]
    return [{"id": m.pk, "name": m.name} for m in found]


def sign_in_json(section: Section, table: int, wanted: bool) -> dict[str, object]:
    """The table page's sign-in block: asked for or not, and who signed into which seat."""
    seats = seats_of(section, table) if wanted else {}
    return {
        "wanted": wanted,
        "seats": {
            seat: ({"name": s.name, "known": s.member_id is not None} if (s := seats.get(seat)) else None)
            for seat in SEATS
        },
    }
