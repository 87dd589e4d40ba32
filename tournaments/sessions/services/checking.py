"""Checking traveller lines before anything is saved: against the movement (who plays which board where) and
against the laws' scoring. Every error is collected with the field it belongs to; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.core.errors import DomainError
from tournaments.core.text import is_digits
from tournaments.sessions.models import Board, Entry, Section, Session, TableRound
from tournaments.sessions.selectors.lookups import SectionMap, boards_by_number, section_map
from tournaments.sessions.services.whist import check_whist_line, revoke_text


@dataclass
class LineInput:
    """One line as typed. `result_id` is the result the line already shows (when editing)."""

    board: int | str
    ns: str = ""
    ew: str = ""
    contract: str = ""
    declarer: str = ""
    tricks: str = ""
    score: str = ""
    lead: str = ""
    revoke: str = ""  # duplicate whist: "EW", "NS2", "EW1/4", "NS!" (services/whist.py)
    result_id: int | None = None
    version: int | None = None  # the version the page showed (0: no result then); None: not checked

    def is_blank(self) -> bool:
        return not any(str(v).strip() for v in (self.contract, self.declarer, self.tricks, self.score, self.revoke))


@dataclass
class CheckedLine:
    """A line after checking: the entries and movement row it resolves to, the canonical contract and the score."""

    input: LineInput
    board: Board | None = None
    row: TableRound | None = None
    ns_entry: Entry | None = None
    ew_entry: Entry | None = None
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    lead: str = ""  # the opening lead as stored ("HT"), checked against the deal when the board's deal is known
    errors: dict[str, str] = field(default_factory=dict)
    revoke: dict[str, Any] = field(default_factory=dict)  # duplicate whist: Law X s. 4's revoke, as stored
    whist: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def display(self) -> str:
        """The line as a director reads it: "4S= N 420"."""
        if self.ns_score is None:
            return ""
        if self.whist:
            mark = revoke_text(self.revoke)
            return _("N-S %(tricks)s tricks") % {"tricks": self.tricks} + (f" R:{mark}" if mark else "")
        if self.contract == "PASS":
            return _("Passed out 0")
        assert self.tricks is not None
        return f"{self.contract}{scoring.result_text(self.contract, self.tricks)} {self.declarer} {self.ns_score}"


class ResultEntryError(DomainError):
    """Lines that cannot be saved: `errors[i][field]` is the message for line i's field (the one domain error,
    whose `field` and `message` are the first line's first)."""

    def __init__(self, errors: dict[int, dict[str, str]], lines: Sequence[CheckedLine] = ()) -> None:
        self.errors = errors
        self.lines = list(lines)
        first = next(iter(errors.items()), (0, {}))
        field = next(iter(first[1]), None)
        where = _("line %(line)s") % {"line": first[0] + 1}
        super().__init__(f"{where}: " + "; ".join(first[1].values()), field=field)


def _parse_board(value: int | str, smap: SectionMap, boards: dict[int, Board]) -> tuple[Board | None, str]:
    text = str(value).strip()
    if not is_digits(text):
        return None, _("%(text)s is not a board number.") % {"text": repr(text)} if text else _(
            "The board number is missing."
        )
    number = int(text)
    if number not in smap.by_board or number not in boards:
        wrong = _("Board %(number)s is not played in section %(letter)s.")
        return None, wrong % {"number": number, "letter": smap.section.letter}
    return boards[number], ""


def _resolve_pairs(line: LineInput, board: Board, smap: SectionMap, out: CheckedLine) -> None:
    """Find the movement row where these NS and EW pairs play this board, or say precisely what is wrong."""
    ns_cands = smap.candidates(line.ns, "NS")
    ew_cands = smap.candidates(line.ew, "EW")
    letter = smap.section.letter
    if not line.ns.strip():
        out.errors["ns"] = _("The NS pair number is missing.")
    elif not ns_cands:
        out.errors["ns"] = _("There is no pair %(pair)s in section %(letter)s.") % {
            "pair": line.ns.strip(),
            "letter": letter,
        }
    if not line.ew.strip():
        out.errors["ew"] = _("The EW pair number is missing.")
    elif not ew_cands:
        out.errors["ew"] = _("There is no pair %(pair)s in section %(letter)s.") % {
            "pair": line.ew.strip(),
            "letter": letter,
        }
    if "ns" in out.errors or "ew" in out.errors:
        return
    rows = smap.played_rows(board.number)
    for ns in ns_cands:
        for ew in ew_cands:
            for row in rows:
                if row.ns_entry_id == ns.pk and row.ew_entry_id == ew.pk:
                    out.row, out.ns_entry, out.ew_entry = row, ns, ew
                    return
    # Say which half is wrong: does the NS pair sit NS on this board at all? Then the same for EW.
    for cands, seat, other, typed in ((ns_cands, "ns", "ew", line.ew), (ew_cands, "ew", "ns", line.ns)):
        for pair in cands:
            mine = [r for r in rows if getattr(r, f"{seat}_entry_id") == pair.pk]
            if mine:
                opp = smap.entries[getattr(mine[0], f"{other}_entry_id")]
                out.errors[other] = _(
                    "In this movement %(pair)s plays board %(board)s against %(opponent)s "
                    "(round %(round)s, table %(table)s), not %(typed)s."
                ) % {
                    "pair": pair.label,
                    "board": board.number,
                    "opponent": opp.label,
                    "round": mine[0].round,
                    "table": mine[0].table,
                    "typed": typed.strip(),
                }
                return
    wrong = _("Pair %(pair)s does not play board %(board)s sitting NS in this movement.")
    out.errors["ns"] = wrong % {"pair": ns_cands[0].label, "board": board.number}


