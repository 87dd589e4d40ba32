"""Writes of the table side: issuing and revoking table links, storing what a table sends, the round clock.

`submit` is the one path a phone's result takes (the JSON API and so the table page call it): stored once per
client-made id, checked against the movement, scored by the results service, and never written over another
result: a disagreement with what the traveller already holds is kept beside it and flagged for the director.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core import lifecycle, writers
from tournaments.core.actors import Actor
from tournaments.core.errors import NOT_FOUND, TOO_MANY, LinkRefused
from tournaments.core.limits import TOKEN_GUESSES
from tournaments.sessions.models import Result, Section, Session, TableRound
from tournaments.sessions.selectors.lookups import SectionMap, section_map
from tournaments.sessions.services.results import (
    CheckedLine,
    LineInput,
    ResultEntryError,
    preview_lines,
    save_lines,
    set_auction,
    set_lead,
    set_play,
)
from tournaments.sessions.services.touches import touching
from tournaments.sessions.services.versions import Locked, bump, lock_section, lock_section_status
from tournaments.sessions.services.whist import table_refusal
from tournaments.tableside.bidding import auction_of, details_refusal, keep_details, play_of
from tournaments.tableside.changes import change_own, may_change
from tournaments.tableside.models import TableEntry, TableLink, TableSettings
from tournaments.tableside.state import current_row, entered, where_played

if TYPE_CHECKING:
    from tournaments.parties.models import Party
    from tournaments.teams.models import TeamEvent

MAX_CLIENT_ID = 64

__all__ = ["LinkRefused"]  # the one domain error for a link (tournaments/core/errors.py), named where it is raised


@dataclass
class Outcome:
    """What a submitted result came to: HTTP status and the JSON body the API answers with."""

    status: int
    body: dict[str, Any] = field(default_factory=dict)


# ---- links ---------------------------------------------------------------------------------------------------


def set_up_tables(section: Section) -> None:
    """Every table's link and the section's table settings, made when the section is set up (a hook registered in
    tournaments/apps.py), so the live panel and the cards only read them."""
    issue_links(section)
    TableSettings.objects.get_or_create(section=section)


def issue_links(section: Section) -> list[TableLink]:
    """A live link for every table of the section (existing live links are kept)."""
    tables = sorted({row.table for row in section.table_rounds.all()}) or list(range(1, section.tables + 1))
    live = {link.table: link for link in TableLink.objects.filter(section=section, revoked_at__isnull=True)}
    for table in tables:
        if table not in live:
            live[table] = TableLink.objects.create(session_id=section.session_id, section=section, table=table)
    return [live[t] for t in tables]


def revoke(*, actor: Actor, link: TableLink, reissue: bool = False) -> TableLink | None:
    """End a link at once (a phone left the room); with `reissue`, the table gets a new one."""
    with transaction.atomic():
        lock_section(link.table_section_id)
        locked = TableLink.objects.select_for_update().get(pk=link.pk)
        bump(locked.table_section_id)  # the live panel's links change: its polls' ETag moves on
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.save(update_fields=["revoked_at"])
            audit.record(
                actor=actor,
                action=AuditAction.TABLE_LINK_REVOKE,
                target=locked,
                session_id=locked.table_section.session_id,
                old={"table": locked.table},
            )
        if not reissue:
            return None
        fresh = TableLink.objects.create(session_id=locked.session_id, section=locked.table_section, table=locked.table)
        audit.record(
            actor=actor,
            action=AuditAction.TABLE_LINK_ISSUE,
            target=fresh,
            session_id=locked.table_section.session_id,
            new={"table": fresh.table},
        )
        return fresh


def open_link(token: str, *, address: str = "") -> TableLink:
    """The live link with this token, or LinkRefused with the reason a player can act on. Unknown tokens tried
    from one `address` are counted (`core.limits.TOKEN_GUESSES`): past the limit every token is refused (429)."""
    if address and TOKEN_GUESSES.reached(address):
        raise LinkRefused(
            _("Too many unknown table links tried from here: wait a minute and scan the card."), code=TOO_MANY
        )
    # The owner's lifecycle is read with the link, in the one query a poll answered 304 costs.
    # The token is unique: no ordering (the model's would join and sort for nothing).
    found = TableLink.objects.select_related("section__session", "match__round__event", "party")
    found = found.filter(token=token[:32])
    link = next(iter(found.order_by()[:1]), None)
    if link is None:
        if address:
            TOKEN_GUESSES.hit(address)
        raise LinkRefused(_("This table link is not known: scan the card on your table again."), code=NOT_FOUND)
    if link.revoked_at is not None:
        raise LinkRefused(_("This table link was withdrawn by the director: scan the card on your table again."))
    # The owner's lifecycle, the same guard for a session's table, a teams match's room and a party's table.
    owner: Session | TeamEvent | Party
    if link.is_party:
        owner = link.table_party
    else:
        owner = link.room_match.round.event if link.is_room else link.table_section.session
    if link.is_party:
        finished = _("The party is finished: scores can no longer be entered at the table.")
        archived = _("The host has put this party away: ask the host.")
    elif link.is_room:
        finished = _("The teams event is finished: results can no longer be entered at the table.")
        archived = _("The director has archived this teams event: ask the director.")
    else:
        finished = _("The session is finished: results can no longer be entered at the table.")
        archived = _("The director has archived this session: ask the director.")
    lifecycle.refuse_if_finished(owner.status, finished, error=LinkRefused)
    if owner.archived_at is not None:
        raise LinkRefused(archived)
    return link


# ---- results -------------------------------------------------------------------------------------------------


def _as_int(value: Any) -> int | None:
    """Whole numbers only, as JSON numbers or ASCII digits (never "²" or "1e3")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isascii() and value.strip().isdigit():
        return int(value.strip())
    return None


