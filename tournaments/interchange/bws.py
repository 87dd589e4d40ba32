"""A Bridgemate `.bws` database read into session records: movement, players, results, lead cards, deals.

The tables as Bridgemate Control Software writes them (mdb-export's column names):

- ``Section``: ``ID``, ``Letter`` (and ``Winners`` in newer files: 1 or 2; ``ScoringType`` where present: 4 is team
  scoring, the one code a public source states, see :func:`_scoring_types`);
- ``RoundData``: ``Section``, ``Table``, ``Round``, ``NSPair``, ``EWPair``, ``LowBoard``, ``HighBoard``;
- ``ReceivedData``: ``Section``, ``Table``, ``Round``, ``Board``, ``PairNS``, ``PairEW``, ``NS/EW`` (declarer's
  seat), ``Contract`` (``3 NT x``, ``PASS``), ``Result`` (``=``, ``+1``, ``-2``), ``LeadCard`` (``S10``, ``HK``),
  ``Remarks`` (``Not played``, ``Arbitral score``), ``Erased``;
- ``PlayerNumbers``: ``Section``, ``Table``, ``Direction`` (N, E, S, W), ``Number``, ``Name`` (``Round`` too);
- ``PlayerNames``: ``ID``, ``Name`` (the club's list, for numbers without a name);
- ``HandRecord``: ``Section``, ``Board``, ``NorthSpades`` ... ``WestClubs``.

A row that cannot be read is left out with the reason and its table and row number; the file is refused only
when no section with a movement is left. Scores are ours (a .bws holds no scores), from the board number's
vulnerability.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Mapping

from django.utils.translation import gettext as _

import scoring

from .bws_tables import Table, export_tables
from .deals import SEATS, deal_from_hands
from .errors import InterchangeError, located
from .records import BoardRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord

_SEAT = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_SUIT_WORDS = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
_HAND_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
_TRUE = ("1", "TRUE", "-1", "YES")


def read_bws(data: bytes) -> list[SessionRecord]:
    """The .bws file's sections, each a record (the first the session's own). Raises InterchangeError."""
    return read_tables(export_tables(data))


def _int(row: Mapping[str, str], column: str, where: str) -> int:
    text = row.get(column, "").strip()
    try:
        value = int(float(text)) if text else 0
    except (ValueError, OverflowError):  # "x", "nan", "1e999"
        raise InterchangeError(
            _("%(column)s %(value)r is not a number.") % {"column": column, "value": text[:20]}, where
        ) from None
    if not 0 <= value <= 9999:
        raise InterchangeError(_("%(column)s %(value)s is out of range.") % {"column": column, "value": value}, where)
    return value


def read_tables(tables: Mapping[str, Table]) -> list[SessionRecord]:
    """The records of tables exported from a .bws (or written in its shapes), one per section with a movement."""
    rounds = tables.get("RoundData") or []
    if not rounds:
        raise InterchangeError(_("The file has no RoundData table (no movement): is it a Bridgemate .bws?"))
    warnings: list[str] = []
    title, date = _session(tables.get("Session") or [])
    letters = {
        _int(r, "ID", f"Section row {i}"): r.get("Letter", "") for i, r in enumerate(tables.get("Section") or [], 1)
    }
    winners_of = {
        _int(r, "ID", f"Section row {i}"): _int(r, "Winners", f"Section row {i}")
        for i, r in enumerate(tables.get("Section") or [], 1)
        if r.get("Winners", "").strip()
    }
    scoring_types = _scoring_types(tables.get("Section") or [], warnings)
    movement: dict[int, dict[tuple[int, int], tuple[int, int, int, int]]] = defaultdict(dict)
    for i, row in enumerate(rounds, 1):
        where = f"RoundData row {i}"
        try:
            key = (_int(row, "Table", where), _int(row, "Round", where))
            movement[_int(row, "Section", where)][key] = (
                _int(row, "NSPair", where), _int(row, "EWPair", where),
                _int(row, "LowBoard", where), _int(row, "HighBoard", where),
            )  # fmt: skip
        except InterchangeError as exc:
            warnings.append(located(exc.where, _("left out: %(reason)s") % {"reason": exc.message}))
    deals = _hand_records(tables.get("HandRecord") or [], warnings)
    records = []
    for section_id in sorted(movement):
        letter = "".join(c for c in letters.get(section_id, "").upper() if c.isalnum())[:4]
        if scoring_types.get(section_id) == TEAM_SCORING:
            warnings.append(_team_section_note(letter or str(section_id)))
            continue
        record = SessionRecord(title=title, date=date, program="Bridgemate", section=letter)
        record.winners = winners_of.get(section_id) or _winners(movement[section_id])
        _section(record, section_id, movement[section_id], tables, deals)
        records.append(record)
    if not records and movement:
        raise InterchangeError(_team_file_reason())
    if not records:
        raise InterchangeError(_("No row of RoundData could be read: %(reason)s") % {"reason": "; ".join(warnings[:3])})
    records[0].warnings[:0] = warnings + _unknown_scoring_notes(scoring_types)
    if len(records) == 1:
        records[0].section = ""
    return records


TEAM_SCORING = 4


def _scoring_types(rows: Table, warnings: list[str]) -> dict[int, int]:
    """Each section's ``ScoringType`` where the Section table has the column and a value (a value that is not a
    number is left out with its row). Why only 4 is acted on: Bridge Systems' *Bridgemate developer's guide*
    (revision history, revision 47, 2017: "ScoringType 4 (team scoring) added") names that one code, and an
    open-source reader of .bws files (mortensp/DBF-Tools, ``BridgeMate.cs``: ``section.ScoringType == 4`` taken as
    a teams section) reads it so; the table of the other codes is not in any source the project's search reaches,
    and a code is not guessed."""
    types: dict[int, int] = {}
    for i, row in enumerate(rows, 1):
        if not row.get("ScoringType", "").strip():
            continue
        where = f"Section row {i}"
        try:
            types[_int(row, "ID", where)] = _int(row, "ScoringType", where)
        except InterchangeError as exc:
            warnings.append(located(exc.where, _("ScoringType not read: %(reason)s") % {"reason": exc.message}))
    return types


def _team_section_note(letter: str) -> str:
    return _(
        "Section %(section)s left out: its ScoringType is 4, Bridgemate's team scoring, and Bridgedesk reads the "
        "pair sections of a .bws; import the teams event from its scoring program's USEBIO file."
    ) % {"section": letter}


def _team_file_reason() -> str:
    return _(
        "Every section of this .bws has ScoringType 4, Bridgemate's team scoring: Bridgedesk reads the pair "
        "sections of a .bws; import the teams event from its scoring program's USEBIO file."
    )


def _unknown_scoring_notes(types: Mapping[int, int]) -> list[str]:
    """One note naming the ScoringType values read and what is done with them (match points), so a director
    whose event was IMP-scored sees why the figures differ from the scoring program's."""
    codes = sorted({code for code in types.values() if code != TEAM_SCORING})
    if not codes:
        return []
    note = _(
        "Section table: ScoringType %(codes)s read; no public source gives what that code means, so the session is "
        "scored by match points, as every .bws is here: an event scored by IMPs comes in match-pointed."
    )
    return [note % {"codes": ", ".join(map(str, codes))}]


