"""BBO's LIN files to and from :class:`SessionRecord`: hand records, and the tables' results of a traveller.

A LIN file is a stream of ``key|value|`` pairs: ``pn`` the players (South, West, North, East), ``md`` the deal
(the dealer as a digit, 1 South to 4 West-about, then the South, West, North and East hands as ``SAK2HQ..``; the
last may be left out), ``ah`` the board's heading ("Board 7"), ``qx`` the room and board (``o7``), ``sv`` the
vulnerability (``o``/``0`` none, ``n``, ``e``, ``b``), ``mb`` each call (``1S``, ``p``, ``d``, ``r``, with ``!``
for an alert), ``pc`` each card played, ``mc`` the tricks claimed for declarer and ``rs`` the results (``4SN=``,
``3NXE-2``: contract, declarer and tricks over or under; one in a game, or a list at the head of a vugraph file,
one a game in order). One table's deal (a "game")
starts at each ``qx`` or, without one, at each ``md``. The tables' results become traveller lines: the contract
from the auction, declarer as the first of his side to name the strain, tricks from the claim or from the play
counted trick by trick. A game with a play but no auction takes its contract and declarer from its result
(``rs``); without one it is left out with the reason. Pairs are the partnerships the ``pn`` names make.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import scoring
from scoring.bidding import InvalidAuction, check_auction
from scoring.errors import ScoringError
from scoring.play import check_play, play_from_cards

from .deals import SEATS, parse_deal
from .errors import InterchangeError
from .records import BoardRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord

MAX_BYTES = 20 * 1024 * 1024
_LIN_SEATS = "SWNE"  # the order of pn and md, and of the dealer digit 1 to 4
_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_SUITS = "SHDC"
_RANK_ORDER = "23456789TJQKA"
_CALL = re.compile(r"^([1-7])([CDHSN])T?$")
_RESULT = re.compile(r"^([1-7])([CDHSN])T?(XX|X|R|D)?([NESW])(XX|X|R|D)?(=|[+-][0-9]{1,2})?$")


@dataclass
class _Game:
    """One table's play of one board, as the stream gives it."""

    line: int
    names: list[str] = field(default_factory=list)  # South, West, North, East
    deal: str = ""
    dealer: str = ""
    vulnerability: str = ""
    number: int | None = None
    calls: list[str] = field(default_factory=list)
    alerts: set[int] = field(default_factory=set)  # the calls marked "!" (by index)
    cards: list[str] = field(default_factory=list)
    claim: int | None = None
    result: str = ""  # rs: "4SN=", "3NXE-2" (the contract when there is no auction)


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(key, value, line) for every pair in the stream; line breaks inside values are ignored as BBO does."""
    out: list[tuple[str, str, int]] = []
    parts = text.split("|")
    line = 1
    for i in range(0, len(parts) - 1, 2):
        line += parts[i].count("\n")  # a game usually starts a line of its own: "...pg||\nqx|o2|..."
        out.append((parts[i].strip().lower(), parts[i + 1], line))
        line += parts[i + 1].count("\n")
    return out


def _games(text: str) -> list[_Game]:
    games: list[_Game] = []
    current: _Game | None = None
    names: list[str] = []
    head: list[str] = []  # a vugraph file's rs at its head: one result a game, in order
    for key, value, line in _tokens(text):
        if key == "rs" and current is None:
            head = [r.strip() for r in value.split(",")]
            continue
        if key == "pn":
            names = [n.strip() for n in value.split(",")]
            if current is not None and not current.calls and not current.cards:
                current.names = names
            continue
        if key == "qx" or (key == "md" and (current is None or current.deal)):
            current = _Game(line=line, names=list(names))
            games.append(current)
        if current is None:
            continue
        _take(current, key, value, line)
    if len(head) == len(games):
        for game, result in zip(games, head, strict=True):
            game.result = game.result or result
    return games


def _take(game: _Game, key: str, value: str, line: int) -> None:
    where = f"line {line}"
    value = value.strip()
    if key == "qx":  # "o7"; BBO's tournament travellers add the heading: "o7,BOARD 7"
        digits = re.search(r"[0-9]+", value)
        game.number = int(digits.group()) if digits else None
    elif key == "ah":  # "Board 7", "Board 7 (session 2)": the first number
        digits = re.search(r"[0-9]+", value)
        game.number = int(digits.group()) if digits else game.number
    elif key == "md":
        game.dealer, game.deal = _deal(value, where)
    elif key == "sv":
        if value.lower()[:1] not in _VUL:
            raise InterchangeError(
                _("sv %(value)s is not a vulnerability (o, n, e or b).") % {"value": repr(value)}, where
            )
        game.vulnerability = _VUL[value.lower()[:1]]
    elif key == "mb":
        if "!" in value:
            game.alerts.add(len(game.calls))
        game.calls.append(value.split("!")[0].strip().upper())
    elif key == "pc":
        game.cards.append(value.upper().replace("10", "T"))
    elif key == "mc":
        if not value.isdigit() or int(value) > 13:
            raise InterchangeError(
                _("mc %(value)s is not a number of tricks (0 to 13).") % {"value": repr(value)}, where
            )
        game.claim = int(value)
    elif key == "rs":
        game.result = value.split(",")[0].strip()


def _hand(text: str, where: str) -> str:
    """``SAK2HQJDT98C765`` as PBN's ``AK2.QJ.T98.765``."""
    holding: dict[str, str] = dict.fromkeys(_SUITS, "")
    suit = ""
    for ch in text.upper().replace("10", "T"):
        if ch in _SUITS:
            suit = ch
        elif ch in _RANK_ORDER and suit:
            holding[suit] += ch
        elif not ch.isspace():
            raise InterchangeError(
                _("md: %(text)s is not a hand (suits S, H, D, C, each followed by its cards).") % {"text": repr(text)},
                where,
            )
    return ".".join(holding[s] for s in _SUITS)


