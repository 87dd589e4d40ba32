"""Writing a teams event as USEBIO (``EVENT_TYPE="TEAMS"``): only the elements :mod:`.usebio_teams` reads, which are
those of the public readers it cites (docs/interchange.md, "USEBIO teams events"), so our own file reads back
the same. Plain values in (a :class:`TeamsRecord`), no Django: the exporter fills the record from an event."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .records import BoardRecord
from .usebio_teams import DETAIL_TAGS, MatchBoardRecord, MatchRecord, TeamsRecord
from .usebio_writer import _number, _sub, _write_handset

# TeamEvent.Scoring value -> BOARD_SCORING_METHOD (the values the reader maps back).
METHOD_OF = {"imps": "IMPS", "bam": "POINT_A_BOARD", "patton": "PATTON", "total": "AGGREGATE"}


def write_usebio_teams(record: TeamsRecord) -> bytes:
    """A USEBIO 1.2 teams file: the teams with their players and published standing, each match with both
    rooms' line per board (the home team N-S in room 1) and its IMPs and VPs, then the hand records."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "TEAMS"})
    _sub(event, "EVENT_DESCRIPTION", record.name)
    _sub(event, "PROGRAM_NAME", record.program or "Bridgedesk")
    _sub(event, "DATE", record.date)
    _sub(event, "BOARD_SCORING_METHOD", METHOD_OF.get(record.scoring_form, "IMPS"))
    participants = _sub(event, "PARTICIPANTS")
    for team in record.teams:
        element = _sub(participants, "TEAM")
        _sub(element, "TEAM_NUMBER", str(team.number))
        _sub(element, "TEAM_NAME", team.name)
        if team.total is not None:
            _sub(element, "TOTAL_SCORE", _number(team.total))
        if team.place:
            _sub(element, "PLACE", team.place)
        for i, name in enumerate(team.players):
            player = _sub(element, "PLAYER")
            _sub(player, "PLAYER_NAME", name)
            if i < len(team.player_numbers) and team.player_numbers[i]:
                _sub(player, "NATIONAL_ID_NUMBER", team.player_numbers[i])
    for match in record.matches:
        _write_match(event, match)
    _write_deals(root, record)
    ET.indent(root, space=" ")
    body: bytes = ET.tostring(root, encoding="utf-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


def _write_match(event: ET.Element, match: MatchRecord) -> None:
    element = _sub(event, "MATCH")
    _sub(element, "ROUND_NUMBER", str(match.round))
    _sub(element, "TABLE_NUMBER", str(match.table))
    _sub(element, "HOME_TEAM_NUMBER", str(match.home))
    _sub(element, "AWAY_TEAM_NUMBER", str(match.away))
    for tag, value in (
        ("HOME_IMPS", match.home_imps), ("AWAY_IMPS", match.away_imps),
        ("HOME_VPS", match.home_vps), ("AWAY_VPS", match.away_vps),
    ):  # fmt: skip
        if value is not None:
            _sub(element, tag, _number(value))
    for board in match.boards:
        _write_board(element, board, match)


def _write_board(match_element: ET.Element, board: MatchBoardRecord, match: MatchRecord) -> None:
    """Room 1 has the home team N-S, room 2 the away team; each line's IMPs are its N-S side's (room 2's
    N-S is the away team, so the home team's net IMPs go to its E-W)."""
    element = _sub(match_element, "BOARD")
    _sub(element, "BOARD_NUMBER", str(board.number))
    for room, ns_team, score in ((1, match.home, board.room1_ns), (2, match.away, board.room2_ns)):
        line = _sub(element, "TRAVELLER_LINE")
        _sub(line, "ROOM", str(room))
        _sub(line, "NS_TEAM_NUMBER", str(ns_team))
        said = board.rooms.get(str(room), {})
        for key, (tag, _most) in DETAIL_TAGS.items():
            if said.get(key):
                _sub(line, tag, said[key])
        _sub(line, "SCORE", str(score))
        if board.home_imps is not None:
            ns = board.home_imps if room == 1 else -board.home_imps
            _sub(line, "NS_IMPS", _number(max(ns, 0.0)))
            _sub(line, "EW_IMPS", _number(max(-ns, 0.0)))


def _write_deals(root: ET.Element, record: TeamsRecord) -> None:
    """The HANDSET: one hand record a file board number; a number dealt differently in two matches is left out
    (the HANDSET names a board by its number only), as the pairs writer does."""
    deals: dict[int, str] = {}
    clash: set[int] = set()
    for match in record.matches:
        for board in match.boards:
            if board.deal and deals.setdefault(board.number, board.deal) != board.deal:
                clash.add(board.number)
    _write_handset(root, [BoardRecord(number=n, deal=deals[n]) for n in sorted(deals) if n not in clash])