def _stored(result: Result) -> dict[str, Any]:
    return {
        "board": result.board.number,
        "contract": result.contract,
        "declarer": result.declarer,
        "lead": result.lead,
        "tricks": result.tricks,
        "ns_score": result.ns_score,
        "kind": result.kind,
    }


def _body(entry: TableEntry) -> dict[str, Any]:
    return {
        "client_id": entry.client_id,
        "board": entry.board,
        "round": entry.round,
        "contract": entry.contract,
        "declarer": entry.declarer,
        "lead": entry.lead,
        "tricks": entry.tricks,
        "ns_score": entry.ns_score,
        "auction": entry.auction,
        "play": entry.play,
        "status": entry.status,
    }


def _invalid(field_name: str, message: str) -> Outcome:
    return Outcome(422, {"field": field_name, "message": message})


def room_round(
    section: Section, rows: Sequence[TableRound] | None = None, done: set[tuple[int, int]] | None = None
) -> int:
    """The room's round, the slowest table's (the first round with a board not entered at some table). `rows`: the
    section's movement rows (a section map's, read once), `done`: `entered(section)`, when the caller has them;
    else read here. Making every row of the section as a model object on each post was two thirds of a post."""
    done = entered(section) if done is None else done
    if rows is None:
        rows = list(TableRound.objects.filter(section=section).order_by("round"))
    by_table: dict[int, list[TableRound]] = {}
    for row in sorted(rows, key=lambda r: r.round):
        by_table.setdefault(row.table, []).append(row)
    rounds = [now.round for rows in by_table.values() if (now := current_row(rows, done)[0]) is not None]
    return min(rounds, default=1)


