"""What a table sees: its current round, who sits where, the boards, what is in, the move, the clock.

Read in about ten small queries from this table's movement rows, the next round's rows and this table's results,
never the whole section: every phone polls it every 5 s, so its cost must not grow with the number of tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.sessions.models import Board, Result, Section, TableRound
from tournaments.sessions.selectors.lookups import SectionMap
from tournaments.sessions.selectors.whist import revoke_text
from tournaments.tableside.models import RoundTimer, TableEntry, TableLink, TableSettings

SEAT_WORDS = {"NS": "North-South", "EW": "East-West"}


@dataclass
class TableState:
    """Everything the table page shows, as plain data (the API returns it as JSON)."""

    section: str
    table: int
    round: int
    rounds: int
    complete: bool
    ns: dict[str, Any] | None
    ew: dict[str, Any] | None
    boards: list[dict[str, Any]] = field(default_factory=list)
    move: str = ""
    timer: dict[str, Any] = field(default_factory=dict)
    confirm: bool = True
    show_traveller: bool = True
    choices: dict[str, bool] = field(default_factory=dict)
    first_round: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "table": self.table,
            "round": self.round,
            "rounds": self.rounds,
            "complete": self.complete,
            "ns": self.ns,
            "ew": self.ew,
            "boards": self.boards,
            "move": self.move,
            "timer": self.timer,
            "settings": {"opponents_confirm": self.confirm, "show_traveller": self.show_traveller} | self.choices,
            "first_round": self.first_round,
        }


def _pair(row_entry: Any) -> dict[str, Any] | None:
    if row_entry is None:
        return None
    return {
        "pair": row_entry.label,
        "number": row_entry.number,
        "names": " & ".join(p.name for p in row_entry.players.all()),
    }


def table_rows(section: Section, table: int) -> list[TableRound]:
    """One table's movement rows in round order, with their pairs and the pairs' players."""
    return list(
        TableRound.objects.filter(section=section, table=table)
        .select_related("ns_entry", "ew_entry")
        .prefetch_related("ns_entry__players", "ew_entry__players")
        .order_by("round")
    )


def _rows_with_pairs(section: Section, table: int) -> list[TableRound]:
    """One table's movement rows in round order with their pairs, without the players: a poll names the players
    of its current round only (`_with_players`); prefetching every round's was half of building a poll."""
    rows = TableRound.objects.filter(section=section, table=table).select_related("ns_entry", "ew_entry")
    return list(rows.order_by("round"))


def _with_players(row: TableRound) -> None:
    """The players of the row's two pairs, in one query."""
    prefetch_related_objects([e for e in (row.ns_entry, row.ew_entry) if e is not None], "players")


def round_rows(section: Section, round_number: int) -> list[TableRound]:
    """Every table's row in one round (for the move: where the pairs and the boards go next)."""
    return list(TableRound.objects.filter(section=section, round=round_number))


def entered(section: Section) -> set[tuple[int, int]]:
    """(board number, NS entry id) of every result the section holds."""
    return set(Result.objects.filter(section=section).values_list("board__number", "ns_entry_id"))


def entered_at(section: Section, rows: Sequence[TableRound]) -> set[tuple[int, int]]:
    """(board number, NS entry id) of the results of the pairs that sit NS in `rows` (one table's)."""
    ns_ids = {r.ns_entry_id for r in rows if r.ns_entry_id}
    found = Result.objects.filter(section=section, ns_entry_id__in=ns_ids).values_list("board__number", "ns_entry_id")
    return set(found)


def current_row(rows: Sequence[TableRound], done: set[tuple[int, int]]) -> tuple[TableRound | None, bool]:
    """The first of one table's rows with a board still to enter (sit-outs skipped); (last row, True) when all
    are in."""
    for row in rows:
        if row.ns_entry_id is None or row.ew_entry_id is None:
            continue
        if any((int(b), row.ns_entry_id) not in done for b in row.boards):
            return row, False
    return (rows[-1] if rows else None), True


def move_words(later: Sequence[TableRound], row: TableRound) -> str:
    """The move after `row`'s round, as the director calls it: "NS stay; EW go to table 3; boards go to table 6".

    `later` is every table's row in the next round (`round_rows`); none after the last round."""
    if not later:
        return _("That was the last round: thank you for playing.")
    parts = []
    for seat, entry_id in (("NS", row.ns_entry_id), ("EW", row.ew_entry_id)):
        if entry_id is None:
            continue
        to = next((r for r in later if entry_id in (r.ns_entry_id, r.ew_entry_id)), None)
        if to is None:
            parts.append(_("%(seat)s sit out next round") % {"seat": seat})
            continue
        sits = "NS" if to.ns_entry_id == entry_id else "EW"
        parts.append(_move_clause(seat, sits, None if to.table == row.table else to.table))
    boards = {int(b) for b in row.boards}
    if boards:
        dest = [r.table for r in later if boards & {int(b) for b in r.boards} and r.ns_entry_id and r.ew_entry_id]
        if not dest:
            parts.append(
                _("boards go out of play next round (to the relay, bye stand or director: see the table card)")
            )
        elif dest == [row.table]:
            parts.append(_("boards stay"))
        else:
            tables = pgettext("list of tables", " and ").join(str(t) for t in sorted(set(dest)))
            parts.append(_("boards go to table %(tables)s") % {"tables": tables})
    return "; ".join(parts) + "."


