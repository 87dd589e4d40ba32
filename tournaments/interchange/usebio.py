"""Reading USEBIO XML (the EBU's results interchange format, 1.0 to 1.2) into a :class:`SessionRecord`.

Reading is lenient about what it does not need (master points, contacts) and strict about what it does: every
problem names the line and the element (``line 412, BOARD 7, TRAVELLER_LINE 3``). XML is parsed with lxml
(:mod:`.safexml`), which refuses entity declarations: a file cannot expand itself into gigabytes or read files.

A traveller line, board or hand record that cannot be read is left out with the reason (a note in the import
report), not the whole file. Writing is :mod:`.usebio_writer`. Our own files end with a ``<?bridgedesk ...?>``
processing instruction (rulings, weighted scores, the movement, conventions: see :mod:`.own_data`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

from django.utils.translation import gettext as _

import scoring
from tournaments.core.text import ascii_int, is_digits

from . import own_data
from .deals import SEAT_NAMES, SEATS, deal_from_hands
from .errors import InterchangeError
from .records import BoardRecord, LineRecord, PairRecord, PlayerRecord, ScoringMethod, SessionRecord
from .safexml import Element, line_of, parse_xml_pis
from .usebio_section import sections_of

EVENT_TYPES: dict[str, ScoringMethod] = {
    "MP_PAIRS": "mp",
    "BUTLER_PAIRS": "butler",
    "CROSS_IMP_PAIRS": "cross_imps",
    "CROSS_IMP": "cross_imps",  # what Compscore3 writes for cross-IMP pairs
}
EVENT_TYPE_OF: dict[str, str] = {"mp": "MP_PAIRS", "butler": "BUTLER_PAIRS", "cross_imps": "CROSS_IMP"}
# USEBIO 1.1 and 1.2 as EBUScore and others write it: EVENT_TYPE="PAIRS" with the scoring in BOARD_SCORING_METHOD.
GENERIC_EVENT_TYPES = ("PAIRS", "SWISS_PAIRS")
BOARD_SCORING: dict[str, ScoringMethod] = {
    "MATCH_POINTS": "mp",
    "MATCHPOINTS": "mp",
    "MP": "mp",
    "BUTLER": "butler",
    "BUTLER_IMPS": "butler",
    "IMPS": "butler",  # IMPs in a pairs event: against the datum
    "CROSS_IMPS": "cross_imps",
    "CROSS_IMP": "cross_imps",
}
POINT_TAGS: dict[str, tuple[str, str]] = {
    "mp": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "cross_imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}
# What other programs call the same points (read, never written).
OTHER_POINT_TAGS: dict[str, tuple[str, str]] = {"butler": ("NS_IMPS", "EW_IMPS"), "cross_imps": ("NS_IMPS", "EW_IMPS")}
MAX_NUMBER = 9999  # pair and board numbers (the database holds up to 32767)
_ARTIFICIAL = re.compile(r"^A([0-9]{2,3})([0-9]{2,3})$")
_PAIR_REF = re.compile(r"^([0-9]+)\s*(NS|EW|N|E|S|W)?$", re.IGNORECASE)
_DIRECTIONS = {"NS": "NS", "N": "NS", "S": "NS", "EW": "EW", "E": "EW", "W": "EW", "": ""}


class _Reader:
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
            raise InterchangeError(f"{tag} {raw!r} is not a number.", place) from None


def _pair_ref(text: str, side: str, two_winner: bool, where: str) -> str:
    """The label a traveller line's NS_PAIR_NUMBER/EW_PAIR_NUMBER refers to."""
    match = _PAIR_REF.match(text.strip())
    if match is None:
        raise InterchangeError(f"{side}_PAIR_NUMBER {text!r} is not a pair number.", where)
    number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        raise InterchangeError(f"{side}_PAIR_NUMBER {text!r} is not a pair number (1 to {MAX_NUMBER}).", where)
    return f"{number}{side}" if two_winner else str(number)


def _parse_date(text: str, where: str) -> dt.date | None:
    for fmt in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y", "%Y/%m/%d", "%d/%m/%y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    if text:
        raise InterchangeError(_("DATE %(text)s is not a date (expected dd/mm/yyyy).") % {"text": repr(text)}, where)
    return None


