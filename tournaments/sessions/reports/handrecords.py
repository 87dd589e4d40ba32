"""Hand records: four boards a page in the classic compass layout, each with its double-dummy table and par.

Double-dummy tricks and par come from endplay (Bo Haglund's DDS): the boards not yet analysed are solved in
one batch (`calc_all_tables` spreads them over the machine's cores) and the answers kept in
`DoubleDummyAnalysis`, so printing the results again (after a correction) does not solve them again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak

from tournaments.core import notation
from tournaments.printing.pdf import (
    BLACK,
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    RED,
    RULE,
    SUIT_CHARS,
    SUIT_FONT,
    WASH,
    Layout,
    NothingToPrint,
    Progress,
    ReportError,
    RunningTitle,
    Tick,
)
from tournaments.sessions.models import Board, DoubleDummyAnalysis
from tournaments.sessions.reports.data import SessionData

if TYPE_CHECKING:
    from endplay.types import Deal

TITLE = gettext_lazy("Hand records")
LAYOUT = Layout("hands", cols=2, rows=2, cut=False)
SUITS = "SHDC"
SEATS = "NESW"
VUL = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}  # endplay's Vul members
DEALER = {"N": "north", "E": "east", "S": "south", "W": "west"}  # endplay's Player members
# Deals per DDS call: at most endplay's MAXNOOFTABLES (40); eight keep both cores busy and let the job report
# progress (its heartbeat) every second or so while it solves.
BATCH = 8
STRAIN_ORDER = ("NT", "S", "H", "D", "C")  # columns of the DD table, as hand records print them
DENOM_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}  # endplay's table rows
VUL_WORDS = {
    "None": pgettext_lazy("vulnerability", "None"),
    "NS": "N-S",
    "EW": "E-W",
    "All": pgettext_lazy("vulnerability", "All"),
}
SEAT_WORDS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}


@dataclass(frozen=True)
class Analysis:
    """Double-dummy tricks [strain][seat] and the par result of one deal."""

    tricks: dict[str, dict[str, int]]
    par_score: int  # from North-South's side
    par_contracts: tuple[str, ...]  # "4S by N/S", "5DX by E/W −2"


def _endplay() -> tuple[ModuleType, ModuleType]:
    """endplay's dds and types modules, loaded on first use: importing endplay pulls in matplotlib (0.6 s),
    which a web process must not pay at start-up, only the first time it shows or solves a deal."""
    import endplay.dds
    import endplay.types

    return endplay.dds, endplay.types


def _players(t: ModuleType) -> tuple[Any, Any, Any, Any]:
    return (t.Player.north, t.Player.east, t.Player.south, t.Player.west)


def hands_of(pbn: str) -> dict[str, list[str]]:
    """{"N": ["AKQ2", "KJ3", "T98", "Q76"], ...} from a PBN deal, whichever seat it starts from."""
    _dds, t = _endplay()
    deal = t.Deal.from_pbn(pbn)
    return {seat: deal[player].to_pbn().split(".") for seat, player in zip(SEATS, _players(t), strict=True)}


def _par_words(contract: Any) -> str:
    _dds, t = _endplay()
    strain = "NT" if contract.denom == t.Denom.nt else "SHDC"[int(contract.denom)]
    side = "N/S" if contract.declarer in (t.Player.north, t.Player.south) else "E/W"
    doubled = {t.Penalty.passed: "", t.Penalty.doubled: "X", t.Penalty.redoubled: "XX"}[contract.penalty]
    level = contract.level
    result = contract.result
    if result > 0 and not doubled:  # "1S+2" is printed as the contract that is bid and made: 3S
        level, result = level + result, 0
    suffix = "" if result == 0 else (f" +{result}" if result > 0 else f" −{-result}")
    return f"{level}{strain}{doubled} by {side}{suffix}"  # stored (the cache) as is: `par_shown` words it


_PAR = re.compile(r"(?P<contract>\S+) by (?P<side>N/S|E/W)(?P<result>.*)")


def par_shown(words: str) -> str:
    """A stored par contract ("3NTX by E/W −1") in the reader's language and notation ("3SAX par E/O −1")."""
    found = _PAR.fullmatch(words)
    if found is None:
        return words
    side = gettext("N/S") if found["side"] == "N/S" else gettext("E/W")
    # Translators: the par contract of a deal, e.g. "4♠X by E/W −1" (the result after the side, if any).
    return gettext("%(contract)s by %(side)s%(result)s") % {
        "contract": notation.shown(found["contract"]),
        "side": side,
        "result": found["result"],
    }