def _round_refusal(
    link: TableLink, rows: list[TableRound], round_number: int, board: int, smap: SectionMap
) -> str | None:
    """Why a table may not write a board of `round_number` now, or None: only its current round and the one before
    (late corrections), and never more than one round ahead of the slowest table (a script filling the evening).
    Every result in the section is read once (one query of pairs of numbers) for this table's round and the room's."""
    done = entered(link.table_section)
    now, _complete = current_row(rows, done)
    if now is None:
        return None
    if round_number > now.round:
        return _("Table %(table)s plays board %(board)s in round %(round)s, not now (round %(now)s).") % {
            "table": link.table,
            "board": board,
            "round": round_number,
            "now": now.round,
        }
    room = room_round(link.table_section, smap.rows, done)
    if round_number > room + 1:
        return _(
            "The room is still in round %(room)s: board %(board)s of round %(round)s opens when the move is called."
        ) % {"room": room, "board": board, "round": round_number}
    if round_number < now.round - 1:
        return _(
            "Board %(board)s was played in round %(round)s; the table is in round %(now)s now: "
            "ask the director to correct an earlier round."
        ) % {"board": board, "round": round_number, "now": now.round}
    return None


def check(link: TableLink, data: dict[str, Any], *, smap: SectionMap | None = None) -> tuple[Outcome | None, Any, Any]:
    """Check a result as a table typed it: (refusal or None, the movement row, the checked line).

    `smap`: the section map, when the caller has loaded it (submit saves with the same one)."""
    board = _as_int(data.get("board"))
    if board is None or board < 1:
        return _invalid("board", _("Give the board number.")), None, None
    tricks_raw = data.get("tricks")
    contract, tricks = str(data.get("contract") or "").strip(), _as_int(tricks_raw)
    if link.table_section.session.is_whist:  # N-S's tricks only (and a revoke): sessions/services/whist.py
        if (whist := table_refusal(contract, tricks, str(data.get("revoke") or ""))) is not None:
            return _invalid(*whist), None, None
    elif not contract:
        return _invalid("contract", _("Give the contract (PASS for a passed-out board).")), None, None
    elif contract.upper() not in ("PASS", "P", "AP") and (tricks is None or not 0 <= tricks <= 13):
        return _invalid("tricks", _("Give the tricks declarer took, 0 to 13.")), None, None
    smap = smap or section_map(link.table_section)
    rows = sorted((r for r in smap.rows if r.table == link.table), key=lambda r: r.round)
    row = next((r for r in rows if board in {int(b) for b in r.boards}), None)
    if row is None or row.ns_entry is None or row.ew_entry is None:
        return (
            _invalid(
                "board",
                _("Table %(table)s does not play board %(board)s.") % {"table": link.table, "board": board}
                + " "
                + where_played(smap, board),
            ),
            None,
            None,
        )
    refusal = _round_refusal(link, rows, row.round, board, smap)
    if refusal is not None:
        return _invalid("board", f"{refusal} {where_played(smap, board)}"), None, None
    lead = str(data.get("lead") or "")  # checked with the line: a card, held by declarer's left-hand opponent
    line = LineInput(
        board=board,
        ns=row.ns_entry.label,
        ew=row.ew_entry.label,
        contract=contract,
        declarer=str(data.get("declarer") or ""),
        tricks="" if tricks is None else str(tricks),
        lead=lead,
        revoke=str(data.get("revoke") or ""),
    )
    checked = preview_lines(link.table_section, [line], smap=smap)[0]
    if checked is None or checked.errors:
        errors = checked.errors if checked is not None else {"contract": _("Nothing to save.")}
        name, message = next(iter(errors.items()))
        return _invalid({"score": "tricks"}.get(name, name), message), None, None
    wrong = details_refusal(data, checked)
    if wrong is not None:
        return _invalid(*wrong), None, None
    return None, row, checked


def _changed(link: TableLink, entry: TableEntry, stored: Result, checked: CheckedLine) -> Outcome:
    """The table corrects its own result before the round ends (tableside/changes.py says when it may)."""
    try:
        saved = change_own(link, stored, checked)
    except ResultEntryError as exc:
        name, message = next(iter(next(iter(exc.errors.values())).items()))
        return _invalid(name, message)
    entry.status, entry.result = TableEntry.Status.ACCEPTED, saved
    entry.save()
    refused = _add_details(link, entry, saved)
    return refused or Outcome(201, _body(entry) | {"changed": True})


