"""Rows for the result pages (standings, travellers, personal score cards), read from the scores selector.

Nothing is computed here that the scores selector does not already know: this only arranges its numbers
the way a recap sheet prints them (rounds, tables, "+1"/"-2", scores from the pair's own side).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext_lazy, pgettext

import scoring
from scoring.play import check_play
from tournaments.core import notation
from tournaments.sessions.models import Entry, Result
from tournaments.sessions.selectors.scores import BoardScore, LineResult, SectionScores, Standing

FIELD_NAMES = {"NS": gettext_lazy("North-South"), "EW": gettext_lazy("East-West"), "": gettext_lazy("All pairs")}
SUITS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


def hands(deal: str) -> dict[str, list[tuple[str, str, str]]]:
    """A PBN deal ("N:AKQ.. ... ... ...") as each seat's suits: {"N": [("s", "♠", "AKQ"), ...], ...}; {} if none.
    The cards are in the active language's letters (``"ARD"`` in French)."""
    if not deal or len(deal) < 3 or deal[1] != ":" or deal[0].upper() not in "NESW":
        return {}
    parts = deal[2:].split()
    if len(parts) != 4 or any(len(p.split(".")) != 4 for p in parts):
        return {}
    first = "NESW".index(deal[0].upper())
    out = {}
    for i, hand in enumerate(parts):
        seat = "NESW"[(first + i) % 4]
        out[seat] = [
            (letter.lower(), symbol, notation.cards(cards) or "–")
            for (letter, symbol), cards in zip(SUITS, hand.split("."), strict=True)
        ]
    return out


def made_text(result: Result) -> str:
    """ "=", "+1", "-2" against the contract (empty for a passed-out board or an adjusted score)."""
    if result.kind not in (Result.Kind.PLAYED, Result.Kind.ASSIGNED) or result.tricks is None:
        return ""
    if not result.contract or result.contract == "PASS":
        return ""
    return scoring.result_text(result.contract, result.tricks)


def lead_text(card: str) -> str:
    """An opening lead as players write it: "♠K", "♥10" (empty when not recorded)."""
    if len(card) < 2 or card[0].upper() not in "SHDC":
        return ""
    symbol = dict(SUITS)[card[0].upper()]
    rank = card[1:].upper()
    return symbol + notation.cards(rank)


def call_text(call: str) -> str:
    """A call as the phone's bidding box shows it, in the page's language: "1♥", "3NT" ("3SA" in French),
    "Pass", "X"/"XX" (Swedish "D"/"RD")."""
    if call == "P":
        return pgettext("bridge call", "Pass")
    if call in ("X", "XX"):
        return notation.double_mark(len(call))
    if call[:1].isdigit() and call[1:] == "NT":
        return call[0] + notation.active_notation().no_trump
    return call[0] + dict(SUITS).get(call[1:], call[1:]) if call[:1].isdigit() else call


def auction_grid(dealer: str, auction: str) -> list[list[tuple[str, bool]]]:
    """A stored auction ("1H P 1S! P ...") as rows under N E S W, from the dealer's column: (call, alerted)."""
    cells: list[tuple[str, bool]] = [("", False)] * ("NESW".index(dealer) if dealer and dealer in "NESW" else 0)
    cells += [(call_text(c.rstrip("!")), c.endswith("!")) for c in auction.split()]
    return [cells[i : i + 4] for i in range(0, len(cells), 4)]


def play_rows(deal: str, contract: str, declarer: str, play: str) -> dict[str, Any] | None:
    """A stored play ("HT H2 HA H5 ... =9") as its tricks under N E S W, each card (text, led, won) with the
    trick's winner, and the claim; the tricks come from scoring.play (read against the deal when it still agrees,
    else on the cards alone); None when there is no play or it cannot be read any more."""
    if not play:
        return None
    checked = None
    for known in (deal, ""):
        try:
            checked = check_play(known, contract, declarer, play)
            break
        except scoring.ScoringError:
            continue
    if checked is None:
        return None
    tricks = [
        {
            "number": number,
            "winner": trick.winner,
            "cards": [
                (lead_text(trick.seat_card(seat)), seat == trick.leader, seat == trick.winner) for seat in "NESW"
            ],
        }
        for number, trick in enumerate(checked.tricks, start=1)
    ]
    return {"tricks": tricks, "claim": checked.claim, "declarer_tricks": checked.declarer_tricks}