def _deal(value: str, where: str) -> tuple[str, str]:
    """The dealer's seat and the deal (PBN, North first) of an ``md`` value; the fourth hand may be missing."""
    if not value or value[0] not in "1234":
        raise InterchangeError(
            _("md %(value)s does not start with the dealer (1 to 4).") % {"value": repr(value[:20])}, where
        )
    dealer = _LIN_SEATS[int(value[0]) - 1]
    hands = dict(zip(_LIN_SEATS, (_hand(h, where) for h in value[1:].split(",")), strict=False))
    known = [h for h in hands.values() if h.replace(".", "")]
    if len(known) == 3:  # the last hand is the cards the others do not hold
        missing = next(seat for seat in _LIN_SEATS if not hands.get(seat, "").replace(".", ""))
        hands[missing] = _rest(list(hands.values()))
    if not known:
        return dealer, ""
    text = "N:" + " ".join(hands.get(seat, "-") or "-" for seat in SEATS)
    return dealer, parse_deal(text, where)


def _rest(hands: list[str]) -> str:
    """The hand LIN leaves out: every card the other three do not hold."""
    suits = []
    for i in range(4):
        taken: set[str] = set().union(*(set(h.split(".")[i]) for h in hands if h.replace(".", "")))
        suits.append("".join(r for r in reversed(_RANK_ORDER) if r not in taken))
    return ".".join(suits)


def _contract(calls: list[str], dealer: str, where: str) -> tuple[str, str]:
    """The contract (``4SX``, or ``PASS``) and declarer's seat from the calls, the dealer calling first."""
    seat_order = "NESW"
    first = seat_order.index(dealer)
    last_bid: tuple[int, str, int] | None = None  # level, strain, index of the call
    doubled = ""
    named: dict[tuple[str, str], str] = {}  # (side, strain) -> the first of the side to name it
    for i, call in enumerate(calls):
        seat = seat_order[(first + i) % 4]
        if call in ("P", "PASS"):
            continue
        if call in ("D", "X"):
            doubled = "X"
            continue
        if call in ("R", "XX"):
            doubled = "XX"
            continue
        match = _CALL.match(call)
        if match is None:
            raise InterchangeError(_("mb %(call)s is not a call (1C to 7N, p, d or r).") % {"call": repr(call)}, where)
        strain = "NT" if match.group(2) == "N" else match.group(2)
        side = "NS" if seat in "NS" else "EW"
        named.setdefault((side, strain), seat)
        last_bid, doubled = (int(match.group(1)), strain, i), ""
    if last_bid is None:
        return "PASS", ""
    level, strain, index = last_bid
    side = "NS" if seat_order[(first + index) % 4] in "NS" else "EW"
    return f"{level}{strain}{doubled}", named[(side, strain)]


