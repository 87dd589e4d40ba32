"""PBN 2.1 (Portable Bridge Notation) to and from :class:`SessionRecord`: deals, ScoreTable, TotalScoreTable.

The reader is a small line scanner that keeps line numbers, so every complaint names the line: tags
``[Name "value"]``, ``;`` and ``{...}`` comments, ``%`` escape lines, games separated by blank lines, ``#`` to
repeat the previous game's value, and the section data of tables (string tokens in quotes, plain tokens).
Deals are checked card by card and rendered in rank order (:mod:`.deals`).

Column names follow the standard's predefined ones (section 5.7 ScoreTable, 5.8 TotalScoreTable), plus the
user-defined ``Direction`` (NS/EW field of a two-winner event) and ``Lead``; an artificial score is marked with
a caret, as the standard says: ``Percentage_NS`` ``^60``. Our own files add the tags ``BridgedeskSession`` and
``BridgedeskBoard`` (rulings, weighted scores, the movement, conventions: see :mod:`.own_data`).
"""

from __future__ import annotations

import datetime as dt
import re

from django.utils.translation import gettext

import scoring
from tournaments.core.text import ascii_int, is_digits

from . import own_data
from .deals import parse_deal
from .errors import InterchangeError
from .pbn_analysis import published_analysis
from .pbn_auction import attach_auctions, auction_games
from .pbn_scan import Game, Table, Tag, decode, read_table, scan
from .pbn_sets import choose_set, split_sets
from .records import BoardRecord, LineRecord, PairRecord, PlayerRecord, ScoringMethod, SessionRecord

MAX_NUMBER = 9999  # pair and board numbers (the database holds up to 32767)
_PAIR_ID = re.compile(r"^([0-9]+)\s*(NS|EW)?$", re.IGNORECASE)
_ARTIFICIAL = re.compile(r"^A([0-9]{2,3})([0-9]{2,3})$")
SCORING_TAG: dict[str, str] = {"mp": "MP", "butler": "Butler", "cross_imps": "Cross-IMP"}


# ---------------------------------------------------------------------------------------------- reading


def _resolve_repeats(games: list[Game]) -> None:
    """A value of ``#`` repeats the previous game's value of the same tag."""
    previous: dict[str, Tag] = {}
    for game in games:
        for name, tag in game.tags.items():
            if tag.value == "#":
                if name not in previous:
                    raise InterchangeError(f"{name} says # (as before) but no earlier game has it.", f"line {tag.line}")
                tag.value = previous[name].value
            previous[name] = tag


# PBN's own form first, then the forms programs write anyway; a day-first date as Europe writes it.
_DATE_FORMATS = ("%Y.%m.%d", "%Y%m%d", "%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y")


def _date(value: str, where: str, warnings: list[str]) -> dt.date | None:
    """The event's date; a date in another form is read with a note, one that cannot be read is left out."""
    value = value.strip()
    if not value or "?" in value:
        return None
    for form in _DATE_FORMATS:
        try:
            date = dt.datetime.strptime(value, form).date()
        except ValueError:
            continue
        if form != _DATE_FORMATS[0]:
            warnings.append(f"{where}: Date {value!r} is not a PBN date (YYYY.MM.DD); read as {date:%d %B %Y}.")
        return date
    warnings.append(f"{where}: Date {value!r} is not a date Bridgedesk can read; the session has none.")
    return None


def _scoring(value: str, columns: set[str], where: str, warnings: list[str]) -> ScoringMethod:
    key = value.upper().replace("-", "").replace("_", "").replace(" ", "")
    if "BUTLER" in key:
        return "butler"
    if "CROSS" in key:
        return "cross_imps"
    if key.startswith(("MP", "MATCHPOINT")):
        return "mp"
    if "IMP" in key:
        warnings.append(f"{where}: Scoring {value!r} read as cross-IMP pairs.")
        return "cross_imps"
    guess: ScoringMethod = "cross_imps" if "IMP_NS" in columns and "MP_NS" not in columns else "mp"
    if value.strip("?"):  # an optional tag: a value we do not know is read as unknown, not refused
        warnings.append(
            f"{where}: Scoring {value!r} is not one Bridgedesk knows (MP, Butler, Cross-IMP); "
            f"scored as {SCORING_TAG[guess]} from the file's columns."
        )
    return guess