def auctions(board: BoardScore) -> list[dict[str, Any]]:
    """The auctions and plays kept with a board's lines (the tables that entered them), in the traveller's order."""
    out = [
        {
            "round": line.result.table_round.round if line.result.table_round else 0,
            "table": line.result.table_round.table if line.result.table_round else 0,
            "pairs": f"{line.result.ns_entry.label} v {line.result.ew_entry.label}",
            "rows": auction_grid(board.board.dealer, line.result.auction) if line.result.auction else [],
            "play": play_rows(board.board.deal, line.result.contract, line.result.declarer, line.result.play),
        }
        for line in board.lines
        if line.result.auction or line.result.play
    ]
    return sorted(out, key=lambda a: (a["round"], a["table"]))


def _ruling_note(line: LineResult) -> str:
    return "; ".join(f"{r.get_decision_display()}{' (' + r.law + ')' if r.law else ''}" for r in line.rulings)


def names(entry: Entry | None) -> str:
    if entry is None:
        return ""
    return " & ".join(p.name for p in entry.players.all())


def standings_rows(standings: Sequence[Standing], card_url: Callable[[Entry], str]) -> list[dict[str, Any]]:
    return [
        {
            "order": i,
            "place": s.place,
            "pair": s.entry.label,
            "pair_number": s.entry.number,
            "names": names(s.entry),
            "total": s.total,
            "percentage": s.percentage,
            "boards": s.boards_played,
            "penalties": s.penalties,
            "card_url": card_url(s.entry),
        }
        for i, s in enumerate(standings)
    ]


def _whist_row(row: dict[str, Any], line: LineResult) -> dict[str, Any]:
    """Duplicate whist has no contract: the line reads N-S's tricks and the revoke's R ("7 +R1")."""
    tricks = line.result.tricks if line.result.kind == Result.Kind.PLAYED else None
    return row | {"contract": line.display_score, "made": "", "ns_plus": tricks, "ns_minus": None}


def traveller_rows(board: BoardScore) -> list[dict[str, Any]]:
    whist = board.section.session.is_whist
    rows = []
    for line in board.lines:
        r = line.result
        tr = r.table_round
        score = line.ns_score
        rows.append(
            {
                "round": tr.round if tr else None,
                "table": tr.table if tr else None,
                "ns": r.ns_entry.label,
                "ew": r.ew_entry.label,
                "contract": r.contract if r.kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED) else line.display_score,
                "declarer": r.declarer,
                "lead": lead_text(r.lead),
                "made": made_text(r),
                "ns_score": score,
                "ns_plus": score if score is not None and score > 0 else None,
                "ns_minus": -score if score is not None and score < 0 else None,
                "ns_points": line.ns_points,
                "ew_points": line.ew_points,
                "note": _ruling_note(line),
            }
        )
        if whist:
            rows[-1] = _whist_row(rows[-1], line)
    rows.sort(key=lambda d: (d["round"] or 0, d["table"] or 0))
    return rows


def scorecard_rows(
    scores: SectionScores, entry: Entry, sees: Callable[[int], bool] | None = None
) -> list[dict[str, Any]]:
    """The pair's boards in the order played: table, seat, opponents, contract, score from its side, points.

    `sees`: the boards the reader may see (`selectors.visibility`); the running total counts only those."""
    items: list[dict[str, Any]] = []
    for board, line, side in scores.lines_of(entry.pk):
        if sees is not None and not sees(board.board.number):
            continue
        r = line.result
        tr = r.table_round
        opponent = r.ew_entry if side == "NS" else r.ns_entry
        own = None if line.ns_score is None else (line.ns_score if side == "NS" else -line.ns_score)
        items.append(
            {
                "round": tr.round if tr else None,
                "table": tr.table if tr else None,
                "direction": side,
                "opponents": f"{opponent.label} {names(opponent)}".strip(),
                "board": board.board.number,
                "contract": r.contract if r.kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED) else line.display_score,
                "declarer": r.declarer,
                "made": made_text(r),
                "score": own,
                "points": line.ns_points if side == "NS" else line.ew_points,
                "counted": line.ns_total_points if side == "NS" else line.ew_total_points,
                "note": _ruling_note(line),
            }
        )
    items.sort(key=lambda d: (d["round"] or 0, d["board"]))
    running = 0.0
    for item in items:
        running += item["counted"] or 0.0
        item["running"] = running
    return items