def _contract_of_result(result: str, where: str) -> tuple[str, str, int | None]:
    """A game's contract, declarer and tricks (None when not said) from its ``rs`` result, for a play with no
    auction: ``4SN=`` is four spades by North made, ``3NXE-2`` three no-trump doubled by East two down."""
    text = result.strip().upper()
    if text in ("P", "PASS", "AP"):
        return "PASS", "", None
    match = _RESULT.match(text)
    if match is None:
        if not text:
            raise InterchangeError(
                _("the play has no auction (mb) and no result (rs) to give the contract and declarer."), where
            )
        raise InterchangeError(
            _("rs %(value)s is not a result such as 4SN= or 3NXE-2 (contract, declarer, tricks).")
            % {"value": repr(result)},
            where,
        )
    level, strain, before, seat, after, over = match.groups()
    doubled = {"X": "X", "D": "X", "XX": "XX", "R": "XX"}.get(before or after or "", "")
    contract = f"{level}{'NT' if strain == 'N' else strain}{doubled}"
    tricks = None if over is None else int(level) + 6 + (0 if over == "=" else int(over))
    if tricks is not None and not 0 <= tricks <= 13:
        raise InterchangeError(_("rs %(value)s gives declarer more than 13 tricks.") % {"value": repr(result)}, where)
    return contract, seat, tricks


def _tricks_played(cards: list[str], declarer: str, strain: str) -> int | None:
    """Declarer's tricks counted from the play, when all 13 tricks were played (else None)."""
    if len(cards) < 52:
        return None
    seat_order = "NESW"
    leader = seat_order[(seat_order.index(declarer) + 1) % 4]
    trumps = "" if strain == "NT" else strain
    won = 0
    for t in range(13):
        trick = cards[4 * t : 4 * t + 4]
        led = trick[0][0]

        def strength(card: str, led: str = led) -> int:
            suit_bonus = 200 if card[0] == trumps else 100 if card[0] == led else 0
            return suit_bonus + _RANK_ORDER.index(card[1])

        winner = max(range(4), key=lambda k: strength(trick[k]))
        leader = seat_order[(seat_order.index(leader) + winner) % 4]
        won += (leader in "NS") == (declarer in "NS")
    return won


def read_lin(data: bytes | str) -> SessionRecord:
    """A LIN file's deals, and its tables' results when it has calls and names."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    games = [g for g in _games(text) if g.deal or g.calls or g.cards]
    if not games:
        raise InterchangeError(_("the file holds no LIN deals (no md|...| with hands)."), "line 1")
    record = SessionRecord(program="BBO")
    boards: dict[int, BoardRecord] = {}
    pairs: dict[tuple[str, str], PairRecord] = {}
    for index, game in enumerate(games, start=1):
        number = game.number or index
        where = f"line {game.line}, Board {number}"
        board = boards.setdefault(number, BoardRecord(number=number, where=where))
        if game.deal and board.deal and board.deal != game.deal:
            record.warnings.append(
                _("%(where)s: dealt differently from an earlier table; that table's deal is kept.") % {"where": where}
            )
        board.deal = board.deal or game.deal
        board.dealer = board.dealer or game.dealer
        board.vulnerability = board.vulnerability or game.vulnerability
        if (game.calls or game.cards) and len(game.names) == 4 and all(game.names):
            _add_line(record, board, game, pairs, where)
    record.boards = [boards[n] for n in sorted(boards)]
    record.pairs = list(pairs.values())
    return record


def _add_line(
    record: SessionRecord, board: BoardRecord, game: _Game, pairs: dict[tuple[str, str], PairRecord], where: str
) -> None:
    """The table's result as a traveller line between the two partnerships its names make (a table whose result
    cannot be told is left out with the reason, and makes no pair)."""
    south, west, north, east = game.names
    keys = [(min(north, south), max(north, south)), (min(east, west), max(east, west))]
    playing = {pairs[k].label for k in keys if k in pairs}
    if any(x.ns_pair in playing or x.ew_pair in playing for x in board.lines):
        record.warnings.append(
            _("%(where)s: a pair plays the board a second time; that table was left out.") % {"where": where}
        )
        return
    told: int | None = None
    try:
        if game.calls:
            contract, declarer = _contract(game.calls, game.dealer or scoring.board_dealer(board.number), where)
        else:
            contract, declarer, told = _contract_of_result(game.result, where)
    except InterchangeError as exc:
        record.warnings.append(
            _("%(where)s: %(message)s That table was left out.") % {"where": exc.where, "message": exc.message}
        )
        return
    tricks: int | None = None
    if contract != "PASS":
        strain = scoring.parse_contract(contract).strain or "NT"
        tricks = game.claim if game.claim is not None else _tricks_played(game.cards, declarer, strain)
        tricks = told if tricks is None else tricks
        if tricks is None:
            record.warnings.append(
                _("%(where)s: the play stops before the end and no claim says the tricks; left out.") % {"where": where}
            )
            return
    for key, names in zip(keys, ((north, south), (east, west)), strict=True):
        if key not in pairs:
            n = len(pairs) + 1
            pairs[key] = PairRecord(label=str(n), number=n, players=[PlayerRecord(x) for x in names], where=where)
    line = LineRecord(ns_pair=pairs[keys[0]].label, ew_pair=pairs[keys[1]].label, contract=contract, where=where)
    line.declarer, line.tricks = declarer, tricks
    line.lead = game.cards[0] if game.cards and contract != "PASS" else ""
    line.auction = _auction(game, game.dealer or scoring.board_dealer(board.number))
    line.play = _play(game, board.deal or game.deal, line)
    board.lines.append(line)


def _play(game: _Game, deal: str, line: LineRecord) -> str:
    """The table's cards as we keep them ("HT H2 ... =9": a claim's ``mc`` is declarer's tricks in all, ours the
    tricks left after the last whole trick), or "" when there are none or they break a rule of play."""
    if len(game.cards) < 4 or line.contract == "PASS":  # no whole trick: the lead alone is kept as the lead
        return ""
    try:
        total = game.claim if game.claim is not None else line.tricks  # rs said the tricks when mc did not
        return play_from_cards(deal, line.contract, line.declarer, game.cards, total).text()
    except ScoringError:
        return ""


def _auction(game: _Game, dealer: str) -> str:
    """The table's calls as we keep them ("1S P 3S! P ..."), or "" when they break a rule or have not ended."""
    typed = " ".join(call + ("!" if i in game.alerts else "") for i, call in enumerate(game.calls))
    try:
        return check_auction(dealer, typed).text()
    except InvalidAuction:
        return ""