def _number(value: str, column: str, where: str) -> float | None:
    text = value.strip().lstrip("^").rstrip("%")
    if text in ("", "-", "?"):
        return None
    try:
        return float(text)
    except ValueError:
        raise InterchangeError(f"{column} {value!r} is not a number.", where) from None


def read_pbn(data: bytes | str, deal_set: int | None = None) -> SessionRecord:
    """Read a PBN file: the deals, and the results if its games carry ScoreTables.

    A file of several events (:mod:`.pbn_sets`) is read one deal set at a time: ``deal_set`` (from 1) says which.
    """
    text = decode(data)
    if "\x00" in text[:2000]:
        raise InterchangeError(gettext("this is a binary file, not PBN text."), "line 1")
    games, version = scan(text)
    if not games:
        raise InterchangeError(gettext("the file holds no PBN games (no [Board] or [Deal] tags)."), "line 1")
    record = SessionRecord()
    if version and not version.startswith(("1.", "2.")):
        record.warnings.append(f"line 1: PBN version {version} is newer than this reader (2.1); read as 2.1.")
    _resolve_repeats(games)
    sets = split_sets(games)
    games = choose_set(sets, deal_set)
    if len(sets) > 1 and deal_set is not None:
        record.warnings.append(f"the file holds {len(sets)} deal sets; imported {sets[deal_set - 1].describe()}.")
    creator = re.search(r"^% *Creator: *(.+)$", text[:2000], re.MULTILINE)  # the program, as PBN 2.1 names it
    record.program = creator.group(1).strip() if creator else ""
    boards: dict[int, BoardRecord] = {}
    score_tables: list[tuple[BoardRecord, Tag]] = []
    total_tables: list[Tag] = []
    scoring_tag: tuple[str, str] | None = None
    for game in games:
        where = f"line {game.line}"
        record.event_name = record.event_name or game.value("Event").strip("?")
        record.club_name = record.club_name or game.value("Site").strip("?")
        record.program = record.program or game.value("Generator").strip("?")
        if record.date is None and "Date" in game.tags:
            record.date = _date(game.value("Date"), f"line {game.tags['Date'].line}", record.warnings)
        if "Scoring" in game.tags and scoring_tag is None:
            scoring_tag = (game.value("Scoring"), f"line {game.tags['Scoring'].line}")
        if "TotalScoreTable" in game.tags:
            total_tables.append(game.tags["TotalScoreTable"])
        board_text = game.value("Board")
        if not board_text:
            if "Deal" in game.tags or "ScoreTable" in game.tags:
                raise InterchangeError(gettext("a game with a Deal or ScoreTable needs its [Board] number."), where)
            continue
        if not is_digits(board_text) or not 1 <= int(board_text) <= MAX_NUMBER:
            raise InterchangeError(f"Board {board_text!r} is not a board number.", f"line {game.tags['Board'].line}")
        number = int(board_text)
        board_where = f"line {game.tags['Board'].line}, Board {number}"
        board = boards.setdefault(number, BoardRecord(number=number, where=board_where))
        if "Deal" in game.tags:
            deal_tag = game.tags["Deal"]
            deal = parse_deal(deal_tag.value, f"line {deal_tag.line}, Board {number}")
            if deal and board.deal and deal != board.deal:
                raise InterchangeError(f"board {number} is dealt differently in two games.", f"line {deal_tag.line}")
            board.deal = board.deal or deal
        _board_conditions(game, board, record.warnings)
        board.published_analysis = board.published_analysis or published_analysis(game, number, record.warnings)
        if "ScoreTable" in game.tags:
            if any(b is board for b, _ in score_tables):
                raise InterchangeError(f"board {number} has two ScoreTables.", f"line {game.tags['ScoreTable'].line}")
            score_tables.append((board, game.tags["ScoreTable"]))
    record.boards = [boards[n] for n in sorted(boards)]
    tables = [(board, read_table(tag)) for board, tag in score_tables]
    totals = [read_table(tag) for tag in total_tables]
    columns = {c for _, t in tables for c in t.columns}
    value, where = scoring_tag or ("", "line 1")
    record.scoring = _scoring(value, columns, where, record.warnings)
    if tables or totals:
        _read_results(record, tables, totals)
    own_data.read_pbn_tags(record, games)
    attach_auctions(record, games)
    return record


