"""Reading a USEBIO teams event (``EVENT_TYPE="TEAMS"``): the teams, each match and both rooms' result per board.

What is read (docs/interchange.md, "USEBIO teams events"): ``PARTICIPANTS/TEAM`` (``TEAM_NUMBER``, ``TEAM_NAME``,
``PLAYER``\\s, published ``TOTAL_SCORE`` and ``PLACE``) and one ``MATCH`` per match (``ROUND_NUMBER``,
``TABLE_NUMBER``, ``HOME_TEAM_NUMBER``/``AWAY_TEAM_NUMBER``, the published ``HOME_IMPS``/``AWAY_IMPS`` and
``HOME_VPS``/``AWAY_VPS``), each with its ``BOARD``\\s: a ``TRAVELLER_LINE`` per room (``ROOM`` 1/2 or
OPEN/CLOSED, or the room told by ``NS_TEAM_NUMBER``: the home team sits N-S in room 1) with its N-S ``SCORE`` and
the published ``NS_IMPS``/``EW_IMPS``. The ``EVENT/SESSION`` nesting is read as well as the flat form.

A board, or a whole match, that cannot be read is left out with the reason and its line in the file; the file is
refused only when no match can be read. Only plain values come out (no Django): the teams write gateway stores
them and :mod:`.teams_compare` sets the published figures against ours.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.core.text import ascii_int, is_digits

from .errors import InterchangeError
from .records import SessionRecord
from .safexml import Element, line_of, parse_xml
from .usebio_boards import Reader, read_handset

MAX_TEAM = 999  # team numbers (TeamEvent holds up to 32767; no event has a thousand teams)
MAX_SCORE = 7600  # the teams gateway's bound on an N-S score
ROOMS = {"1": 1, "OPEN": 1, "O": 1, "2": 2, "CLOSED": 2, "C": 2}
TEAMS_EVENT_TYPES = ("TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR")
# BOARD_SCORING_METHOD of a teams file -> TeamEvent.Scoring (plain strings: no Django here). POINT_A_BOARD is
# USEBIO's board-a-match; no value naming Patton was found in a USEBIO reader, so PATTON is taken as written.
SCORING_FORMS = {
    "": "imps",
    "IMPS": "imps",
    "IMP": "imps",
    "POINT_A_BOARD": "bam",
    "BAM": "bam",
    "PATTON": "patton",
    "AGGREGATE": "total",  # total points: each team's net scores added up (scoring.aggregate)
}
DETAIL_TAGS = {"contract": ("CONTRACT", 12), "declarer": ("PLAYED_BY", 1), "lead": ("LEAD", 3), "tricks": ("TRICKS", 2)}


@dataclass(slots=True)
class TeamRecord:
    number: int
    name: str
    players: list[str]
    total: float | None = None  # the published total (VPs)
    place: str = ""
    where: str = ""
    player_numbers: list[str] = field(default_factory=list)  # each player's NATIONAL_ID_NUMBER ("" for none)


@dataclass(slots=True)
class MatchBoardRecord:
    """A board of a match as the file gives it: both rooms' N-S scores and the home team's published IMPs."""

    number: int
    room1_ns: int
    room2_ns: int
    home_imps: float | None  # the file's net IMPs to the home team on this board (None: not published)
    where: str = ""
    rooms: dict[str, dict[str, str]] = field(default_factory=dict)  # "1"/"2": contract, declarer, lead, tricks
    deal: str = ""  # the hand record (PBN deal) from the file's HANDSET, by the file's board number


@dataclass(slots=True)
class MatchRecord:
    round: int
    table: int
    home: int
    away: int
    boards: list[MatchBoardRecord] = field(default_factory=list)
    home_imps: float | None = None
    away_imps: float | None = None
    home_vps: float | None = None
    away_vps: float | None = None
    where: str = ""


@dataclass(slots=True)
class TeamsRecord:
    """A teams event read from a file: plain values and the notes on what was left out."""

    name: str = ""
    date: str = ""
    program: str = ""
    scoring_form: str = "imps"  # TeamEvent.Scoring's value, from BOARD_SCORING_METHOD
    teams: list[TeamRecord] = field(default_factory=list)
    matches: list[MatchRecord] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _where(element: Element, path: str) -> str:
    line = line_of(element)
    return f"line {line}, {path}" if line else path


def _text(element: Element, *tags: str) -> str:
    """The first of ``tags`` that ``element`` has, stripped ("" when none)."""
    for tag in tags:
        found = element.find(tag)
        if found is not None and found.text is not None and found.text.strip():
            return found.text.strip()
    return ""


def _number(element: Element, tag: str, where: str) -> float | None:
    raw = _text(element, tag)
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise InterchangeError(
            _("%(tag)s %(raw)s is not a number.") % {"tag": tag, "raw": repr(raw[:20])}, where
        ) from None
    if value != value or abs(value) > 1e6:  # NaN or absurd
        raise InterchangeError(
            _("%(tag)s %(raw)s is not a number of IMPs or VPs.") % {"tag": tag, "raw": repr(raw[:20])}, where
        )
    return value


def _whole(element: Element, tag: str, where: str, low: int, high: int) -> int:
    raw = _text(element, tag)
    if not is_digits(raw) or not low <= int(raw) <= high:
        raise InterchangeError(
            _("%(tag)s %(raw)s must be a whole number from %(low)s to %(high)s.")
            % {"tag": tag, "raw": repr(raw[:20]), "low": low, "high": high},
            where,
        )
    return int(raw)


def is_teams_file(data: bytes | str) -> bool:
    """Whether a USEBIO file's EVENT is a teams event (the import routes it here); False for anything unreadable."""
    try:
        root = parse_xml(data)
    except InterchangeError:
        return False
    event = root.find("EVENT")
    return event is not None and event.get("EVENT_TYPE", "").strip().upper() in TEAMS_EVENT_TYPES