def _check_whist(line: LineInput, out: CheckedLine) -> None:
    """No contract, no declarer: N-S's tricks and the revoke (services/whist.py)."""
    out.whist = True
    bridge_typed = bool(line.contract.strip() or line.declarer.strip())
    out.tricks, out.revoke, errors = check_whist_line(line.tricks, line.revoke, bridge_typed=bridge_typed)
    out.ns_score = out.tricks
    out.errors.update(errors)


def _check_play(line: LineInput, contract: scoring.Contract, board: Board, session: Session, out: CheckedLine) -> None:
    """Declarer, tricks, the N-S score they make and the lead of a contract that was played."""
    try:
        out.declarer = scoring.parse_seat(line.declarer) if line.declarer.strip() else ""
    except scoring.ScoringError as exc:
        out.errors["declarer"] = str(exc)
    if not out.declarer and "declarer" not in out.errors:
        out.errors["declarer"] = f"{contract} needs a declarer: N, E, S or W."
    try:
        tricks_text: str | int | None = line.tricks.strip() if line.tricks.strip() else None
        out.tricks = scoring.parse_tricks(tricks_text, contract)
    except scoring.ScoringError as exc:
        out.errors["tricks"] = str(exc)
    if out.declarer and out.tricks is not None:
        out.ns_score = scoring.ns_score(
            contract, out.declarer, out.tricks, board.vulnerability, edition=session.edition
        )
    try:
        out.lead = scoring.check_lead(board.deal, out.declarer, line.lead)
    except scoring.ScoringError as exc:
        out.errors["lead"] = str(exc)


def _check_typed_score(line: LineInput, board: Board, out: CheckedLine) -> None:
    """The score written on the slip, if any, must be the one the contract and tricks make."""
    typed = line.score.strip().replace(" ", "")
    if not typed:
        return
    try:
        typed_score = int(typed)
    except ValueError:
        wrong = _("%(score)s is not a score: type the NS score, e.g. 420 or -100.")
        out.errors["score"] = wrong % {"score": repr(line.score.strip())}
        return
    if out.ns_score is not None and typed_score != out.ns_score:
        out.errors["score"] = _(
            "The slip says %(typed)s but %(contract)s scores %(score)s for NS (board %(board)s, "
            "vulnerable: %(vul)s). Check the slip."
        ) % {
            "typed": typed_score,
            "contract": out.display.rsplit(" ", 1)[0],
            "score": out.ns_score,
            "board": board.number,
            "vul": board.get_vulnerability_display(),
        }


def check_line(line: LineInput, smap: SectionMap, boards: dict[int, Board], session: Session) -> CheckedLine:
    """Check one line against the movement and the laws' scoring; collect every error, raise none."""
    out = CheckedLine(input=line)
    board, error = _parse_board(line.board, smap, boards)
    if board is None:
        out.errors["board"] = error
        return out
    out.board = board
    _resolve_pairs(line, board, smap, out)
    if session.is_whist:
        _check_whist(line, out)
        return out
    try:
        contract = scoring.parse_contract(line.contract)
    except scoring.ScoringError as exc:
        out.errors["contract"] = str(exc)
        return out
    out.contract = str(contract)
    if contract.is_passout:
        out.ns_score, out.declarer, out.tricks = 0, "", None
    else:
        _check_play(line, contract, board, session, out)
    _check_typed_score(line, board, out)
    return out


def check_batch(
    lines: Sequence[LineInput], smap: SectionMap, boards: dict[int, Board], session: Session
) -> tuple[list[CheckedLine | None], dict[int, dict[str, str]]]:
    checked: list[CheckedLine | None] = []
    errors: dict[int, dict[str, str]] = {}
    seen: dict[tuple[int, int], int] = {}
    for i, line in enumerate(lines):
        if line.is_blank():
            checked.append(None)
            continue
        c = check_line(line, smap, boards, session)
        checked.append(c)
        if c.row is not None and c.board is not None and c.ns_entry and c.ew_entry:
            for entry in (c.ns_entry, c.ew_entry):
                key = (c.board.number, entry.pk)
                if key in seen:
                    c.errors["ns" if entry is c.ns_entry else "ew"] = _(
                        "Board %(board)s for %(pair)s is entered twice (see line %(line)s)."
                    ) % {"board": c.board.number, "pair": entry.label, "line": seen[key] + 1}
                seen.setdefault(key, i)
        if c.errors:
            errors[i] = dict(c.errors)
    return checked, errors


def preview_lines(
    section: Section, lines: Sequence[LineInput], *, smap: SectionMap | None = None
) -> list[CheckedLine | None]:
    """Check lines without saving, for the score shown as the director types (None for a blank line)."""
    smap = smap or section_map(section)
    boards = boards_by_number(section.session_id, (line.board for line in lines))
    checked, _ = check_batch(lines, smap, boards, section.session)
    return checked
