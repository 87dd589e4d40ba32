"""A USEBIO file's boards: each traveller's lines and the hand records, read into a :class:`SessionRecord`.

A line (or board, or hand record) that cannot be read is left out with the reason, a note that keeps the line
in the file; only when nothing readable is left does the first reason refuse the file. Every note and refusal is
a whole sentence in the reader's language. The event, its sections and pairs are :mod:`.usebio`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _

import scoring
from tournaments.core.text import ascii_int, is_digits

from .deals import SEAT_NAMES, SEATS, deal_from_hands
from .errors import InterchangeError, located
from .records import BoardRecord, LineRecord, PairRecord, SessionRecord
from .safexml import Element, line_of

__all__ = [
    "MAX_NUMBER",
    "OTHER_POINT_TAGS",
    "PAIR_REF",
    "POINT_TAGS",
    "Reader",
    "Seats",
    "master_points",
    "read_boards",
    "read_handset",
]

POINT_TAGS: dict[str, tuple[str, str]] = {
    "mp": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "cross_imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    # Total points: a line's points are its score. No reader found names an element for them, so none is read
    # from a file (these are absent there); the pair's TOTAL_SCORE is what the file publishes and is compared.
    "total": ("NS_TOTAL_POINTS", "EW_TOTAL_POINTS"),
}
# What other programs call the same points (read, never written).
OTHER_POINT_TAGS: dict[str, tuple[str, str]] = {"butler": ("NS_IMPS", "EW_IMPS"), "cross_imps": ("NS_IMPS", "EW_IMPS")}
MAX_NUMBER = 9999  # pair and board numbers (the database holds up to 32767)
_ARTIFICIAL = re.compile(r"^A([0-9]{2,3})([0-9]{2,3})$")
PAIR_REF = re.compile(r"^([0-9]+)\s*(NS|EW|N|E|S|W)?$", re.IGNORECASE)


def master_points(text: str, where: str) -> int | None:
    """MASTER_POINTS_AWARDED: a whole number of points (0 for none), or absent."""
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 7:
        message = _("MASTER_POINTS_AWARDED %(value)r is not a whole number of points.") % {"value": text[:20]}
        raise InterchangeError(message, where)
    return int(text)


class Reader:
    """Text, numbers and places (``line 412, BOARD 7``) of a USEBIO file's elements."""

    def where(self, element: Element, path: str) -> str:
        line = line_of(element)
        return f"line {line}, {path}" if line else path

    def text(self, element: Element, tag: str) -> str:
        found = element.find(tag)
        return "" if found is None or found.text is None else found.text.strip()

    def number(self, element: Element, tag: str, where: str, *, required: bool = False) -> float | None:
        raw = self.text(element, tag)
        if not raw:
            if required:
                raise InterchangeError(_("%(tag)s is missing.") % {"tag": tag}, where)
            return None
        try:
            return float(raw)
        except ValueError:
            child = element.find(tag)
            place = self.where(child, tag) if child is not None else where
            raise InterchangeError(
                _("%(tag)s %(value)r is not a number.") % {"tag": tag, "value": raw}, place
            ) from None


def _pair_ref(text: str, side: str, two_winner: bool, where: str) -> str:
    """The label a traveller line's NS_PAIR_NUMBER/EW_PAIR_NUMBER refers to."""
    match = PAIR_REF.match(text.strip())
    what = {"tag": f"{side}_PAIR_NUMBER", "value": text, "most": MAX_NUMBER}
    if match is None:
        raise InterchangeError(_("%(tag)s %(value)r is not a pair number.") % what, where)
    number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        raise InterchangeError(_("%(tag)s %(value)r is not a pair number (1 to %(most)s).") % what, where)
    return f"{number}{side}" if two_winner else str(number)


def _pair_sides(
    r: Reader, element: Element, record: SessionRecord, pairs: dict[str, PairRecord], where: str
) -> tuple[str, str]:
    """The pairs a traveller line's NS_PAIR_NUMBER and EW_PAIR_NUMBER name."""
    two = record.winners == 2
    ns_text, ew_text = r.text(element, "NS_PAIR_NUMBER"), r.text(element, "EW_PAIR_NUMBER")
    if not ns_text or not ew_text:
        raise InterchangeError(_("the line needs both NS_PAIR_NUMBER and EW_PAIR_NUMBER."), where)
    ns, ew = _pair_ref(ns_text, "NS", two, where), _pair_ref(ew_text, "EW", two, where)
    for label, side in ((ns, "NS"), (ew, "EW")):
        if label not in pairs:
            message = _("%(side)s pair %(pair)s is not among the PARTICIPANTS.") % {"side": side, "pair": label}
            raise InterchangeError(message, where)
    return ns, ew