def _session(rows: Table) -> tuple[str, dt.date | None]:
    if not rows:
        return "", None
    row = rows[0]
    try:
        date = dt.date.fromisoformat(row.get("Date", "")[:10])
    except ValueError:
        date = None
    return row.get("Name", "")[:120], date


def _winners(movement: Mapping[tuple[int, int], tuple[int, int, int, int]]) -> int:
    """2 (a Mitchell) when a pair number meets itself or the directions' numbers never mix, else 1 (a Howell)."""
    ns = {m[0] for m in movement.values() if m[0]}
    ew = {m[1] for m in movement.values() if m[1]}
    if any(m[0] and m[0] == m[1] for m in movement.values()) or not ns & ew:
        return 2
    return 1


def _label(record: SessionRecord, number: int, side: str) -> str:
    return f"{number}{side}" if record.winners == 2 else str(number)


def _section(
    record: SessionRecord,
    section_id: int,
    movement: dict[tuple[int, int], tuple[int, int, int, int]],
    tables: Mapping[str, Table],
    deals: dict[int, str],
) -> None:
    pairs: dict[str, PairRecord] = {}
    for ns, ew, _low, _high in movement.values():
        for number, side in ((ns, "NS"), (ew, "EW")):
            if number:
                label = _label(record, number, side)
                pairs.setdefault(
                    label, PairRecord(label=label, number=number, direction=side if record.winners == 2 else "")
                )
    record.pairs = sorted(pairs.values(), key=lambda p: (p.direction, p.number))
    _players(record, section_id, movement, pairs, tables)
    boards: dict[int, BoardRecord] = {}
    for _ns, _ew, low, high in movement.values():
        for number in range(low, high + 1) if 0 < low <= high <= low + 99 else ():
            boards.setdefault(number, BoardRecord(number=number, deal=deals.get(number, "")))
    _results(record, section_id, movement, boards, tables.get("ReceivedData") or [])
    record.boards = [boards[n] for n in sorted(boards)]
    per_round = Counter(high - low + 1 for _n, _e, low, high in movement.values() if 0 < low <= high)
    record.layout = {
        "movement_kind": "mitchell" if record.winners == 2 else "howell",
        "movement_variant": "",
        "tables": len({t for t, _r in movement}),
        "rounds": max(r for _t, r in movement),
        "boards_per_round": per_round.most_common(1)[0][0] if per_round else 1,
    }