def read_usebio_teams(data: bytes | str) -> TeamsRecord:
    """Read a USEBIO teams file; InterchangeError (with the place) when nothing readable is left."""
    root = parse_xml(data)
    if root.tag != "USEBIO":
        raise InterchangeError(
            _("the root element is <%(tag)s>, not <USEBIO>.") % {"tag": root.tag}, _where(root, root.tag)
        )
    events = root.findall("EVENT")
    if len(events) != 1:
        raise InterchangeError(
            _("the file holds %(count)s EVENTs; a teams file holds one.") % {"count": len(events)},
            _where(root, "USEBIO"),
        )
    event = events[0]
    kind = event.get("EVENT_TYPE", "").strip().upper()
    if kind not in TEAMS_EVENT_TYPES:
        raise InterchangeError(
            _("EVENT_TYPE %(value)s is not a teams event.") % {"value": kind or "(none)"}, _where(event, "EVENT")
        )
    record = TeamsRecord(
        name=_text(event, "EVENT_DESCRIPTION", "TITLE"),
        date=_text(event, "DATE"),
        program=" ".join(x for x in (_text(event, "PROGRAM_NAME"), _text(event, "PROGRAM_VERSION")) if x),
    )
    record.scoring_form = _scoring_form(event)
    sessions = [[event], *([x, *x.findall("SECTION")] for x in event.findall("SESSION"))]
    record.teams = _read_teams([body for group in sessions for body in group], _where(event, "EVENT"))
    numbers = {t.number for t in record.teams}
    refused: list[InterchangeError] = []
    for group in sessions:
        read: list[MatchRecord] = []
        for element in (m for body in group for m in body.findall("MATCH")):
            try:
                read.append(_read_match(element, len(record.matches) + len(read) + len(refused) + 1, numbers, record))
            except InterchangeError as exc:
                refused.append(exc)
                record.warnings.append(
                    _("%(where)s: %(message)s The match was left out.") % {"where": exc.where, "message": exc.message}
                )
        _continue_rounds(record, read, group[0])
    _check_meetings(record)
    _attach_deals(root, record)
    if not record.matches:
        if refused:
            raise refused[0]
        raise InterchangeError(_("the EVENT has no MATCH with results."), _where(event, "EVENT"))
    return record


def _scoring_form(event: Element) -> str:
    """The teams event's scoring from BOARD_SCORING_METHOD (IMPs when it is not given); a value Bridgedesk does not
    know is refused rather than guessed."""
    method = _text(event, "BOARD_SCORING_METHOD").upper()
    if method in SCORING_FORMS:
        return SCORING_FORMS[method]
    message = _(
        "BOARD_SCORING_METHOD %(value)s is not one Bridgedesk knows for teams (IMPS, POINT_A_BOARD, PATTON, AGGREGATE)."
    ) % {"value": method}
    raise InterchangeError(message, _where(event, "EVENT"))