def _add_details(link: TableLink, entry: TableEntry, stored: Result) -> Outcome | None:
    """The lead, the auction and the play the table sent, added to the stored line when it has none (the first table's
    stay); each write bumps the version itself, else the version is bumped so the panel sees the table agree."""
    why = f"sent by table {link.table}"
    wrote = False
    try:
        if entry.lead and not stored.lead:
            stored = set_lead(actor=None, result=stored, lead=entry.lead, why=f"Lead {why}")
            wrote = True
        if entry.auction and not stored.auction:
            stored = set_auction(actor=None, result=stored, auction=entry.auction, why=f"Auction {why}")
            wrote = True
        if entry.play and not stored.play:
            stored = set_play(actor=None, result=stored, play=entry.play, why=f"Play {why}")
            wrote = True
    except ResultEntryError as exc:
        transaction.set_rollback(True)
        name, message = next(iter(next(iter(exc.errors.values())).items()))
        return _invalid(name, message)
    if not wrote:
        bump(link.table_section_id, keeps_map=True)  # the table and the panel show it agrees: a new version
    return None


def _against_stored(link: TableLink, entry: TableEntry, stored: Result, checked: CheckedLine) -> Outcome:
    """The traveller already holds this table's line: the same result (the lead added if it had none) or a
    disagreement, kept beside it for the director (409)."""
    same = (stored.contract, stored.declarer, stored.tricks) == (checked.contract, checked.declarer, checked.tricks)
    if not same and may_change(link, stored, entry.round, room_round(link.table_section)):
        return _changed(link, entry, stored, checked)
    entry.result = stored
    entry.status = TableEntry.Status.AGREES if same else TableEntry.Status.DISPUTED
    entry.save()
    if same:
        refused = _add_details(link, entry, stored)
        return refused or Outcome(201, _body(entry))
    bump(link.table_section_id, keeps_map=True)  # the table and the panel show the flag: a new version
    audit.record(
        actor=None,
        action=AuditAction.TABLE_DISPUTED,
        target=entry,
        session_id=link.table_section.session_id,
        old=_stored(stored),
        new=_body(entry),
        why=f"Table {link.table} sent a result that differs from the traveller",
    )
    return Outcome(
        409,
        {
            "message": _("Board %(board)s already holds another result; both are kept and the director will decide.")
            % {"board": entry.board},
            "yours": _body(entry),
            "stored": _stored(stored),
        },
    )


def _touched_by(smap: SectionMap, locked: Locked, ns_entry_id: int, table: int) -> set[int] | None:
    """The tables whose state a new result of NS pair `ns_entry_id` can change: those where that pair sits NS (a
    table's state reads its rows' NS pairs' results only; the running percentage and the ranking, which read
    every result, make their ETag ignore these records: api.table). None (every table) when the map was read
    with another `map_since` than the one locked: the movement or the pairs may have changed in between."""
    if smap.since is None or smap.since != locked.map_since:
        return None
    return {r.table for r in smap.rows if r.ns_entry_id == ns_entry_id} | {table}


def _store_new(
    link: TableLink, entry: TableEntry, checked: Any, smap: SectionMap, locked: Locked, ns_entry_id: int
) -> Outcome:
    """A table's first line for its board, saved under the lock `submit` holds; the bumps say which tables it
    touched (sessions/services/touches.py), so the other tables' phones keep their 304."""
    tables = _touched_by(smap, locked, ns_entry_id, link.table)
    with touching(link.table_section_id, tables):
        try:  # no savepoint: a refused line fails the transaction, which has written nothing yet
            saved = save_lines(
                actor=None,
                section=link.table_section,
                lines=[checked.input],
                why=f"Entered at table {link.table}",
                smap=smap,
                checked=[checked],  # checked before the lock: not again under it
                locked=locked,
            )[0]
        except ResultEntryError as exc:
            name, message = next(iter(next(iter(exc.errors.values())).items()))
            return _invalid(name, message)
        entry.status, entry.result = TableEntry.Status.ACCEPTED, saved
        entry.save()
        keep_details(saved, entry.auction, entry.play, f"sent by table {link.table}")
    return Outcome(201, _body(entry))


