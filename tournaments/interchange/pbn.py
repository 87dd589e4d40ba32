"""PBN 2.1 (Portable Bridge Notation) to and from :class:`SessionRecord`: deals, ScoreTable, TotalScoreTable.

The reader is a small line scanner that keeps line numbers, so every complaint names the line: tags
``[Name "value"]``, ``;`` and ``{...}`` comments, ``%`` escape lines, games separated by blank lines, ``#`` to
repeat the previous game's value, and the section data of tables (string tokens in quotes, plain tokens).
Deals are checked card by card and rendered in rank order (:mod:`.deals`). This module reads the games; the
results' tables are :mod:`.pbn_results`, the export file :mod:`.pbn_writer` (``write_pbn`` is here too).
Every note and refusal is a whole sentence in the reader's language that keeps the line it is about.

Column names follow the standard's predefined ones (section 5.7 ScoreTable, 5.8 TotalScoreTable), plus the
user-defined ``Direction`` (NS/EW field of a two-winner event) and ``Lead``; an artificial score is marked with
a caret, as the standard says: ``Percentage_NS`` ``^60``. Our own files add the tags ``BridgedeskSession`` and
``BridgedeskBoard`` (rulings, weighted scores, the movement, conventions: see :mod:`.own_data`).
"""

from __future__ import annotations

import datetime as dt
import re

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tournaments.core.text import is_digits

from . import own_data
from .conventions import known_program_in
from .deals import parse_deal
from .errors import InterchangeError, located
from .pbn_analysis import published_analysis
from .pbn_auction import attach_auctions
from .pbn_results import MAX_NUMBER, read_results
from .pbn_scan import Game, Tag, decode, read_table, scan
from .pbn_sets import choose_set, split_sets
from .pbn_writer import SCORING_TAG, write_pbn
from .records import BoardRecord, ScoringMethod, SessionRecord

__all__ = ["MAX_NUMBER", "SCORING_TAG", "read_pbn", "write_pbn"]


# ---------------------------------------------------------------------------------------------- reading


def _resolve_repeats(games: list[Game], warnings: list[str]) -> None:
    """A value of ``#`` repeats the previous game's value of the same tag; with no earlier value to repeat, the
    tag is read as unknown (``?``, as PBN writes an unknown value) with a note, not refused."""
    previous: dict[str, Tag] = {}
    for game in games:
        for name, tag in game.tags.items():
            if tag.value == "#":
                if name in previous:
                    tag.value = previous[name].value
                else:
                    message = _("%(tag)s says # (as before) but no earlier game has it; read as unknown.")
                    warnings.append(located(f"line {tag.line}", message % {"tag": name}))
                    tag.value = "?"
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
            what = {"value": value, "date": date_format(date, "d F Y")}
            warnings.append(
                located(where, _("Date %(value)r is not a PBN date (YYYY.MM.DD); read as %(date)s.") % what)
            )
        return date
    message = _("Date %(value)r is not a date Bridgedesk can read; the session has none.") % {"value": value}
    warnings.append(located(where, message))
    return None


def _scoring(value: str, columns: set[str], where: str, warnings: list[str]) -> ScoringMethod:
    key = value.upper().replace("-", "").replace("_", "").replace(" ", "")
    if key.startswith(("TOTAL", "AGGREGATE")):  # what we write for total points (pbn_writer.SCORING_TAG)
        return "total"
    if "BUTLER" in key:
        return "butler"
    if "CROSS" in key:
        return "cross_imps"
    if key.startswith(("MP", "MATCHPOINT")):
        return "mp"
    if "IMP" in key:
        warnings.append(located(where, _("Scoring %(value)r read as cross-IMP pairs.") % {"value": value}))
        return "cross_imps"
    guess: ScoringMethod = "cross_imps" if "IMP_NS" in columns and "MP_NS" not in columns else "mp"
    if value.strip("?"):  # an optional tag: a value we do not know is read as unknown, not refused
        what = {"value": value, "guess": SCORING_TAG[guess]}
        message = _(
            "Scoring %(value)r is not one Bridgedesk knows (MP, Butler, Cross-IMP); scored as %(guess)s from the "
            "file's columns."
        )
        warnings.append(located(where, message % what))
    return guess


def _games(text: str, deal_set: int | None, record: SessionRecord) -> list[Game]:
    """The games of the chosen deal set, warning of a newer PBN version and of the sets left out."""
    if "\x00" in text[:2000]:
        raise InterchangeError(_("this is a binary file, not PBN text."), "line 1")
    games, version = scan(text)
    if not games:
        raise InterchangeError(_("the file holds no PBN games (no [Board] or [Deal] tags)."), "line 1")
    if version and not version.startswith(("1.", "2.")):
        message = _("PBN version %(version)s is newer than this reader (2.1); read as 2.1.") % {"version": version}
        record.warnings.append(located("line 1", message))
    _resolve_repeats(games, record.warnings)
    sets = split_sets(games)
    chosen = choose_set(sets, deal_set)
    if len(sets) > 1 and deal_set is not None:
        what = {"count": len(sets), "set": sets[deal_set - 1].describe()}
        message = ngettext(
            "the file holds %(count)s deal set; imported %(set)s.",
            "the file holds %(count)s deal sets; imported %(set)s.",
            len(sets),
        )
        record.warnings.append(message % what)
    return chosen