def _board_conditions(game: Game, board: BoardRecord, warnings: list[str]) -> None:
    """The board's own dealer and vulnerability; a value that cannot be read leaves the board number's, noted."""
    for tag_name, parse, attribute in (
        ("Dealer", scoring.parse_seat, "dealer"),
        ("Vulnerable", scoring.parse_vulnerability, "vulnerability"),
    ):
        value = game.value(tag_name).strip()
        if not value.strip("?"):
            continue
        try:
            setattr(board, attribute, parse(value))
        except scoring.ScoringError as exc:
            warnings.append(
                f"line {game.tags[tag_name].line}, Board {board.number}: {exc} The board number's is used instead."
            )


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
    for _, table in tables:
        ns_ids: set[str] = set()
        ew_ids: set[str] = set()
        for _, row in table.rows:
            ns, ew = row.get("PairId_NS", "").upper(), row.get("PairId_EW", "").upper()
            if ns.endswith("NS") or ew.endswith("EW"):
                return True
            ns_ids.add(ns)
            ew_ids.add(ew)
        if ns_ids & ew_ids - {"", "-", "?"}:
            return True
    return False


def _label(text: str, side: str, two: bool, column: str, where: str) -> tuple[str, int]:
    match = _PAIR_ID.match(text.strip())
    if match is None:
        raise InterchangeError(f"{column} {text!r} is not a pair number.", where)
    number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        raise InterchangeError(f"{column} {text!r}: pair numbers run from 1 to {MAX_NUMBER}.", where)
    given = (match.group(2) or "").upper()
    if two:
        direction = given or side
        if direction not in ("NS", "EW"):
            raise InterchangeError(
                f"{column} {text!r}: say which field the pair is in (a Direction of NS or EW).", where
            )
        return f"{number}{direction}", number
    return str(number), number


def _read_results(record: SessionRecord, tables: list[tuple[BoardRecord, Table]], totals: list[Table]) -> None:
    two = _two_winner(tables, totals)
    record.winners = 2 if two else 1
    pairs: dict[str, PairRecord] = {}

    def pair(label: str, number: int, where: str) -> PairRecord:
        if label not in pairs:
            direction = label[-2:] if two else ""
            pairs[label] = PairRecord(label=label, number=number, direction=direction, where=where)
        return pairs[label]

    for table in totals:
        for lineno, row in table.rows:
            where = f"line {lineno}"
            if "PairId" not in row:
                raise InterchangeError(gettext("the TotalScoreTable needs a PairId column."), where)
            side = row.get("Direction", "").upper()
            label, number = _label(row["PairId"], side, two, "PairId", where)
            p = pair(label, number, f"{where}, PAIR {label}")
            p.players = p.players or _split_names(row.get("Names", ""))
            for column in ("TotalMP", "TotalScoreMP", "TotalIMP", "TotalScoreIMP", "TotalScore"):
                if column in row:
                    p.total = _number(row[column], column, where)
                    break
            if "TotalPercentage" in row:
                p.percentage = _number(row["TotalPercentage"], "TotalPercentage", where)
            if "Rank" in row:
                p.place = row["Rank"].strip().strip("?-")
    ns_col, ew_col = ("MP_NS", "MP_EW") if record.scoring == "mp" else ("IMP_NS", "IMP_EW")
    for board, table in tables:
        for column in ("PairId_NS", "PairId_EW"):
            if column not in table.columns:
                raise InterchangeError(f"the ScoreTable needs a {column} column.", board.where)
        for lineno, row in table.rows:
            where = f"line {lineno}, Board {board.number}"
            ns, ns_number = _label(row["PairId_NS"], "NS", two, "PairId_NS", where)
            ew, ew_number = _label(row["PairId_EW"], "EW", two, "PairId_EW", where)
            if ns == ew:
                raise InterchangeError(gettext("pair %(ns)s cannot play against itself.") % {"ns": ns}, where)
            for label, number, column in ((ns, ns_number, "Names_NS"), (ew, ew_number, "Names_EW")):
                named = pair(label, number, where)
                if not named.players:
                    named.players = _split_names(row.get(column, ""))
            board.lines.append(_read_line(row, ns, ew, where, ns_col, ew_col))
        seen: dict[str, str] = {}
        for line in board.lines:
            for label in (line.ns_pair, line.ew_pair):
                if label in seen:
                    raise InterchangeError(
                        f"pair {label} plays board {board.number} twice (also {seen[label]}).", line.where
                    )
                seen[label] = line.where
    record.pairs = sorted(pairs.values(), key=lambda p: ({"NS": 0, "EW": 1}.get(p.direction, 0), p.number))


