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

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import own_data
from .errors import InterchangeError, located
from .records import PairRecord, PlayerRecord, ScoringMethod, SessionRecord
from .safexml import Element, parse_xml_pis
from .usebio_boards import MAX_NUMBER, PAIR_REF, POINT_TAGS, Reader, master_points, read_boards, read_handset
from .usebio_individual import check_seats, line_sides, read_players
from .usebio_section import sections_of

__all__ = ["BOARD_SCORING_OF", "EVENT_TYPE_OF", "MAX_NUMBER", "POINT_TAGS", "read_usebio", "read_usebio_sections"]

EVENT_TYPES: dict[str, ScoringMethod] = {
    "MP_PAIRS": "mp",
    "BUTLER_PAIRS": "butler",
    "CROSS_IMP_PAIRS": "cross_imps",
    "CROSS_IMP": "cross_imps",  # what Compscore3 writes for cross-IMP pairs
}
# Total points has no event type of its own: it goes out as USEBIO 1.1/1.2's generic PAIRS with AGGREGATE.
EVENT_TYPE_OF: dict[str, str] = {
    "mp": "MP_PAIRS",
    "butler": "BUTLER_PAIRS",
    "cross_imps": "CROSS_IMP",
    "total": "PAIRS",
}
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
    "AGGREGATE": "total",  # total points: a pair's own scores added up (scoring.aggregate)
}
# What we write as BOARD_SCORING_METHOD (an individual's, and a total-points pairs event's; read back by BOARD_SCORING).
BOARD_SCORING_OF: dict[str, str] = {
    "mp": "MATCH_POINTS",
    "butler": "BUTLER",
    "cross_imps": "CROSS_IMPS",
    "total": "AGGREGATE",
}
_DIRECTIONS = {"NS": "NS", "N": "NS", "S": "NS", "EW": "EW", "E": "EW", "W": "EW", "": ""}


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
    """Read a USEBIO file of one section (pairs: MP, Butler, cross-IMPs, total points) into a :class:`SessionRecord`."""
    records = read_usebio_sections(data)
    if len(records) > 1:
        names = ", ".join(r.section for r in records)
        message = _(
            "the session has %(count)s SECTIONs (%(names)s); one section is read here (the import page takes a file "
            "of several)."
        )
        raise InterchangeError(message % {"count": len(records), "names": names}, records[1].where)
    return records[0]


def read_usebio_sections(data: bytes | str, session: int = 0) -> list[SessionRecord]:
    """Read one SESSION of a USEBIO file (the first unless ``session`` says) into one :class:`SessionRecord` per
    SECTION (one for the flat form), each scored apart; a section that cannot be read is left out with the reason
    (a note on the others), unless none can be read."""
    root, pis = parse_xml_pis(data)
    r = Reader()
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
        read_handset(r, root, record)
        record.mp_scale = _detect_scale(record)
        records.append(record)
    if not records:
        raise refused[0][1]
    records[0].warnings[:0] = head.warnings
    for letter, problem in refused:
        note = _("%(problem)s SECTION %(letter)s was left out.") % {"problem": problem.message, "letter": letter}
        records[0].warnings.append(located(problem.where, note))
    if len(records) == 1 and not refused:
        records[0].section = ""
    for target, text, line in pis:
        if target == own_data.PI_TARGET:
            own_data.apply_payload(records[0], text, f"line {line}, <?{target}?>")
    return records


def _read_event(r: Reader, root: Element) -> tuple[Element, SessionRecord]:
    """The one EVENT and what it says for all its sections: club, scoring, names, date, program."""
    if root.tag != "USEBIO":
        message = _("this XML file is not a USEBIO results file: its root element is <%(root)s>, not <USEBIO>.")
        raise InterchangeError(message % {"root": root.tag}, r.where(root, root.tag))
    version = root.get("Version", "")
    record = SessionRecord()
    if version and not version.startswith("1."):
        record.warnings.append(
            _("USEBIO version %(version)s; this reader knows 1.2, and read it as such.") % {"version": version}
        )
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
        message = ngettext(
            "the file holds %(count)s event; import them one file at a time.",
            "the file holds %(count)s events; import them one file at a time.",
            len(events),
        )
        raise InterchangeError(message % {"count": len(events)}, r.where(events[1], "EVENT 2"))
    event = events[0]
    event_where = r.where(event, "EVENT")
    record.individual = event.get("EVENT_TYPE", "").strip().upper() == "INDIVIDUAL"
    record.scoring = _scoring(r, event, event_where, record.warnings)
    record.event_id = r.text(event, "EVENT_IDENTIFIER")
    record.event_name = r.text(event, "EVENT_DESCRIPTION")
    record.title = r.text(event, "TITLE")
    record.program = " ".join(x for x in (r.text(event, "PROGRAM_NAME"), r.text(event, "PROGRAM_VERSION")) if x)
    record.date = _parse_date(r.text(event, "DATE"), event_where)
    record.master_point_type = r.text(event, "MASTER_POINT_TYPE")
    record.master_point_scale = r.text(event, "MASTER_POINT_SCALE")
    record.p2p_charge_rate = r.text(event, "P2P_CHARGE_RATE")
    winner_text = r.text(event, "WINNER_TYPE")
    if winner_text and winner_text not in ("1", "2"):
        message = _("WINNER_TYPE %(value)r must be 1 (one field) or 2 (NS and EW).") % {"value": winner_text}
        raise InterchangeError(message, event_where)
    return event, record


