"""A PBN file's results: the ScoreTable of each board and the TotalScoreTable, read into pairs and lines.

Pair ids follow the standard (section 5.7, 5.8) and what programs write anyway: ``3``, ``3NS``, a ``Direction``
column; an artificial score is marked with a caret (``Percentage_NS`` ``^60``) or written ``A6040``. Every
refusal is a whole sentence in the reader's language that names the line it is about (``where``).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

import scoring
from tournaments.core.text import ascii_int

from .errors import InterchangeError
from .pbn_scan import Table
from .pbn_writer import POINT_COLUMNS
from .records import BoardRecord, IndividualRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord

__all__ = ["MAX_NUMBER", "number_in", "read_results"]

MAX_NUMBER = 9999  # pair and board numbers (the database holds up to 32767)
_PAIR_ID = re.compile(r"^([0-9]+)\s*(NS|EW)?$", re.IGNORECASE)
_PARTNERSHIP = re.compile(r"^([0-9]+)-([0-9]+)$")  # an individual's partnership, North's (East's) player first
_ARTIFICIAL = re.compile(r"^A([0-9]{2,3})([0-9]{2,3})$")
_EMPTY = ("", "-", "?")


def number_in(value: str, column: str, where: str) -> float | None:
    """A column's number (points, a percentage); none for an empty cell; refused when it is no number."""
    text = value.strip().lstrip("^").rstrip("%")
    if text in _EMPTY:
        return None
    try:
        return float(text)
    except ValueError:
        message = _("%(column)s %(value)r is not a number.") % {"column": column, "value": value}
        raise InterchangeError(message, where) from None


def _split_names(text: str) -> list[PlayerRecord]:
    text = text.strip().strip("?").strip()
    if not text or text == "-":
        return []
    for sep in (";", " & ", " - ", " / "):
        if sep in text:
            return [PlayerRecord(name=part.strip()) for part in text.split(sep) if part.strip()]
    return [PlayerRecord(name=text)]


def _two_winner(tables: list[tuple[BoardRecord, Table]], totals: list[Table]) -> bool:
    """A Mitchell names its fields (``3NS``, a Direction column) or shows one number on both sides of a board."""
    for table in totals:
        if "Direction" in table.columns and any(row["Direction"].upper() in ("NS", "EW") for _, row in table.rows):
            return True
    for _board, table in tables:
        ns_ids: set[str] = set()
        ew_ids: set[str] = set()
        for _line, row in table.rows:
            ns, ew = row.get("PairId_NS", "").upper(), row.get("PairId_EW", "").upper()
            if ns.endswith("NS") or ew.endswith("EW"):
                return True
            ns_ids.add(ns)
            ew_ids.add(ew)
        if ns_ids & ew_ids - {"", "-", "?"}:
            return True
    return False


def _individual(tables: list[tuple[BoardRecord, Table]]) -> bool:
    """Bridgedesk writes an individual's lines by partnership (``PairId_NS "8-1"``)."""
    return any(_PARTNERSHIP.match(row.get("PairId_NS", "").strip()) for _board, t in tables for _line, row in t.rows)


def _partnership(text: str, column: str, where: str) -> tuple[str, int]:
    match = _PARTNERSHIP.match(text.strip())
    what = {"column": column, "value": text, "most": MAX_NUMBER}
    if match is None:
        raise InterchangeError(_("%(column)s %(value)r is not a partnership (two player numbers, 8-1).") % what, where)
    first, second = int(match.group(1)), int(match.group(2))
    if first == second or not (1 <= first <= MAX_NUMBER and 1 <= second <= MAX_NUMBER):
        raise InterchangeError(_("%(column)s %(value)r: two players numbered 1 to %(most)s.") % what, where)
    return f"{first}-{second}", 0