def _read_teams(bodies: list[Element], where: str) -> list[TeamRecord]:
    teams: dict[int, TeamRecord] = {}
    for body in bodies:
        participants = body.find("PARTICIPANTS")
        for element in [] if participants is None else participants.findall("TEAM"):
            place = _where(element, f"TEAM {_text(element, 'TEAM_NUMBER') or len(teams) + 1}")
            number = _whole(element, "TEAM_NUMBER", place, 1, MAX_TEAM)
            if number in teams:
                raise InterchangeError(
                    _("team %(number)s is listed twice (also %(where)s).")
                    % {"number": number, "where": teams[number].where},
                    place,
                )
            named = [
                (" ".join(_text(p, "PLAYER_NAME").split())[:80], _text(p, "NATIONAL_ID_NUMBER")[:20])
                for p in element.findall("PLAYER")
            ]
            named = [(name, player_number) for name, player_number in named if name]
            teams[number] = TeamRecord(
                number=number,
                name=" ".join(_text(element, "TEAM_NAME").split())[:80],
                players=[name for name, _n in named],
                total=_number(element, "TOTAL_SCORE", place),
                place=_text(element, "PLACE")[:10],
                where=place,
                player_numbers=[n for _name, n in named] if any(n for _name, n in named) else [],
            )
    if len(teams) < 2:
        pairs = any(p.find("PAIR") is not None for b in bodies for p in b.findall("PARTICIPANTS"))
        also = " (it lists PAIRs: is EVENT_TYPE right?)" if pairs else ""
        raise InterchangeError(
            _("a teams event's PARTICIPANTS must list at least two TEAMs%(also)s.") % {"also": also}, where
        )
    return [teams[n] for n in sorted(teams)]


def _read_match(element: Element, index: int, numbers: set[int], record: TeamsRecord) -> MatchRecord:
    where = _where(element, f"MATCH {index}")
    match = MatchRecord(
        round=_whole(element, "ROUND_NUMBER", where, 1, 60),
        table=_whole(element, "TABLE_NUMBER", where, 1, 500) if _text(element, "TABLE_NUMBER") else 0,
        home=_whole(element, "HOME_TEAM_NUMBER", where, 1, MAX_TEAM),
        away=_whole(element, "AWAY_TEAM_NUMBER", where, 1, MAX_TEAM),
        home_imps=_number(element, "HOME_IMPS", where),
        away_imps=_number(element, "AWAY_IMPS", where),
        home_vps=_number(element, "HOME_VPS", where),
        away_vps=_number(element, "AWAY_VPS", where),
        where=where,
    )
    for number, side in ((match.home, "HOME"), (match.away, "AWAY")):
        if number not in numbers:
            raise InterchangeError(
                _("%(side)s_TEAM_NUMBER %(number)s is not among the PARTICIPANTS.") % {"side": side, "number": number},
                where,
            )
    if match.home == match.away:
        raise InterchangeError(_("team %(home)s cannot play against itself.") % {"home": match.home}, where)
    seen: set[int] = set()
    for board_element in element.findall("BOARD"):
        try:
            board = _read_board(board_element, match)
            if board.number in seen:
                raise InterchangeError(
                    _("board %(number)s is given twice in this match.") % {"number": board.number}, board.where
                )
        except InterchangeError as exc:
            record.warnings.append(
                _("%(where)s: %(message)s The board was left out.") % {"where": exc.where, "message": exc.message}
            )
            continue
        seen.add(board.number)
        match.boards.append(board)
    if not match.boards:
        raise InterchangeError(_("the match has no board with both rooms' results."), where)
    match.boards.sort(key=lambda b: b.number)
    if len(match.boards) > 64:
        raise InterchangeError(
            _("the match has %(count)s boards; a match has at most 64.") % {"count": len(match.boards)}, where
        )
    return match


def _read_board(element: Element, match: MatchRecord) -> MatchBoardRecord:
    where = _where(element, f"{match.where.split(', ')[-1]}, BOARD {_text(element, 'BOARD_NUMBER') or '?'}")
    number = _whole(element, "BOARD_NUMBER", where, 1, 9999)
    rooms: dict[int, tuple[int, float | None]] = {}
    details: dict[str, dict[str, str]] = {}
    for index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        line_where = _where(line, f"BOARD {number}, TRAVELLER_LINE {index}")
        room = _room(line, match, line_where)
        if room in rooms:
            raise InterchangeError(_("room %(room)s is given twice.") % {"room": room}, line_where)
        rooms[room] = (_score(line, line_where), _line_imps(line, room, line_where))
        said = {k: _text(line, tag)[:most] for k, (tag, most) in DETAIL_TAGS.items()}
        said["declarer"] = said["declarer"].upper()  # "North" and "N" alike: the seat's letter
        details[str(room)] = {k: v for k, v in said.items() if v}
    missing = [str(r) for r in (1, 2) if r not in rooms]
    if missing:
        raise InterchangeError(_("room %(items)s has no TRAVELLER_LINE.") % {"items": " and ".join(missing)}, where)
    published = rooms[1][1] if rooms[1][1] is not None else rooms[2][1]
    return MatchBoardRecord(number, rooms[1][0], rooms[2][0], published, where, {k: v for k, v in details.items() if v})