def _move_clause(seat: str, sits: str, table: int | None) -> str:
    """One pair's move as a whole clause (``table`` None: it stays), so each word order can be translated."""
    values = {"seat": seat, "sits": sits, "table": table}
    if table is None:
        return (_("%(seat)s stay") if sits == seat else _("%(seat)s stay and sit %(sits)s")) % values
    if sits == seat:
        return _("%(seat)s go to table %(table)s") % values
    return _("%(seat)s go to table %(table)s and sit %(sits)s") % values


def _deal_json(board: Board | None, result: Result | None, choices: dict[str, bool]) -> dict[str, Any]:
    """Whether this table is asked for the board's hands (dealt at the table, deal unknown), and the deal once
    the table's own result is in, when the director shows it (tableside/hands.py takes the hands)."""
    deal = board.deal if board else ""
    return {
        "hands_wanted": choices.get("hands_at_table", False) and board is not None and not deal,
        "deal": deal if deal and result is not None and choices.get("show_hand", True) else "",
    }


def timer_json(timer: RoundTimer | None) -> dict[str, Any]:
    """The round clock as the phone counts it down; `move_now` once a running clock has run out (the phone also
    says it by itself when its own count reaches 0: no write happens then, so nothing is pushed)."""
    if timer is None or timer.started_at is None:
        return {
            "running": False,
            "remaining_seconds": None,
            "minutes": timer.minutes if timer else None,
            "move_now": False,
        }
    return {
        "running": timer.paused_at is None,
        "remaining_seconds": timer.remaining(),
        "minutes": timer.minutes,
        "move_now": timer.time_up(),
    }


def _boards(section: Section, row: TableRound, choices: dict[str, bool]) -> list[dict[str, Any]]:
    """The round's boards at this table: dealer, vulnerability, the result in (if any), flagged for the director,
    and the deal or the call for hands as the director's choices say."""
    numbers = [int(b) for b in row.boards]
    boards = {b.number: b for b in Board.objects.filter(session_id=section.session_id, number__in=numbers)}
    results = {
        r.board.number: r
        for r in Result.objects.filter(
            section=section, board__number__in=numbers, ns_entry_id=row.ns_entry_id
        ).select_related("board")
    }
    flagged = set(
        TableEntry.objects.filter(
            link__section=section, board__in=numbers, status=TableEntry.Status.DISPUTED
        ).values_list("board", flat=True)
    )
    out = []
    for number in numbers:
        board, result = boards.get(number), results.get(number)
        shown = None
        if result is not None:
            shown = {
                "contract": result.contract,
                "declarer": result.declarer,
                "lead": result.lead,
                "tricks": result.tricks,
                "revoke": revoke_text(result.revoke),
                "ns_score": result.ns_score,
            }
        out.append(
            {
                "board": number,
                "dealer": board.dealer if board else "",
                "vulnerability": board.vulnerability if board else "",
                "result": shown,
                "disputed": number in flagged,
                **_deal_json(board, result, choices),
            }
        )
    return out


def table_state(link: TableLink) -> TableState:
    """What a session's table sees now (a teams room's state is teams.tables.room_state)."""
    section = link.table_section
    rows = _rows_with_pairs(section, link.table)
    row, complete = current_row(rows, entered_at(section, rows))
    if row is not None:
        _with_players(row)
    settings = TableSettings.objects.filter(section=section).first()
    timer = RoundTimer.objects.filter(session_id=section.session_id).first()
    state = TableState(
        section=section.letter,
        table=link.table,
        round=row.round if row else 0,
        rounds=TableRound.objects.filter(section=section).values("round").distinct().count(),
        complete=complete,
        ns=_pair(row.ns_entry) if row else None,
        ew=_pair(row.ew_entry) if row else None,
        timer=timer_json(timer),
        confirm=settings.opponents_confirm if settings else True,
        show_traveller=settings.show_traveller if settings else True,
        choices={
            "sign_in": bool(settings and settings.sign_in),
            "hands_at_table": bool(settings and settings.hands_at_table),
            "show_hand": settings.show_hand if settings else True,
            "running_percentage": bool(settings and settings.running_percentage),
            "ranking_after_round": bool(settings and settings.ranking_after_round),
            "table_changes": bool(settings and settings.table_changes),
            "bidding": bool(settings and settings.bidding),
            "play": bool(settings and settings.play),
        },
    )
    if row is None:
        return state
    state.first_round = row is next((r for r in rows if r.ns_entry_id and r.ew_entry_id), None)
    state.boards = _boards(section, row, state.choices)
    if all(b["result"] is not None for b in state.boards):
        state.move = move_words(round_rows(section, row.round + 1), row)
    elif all(b["result"] is None for b in state.boards):
        # The round has just changed: the table still needs the call for the move that brought it here.
        earlier = [r for r in rows if r.round < row.round and r.ns_entry_id and r.ew_entry_id]
        if earlier:
            last = earlier[-1]
            words = move_words(round_rows(section, last.round + 1), last)
            state.move = _("After round %(round)s: %(move)s") % {"round": last.round, "move": words}
    return state


def where_played(smap: SectionMap, board: int) -> str:
    """Which tables and rounds play a board, for the message that refuses it at another table."""
    rows = smap.played_rows(board)
    if not rows:
        return _("Board %(board)s is not played in section %(section)s.") % {
            "board": board,
            "section": smap.section.letter,
        }
    places = ", ".join(_("table %(table)s in round %(round)s") % {"table": r.table, "round": r.round} for r in rows)
    return _("Board %(board)s is played at %(places)s.") % {"board": board, "places": places}