def _key(board: Board, deal: Deal) -> str:
    return f"{board.vulnerability}:{board.dealer}:{deal.to_pbn()}"


def unanalysed(boards: list[Board]) -> list[Board]:
    """The dealt boards whose double-dummy answers are not kept yet (invalid deals are left to the report)."""
    keys: dict[str, Board] = {}
    _dds, t = _endplay()
    for board in boards:
        if not board.deal:
            continue
        try:
            keys[_key(board, t.Deal.from_pbn(board.deal))] = board
        except Exception:
            continue
    known = set(DoubleDummyAnalysis.objects.filter(key__in=list(keys)).values_list("key", flat=True))
    return [board for key, board in keys.items() if key not in known]


def analyse(boards: list[Board], progress: Progress | None = None) -> dict[int, Analysis]:
    """Double-dummy tricks and par of every board with a deal: from the cache, else solved in one batch."""
    dds, t = _endplay()
    deals: dict[int, Deal] = {}
    for board in boards:
        try:
            deal = t.Deal.from_pbn(board.deal)
        except Exception:
            wrong = _("Board %(number)s's deal is not a valid PBN deal: %(deal)s.")
            raise ReportError(wrong % {"number": board.number, "deal": repr(board.deal[:40])}) from None
        if any(len(deal[p].to_pbn()) != 16 for p in _players(t)):
            raise ReportError(_("Board %(number)s's deal does not give each hand 13 cards.") % {"number": board.number})
        deals[board.number] = deal
    keys = {board.number: _key(board, deals[board.number]) for board in boards}
    cached = {row.key: row for row in DoubleDummyAnalysis.objects.filter(key__in=set(keys.values()))}
    out: dict[int, Analysis] = {}
    todo = [b for b in boards if keys[b.number] not in cached]
    if todo:
        tables = []
        for start in range(0, len(todo), BATCH):
            if progress is not None:
                progress(
                    start / len(todo),
                    _("Solving the deals double dummy (%(start)s of %(count)s)") % {"start": start, "count": len(todo)},
                )
            tables.extend(dds.calc_all_tables([deals[b.number] for b in todo[start : start + BATCH]]))
        fresh = []
        for board, table in zip(todo, tables, strict=True):
            grid = table.to_list()  # [strain S,H,D,C,NT][seat N,E,S,W]
            tricks = {s: {seat: grid[DENOM_INDEX[s]][i] for i, seat in enumerate(SEATS)} for s in STRAIN_ORDER}
            vul = getattr(t.Vul, VUL.get(board.vulnerability, "none"))
            result = dds.par(table, vul, getattr(t.Player, DEALER.get(board.dealer, "north")))
            words: list[str] = []
            for contract in result:
                w = _par_words(contract)
                if w not in words:
                    words.append(w)
            fresh.append(
                DoubleDummyAnalysis(
                    key=keys[board.number], tricks=tricks, par_score=int(result.score), par_contracts=words
                )
            )
        DoubleDummyAnalysis.objects.bulk_create(fresh, ignore_conflicts=True)  # another job may have solved it too
        cached.update({row.key: row for row in fresh})
    for board in boards:
        row = cached[keys[board.number]]
        out[board.number] = Analysis(row.tricks, row.par_score, tuple(row.par_contracts))
    return out