def _read_line(row: dict[str, str], ns: str, ew: str, where: str, ns_col: str, ew_col: str) -> LineRecord:
    line = LineRecord(ns_pair=ns, ew_pair=ew, where=where)
    line.ns_points = _number(row.get(ns_col, ""), ns_col, where)
    line.ew_points = _number(row.get(ew_col, ""), ew_col, where)
    ns_pct, ew_pct = row.get("Percentage_NS", ""), row.get("Percentage_EW", "")
    score_ns, score_ew = row.get("Score_NS", "").strip(), row.get("Score_EW", "").strip()
    artificial = _ARTIFICIAL.match(score_ns.lstrip("^").upper())
    if ns_pct.startswith("^") or ew_pct.startswith("^") or artificial:
        line.kind = "artificial"
        if artificial:
            line.ns_percent, line.ew_percent = float(artificial.group(1)), float(artificial.group(2))
        else:
            line.ns_percent = _number(ns_pct, "Percentage_NS", where)
            line.ew_percent = _number(ew_pct, "Percentage_EW", where)
        if line.ns_percent is None or line.ew_percent is None:
            raise InterchangeError(gettext("an artificial score needs both Percentage_NS and Percentage_EW."), where)
        return line
    contract = row.get("Contract", "").strip().upper()
    if contract in ("", "-", "?") and score_ns in ("", "-", "?") and score_ew in ("", "-", "?"):
        line.kind = "not_played"
        return line
    if contract in ("", "-", "?"):
        raise InterchangeError(gettext("the line has a score but no Contract."), where)
    line.contract = "PASS" if contract in ("PASS", "P", "AP") else contract
    line.declarer = row.get("Declarer", "").strip().upper().strip("-?")
    if line.declarer and line.declarer not in ("N", "E", "S", "W"):
        raise InterchangeError(f"Declarer {line.declarer!r} must be N, E, S or W.", where)
    line.lead = row.get("Lead", "").strip().upper().strip("-?")[:3]
    result = row.get("Result", "").strip().strip("?")
    try:
        con = scoring.parse_contract(line.contract)
        if not con.is_passout:
            if not line.declarer:
                raise InterchangeError(f"the contract {line.contract} needs its Declarer.", where)
            line.tricks = scoring.parse_tricks(result if result not in ("", "-") else None, con)
    except scoring.ScoringError as exc:
        raise InterchangeError(str(exc), where) from None
    if score_ns not in ("", "-", "?"):
        line.score = _int(score_ns, "Score_NS", where)
    elif score_ew not in ("", "-", "?"):
        line.score = -_int(score_ew, "Score_EW", where)
    else:
        line.score = None  # the importer scores it from the contract
    return line


def _int(value: str, column: str, where: str) -> int:
    number = ascii_int(value.lstrip("+"))
    if number is None:
        raise InterchangeError(f"{column} {value!r} is not a score.", where)
    return number


