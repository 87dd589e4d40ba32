"""Writing USEBIO 1.2: the element order of the files real scoring programs publish (Compscore3's, checked by
:func:`check_structure` before a file is returned), the 1.2 DOCTYPE, and our own data in a processing instruction."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from tournaments.movements.types import participants

from . import own_data
from .deals import SEAT_NAMES, hands_of
from .records import BoardRecord, LineRecord, SessionRecord
from .usebio import BOARD_SCORING_OF, EVENT_TYPE_OF, POINT_TAGS
from .usebio_individual import SEAT_TAGS
from .usebio_structure import DOCTYPE, check_structure


def _number(value: float) -> str:
    """Points as other programs print them: ``10``, ``4.5``, ``12.33``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _sub(parent: ET.Element, tag: str, text: str = "") -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = text
    return element


def write_usebio(
    record: SessionRecord, *more_sections: SessionRecord, later: Sequence[Sequence[SessionRecord]] = ()
) -> bytes:
    """A USEBIO 1.2 file for the record, element order as the published files, checked before returning.

    With ``more_sections`` (a session of several sections) each record is a ``SESSION/SECTION`` of its own, named
    by its ``section`` letter, as EBUScore and Compscore write a big night; our own data then stays out (it
    describes one section). ``later`` are the event's later sessions, each its sections: a ``SESSION`` each."""
    event_type = "INDIVIDUAL" if record.individual else EVENT_TYPE_OF[record.scoring]
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _sub(root, "CLUB")
    _sub(club, "CLUB_NAME", record.club_name)
    if record.club_id:
        _sub(club, "CLUB_ID_NUMBER", record.club_id)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": event_type})
    _sub(event, "EVENT_IDENTIFIER", record.event_id)
    _sub(event, "EVENT_DESCRIPTION", record.event_name)
    _sub(event, "PROGRAM_NAME", "Bridgedesk")
    _sub(event, "PROGRAM_VERSION", "1.0")
    _sub(event, "WINNER_TYPE", str(record.winners))
    _sub(event, "TITLE", record.title)
    _sub(event, "DATE", record.date.strftime("%d/%m/%Y") if record.date else "")
    if record.master_point_scale:
        _sub(event, "MASTER_POINT_SCALE", record.master_point_scale)
    if record.master_point_type:
        _sub(event, "MASTER_POINT_TYPE", record.master_point_type)
        _sub(event, "MPS_AWARDED_FLAG", "Y")
    sessions = [(record, *more_sections), *(tuple(s) for s in later if s)]
    _sub(event, "SESSION_COUNT", str(len(sessions)))
    _sub(event, "SECTION_COUNT", str(len(sessions[0])))
    if record.p2p_charge_rate:
        _sub(event, "P2P_CHARGE_RATE", record.p2p_charge_rate)
    if record.scoring in ("butler", "cross_imps"):
        _sub(event, "SCORING_METHOD", "IMPS")
    if record.individual or record.scoring == "total":  # total points: PAIRS with AGGREGATE (EVENT_TYPE_OF)
        _sub(event, "BOARD_SCORING_METHOD", BOARD_SCORING_OF[record.scoring])
    if more_sections or len(sessions) > 1:
        for number, parts in enumerate(sessions, start=1):
            session = ET.SubElement(event, "SESSION", {"SESSION_ID": str(number)})
            for part in parts:
                section = ET.SubElement(session, "SECTION", {"SECTION_ID": part.section or "A"})
                _sub(section, "WINNER_TYPE", str(part.winners))
                _write_results(section, part, event_type)
    else:
        _write_results(event, record, event_type)
    _write_handset(root, _one_deal_a_number([part for parts in sessions for part in parts]))
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    own_record = record.rulings is not None and len(sessions) == 1 and not more_sections
    own = f"<?{own_data.PI_TARGET} {own_data.dumps(own_data.payload(record))}?>\n" if own_record else ""
    text = f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n{own}'
    out = text.encode("utf-8")
    check_structure(out)
    return out