def _read_event_tags(game: Game, record: SessionRecord) -> None:
    """The event, club, program and date: the first game that names each one."""
    record.event_name = record.event_name or game.value("Event").strip("?")
    record.club_name = record.club_name or game.value("Site").strip("?")
    record.program = record.program or game.value("Generator").strip("?")
    if record.date is None and "Date" in game.tags:
        record.date = _date(game.value("Date"), f"line {game.tags['Date'].line}", record.warnings)


def _read_board(
    game: Game, boards: dict[int, BoardRecord], score_tables: list[tuple[BoardRecord, Tag]], record: SessionRecord
) -> None:
    """The game's board: its deal (the same in every game that deals it), conditions, analysis and ScoreTable."""
    board_text = game.value("Board")
    if not board_text:
        if "Deal" in game.tags or "ScoreTable" in game.tags:
            raise InterchangeError(_("a game with a Deal or ScoreTable needs its [Board] number."), f"line {game.line}")
        return
    if not is_digits(board_text) or not 1 <= int(board_text) <= MAX_NUMBER:
        message = _("Board %(board)r is not a board number.") % {"board": board_text}
        raise InterchangeError(message, f"line {game.tags['Board'].line}")
    number = int(board_text)
    board_where = f"line {game.tags['Board'].line}, Board {number}"
    board = boards.setdefault(number, BoardRecord(number=number, where=board_where))
    if "Deal" in game.tags:
        deal_tag = game.tags["Deal"]
        deal = parse_deal(deal_tag.value, f"line {deal_tag.line}, Board {number}")
        if deal and board.deal and deal != board.deal:
            message = _("board %(board)s is dealt differently in two games.") % {"board": number}
            raise InterchangeError(message, f"line {deal_tag.line}")
        board.deal = board.deal or deal
    _board_conditions(game, board, record.warnings)
    board.published_analysis = board.published_analysis or published_analysis(game, number, record.warnings)
    if "ScoreTable" in game.tags:
        if any(b is board for b, _ in score_tables):
            message = _("board %(board)s has two ScoreTables.") % {"board": number}
            raise InterchangeError(message, f"line {game.tags['ScoreTable'].line}")
        score_tables.append((board, game.tags["ScoreTable"]))


def read_pbn(data: bytes | str, deal_set: int | None = None) -> SessionRecord:
    """Read a PBN file: the deals, and the results if its games carry ScoreTables.

    A file of several events (:mod:`.pbn_sets`) is read one deal set at a time: ``deal_set`` (from 1) says which.
    """
    text = decode(data)
    record = SessionRecord()
    games = _games(text, deal_set, record)
    creator = re.search(r"^% *Creator: *(.+)$", text[:2000], re.MULTILINE)  # the program, as PBN 2.1 names it
    record.program = creator.group(1).strip() if creator else ""
    boards: dict[int, BoardRecord] = {}
    score_tables: list[tuple[BoardRecord, Tag]] = []
    total_tables: list[Tag] = []
    scoring_tag: tuple[str, str] | None = None
    for game in games:
        _read_event_tags(game, record)
        if "Scoring" in game.tags and scoring_tag is None:
            scoring_tag = (game.value("Scoring"), f"line {game.tags['Scoring'].line}")
        if "TotalScoreTable" in game.tags:
            total_tables.append(game.tags["TotalScoreTable"])
        _read_board(game, boards, score_tables, record)
    record.boards = [boards[n] for n in sorted(boards)]
    record.program = record.program or known_program_in(text)  # "% Generated by EBUScore": its conventions
    tables = [(board, read_table(tag)) for board, tag in score_tables]
    totals = [read_table(tag) for tag in total_tables]
    columns = {c for _, t in tables for c in t.columns}
    value, where = scoring_tag or ("", "line 1")
    record.scoring = _scoring(value, columns, where, record.warnings)
    if tables or totals:
        read_results(record, tables, totals)
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
            where = f"line {game.tags[tag_name].line}, Board {board.number}"
            if attribute == "dealer":
                message = _("%(problem)s The dealer that goes with the board number is used instead.")
            else:
                message = _("%(problem)s The vulnerability that goes with the board number is used instead.")
            message %= {"problem": exc}
            warnings.append(located(where, message))