def read_usebio(data: bytes | str) -> SessionRecord:
    """Read a USEBIO file of one section (pairs events: MP, Butler, cross-IMPs) into a :class:`SessionRecord`."""
    records = read_usebio_sections(data)
    if len(records) > 1:
        names = ", ".join(r.section for r in records)
        raise InterchangeError(
            f"the session has {len(records)} SECTIONs ({names}); one section is read here (the import page takes "
            "a file of several).",
            records[1].where,
        )
    return records[0]


def read_usebio_sections(data: bytes | str, session: int = 0) -> list[SessionRecord]:
    """Read one SESSION of a USEBIO file (the first unless ``session`` says) into one :class:`SessionRecord` per
    SECTION (one for the flat form), each scored apart; a section that cannot be read is left out with the reason
    (a note on the others), unless none can be read."""
    root, pis = parse_xml_pis(data)
    r = _Reader()
    event, head = _read_event(r, root)
    records: list[SessionRecord] = []
    refused: list[tuple[str, InterchangeError]] = []
    for letter, body in sections_of(event, session):
        record = dataclasses.replace(head, warnings=[], section=letter, where=r.where(body, body.tag))
        try:
            _read_section(r, body, record, event)
        except InterchangeError as exc:
            refused.append((letter, exc))
            continue
        _read_handset(r, root, record)
        record.mp_scale = _detect_scale(record)
        records.append(record)
    if not records:
        raise refused[0][1]
    records[0].warnings[:0] = head.warnings
    records[0].warnings.extend(f"{exc.where}: {exc.message} SECTION {letter} was left out." for letter, exc in refused)
    if len(records) == 1 and not refused:
        records[0].section = ""
    for target, text, line in pis:
        if target == own_data.PI_TARGET:
            own_data.apply_payload(records[0], text, f"line {line}, <?{target}?>")
    return records


def _read_event(r: _Reader, root: Element) -> tuple[Element, SessionRecord]:
    """The one EVENT and what it says for all its sections: club, scoring, names, date, program."""
    if root.tag != "USEBIO":
        raise InterchangeError(
            f"this XML file is not a USEBIO results file: its root element is <{root.tag}>, not <USEBIO>.",
            r.where(root, root.tag),
        )
    version = root.get("Version", "")
    record = SessionRecord()
    if version and not version.startswith("1."):
        record.warnings.append(f"USEBIO version {version}; this reader knows 1.2, and read it as such.")
    club = root.find("CLUB")
    if club is not None:
        record.club_name = r.text(club, "CLUB_NAME")
        record.club_id = r.text(club, "CLUB_ID_NUMBER")
    events = root.findall("EVENT")
    if not events:
        raise InterchangeError(
            _("the file has no EVENT element, so there are no results to import."), r.where(root, "USEBIO")
        )
    if len(events) > 1:
        raise InterchangeError(
            f"the file holds {len(events)} events; import them one file at a time.", r.where(events[1], "EVENT 2")
        )
    event = events[0]
    event_where = r.where(event, "EVENT")
    record.scoring = _scoring(r, event, event_where, record.warnings)
    record.event_id = r.text(event, "EVENT_IDENTIFIER")
    record.event_name = r.text(event, "EVENT_DESCRIPTION")
    record.title = r.text(event, "TITLE")
    record.program = " ".join(x for x in (r.text(event, "PROGRAM_NAME"), r.text(event, "PROGRAM_VERSION")) if x)
    record.date = _parse_date(r.text(event, "DATE"), event_where)
    record.master_point_type = r.text(event, "MASTER_POINT_TYPE")
    winner_text = r.text(event, "WINNER_TYPE")
    if winner_text and winner_text not in ("1", "2"):
        raise InterchangeError(f"WINNER_TYPE {winner_text!r} must be 1 (one field) or 2 (NS and EW).", event_where)
    return event, record