# ---------------------------------------------------------------------------------------------- writing


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _points(value: float | None) -> str:
    if value is None:
        return "-"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _table(name: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    """A table tag and its rows, each column padded to its widest element as the standard's export format says."""
    widths = [max([1] + [len(r[i]) for r in rows]) for i in range(len(columns))]
    header = ";".join(f"{c}\\{w}{align}" for (c, align), w in zip(columns, widths, strict=True))
    out = [f'[{name} "{header}"]']
    for row in rows:
        cells = [
            v.ljust(w) if align == "L" else v.rjust(w) for v, w, (_, align) in zip(row, widths, columns, strict=True)
        ]
        out.append(" ".join(cells).rstrip())
    return out


def _token(value: str) -> str:
    """A table element: plain when it has no spaces or special characters, else a string token."""
    if value and not re.search(r'[\s;{}"\[\]]', value):
        return value
    return '"' + value.replace('"', "'") + '"'


def write_pbn(record: SessionRecord, *, results: bool = True) -> str:
    """A PBN 2.1 export file: one game per board (the deal, and its ScoreTable), the TotalScoreTable in the first."""
    out = ["% PBN 2.1", "% EXPORT", "% Content-type: text/x-pbn; charset=UTF-8", "% Creator: Bridgedesk", ""]
    date = record.date.strftime("%Y.%m.%d") if record.date else "?"
    is_mp = record.scoring == "mp"
    pairs = {p.label: p for p in record.pairs}
    for index, board in enumerate(record.boards):
        tags = [
            ("Event", record.event_name or "?"),
            ("Site", record.club_name or "?"),
            ("Date", date),
            ("Board", str(board.number)),
            ("West", ""),
            ("North", ""),
            ("East", ""),
            ("South", ""),
            ("Dealer", board.dealer or scoring.board_dealer(board.number)),
            ("Vulnerable", board.vulnerability or scoring.board_vulnerability(board.number)),
            ("Deal", board.deal or "?"),
            ("Scoring", SCORING_TAG[record.scoring]),
            ("Declarer", ""),
            ("Contract", ""),
            ("Result", ""),
        ]
        out.extend(f'[{name} "{_quote(value)}"]' for name, value in tags)
        if results and record.rulings is not None:
            out.extend(own_data.pbn_tags(record, board, first=index == 0))
        if results and board.lines:
            out.extend(_score_table(board, is_mp))
        if results and index == 0 and record.pairs:
            out.extend(_total_table(record, pairs))
        out.extend(["", *(auction_games(tags[:-3], board) if results else [])])
    return "\n".join(out)


def _score_table(board: BoardRecord, is_mp: bool) -> list[str]:
    points = ("MP_NS", "MP_EW") if is_mp else ("IMP_NS", "IMP_EW")
    columns = [
        ("PairId_NS", "R"),
        ("PairId_EW", "R"),
        ("Contract", "L"),
        ("Declarer", "R"),
        ("Result", "R"),
        ("Lead", "L"),
        ("Score_NS", "R"),
        ("Score_EW", "R"),
        (points[0], "R"),
        (points[1], "R"),
        ("Percentage_NS", "R"),
        ("Percentage_EW", "R"),
    ]
    rows: list[list[str]] = []
    top: float | None = None
    if is_mp:
        sums = [
            x.ns_points + x.ew_points
            for x in board.lines
            if x.kind in ("played", "assigned") and x.ns_points is not None and x.ew_points is not None
        ]
        top = max(sums) if sums else None
    for x in board.lines:
        if x.kind == "not_played":
            continue
        ns_pct = ew_pct = "-"
        contract = declarer = result = lead = score_ns = score_ew = "-"
        if x.kind in ("artificial", "weighted"):  # a weighted score shows as the adjusted score it earned
            if x.ns_percent is None or x.ew_percent is None:
                continue
            ns_pct, ew_pct = f"^{_points(x.ns_percent)}", f"^{_points(x.ew_percent)}"
        else:
            contract = "Pass" if x.contract.upper() == "PASS" else x.contract
            declarer = x.declarer or "-"
            result = str(x.tricks) if x.tricks is not None and contract != "Pass" else "-"
            lead = x.lead or "-"
            score = x.score or 0
            score_ns = str(score) if score >= 0 else "-"
            score_ew = str(-score) if score < 0 else "-"
            if top and x.ns_points is not None and x.ew_points is not None:
                ns_pct, ew_pct = _points(100 * x.ns_points / top), _points(100 * x.ew_points / top)
        rows.append(
            [
                x.ns_pair,
                x.ew_pair,
                contract,
                declarer,
                result,
                lead,
                score_ns,
                score_ew,
                _points(x.ns_points),
                _points(x.ew_points),
                ns_pct,
                ew_pct,
            ]
        )
    return _table("ScoreTable", columns, rows)


def _total_table(record: SessionRecord, pairs: dict[str, PairRecord]) -> list[str]:
    two = record.winners == 2
    total = "TotalMP" if record.scoring == "mp" else "TotalIMP"
    columns = [("Rank", "R"), ("PairId", "R")]
    if two:
        columns.append(("Direction", "R"))
    columns += [(total, "R"), ("TotalPercentage", "R"), ("Names", "L")]
    rows = []
    ordered = sorted(pairs.values(), key=lambda p: (p.direction, int(p.place.rstrip("=") or 999), p.number))
    for p in ordered:
        row = [p.place.rstrip("=") or "-", p.label]
        if two:
            row.append(p.direction)
        names = ";".join(pl.name for pl in p.players)
        row += [
            f"{p.total:.2f}" if p.total is not None else "-",
            f"{p.percentage:.2f}" if p.percentage is not None else "-",
            _token(names),
        ]
        rows.append(row)
    return _table("TotalScoreTable", columns, rows)