# Who sits NS and EW on a traveller line (pairs, or an individual's partnerships), and a check of a line
# against the board's earlier lines.
Seats = tuple[
    Callable[[Reader, Element, SessionRecord, dict[str, PairRecord], str], tuple[str, str]],
    Callable[[BoardRecord, LineRecord], None],
]


def read_boards(
    r: Reader, event: Element, record: SessionRecord, pairs: dict[str, PairRecord], seats: Seats | None = None
) -> list[BoardRecord]:
    """Every board's traveller. A line (or board) that cannot be read is left out with the reason and its line
    in the file, not the whole file; only when nothing readable is left does the first reason refuse it.
    ``seats`` reads who sits where (an individual's four players); pairs by number unless given."""
    seats = seats or (_pair_sides, _no_check)
    boards: dict[int, BoardRecord] = {}
    left_out: list[InterchangeError] = []
    for board_element in event.findall("BOARD"):
        try:
            board = _read_board(r, board_element, record, pairs, boards, left_out, seats)
        except InterchangeError as exc:
            left_out.append(exc)
            record.warnings.append(
                located(exc.where, _("%(problem)s The board was left out.") % {"problem": exc.message})
            )
            continue
        boards[board.number] = board
    if not any(b.lines for b in boards.values()):
        if left_out:
            raise left_out[0]
        if not boards:
            raise InterchangeError(_("the EVENT has no BOARD with results."), r.where(event, "EVENT"))
    return [boards[n] for n in sorted(boards)]


def _read_board(
    r: Reader,
    element: Element,
    record: SessionRecord,
    pairs: dict[str, PairRecord],
    boards: dict[int, BoardRecord],
    left_out: list[InterchangeError],
    seats: Seats,
) -> BoardRecord:
    number_text = r.text(element, "BOARD_NUMBER")
    where = r.where(element, f"BOARD {number_text or '?'}")
    if not is_digits(number_text) or not 1 <= int(number_text) <= MAX_NUMBER:
        raise InterchangeError(_("BOARD_NUMBER %(value)r is not a board number.") % {"value": number_text}, where)
    number = int(number_text)
    if number in boards:
        what = {"board": number, "earlier": boards[number].where}
        raise InterchangeError(_("board %(board)s appears twice (also %(earlier)s).") % what, where)
    board = BoardRecord(number=number, where=where, datum=r.number(element, "BOARD_AVERAGE", where))
    for index, line_element in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        try:
            where = r.where(line_element, f"BOARD {number}, TRAVELLER_LINE {index}")
            line = _read_line(r, line_element, where, seats[0](r, line_element, record, pairs, where), record)
            seats[1](board, line)
            _check_meeting(board, line)
        except InterchangeError as exc:
            left_out.append(exc)
            record.warnings.append(
                located(exc.where, _("%(problem)s The line was left out.") % {"problem": exc.message})
            )
            continue
        board.lines.append(line)
    return board


def _no_check(board: BoardRecord, line: LineRecord) -> None:
    """Pairs need no check beyond :func:`_check_meeting`."""


def _read_line(r: Reader, element: Element, where: str, sides: tuple[str, str], record: SessionRecord) -> LineRecord:
    ns_tag, ew_tag = POINT_TAGS[record.scoring]
    ns, ew = sides
    if ns == ew:
        raise InterchangeError(_("pair %(ns)s cannot play against itself.") % {"ns": ns}, where)
    line = LineRecord(ns_pair=ns, ew_pair=ew, where=where)
    other = OTHER_POINT_TAGS.get(record.scoring)
    if other and element.find(ns_tag) is None and element.find(other[0]) is not None:
        ns_tag, ew_tag = other
    line.ns_points = r.number(element, ns_tag, where)
    line.ew_points = r.number(element, ew_tag, where)
    score = r.text(element, "SCORE").upper()
    artificial = _ARTIFICIAL.match(score)
    if artificial:
        line.kind = "artificial"
        line.ns_percent, line.ew_percent = float(artificial.group(1)), float(artificial.group(2))
        if line.ns_percent > 100 or line.ew_percent > 100:
            raise InterchangeError(_("the artificial score %(score)s gives more than 100%%.") % {"score": score}, where)
        return line
    if score in ("", "NP", "NOT PLAYED", "-"):
        line.kind = "not_played"
        return line
    try:
        line.score = _ascii_int(score)
    except ValueError:
        message = _("SCORE %(value)r is neither a score (420, -50) nor an artificial score (A6040).") % {"value": score}
        raise InterchangeError(message, where) from None
    contract = r.text(element, "CONTRACT").upper().replace(" ", "")
    if not contract:
        raise InterchangeError(_("a played line needs its CONTRACT."), where)
    line.contract = "PASS" if contract in ("PASS", "P", "AP", "ALLPASS", "PASSED") else contract
    try:
        scoring.parse_contract(line.contract)
    except scoring.ScoringError as exc:
        raise InterchangeError(str(exc), where) from None
    line.declarer = r.text(element, "PLAYED_BY").upper()[:1]
    if line.declarer and line.declarer not in SEATS:
        raise InterchangeError(_("PLAYED_BY %(value)r must be N, E, S or W.") % {"value": line.declarer}, where)
    if line.contract != "PASS" and not line.declarer:
        message = _("the contract %(contract)s needs PLAYED_BY (N, E, S or W).") % {"contract": line.contract}
        raise InterchangeError(message, where)
    line.lead = r.text(element, "LEAD").upper()[:3]
    tricks = r.text(element, "TRICKS")
    if tricks:
        if not is_digits(tricks) or int(tricks) > 13:
            message = _("TRICKS %(value)r must be a number of tricks from 0 to 13.") % {"value": tricks}
            raise InterchangeError(message, where)
        line.tricks = int(tricks)
    elif line.contract != "PASS":
        raise InterchangeError(_("the contract %(contract)s needs TRICKS.") % {"contract": line.contract}, where)
    return line