def submit(link: TableLink, data: dict[str, Any], *, retried: bool = False) -> Outcome:
    """Store a table's result once (by its client id); see the module docstring."""
    client_id = str(data.get("client_id") or "").strip()
    if not client_id or len(client_id) > MAX_CLIENT_ID or not client_id.isprintable():
        return _invalid(
            "client_id", _("Each entry needs its own id (1 to %(max)s printable characters).") % {"max": MAX_CLIENT_ID}
        )
    known = TableEntry.objects.filter(link=link, client_id=client_id).first()
    if known is not None:  # sent again (the answer was lost): nothing to write
        return Outcome(200, _body(known) | {"repeat": True})
    # Computed before the write transaction, so writers hold the database (on SQLite, all of it) only to write:
    # the map comes from the versioned cache, and the save checks the version it locks against it.
    smap = section_map(link.table_section)
    refusal, row, checked = check(link, data, smap=smap)
    if refusal is not None:
        return refusal
    try:
        with writers.turn(writers.section(link.table_section_id)):  # queued here, holding no connection meanwhile
            return _store(link, client_id, data, smap, row, checked)
    except IntegrityError:  # rolled back: nothing of it was kept
        # Its client id stored meanwhile (a phone's retry racing its first send: the entry's unique constraint,
        # not a read under the lock), or a unique-constraint race in the save: the entry, else the post once again.
        known = TableEntry.objects.filter(link=link, client_id=client_id).first()
        if known is not None:
            return Outcome(200, _body(known) | {"repeat": True})
        if retried:
            raise
        return submit(link, data, retried=True)


def _store(link: TableLink, client_id: str, data: dict[str, Any], smap: SectionMap, row: Any, checked: Any) -> Outcome:
    """The write of `submit`, under the section's lock: the result saved (or held against the stored one) and the
    table's entry (`row`, `checked`: as `check` gave them). Raises IntegrityError (rolled back) when the client id
    was stored meanwhile."""
    with transaction.atomic():
        version, status, since = lock_section_status(link.table_section_id)  # first, as every writer: one at a time
        # The board's results, locked and read once: the save is handed them with the lock (no second read).
        # Ordered by id: the model's ordering joins board, entry and session, and FOR UPDATE would lock them too.
        mine = Result.objects.select_for_update().filter(section=link.table_section, board=checked.board)
        results = list(mine.order_by("pk"))
        for result in results:
            result.board = checked.board
        stored = next((r for r in results if r.ns_entry_id == row.ns_entry.pk), None)
        entry = TableEntry(
            link=link,
            client_id=client_id,
            round=row.round,
            board=checked.board.number,
            contract=checked.contract,
            declarer=checked.declarer,
            lead=checked.lead,
            tricks=checked.tricks,
            ns_score=checked.ns_score,
            auction=auction_of(data, checked)[0],
            play=play_of(data, checked)[0],
        )
        if stored is None:
            return _store_new(link, entry, checked, smap, Locked(version, results, status, since), row.ns_entry.pk)
        return _against_stored(link, entry, stored, checked)


# The clock and the director's calls live in clock.py; callers still find them here.
from tournaments.tableside.clock import answer_call as answer_call  # noqa: E402
from tournaments.tableside.clock import call_director as call_director  # noqa: E402
from tournaments.tableside.clock import timer_action as timer_action  # noqa: E402
from tournaments.tableside.clock import timer_of as timer_of  # noqa: E402
from tournaments.tableside.table_settings import SETTING_CHOICES as SETTING_CHOICES  # noqa: E402
from tournaments.tableside.table_settings import save_settings as save_settings  # noqa: E402
from tournaments.tableside.table_settings import settings_of as settings_of  # noqa: E402