_LIN_CALL = {"P": "p", "X": "d", "XX": "r"}


def _auction_game(record: SessionRecord, line: LineRecord, head: str, dealer: str, deal: str) -> str:
    """A table's play of the board for BBO's viewer: its players, the auction (alerts "!"), the cards played
    (``pc``) and the tricks made (``mc``: a claim, declarer's tricks in all)."""
    names = []
    for label, seats in ((line.ns_pair, "NS"), (line.ew_pair, "EW")):
        pair = record.pair(label)
        players = [p.name for p in pair.players] if pair is not None else []
        names.append(players if len(players) == 2 else [f"{label} {seat}" for seat in seats])
    (north, south), (east, west) = names
    calls = check_auction(dealer, line.auction) if line.auction else None
    mb = (
        "".join(
            f"mb|{_LIN_CALL.get(c, c.replace('NT', 'N'))}{'!' if i in calls.alerts else ''}|"
            for i, c in enumerate(calls.calls)
        )
        if calls
        else ""
    )
    pc = (
        "".join(f"pc|{card}|" for card in check_play(deal, line.contract, line.declarer, line.play).cards)
        if line.play
        else ""
    )
    mc = f"mc|{line.tricks}|" if line.tricks is not None and line.contract.upper() != "PASS" else ""
    rs = "" if mb else f"rs|{_result_text(line)}|"  # no auction: the contract and declarer are said here
    return f"pn|{south},{west},{north},{east}|{head}{rs}{mb}{pc}{mc}pg||"


def _result_text(line: LineRecord) -> str:
    """A line's result as BBO's ``rs`` writes it: ``4SN=``, ``3NXE-2``, ``PASS``."""
    con = scoring.parse_contract(line.contract)
    if con.is_passout or con.strain is None:
        return "PASS"
    strain = "N" if con.strain == "NT" else con.strain
    over = (line.tricks or 0) - con.level - 6
    return f"{con.level}{strain}{'X' * con.doubled}{line.declarer}{'=' if over == 0 else f'{over:+d}'}"


def write_lin(record: SessionRecord) -> bytes:
    """One line per board for BBO's hand viewer (the deal, the dealer, the vulnerability, the board's name), and
    after it one per table that entered its auction or play (the players, the calls with alerts, the cards, the
    tricks)."""
    out = []
    for board in record.boards:
        if not board.deal:
            continue
        dealer = board.dealer or scoring.board_dealer(board.number)
        vulnerability = board.vulnerability or scoring.board_vulnerability(board.number)
        hands = dict(zip("NESW", board.deal[2:].split(), strict=True))
        md = str(_LIN_SEATS.index(dealer) + 1) + ",".join(
            "".join(s + cards for s, cards in zip(_SUITS, hands[seat].split("."), strict=True)) for seat in _LIN_SEATS
        )
        sv = {v: k for k, v in _VUL.items() if k in "oneb"}[vulnerability]
        head = f"st||md|{md}|rh||ah|Board {board.number}|sv|{sv}|"
        out.append(f"pn|South,West,North,East|{head}pg||")
        out += [_auction_game(record, x, head, dealer, board.deal) for x in board.lines if x.auction or x.play]
    return ("\n".join(out) + "\n").encode()