def _write_results(parent: ET.Element, record: SessionRecord, event_type: str) -> None:
    """One field's PARTICIPANTS and BOARDs, under the EVENT (one section) or its SECTION."""
    participants = ET.SubElement(parent, "PARTICIPANTS", {"EVENT_TYPE": event_type})
    if record.individual:
        _write_players(participants, record)
    for pair in record.pairs if not record.individual else ():
        element = _sub(participants, "PAIR")
        _sub(element, "PAIR_NUMBER", pair.label)
        _sub(element, "DIRECTION", pair.direction)
        if pair.total is not None:
            _sub(element, "TOTAL_SCORE", f"{pair.total:.2f}")
        if pair.percentage is not None:
            _sub(element, "PERCENTAGE", f"{pair.percentage:.2f}")
        _sub(element, "PLACE", pair.place)
        if pair.master_points is not None:
            _sub(element, "MASTER_POINTS_AWARDED", str(pair.master_points))
            _sub(element, "MASTER_POINT_TYPE", pair.master_point_type or record.master_point_type)
        for player in pair.players:
            p = _sub(element, "PLAYER")
            _sub(p, "PLAYER_NAME", player.name)
            _sub(p, "NATIONAL_ID_NUMBER", player.national_id)
            if player.club_id:
                _sub(p, "CLUB_ID_NUMBER", player.club_id)
    # Total points: a line's points are its SCORE; no reader found names an element for them, so none is written.
    ns_tag, ew_tag = POINT_TAGS[record.scoring] if record.scoring != "total" else ("", "")
    for board in record.boards:
        lines = [x for x in board.lines if _standard(x)]
        if not lines:
            continue
        element = ET.SubElement(parent, "BOARD", {"EVENT_TYPE": event_type})
        _sub(element, "BOARD_NUMBER", str(board.number))
        if record.scoring == "butler" and board.datum is not None:
            _sub(element, "BOARD_AVERAGE", _number(board.datum))
        for line in lines:
            _write_line(element, line, ns_tag, ew_tag)


def _write_players(participants: ET.Element, record: SessionRecord) -> None:
    """An individual's players with their standings (:mod:`.usebio_individual` names where the tags come from)."""
    for player in record.players:
        element = _sub(participants, "PLAYER")
        _sub(element, "PLAYER_NUMBER", str(player.number))
        _sub(element, "PLAYER_NAME", player.name)
        if player.national_id:
            _sub(element, "NATIONAL_ID_NUMBER", player.national_id)
        if player.total is not None:
            _sub(element, "TOTAL_SCORE", f"{player.total:.2f}")
        if player.percentage is not None:
            _sub(element, "PERCENTAGE", f"{player.percentage:.2f}")
        _sub(element, "PLACE", player.place)
        if player.master_points is not None:  # as a PAIR's
            _sub(element, "MASTER_POINTS_AWARDED", str(player.master_points))
            _sub(element, "MASTER_POINT_TYPE", player.master_point_type or record.master_point_type)


def _one_deal_a_number(parts: Sequence[SessionRecord]) -> list[BoardRecord]:
    """The deals for the one HANDSET, by board number; a number dealt differently in two sessions is left out
    (USEBIO's HANDSET names a board by its number only, so it could not say which deal is whose)."""
    deals: dict[int, BoardRecord] = {}
    clash: set[int] = set()
    for part in parts:
        for board in part.boards:
            if board.deal and deals.setdefault(board.number, board).deal != board.deal:
                clash.add(board.number)
    return [deals[n] for n in sorted(deals) if n not in clash]


def _write_handset(root: ET.Element, dealt: list[BoardRecord]) -> None:
    if not dealt:
        return
    handset = _sub(root, "HANDSET")
    for board in dealt:
        element = _sub(handset, "BOARD")
        _sub(element, "BOARD_NUMBER", str(board.number))
        for seat, hand in hands_of(board.deal).items():
            if hand is None:
                continue
            h = _sub(element, "HAND")
            _sub(h, "DIRECTION", SEAT_NAMES[seat])
            for tag, cards in zip(("CLUBS", "DIAMONDS", "HEARTS", "SPADES"), reversed(hand), strict=True):
                _sub(h, tag, cards)


def _standard(line: LineRecord) -> bool:
    """Whether the standard traveller shows the line: not a line not played, nor a weighted one without a top."""
    if line.kind == "weighted":
        return line.ns_percent is not None and line.ew_percent is not None
    return line.kind != "not_played"


def _write_line(parent: ET.Element, line: LineRecord, ns_tag: str, ew_tag: str) -> None:
    element = _sub(parent, "TRAVELLER_LINE")
    if "-" in line.ns_pair:  # an individual's partnerships, "8-1": North's number first
        for (_seat, tag), number in zip(
            SEAT_TAGS, participants(line.ns_pair) + participants(line.ew_pair), strict=True
        ):
            _sub(element, tag, number)
    else:
        _sub(element, "NS_PAIR_NUMBER", line.ns_pair)
        _sub(element, "EW_PAIR_NUMBER", line.ew_pair)
    if line.kind in ("played", "assigned"):
        _sub(element, "CONTRACT", line.contract)
        if line.declarer:
            _sub(element, "PLAYED_BY", line.declarer)
        if line.lead:
            _sub(element, "LEAD", line.lead)
        if line.tricks is not None:
            _sub(element, "TRICKS", str(line.tricks))
        _sub(element, "SCORE", str(line.score if line.score is not None else 0))
    elif line.kind in ("artificial", "weighted"):
        _sub(element, "SCORE", f"A{round(line.ns_percent or 0):02d}{round(line.ew_percent or 0):02d}")
    else:
        _sub(element, "SCORE", "NP")
    if ns_tag and line.ns_points is not None and line.ew_points is not None:
        _sub(element, ns_tag, _number(line.ns_points))
        _sub(element, ew_tag, _number(line.ew_points))