def _read_section(r: _Reader, body: Element, record: SessionRecord, event: Element) -> None:
    """One section's pairs (one field or two, as WINNER_TYPE and the directions say) and travellers."""
    winner_text = r.text(body, "WINNER_TYPE") or r.text(event, "WINNER_TYPE")
    record.pairs = _read_pairs(r, body, r.where(body, body.tag))
    directions = {p.direction for p in record.pairs}
    numbers = [p.number for p in record.pairs]
    one_field = winner_text == "1" and len(set(numbers)) == len(numbers)  # a direction is only where they sat
    two_winner = not one_field and (winner_text == "2" or directions != {""})
    if two_winner and "" in directions:
        blank = next(p for p in record.pairs if not p.direction)
        raise InterchangeError(_("a two-winner event needs the DIRECTION (NS or EW) of every pair."), blank.where)
    record.winners = 2 if two_winner else 1
    for pair in record.pairs:
        pair.label = f"{pair.number}{pair.direction}" if two_winner else str(pair.number)
    seen: dict[str, PairRecord] = {}
    for pair in record.pairs:
        if pair.label in seen:
            raise InterchangeError(f"pair {pair.label} is listed twice (also {seen[pair.label].where}).", pair.where)
        seen[pair.label] = pair
    record.boards = _read_boards(r, body, record, seen)


def _scoring(r: _Reader, event: Element, where: str, warnings: list[str]) -> ScoringMethod:
    """The scoring, from EVENT_TYPE (``MP_PAIRS``) or, in the generic form, BOARD_SCORING_METHOD."""
    event_type = event.get("EVENT_TYPE", "").strip().upper()
    if event_type in EVENT_TYPES:
        return EVENT_TYPES[event_type]
    if event_type in GENERIC_EVENT_TYPES:
        method = r.text(event, "BOARD_SCORING_METHOD").upper().replace(" ", "_")
        if method in BOARD_SCORING:
            if method == "IMPS":
                warnings.append(f"{where}: BOARD_SCORING_METHOD IMPS read as Butler (IMPs against the datum).")
            return BOARD_SCORING[method]
        shown = method or "(none)"
        raise InterchangeError(
            f"BOARD_SCORING_METHOD {shown}: Bridgedesk imports pairs scored by MATCH_POINTS, BUTLER (or IMPS) and "
            "CROSS_IMPS.",
            where,
        )
    if event_type in ("TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR", "INDIVIDUAL"):
        kind = "a teams" if "TEAM" in event_type else "an individual"
        raise InterchangeError(
            f"this is {kind} event (EVENT_TYPE {event_type}); Bridgedesk imports pairs events from USEBIO files.",
            where,
        )
    known = ", ".join(sorted({"MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP_PAIRS", "PAIRS"}))
    raise InterchangeError(f"unknown event type {event_type or '(none)'}: Bridgedesk imports {known}.", where)


def _read_pairs(r: _Reader, event: Element, event_where: str) -> list[PairRecord]:
    participants = event.find("PARTICIPANTS")
    if participants is None:
        raise InterchangeError(f"the {event.tag} has no PARTICIPANTS: the pairs are missing.", event_where)
    pairs: list[PairRecord] = []
    for element in participants:
        if element.tag != "PAIR":
            if element.tag in ("TEAM", "PLAYER"):
                raise InterchangeError(
                    _("the participants are %(tag)ss; Bridgedesk imports pairs events.") % {"tag": element.tag},
                    r.where(element, element.tag),
                )
            continue
        number_text = r.text(element, "PAIR_NUMBER")
        where = r.where(element, f"PAIR {number_text or len(pairs) + 1}")
        match = _PAIR_REF.match(number_text)
        if match is None:
            raise InterchangeError(f"PAIR_NUMBER {number_text!r} is not a pair number.", where)
        direction_text = r.text(element, "DIRECTION").upper() or (match.group(2) or "").upper()
        if direction_text not in _DIRECTIONS:
            raise InterchangeError(f"DIRECTION {direction_text!r} must be NS, EW or empty.", where)
        number = int(match.group(1))
        if not 1 <= number <= MAX_NUMBER:
            raise InterchangeError(f"pair numbers run from 1 to {MAX_NUMBER}, not {number}.", where)
        players = [
            PlayerRecord(
                name=r.text(p, "PLAYER_NAME"),
                national_id=r.text(p, "NATIONAL_ID_NUMBER"),
                club_id=r.text(p, "CLUB_ID_NUMBER"),
            )
            for p in element.findall("PLAYER")
        ]
        pairs.append(
            PairRecord(
                label=number_text,
                number=number,
                direction=_DIRECTIONS[direction_text],
                players=players,
                total=r.number(element, "TOTAL_SCORE", where),
                percentage=r.number(element, "PERCENTAGE", where),
                place=r.text(element, "PLACE"),
                where=where,
                master_points=_master_points(r.text(element, "MASTER_POINTS_AWARDED"), where),
                master_point_type=r.text(element, "MASTER_POINT_TYPE"),
            )
        )
    if not pairs:
        raise InterchangeError(
            _("PARTICIPANTS lists no PAIR: the pairs are missing."), r.where(participants, "PARTICIPANTS")
        )
    return pairs