def _label(text: str, side: str, two: bool, column: str, where: str) -> tuple[str, int]:
    match = _PAIR_ID.match(text.strip())
    what = {"column": column, "value": text, "most": MAX_NUMBER}
    if match is None:
        raise InterchangeError(_("%(column)s %(value)r is not a pair number.") % what, where)
    number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        raise InterchangeError(_("%(column)s %(value)r: pair numbers run from 1 to %(most)s.") % what, where)
    given = (match.group(2) or "").upper()
    if two:
        direction = given or side
        if direction not in ("NS", "EW"):
            message = _("%(column)s %(value)r: say which field the pair is in (a Direction of NS or EW).") % what
            raise InterchangeError(message, where)
        return f"{number}{direction}", number
    return str(number), number


def read_results(record: SessionRecord, tables: list[tuple[BoardRecord, Table]], totals: list[Table]) -> None:
    """The pairs (names, totals, places) and each board's lines, into ``record``."""
    record.individual = _individual(tables)
    two = not record.individual and _two_winner(tables, totals)
    record.winners = 2 if two else 1
    pairs: dict[str, PairRecord] = {}

    def label_of(text: str, side: str, column: str, where: str) -> tuple[str, int]:
        return _partnership(text, column, where) if record.individual else _label(text, side, two, column, where)

    def pair(label: str, number: int, where: str) -> PairRecord:
        if label not in pairs:
            direction = label[-2:] if two else ""
            number = number or len(pairs) + 1  # a partnership: numbered in the order it first comes
            pairs[label] = PairRecord(label=label, number=number, direction=direction, where=where)
        return pairs[label]

    for table in totals:
        for lineno, row in table.rows:
            where = f"line {lineno}"
            if "PairId" not in row:
                raise InterchangeError(_("the TotalScoreTable needs a PairId column."), where)
            label, number = label_of(row["PairId"], row.get("Direction", "").upper(), "PairId", where)
            _read_total(pair(label, number, f"{where}, PAIR {label}"), row, where)
    ns_col, ew_col = POINT_COLUMNS.get(record.scoring, ("", ""))  # total points: none (the scores are the points)
    for board, table in tables:
        for column in ("PairId_NS", "PairId_EW"):
            if column not in table.columns:
                raise InterchangeError(_("the ScoreTable needs a %(column)s column.") % {"column": column}, board.where)
        for lineno, row in table.rows:
            where = f"line {lineno}, Board {board.number}"
            ns, ns_number = label_of(row["PairId_NS"], "NS", "PairId_NS", where)
            ew, ew_number = label_of(row["PairId_EW"], "EW", "PairId_EW", where)
            if ns == ew:
                raise InterchangeError(_("pair %(ns)s cannot play against itself.") % {"ns": ns}, where)
            for label, number, column in ((ns, ns_number, "Names_NS"), (ew, ew_number, "Names_EW")):
                named = pair(label, number, where)
                if not named.players:
                    named.players = _split_names(row.get(column, ""))
            board.lines.append(_read_line(row, ns, ew, where, ns_col, ew_col))
        _once_each(board)
    record.pairs = sorted(pairs.values(), key=lambda p: ({"NS": 0, "EW": 1}.get(p.direction, 0), p.number))
    if record.individual:
        record.players = _players(record.pairs)


def _players(partnerships: list[PairRecord]) -> list[IndividualRecord]:
    """An individual's players, by number, named as their partnerships name them (PBN has no player standings)."""
    players: dict[int, IndividualRecord] = {}
    for pair in partnerships:
        for seat, number in enumerate(int(n) for n in pair.label.split("-")):
            player = players.setdefault(number, IndividualRecord(number=number, where=pair.where))
            if not player.name and seat < len(pair.players):
                player.name = pair.players[seat].name
    return [players[n] for n in sorted(players)]


def _read_total(pair: PairRecord, row: dict[str, str], where: str) -> None:
    """A TotalScoreTable row: the pair's names, total, percentage and place."""
    pair.players = pair.players or _split_names(row.get("Names", ""))
    for column in ("TotalMP", "TotalScoreMP", "TotalIMP", "TotalScoreIMP", "TotalScore"):
        if column in row:
            pair.total = number_in(row[column], column, where)
            break
    if "TotalPercentage" in row:
        pair.percentage = number_in(row["TotalPercentage"], "TotalPercentage", where)
    if "Rank" in row:
        pair.place = row["Rank"].strip().strip("?-")