def _players(
    record: SessionRecord,
    section_id: int,
    movement: Mapping[tuple[int, int], tuple[int, int, int, int]],
    pairs: dict[str, PairRecord],
    tables: Mapping[str, Table],
) -> None:
    """Each seat's player in the round they sat down (round 1 unless the row says), on that pair's card."""
    names = {r.get("ID", "").strip(): r.get("Name", "") for r in tables.get("PlayerNames") or []}
    seated: list[tuple[int, int, PairRecord, PlayerRecord]] = []
    for i, row in enumerate(tables.get("PlayerNumbers") or [], 1):
        where = f"PlayerNumbers row {i}"
        try:
            if _int(row, "Section", where) != section_id:
                continue
            seat = _SEAT.get(row.get("Direction", "").upper())
            if seat is None:
                raise InterchangeError(
                    _("Direction %(value)r is not N, E, S or W.") % {"value": row.get("Direction", "")[:10]}, where
                )
            key = (_int(row, "Table", where), _int(row, "Round", where) or 1)
        except InterchangeError as exc:
            record.warnings.append(located(exc.where, _("left out: %(reason)s") % {"reason": exc.message}))
            continue
        meeting = movement.get(key)
        number = row.get("Number", "").strip()
        name = row.get("Name", "").strip() or names.get(number, "").strip()
        if meeting is None or not (name or number):
            continue
        pair_number, side = (meeting[0], "NS") if seat in "NS" else (meeting[1], "EW")
        pair = pairs.get(_label(record, pair_number, side))
        if pair is not None:
            seated.append(
                (key[1], "NESW".index(seat), pair, PlayerRecord(name=name or number, national_id=number[:40]))
            )
    for _round, _seat, pair, player in sorted(seated, key=lambda s: (s[0], s[1])):
        if len(pair.players) < 2 and all(
            p.national_id != player.national_id or not p.national_id for p in pair.players
        ):
            pair.players.append(player)


def _results(
    record: SessionRecord,
    section_id: int,
    movement: Mapping[tuple[int, int], tuple[int, int, int, int]],
    boards: dict[int, BoardRecord],
    rows: Table,
) -> None:
    """ReceivedData's rows of the section; a table's board entered twice: the later row, with a note."""
    kept: dict[tuple[int, int], LineRecord] = {}
    for i, row in enumerate(rows, 1):
        where = f"ReceivedData row {i}"
        try:
            if _int(row, "Section", where) != section_id or row.get("Erased", "").upper() in _TRUE:
                continue
            board, line = _line(record, row, movement, where)
        except InterchangeError as exc:
            record.warnings.append(located(exc.where, _("left out: %(reason)s") % {"reason": exc.message}))
            continue
        key = (board, _int(row, "Table", where))
        if key in kept:
            record.warnings.append(
                located(
                    where, _("board %(board)s entered again at this table: the later entry kept.") % {"board": board}
                )
            )
        kept[key] = line
        boards.setdefault(board, BoardRecord(number=board))
    for (board, _table), line in kept.items():
        boards[board].lines.append(line)