def _room(line: Element, match: MatchRecord, where: str) -> int:
    """The room from ROOM, or from which team sits N-S (home N-S in room 1, away N-S in room 2)."""
    raw = _text(line, "ROOM").upper()
    if raw:
        if raw not in ROOMS:
            raise InterchangeError(_("ROOM %(raw)s must be 1, 2, OPEN or CLOSED.") % {"raw": repr(raw[:20])}, where)
        return ROOMS[raw]
    ns = _text(line, "NS_TEAM_NUMBER", "NS_PAIR_NUMBER")
    if ns == str(match.home):
        return 1
    if ns == str(match.away):
        return 2
    raise InterchangeError(
        _("the line names no ROOM and its N-S team %(ns)s is not in the match.") % {"ns": repr(ns[:20])}, where
    )


def _score(line: Element, where: str) -> int:
    raw = _text(line, "SCORE").lstrip("+")
    value = ascii_int(raw) if raw else None
    if value is None:
        raise InterchangeError(
            _("SCORE %(raw)s is not an N-S score (420, -50, 0 for passed out).") % {"raw": repr(raw[:20])}, where
        )
    if abs(value) > MAX_SCORE or value % 10:
        raise InterchangeError(
            _("SCORE %(value)s is not a bridge score (a multiple of 10, at most %(most)s).")
            % {"value": value, "most": MAX_SCORE},
            where,
        )
    return value


def _line_imps(line: Element, room: int, where: str) -> float | None:
    """The home team's net IMPs from a line's NS_IMPS/EW_IMPS (home sits N-S in room 1, E-W in room 2)."""
    ns, ew = _number(line, "NS_IMPS", where), _number(line, "EW_IMPS", where)
    if ns is None and ew is None:
        return None
    net = (ns or 0.0) - (ew or 0.0)
    return net if room == 1 else -net


def _continue_rounds(record: TeamsRecord, read: list[MatchRecord], session: Element) -> None:
    """A SESSION whose rounds start again at 1 continues the rounds before it (its round 1 follows their last)."""
    last = max((m.round for m in record.matches), default=0)
    if read and last and min(m.round for m in read) <= last:
        for match in read:
            match.round += last
        record.warnings.append(
            _("%(_where)s: its rounds start again; they are read as rounds %(value)s on.")
            % {"_where": _where(session, "SESSION"), "value": last + 1}
        )
    record.matches.extend(read)


def _check_meetings(record: TeamsRecord) -> None:
    """A team plays once a round: a later match that says otherwise is left out with the reason."""
    kept: list[MatchRecord] = []
    busy: dict[tuple[int, int], MatchRecord] = {}
    for match in record.matches:
        clash = next((busy[(match.round, t)] for t in (match.home, match.away) if (match.round, t) in busy), None)
        if clash is not None:
            record.warnings.append(
                _(
                    "%(where)s: a team of this match already plays in round %(round)s (%(where2)s). "
                    "The match was left out."
                )
                % {"where": match.where, "round": match.round, "where2": clash.where}
            )
            continue
        busy[(match.round, match.home)] = busy[(match.round, match.away)] = match
        kept.append(match)
    record.matches = kept


def _attach_deals(root: Element, record: TeamsRecord) -> None:
    """The HANDSET's hand records on the match boards of the same (file) number; one that cannot be read is left
    out with the reason (the pairs reader's rules: voids as -, an em dash or empty, 10 for the ten)."""
    hands = SessionRecord()
    read_handset(Reader(), root, hands)  # the pairs reader's, shared
    record.warnings.extend(hands.warnings)
    deals = {b.number: b.deal for b in hands.boards if b.deal}
    for match in record.matches:
        for board in match.boards:
            board.deal = deals.get(board.number, "")
