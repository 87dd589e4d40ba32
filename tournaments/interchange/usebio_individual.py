"""USEBIO individual events (``EVENT_TYPE="INDIVIDUAL"``): players instead of pairs, four seats on a traveller line.

The element names are the ones open-source USEBIO readers take (no USEBIO 1.2 DTD and no published individual file
is among the project's reference texts, so none is invented here):

- the players are ``PARTICIPANTS/PLAYER`` with ``PLAYER_NUMBER``, ``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``,
  ``PLACE`` and ``PERCENTAGE`` or ``TOTAL_SCORE`` (marcshearer/ImportUsebio, ``ImportUsebio/Shared/Usebio
  Parser.swift``; marcshearer/BridgeScore, ``BridgeScore/Main App/Import Usebio.swift``);
- a traveller line names its four players by ``N_PLAYER_NUMBER``, ``S_PLAYER_NUMBER``, ``E_PLAYER_NUMBER`` and
  ``W_PLAYER_NUMBER`` (the ``TravellerLine`` type of a TypeScript USEBIO reader found by the code search, whose
  repository the index does not name).

Those readers take a PLAYER's elements in any order; the order we write is ours (:mod:`.usebio_structure`).
Bridgedesk scores an individual by its partnerships, as its own individuals are scored
(``tournaments/sessions/services/individuals.py``): a line's N-S are the partnership ``"N-S"`` ("8-1", North
first), its E-W ``"E-W"``; a player's standing adds their partnerships up.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.core.text import is_digits
from tournaments.movements.types import participants

from .errors import InterchangeError
from .records import BoardRecord, IndividualRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord
from .safexml import Element
from .usebio_boards import MAX_NUMBER, Reader, master_points

__all__ = ["SEAT_TAGS", "check_seats", "line_sides", "read_players"]

SEAT_TAGS = (("N", "N_PLAYER_NUMBER"), ("S", "S_PLAYER_NUMBER"), ("E", "E_PLAYER_NUMBER"), ("W", "W_PLAYER_NUMBER"))


def read_players(r: Reader, body: Element, where: str) -> list[IndividualRecord]:
    """The PLAYERs an individual event lists, with the standings the file publishes."""
    participants_element = body.find("PARTICIPANTS")
    if participants_element is None:
        message = _("the %(tag)s has no PARTICIPANTS: the players are missing.") % {"tag": body.tag}
        raise InterchangeError(message, where)
    players: list[IndividualRecord] = []
    seen: dict[int, IndividualRecord] = {}
    for element in participants_element:
        if element.tag != "PLAYER":
            if element.tag in ("PAIR", "TEAM"):
                message = _("an individual event lists PLAYERs, not %(tag)ss.") % {"tag": element.tag}
                raise InterchangeError(message, r.where(element, element.tag))
            continue
        number_text = r.text(element, "PLAYER_NUMBER")
        here = r.where(element, f"PLAYER {number_text or len(players) + 1}")
        if not is_digits(number_text) or not 1 <= int(number_text) <= MAX_NUMBER:
            what = {"value": number_text, "most": MAX_NUMBER}
            raise InterchangeError(_("PLAYER_NUMBER %(value)r is not a player number (1 to %(most)s).") % what, here)
        number = int(number_text)
        if number in seen:
            what = {"number": number, "earlier": seen[number].where}
            raise InterchangeError(_("player %(number)s is listed twice (also %(earlier)s).") % what, here)
        seen[number] = IndividualRecord(
            number=number,
            name=r.text(element, "PLAYER_NAME"),
            national_id=r.text(element, "NATIONAL_ID_NUMBER"),
            club_id=r.text(element, "CLUB_ID_NUMBER"),
            total=r.number(element, "TOTAL_SCORE", here),
            percentage=r.number(element, "PERCENTAGE", here),
            place=r.text(element, "PLACE"),
            master_points=master_points(r.text(element, "MASTER_POINTS_AWARDED"), here),
            master_point_type=r.text(element, "MASTER_POINT_TYPE")[:16],
            where=here,
        )
        players.append(seen[number])
    if not players:
        where_list = r.where(participants_element, "PARTICIPANTS")
        raise InterchangeError(_("PARTICIPANTS lists no PLAYER: the players are missing."), where_list)
    return players


def line_sides(
    r: Reader, element: Element, record: SessionRecord, pairs: dict[str, PairRecord], where: str
) -> tuple[str, str]:
    """The partnerships (``"8-1"``, ``"4-5"``) a traveller line's four players make, added to the record's pairs
    the first time they sit; the same two players the other way round (``"1-8"``) are the same partnership."""
    known = {p.number: p for p in record.players}
    seats: dict[str, int] = {}
    for seat, tag in SEAT_TAGS:
        text = r.text(element, tag)
        if not is_digits(text) or int(text) not in known:
            what = {"tag": tag, "value": text}
            if not text:
                message = _("the line needs the four players' numbers; %(tag)s is missing.") % what
            else:
                message = _("%(tag)s %(value)r is not a player among the PARTICIPANTS.") % what
            raise InterchangeError(message, where)
        seats[seat] = int(text)
    if len(set(seats.values())) != 4:
        raise InterchangeError(_("a player sits in two seats on this line."), where)
    labels = []
    for first, second in ((seats["N"], seats["S"]), (seats["E"], seats["W"])):
        label, other = f"{first}-{second}", f"{second}-{first}"
        if other in pairs:
            label = other
        elif label not in pairs:
            players = [known[first], known[second]]
            pair = PairRecord(
                label=label,
                number=len(record.pairs) + 1,
                players=[PlayerRecord(p.name, p.national_id, p.club_id) for p in players],
                where=where,
            )
            record.pairs.append(pair)
            pairs[label] = pair
        labels.append(label)
    return labels[0], labels[1]


def check_seats(board: BoardRecord, line: LineRecord) -> None:
    """A player plays a board once: a line that seats a player already on the board's traveller is refused."""
    mine = set(participants(line.ns_pair) + participants(line.ew_pair))
    for earlier in board.lines:
        both = mine & set(participants(earlier.ns_pair) + participants(earlier.ew_pair))
        if both:
            what = {"player": min(both, key=int), "earlier": earlier.where}
            raise InterchangeError(_("player %(player)s plays this board twice (also %(earlier)s).") % what, line.where)