def _once_each(board: BoardRecord) -> None:
    """Each pair plays a board once: the second line naming it is refused, naming the first."""
    seen: dict[str, str] = {}
    for line in board.lines:
        for label in (line.ns_pair, line.ew_pair):
            if label in seen:
                what = {"pair": label, "board": board.number, "earlier": seen[label]}
                message = _("pair %(pair)s plays board %(board)s twice (also %(earlier)s).") % what
                raise InterchangeError(message, line.where)
            seen[label] = line.where


def _artificial(line: LineRecord, row: dict[str, str], score_ns: str, where: str) -> bool:
    """An artificial score (a caret on a percentage, or ``A6040``) read into the line; False for any other."""
    ns_pct, ew_pct = row.get("Percentage_NS", ""), row.get("Percentage_EW", "")
    artificial = _ARTIFICIAL.match(score_ns.lstrip("^").upper())
    if not (ns_pct.startswith("^") or ew_pct.startswith("^") or artificial):
        return False
    line.kind = "artificial"
    if artificial:
        line.ns_percent, line.ew_percent = float(artificial.group(1)), float(artificial.group(2))
    else:
        line.ns_percent = number_in(ns_pct, "Percentage_NS", where)
        line.ew_percent = number_in(ew_pct, "Percentage_EW", where)
    if line.ns_percent is None or line.ew_percent is None:
        raise InterchangeError(_("an artificial score needs both Percentage_NS and Percentage_EW."), where)
    return True


def _read_line(row: dict[str, str], ns: str, ew: str, where: str, ns_col: str, ew_col: str) -> LineRecord:
    line = LineRecord(ns_pair=ns, ew_pair=ew, where=where)
    line.ns_points = number_in(row.get(ns_col, ""), ns_col, where)
    line.ew_points = number_in(row.get(ew_col, ""), ew_col, where)
    score_ns, score_ew = row.get("Score_NS", "").strip(), row.get("Score_EW", "").strip()
    if _artificial(line, row, score_ns, where):
        return line
    contract = row.get("Contract", "").strip().upper()
    if contract in _EMPTY and score_ns in _EMPTY and score_ew in _EMPTY:
        line.kind = "not_played"
        return line
    if contract in _EMPTY:
        raise InterchangeError(_("the line has a score but no Contract."), where)
    line.contract = "PASS" if contract in ("PASS", "P", "AP") else contract
    line.declarer = row.get("Declarer", "").strip().upper().strip("-?")
    if line.declarer and line.declarer not in ("N", "E", "S", "W"):
        message = _("Declarer %(declarer)r must be N, E, S or W.") % {"declarer": line.declarer}
        raise InterchangeError(message, where)
    line.lead = row.get("Lead", "").strip().upper().strip("-?")[:3]
    result = row.get("Result", "").strip().strip("?")
    try:
        con = scoring.parse_contract(line.contract)
        if not con.is_passout:
            if not line.declarer:
                message = _("the contract %(contract)s needs its Declarer.") % {"contract": line.contract}
                raise InterchangeError(message, where)
            line.tricks = scoring.parse_tricks(result if result not in ("", "-") else None, con)
    except scoring.ScoringError as exc:
        raise InterchangeError(str(exc), where) from None
    if score_ns not in _EMPTY:
        line.score = _int(score_ns, "Score_NS", where)
    elif score_ew not in _EMPTY:
        line.score = -_int(score_ew, "Score_EW", where)
    else:
        line.score = None  # the importer scores it from the contract
    return line


def _int(value: str, column: str, where: str) -> int:
    number = ascii_int(value.lstrip("+"))
    if number is None:
        raise InterchangeError(_("%(column)s %(value)r is not a score.") % {"column": column, "value": value}, where)
    return number