def _line(
    record: SessionRecord,
    row: Mapping[str, str],
    movement: Mapping[tuple[int, int], tuple[int, int, int, int]],
    where: str,
) -> tuple[int, LineRecord]:
    board = _int(row, "Board", where)
    if board < 1:
        raise InterchangeError(_("the row names no board."), where)
    meeting = movement.get((_int(row, "Table", where), _int(row, "Round", where)))
    ns = _int(row, "PairNS", where) or (meeting[0] if meeting else 0)
    ew = _int(row, "PairEW", where) or (meeting[1] if meeting else 0)
    labels = {p.label for p in record.pairs}
    line = LineRecord(ns_pair=_label(record, ns, "NS"), ew_pair=_label(record, ew, "EW"), where=where)
    for label, side in ((line.ns_pair, "NS"), (line.ew_pair, "EW")):
        if label not in labels:
            raise InterchangeError(
                _("%(side)s pair %(pair)s is not in the movement.") % {"side": side, "pair": label}, where
            )
    remarks = row.get("Remarks", "").strip().lower()
    if remarks == "not played":
        line.kind = "not_played"
        return board, line
    if remarks and remarks != "wrong direction":
        raise InterchangeError(
            _("%(remarks)r: the director's score is not in the file; give it here as a ruling.")
            % {"remarks": row.get("Remarks", "")[:40]},
            where,
        )
    line.contract = _contract(row.get("Contract", ""), where)
    if line.contract == "PASS":
        return board, line
    line.declarer = _SEAT.get(row.get("NS/EW", "").strip().upper(), "")
    if not line.declarer:
        raise InterchangeError(
            _("the declarer %(value)r is not N, E, S or W.") % {"value": row.get("NS/EW", "")[:10]}, where
        )
    level = int(line.contract[0])
    result = row.get("Result", "").strip()
    try:
        line.tricks = level + 6 + (0 if result == "=" else int(result))
    except ValueError:
        raise InterchangeError(_("the result %(value)r is not =, +n or -n.") % {"value": result[:10]}, where) from None
    if not 0 <= line.tricks <= 13:
        raise InterchangeError(
            _("the result %(value)r gives %(tricks)s tricks.") % {"value": result, "tricks": line.tricks}, where
        )
    line.lead = _lead(row.get("LeadCard", ""))
    return board, line


def _contract(text: str, where: str) -> str:
    """ "3 NT x" -> "3NTX"; "PASS" -> "PASS"; checked by the scoring engine."""
    words = text.upper().split()
    if words in (["PASS"], ["P"], ["AP"]):
        return "PASS"
    if len(words) < 2 or not words[0].isdigit() or words[1] not in _SUIT_WORDS:
        raise InterchangeError(_("the contract %(value)r cannot be read.") % {"value": text[:20]}, where)
    contract = words[0] + _SUIT_WORDS[words[1]] + "".join(words[2:])
    try:
        scoring.parse_contract(contract)
    except scoring.ScoringError as exc:
        raise InterchangeError(str(exc), where) from None
    return contract


def _lead(text: str) -> str:
    """ "S10" -> "ST", "hk" -> "HK"; anything else (Bridgemate's "SKIP", nothing): no lead."""
    card = text.strip().upper().replace("10", "T")
    return card if len(card) == 2 and card[0] in "SHDC" and card[1] in "AKQJT98765432" else ""


def _hand_records(rows: Table, warnings: list[str]) -> dict[int, str]:
    """The deal of each board number (the first section's when sections deal the same number differently)."""
    deals: dict[int, str] = {}
    for i, row in enumerate(rows, 1):
        where = f"HandRecord row {i}"
        try:
            board = _int(row, "Board", where)
            hands = {seat: tuple(row.get(_SEAT_WORDS[seat] + suit, "") for suit in _HAND_SUITS) for seat in SEATS}
            deal = deal_from_hands(hands, where)  # type: ignore[arg-type]
        except InterchangeError as exc:
            warnings.append(located(exc.where, _("hand record left out: %(reason)s") % {"reason": exc.message}))
            continue
        if deal and board not in deals:
            deals[board] = deal
        elif deal and deals[board] != deal:
            warnings.append(
                located(
                    where,
                    _("board %(board)s is dealt differently in another section: the first kept.") % {"board": board},
                )
            )
    return deals