def _master_points(text: str, where: str) -> int | None:
    """MASTER_POINTS_AWARDED: a whole number of points (0 for none), or absent."""
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 7:
        raise InterchangeError(f"MASTER_POINTS_AWARDED {text[:20]!r} is not a whole number of points.", where)
    return int(text)


def _read_boards(r: _Reader, event: Element, record: SessionRecord, pairs: dict[str, PairRecord]) -> list[BoardRecord]:
    """Every board's traveller. A line (or board) that cannot be read is left out with the reason and its line
    in the file, not the whole file; only when nothing readable is left does the first reason refuse it."""
    boards: dict[int, BoardRecord] = {}
    left_out: list[InterchangeError] = []
    for board_element in event.findall("BOARD"):
        try:
            board = _read_board(r, board_element, record, pairs, boards, left_out)
        except InterchangeError as exc:
            left_out.append(exc)
            record.warnings.append(f"{exc.where}: {exc.message} The board was left out.")
            continue
        boards[board.number] = board
    if not any(b.lines for b in boards.values()):
        if left_out:
            raise left_out[0]
        if not boards:
            raise InterchangeError(_("the EVENT has no BOARD with results."), r.where(event, "EVENT"))
    return [boards[n] for n in sorted(boards)]


def _read_board(
    r: _Reader,
    element: Element,
    record: SessionRecord,
    pairs: dict[str, PairRecord],
    boards: dict[int, BoardRecord],
    left_out: list[InterchangeError],
) -> BoardRecord:
    ns_tag, ew_tag = POINT_TAGS[record.scoring]
    number_text = r.text(element, "BOARD_NUMBER")
    where = r.where(element, f"BOARD {number_text or '?'}")
    if not is_digits(number_text) or not 1 <= int(number_text) <= MAX_NUMBER:
        raise InterchangeError(f"BOARD_NUMBER {number_text!r} is not a board number.", where)
    number = int(number_text)
    if number in boards:
        raise InterchangeError(f"board {number} appears twice (also {boards[number].where}).", where)
    board = BoardRecord(number=number, where=where, datum=r.number(element, "BOARD_AVERAGE", where))
    for index, line_element in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        try:
            line = _read_line(r, line_element, number, index, record, pairs, ns_tag, ew_tag)
            _check_meeting(board, line)
        except InterchangeError as exc:
            left_out.append(exc)
            record.warnings.append(f"{exc.where}: {exc.message} The line was left out.")
            continue
        board.lines.append(line)
    return board