class HandDiagram(Flowable):
    """One board: number, dealer and vulnerability, the four hands round a compass, the DD table and par."""

    def __init__(self, board: Board, hands: dict[str, list[str]], analysis: Analysis | None) -> None:
        super().__init__()
        self.board, self.hands, self.analysis = board, hands, analysis

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, min(available_height, 118 * mm)
        return self.width, self.height

    # --- drawing helpers -----------------------------------------------------------------------

    def _suit(self, x: float, y: float, suit: str, size: float) -> float:
        canv = self.canv
        canv.setFillColor(RED if suit in "HD" else BLACK)
        canv.setFont(SUIT_FONT, size * 0.88)
        canv.drawString(x, y, SUIT_CHARS[suit])
        canv.setFillColor(INK)
        return x + size * 0.95

    def _hand(self, x: float, y: float, seat: str, size: float, line: float) -> None:
        canv = self.canv
        for i, suit in enumerate(SUITS):
            cx = self._suit(x, y - i * line, suit, size)
            holding = self.hands[seat][i]
            canv.setFont(FONT, size)
            shown = " ".join(notation.cards(c) for c in holding) if holding else "—"
            if canv.stringWidth(shown, FONT, size) > self.hand_room:  # a long suit: close the gaps
                shown = notation.cards(holding)
            canv.drawString(cx + 1, y - i * line, shown)

    def draw(self) -> None:
        canv = self.canv
        w, h = self.width, self.height
        board = self.board
        size = 10.5 if w > 230 else 9
        line = size * 1.32
        hand_w = size * 9.5
        self.hand_room = (w - line * 3.1) / 2 - size * 1.5  # what a West or East hand may take beside the compass
        # Board number, dealer, vulnerability: top left.
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 15)
        canv.drawString(0, h - 14, _("Board %(number)s") % {"number": board.number})
        canv.setFont(FONT, 8)
        canv.setFillColor(MUTED)
        canv.drawString(0, h - 25, _("Dealer %(seat)s") % {"seat": SEAT_WORDS.get(board.dealer, board.dealer)})
        canv.drawString(
            0, h - 35, _("Vulnerable %(vul)s") % {"vul": VUL_WORDS.get(board.vulnerability, board.vulnerability)}
        )
        # Compass: North on top, West left, East right, South below.
        centre_x = w / 2
        top = h - 10
        north_y = top
        mid_y = top - 4.6 * line
        south_y = top - 9.2 * line
        self._hand(centre_x - hand_w / 2 + 6, north_y, "N", size, line)
        self._hand(0, mid_y, "W", size, line)
        self._hand(w - hand_w + 4, mid_y, "E", size, line)
        self._hand(centre_x - hand_w / 2 + 6, south_y, "S", size, line)
        self._compass(centre_x, mid_y - 1.5 * line + size * 0.35, line * 3.1)
        # DD table and par below.
        self._dd_table(south_y - 4 * line - 2, w)

    def _compass(self, cx: float, cy: float, side: float) -> None:
        canv = self.canv
        vul = self.board.vulnerability
        half = side / 2
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.8)
        canv.setFillColor(WASH)
        canv.rect(cx - half, cy - half, side, side, stroke=1, fill=1)
        strip = side * 0.2
        canv.setFillColor(RED)
        if vul in ("NS", "All"):
            canv.rect(cx - half, cy + half - strip, side, strip, stroke=0, fill=1)
            canv.rect(cx - half, cy - half, side, strip, stroke=0, fill=1)
        if vul in ("EW", "All"):
            canv.rect(cx - half, cy - half, strip, side, stroke=0, fill=1)
            canv.rect(cx + half - strip, cy - half, strip, side, stroke=0, fill=1)
        positions = {
            "N": (cx, cy + half - strip + 2),
            "S": (cx, cy - half + 2.2),
            "W": (cx - half + strip / 2, cy - 3),
            "E": (cx + half - strip / 2, cy - 3),
        }
        for seat, (x, y) in positions.items():
            vulnerable = (seat in "NS" and vul in ("NS", "All")) or (seat in "EW" and vul in ("EW", "All"))
            canv.setFillColor(colors.white if vulnerable else INK)
            dealer = seat == self.board.dealer
            canv.setFont(FONT_BOLD if dealer else FONT, 8 if dealer else 7)
            canv.drawCentredString(x, y, pgettext("seat", seat))
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 9)
        canv.drawCentredString(cx, cy - 3, str(self.board.number))

    def _dd_table(self, y: float, w: float) -> None:
        canv = self.canv
        analysis = self.analysis
        if analysis is None:
            canv.setFont(FONT, 8)
            canv.setFillColor(MUTED)
            canv.drawString(0, y - 10, _("No double-dummy analysis for this deal."))
            return
        col = 9 * mm
        x0 = 0
        canv.setFont(FONT_BOLD, 7.5)
        canv.setFillColor(MUTED)
        canv.drawString(x0, y, _("Makeable contracts (double dummy)"))
        row_h = 9.5
        header_y = y - row_h - 1
        canv.setFont(FONT_BOLD, 8)
        canv.setFillColor(INK)
        for j, strain in enumerate(STRAIN_ORDER):
            x = x0 + col * (j + 1) + col / 2
            if strain == "NT":
                canv.setFont(FONT_BOLD, 8)
                canv.drawCentredString(x, header_y, _("NT"))
            else:
                canv.setFillColor(RED if strain in "HD" else BLACK)
                canv.setFont(SUIT_FONT, 7.5)
                canv.drawCentredString(x, header_y, SUIT_CHARS[strain])
                canv.setFillColor(INK)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(x0, header_y - 3, x0 + col * 6, header_y - 3)
        for i, seat in enumerate("NSEW"):
            ry = header_y - (i + 1) * row_h - 1
            canv.setFont(FONT_BOLD, 8)
            canv.drawString(x0 + 2, ry, pgettext("seat", seat))
            canv.setFont(FONT, 8)
            for j, strain in enumerate(STRAIN_ORDER):
                tricks = analysis.tricks[strain][seat]
                canv.drawCentredString(x0 + col * (j + 1) + col / 2, ry, str(tricks - 6) if tricks >= 7 else "–")
        # Par, to the right of the table.
        px = x0 + col * 6 + 4 * mm
        canv.setFont(FONT_BOLD, 7.5)
        canv.setFillColor(MUTED)
        canv.drawString(px, y, _("Par"))
        canv.setFillColor(INK)
        score = analysis.par_score
        canv.setFont(FONT_BOLD, 9)
        if score == 0 and not analysis.par_contracts:
            canv.drawString(px, header_y, _("Passed out"))
            return
        side = "N-S" if score >= 0 else "E-W"
        canv.drawString(px, header_y, f"{side} +{abs(score)}")
        canv.setFont(FONT, 8)
        for k, words in enumerate(analysis.par_contracts[:4]):
            self._contract_words(px, header_y - (k + 1) * row_h - 1, words)

    def _contract_words(self, x: float, y: float, words: str) -> None:
        """ "4S by N/S" in the reader's words (`par_shown`), the suit letter drawn as its (coloured) symbol."""
        canv = self.canv
        found = _PAR.fullmatch(words)
        contract = found["contract"] if found else ""
        shown = par_shown(words)
        before, _mark, after = shown.partition(notation.shown(contract)) if contract else (shown, "", "")
        canv.setFont(FONT, 8)
        if not _mark or contract[1:].startswith("NT"):  # no suit to draw apart
            canv.drawString(x, y, shown)
            return
        canv.drawString(x, y, before + contract[0])
        x = self._suit(x + canv.stringWidth(before + contract[0], FONT, 8), y, contract[1], 8.5) - 1
        canv.setFont(FONT, 8)
        canv.drawString(x, y, contract[2:] + after)


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    boards = [b for b in data.boards.values() if b.deal]
    if not boards:
        raise NothingToPrint(
            _("%(session)s has no hands recorded: import the deals (a PBN file) before printing hand records.")
            % {"session": data.label}
        )

    def solving(fraction: float, message: str) -> None:
        if progress is not None:
            progress(0.3 * fraction, message)

    analysis = analyse(boards, solving)
    if progress:
        progress(0.3, _("Drawing the hands"))
    out: list[Flowable] = [RunningTitle(str(TITLE))]
    for i, board in enumerate(boards):
        if i:
            out.append(FrameBreak())
        out.append(HandDiagram(board, hands_of(board.deal), analysis.get(board.number)))
        out.append(
            Tick(
                progress,
                0.3 + 0.7 * (i + 1) / len(boards),
                _("Hand record of board %(number)s") % {"number": board.number},
            )
        )
    return out