def _read_section(r: Reader, body: Element, record: SessionRecord, event: Element) -> None:
    """One section's pairs (one field or two, as WINNER_TYPE and the directions say) and travellers."""
    if record.individual:
        _read_individual(r, body, record)
        return
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
            what = {"pair": pair.label, "earlier": seen[pair.label].where}
            raise InterchangeError(_("pair %(pair)s is listed twice (also %(earlier)s).") % what, pair.where)
        seen[pair.label] = pair
    record.boards = read_boards(r, body, record, seen)


def _read_individual(r: Reader, body: Element, record: SessionRecord) -> None:
    """An individual's players, and travellers whose lines make its partnerships (one field: everyone meets)."""
    record.players = read_players(r, body, r.where(body, body.tag))
    record.winners = 1
    record.pairs = []
    record.boards = read_boards(r, body, record, {}, (line_sides, check_seats))


def _scoring(r: Reader, event: Element, where: str, warnings: list[str]) -> ScoringMethod:
    """The scoring, from EVENT_TYPE (``MP_PAIRS``) or, in the generic form, BOARD_SCORING_METHOD."""
    event_type = event.get("EVENT_TYPE", "").strip().upper()
    if event_type in EVENT_TYPES:
        return EVENT_TYPES[event_type]
    if event_type == "INDIVIDUAL" and not r.text(event, "BOARD_SCORING_METHOD"):
        return "mp"  # as the readers of individual files take it: match-pointed unless the file says otherwise
    if event_type in (*GENERIC_EVENT_TYPES, "INDIVIDUAL"):
        method = r.text(event, "BOARD_SCORING_METHOD").upper().replace(" ", "_")
        if method in BOARD_SCORING:
            if method == "IMPS":
                warnings.append(located(where, _("BOARD_SCORING_METHOD IMPS read as Butler (IMPs against the datum).")))
            return BOARD_SCORING[method]
        message = _(
            "BOARD_SCORING_METHOD %(method)s: Bridgedesk imports pairs scored by MATCH_POINTS, BUTLER (or IMPS), "
            "CROSS_IMPS and AGGREGATE."
        )
        raise InterchangeError(message % {"method": method or _("(none)")}, where)
    if event_type in ("TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR"):
        message = _("this is a teams event (EVENT_TYPE %(type)s); Bridgedesk imports pairs events from USEBIO files.")
        raise InterchangeError(message % {"type": event_type}, where)
    known = ", ".join(sorted({"MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP_PAIRS", "PAIRS", "INDIVIDUAL"}))
    what = {"type": event_type or _("(none)"), "known": known}
    raise InterchangeError(_("unknown event type %(type)s: Bridgedesk imports %(known)s.") % what, where)


def _read_pairs(r: Reader, event: Element, event_where: str) -> list[PairRecord]:
    participants = event.find("PARTICIPANTS")
    if participants is None:
        message = _("the %(tag)s has no PARTICIPANTS: the pairs are missing.") % {"tag": event.tag}
        raise InterchangeError(message, event_where)
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
        match = PAIR_REF.match(number_text)
        if match is None:
            raise InterchangeError(_("PAIR_NUMBER %(value)r is not a pair number.") % {"value": number_text}, where)
        direction_text = r.text(element, "DIRECTION").upper() or (match.group(2) or "").upper()
        if direction_text not in _DIRECTIONS:
            message = _("DIRECTION %(value)r must be NS, EW or empty.") % {"value": direction_text}
            raise InterchangeError(message, where)
        number = int(match.group(1))
        if not 1 <= number <= MAX_NUMBER:
            what = {"most": MAX_NUMBER, "number": number}
            raise InterchangeError(_("pair numbers run from 1 to %(most)s, not %(number)s.") % what, where)
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
                master_points=master_points(r.text(element, "MASTER_POINTS_AWARDED"), where),
                master_point_type=r.text(element, "MASTER_POINT_TYPE"),
            )
        )
    if not pairs:
        raise InterchangeError(
            _("PARTICIPANTS lists no PAIR: the pairs are missing."), r.where(participants, "PARTICIPANTS")
        )
    return pairs


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