def _read_line(
    r: _Reader,
    element: Element,
    board: int,
    index: int,
    record: SessionRecord,
    pairs: dict[str, PairRecord],
    ns_tag: str,
    ew_tag: str,
) -> LineRecord:
    where = r.where(element, f"BOARD {board}, TRAVELLER_LINE {index}")
    two = record.winners == 2
    ns_text, ew_text = r.text(element, "NS_PAIR_NUMBER"), r.text(element, "EW_PAIR_NUMBER")
    if not ns_text or not ew_text:
        raise InterchangeError(_("the line needs both NS_PAIR_NUMBER and EW_PAIR_NUMBER."), where)
    ns, ew = _pair_ref(ns_text, "NS", two, where), _pair_ref(ew_text, "EW", two, where)
    for label, side in ((ns, "NS"), (ew, "EW")):
        if label not in pairs:
            raise InterchangeError(f"{side} pair {label} is not among the PARTICIPANTS.", where)
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
        raise InterchangeError(
            f"SCORE {score!r} is neither a score (420, -50) nor an artificial score (A6040).", where
        ) from None
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
        raise InterchangeError(f"PLAYED_BY {line.declarer!r} must be N, E, S or W.", where)
    if line.contract != "PASS" and not line.declarer:
        raise InterchangeError(f"the contract {line.contract} needs PLAYED_BY (N, E, S or W).", where)
    line.lead = r.text(element, "LEAD").upper()[:3]
    tricks = r.text(element, "TRICKS")
    if tricks:
        if not is_digits(tricks) or int(tricks) > 13:
            raise InterchangeError(f"TRICKS {tricks!r} must be a number of tricks from 0 to 13.", where)
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
                raise InterchangeError(f"pair {label} plays this board twice (also {earlier.where}).", line.where)
            if label == other_side:
                raise InterchangeError(f"pair {label} sits both NS and EW on this board.", line.where)


def _read_handset(r: _Reader, root: Element, record: SessionRecord) -> None:
    handset = next(root.iter("HANDSET"), None)  # after the events, or inside the event, session or section
    if handset is None:
        return
    by_number = {b.number: b for b in record.boards}
    for board_element in handset.findall("BOARD"):
        try:
            _read_hand_record(r, board_element, record, by_number)
        except InterchangeError as exc:
            record.warnings.append(f"{exc.where}: {exc.message} The hand record was left out.")
    record.boards.sort(key=lambda b: b.number)


def _read_hand_record(
    r: _Reader, board_element: Element, record: SessionRecord, by_number: dict[int, BoardRecord]
) -> None:
    number_text = r.text(board_element, "BOARD_NUMBER")
    where = r.where(board_element, f"HANDSET BOARD {number_text or '?'}")
    if not is_digits(number_text) or not 1 <= int(number_text) <= MAX_NUMBER:
        raise InterchangeError(f"BOARD_NUMBER {number_text!r} is not a board number.", where)
    number = int(number_text)
    hands: dict[str, tuple[str, str, str, str] | None] = {}
    for hand in board_element.findall("HAND"):
        seat_text = r.text(hand, "DIRECTION").upper()[:1]
        hand_where = r.where(hand, f"HANDSET BOARD {number}, HAND {r.text(hand, 'DIRECTION') or '?'}")
        if seat_text not in SEATS:
            raise InterchangeError(f"HAND DIRECTION {r.text(hand, 'DIRECTION')!r} is not a seat.", hand_where)
        if seat_text in hands:
            raise InterchangeError(f"{SEAT_NAMES[seat_text]}'s hand is given twice.", hand_where)
        hands[seat_text] = tuple(r.text(hand, tag) for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))  # type: ignore[assignment]
    deal = deal_from_hands(hands, where)
    board = by_number.get(number)
    if board is None:
        board = BoardRecord(number=number, where=where)
        record.boards.append(board)
        by_number[number] = board
    board.deal = deal


def _detect_scale(record: SessionRecord) -> str:
    """EBU (2 per beat, top 2(n-1)) or ACBL (1 per beat, top n-1), from the published match points.

    Only boards where every line is a real score tell: there NS + EW is the board's top on every line.
    """
    if record.scoring != "mp":
        return "ebu"
    for board in record.boards:
        scored = [x for x in board.lines if x.kind == "played"]
        if len(scored) < 2 or len(scored) != len(board.lines):
            continue
        if any(x.ns_points is None or x.ew_points is None for x in scored):
            continue
        ns_points, ew_points = scored[0].ns_points, scored[0].ew_points
        assert ns_points is not None and ew_points is not None  # every line has both: checked just above
        top = ns_points + ew_points
        n = len(scored)
        if abs(top - 2 * (n - 1)) < 0.011:
            return "ebu"
        if abs(top - (n - 1)) < 0.011:
            return "acbl"
    return "ebu"


def _ascii_int(text: str) -> int:
    """A score in ASCII digits (optionally signed); ValueError for anything else ("²", "٣", "1e3")."""
    value = ascii_int(text.lstrip("+"))
    if value is None:
        raise ValueError(text)
    return value