def _check_meeting(board: BoardRecord, line: LineRecord) -> None:
    """A pair plays a board once, in one direction: a line that says otherwise is refused."""
    for earlier in board.lines:
        for label, side in ((line.ns_pair, "NS"), (line.ew_pair, "EW")):
            same_side = earlier.ns_pair if side == "NS" else earlier.ew_pair
            other_side = earlier.ew_pair if side == "NS" else earlier.ns_pair
            if label == same_side:
                what = {"pair": label, "earlier": earlier.where}
                raise InterchangeError(_("pair %(pair)s plays this board twice (also %(earlier)s).") % what, line.where)
            if label == other_side:
                message = _("pair %(pair)s sits both NS and EW on this board.") % {"pair": label}
                raise InterchangeError(message, line.where)


def read_handset(r: Reader, root: Element, record: SessionRecord) -> None:
    handset = next(root.iter("HANDSET"), None)  # after the events, or inside the event, session or section
    if handset is None:
        return
    by_number = {b.number: b for b in record.boards}
    for board_element in handset.findall("BOARD"):
        try:
            _read_hand_record(r, board_element, record, by_number)
        except InterchangeError as exc:
            note = _("%(problem)s The hand record was left out.") % {"problem": exc.message}
            record.warnings.append(located(exc.where, note))
    record.boards.sort(key=lambda b: b.number)


def _read_hand_record(
    r: Reader, board_element: Element, record: SessionRecord, by_number: dict[int, BoardRecord]
) -> None:
    number_text = r.text(board_element, "BOARD_NUMBER")
    where = r.where(board_element, f"HANDSET BOARD {number_text or '?'}")
    if not is_digits(number_text) or not 1 <= int(number_text) <= MAX_NUMBER:
        raise InterchangeError(_("BOARD_NUMBER %(value)r is not a board number.") % {"value": number_text}, where)
    number = int(number_text)
    hands: dict[str, tuple[str, str, str, str] | None] = {}
    for hand in board_element.findall("HAND"):
        seat_text = r.text(hand, "DIRECTION").upper()[:1]
        hand_where = r.where(hand, f"HANDSET BOARD {number}, HAND {r.text(hand, 'DIRECTION') or '?'}")
        if seat_text not in SEATS:
            message = _("HAND DIRECTION %(value)r is not a seat.") % {"value": r.text(hand, "DIRECTION")}
            raise InterchangeError(message, hand_where)
        if seat_text in hands:
            message = _("%(seat)s's hand is given twice.") % {"seat": SEAT_NAMES[seat_text]}
            raise InterchangeError(message, hand_where)
        hands[seat_text] = tuple(r.text(hand, tag) for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))  # type: ignore[assignment]
    deal = deal_from_hands(hands, where)
    board = by_number.get(number)
    if board is None:
        board = BoardRecord(number=number, where=where)
        record.boards.append(board)
        by_number[number] = board
    board.deal = deal


def _ascii_int(text: str) -> int:
    """A score in ASCII digits (optionally signed); ValueError for anything else ("²", "٣", "1e3")."""
    value = ascii_int(text.lstrip("+"))
    if value is None:
        raise ValueError(text)
    return value
