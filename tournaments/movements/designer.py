"""The movement designer's pure part: a grid of cells (round, table, NS pair, EW pair, boards) typed by a director,
read into a Movement, and the validator's messages about it, with unbalanced comparisons added.

The grid is what the page posts: pair numbers and board lists as text ("1-3", "1, 2, 3", "" for none). A cell
with neither pair is left out (an empty table that round). A relay is declared round by round ("1, 8": those
tables share their board set); a board at two tables in a round that no relay names is reported, so the
director sees it and decides.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from scoring.messages import gettext as _

from .individual_design import individual_checks, individual_from_grid, individual_grid_of
from .loaders import Cell, movement_from_cells
from .types import MAX_BOARDS_PER_ROUND, MAX_ROUNDS, Movement, MovementError, Row, Share
from .validate import validate

__all__ = ["MAX_DESIGN_TABLES", "DesignCheck", "check_design", "design_from_grid", "grid_of", "parse_boards"]

MAX_DESIGN_TABLES = 30
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_boards(text: str) -> tuple[int, ...]:
    """ "1-3" -> (1, 2, 3); "1, 4" -> (1, 4); "" -> (). Raises MovementError with the director's message."""
    boards: list[int] = []
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        match = _RANGE.match(part)
        if not match:
            raise MovementError(_("%(text)s is not a list of boards (write 1-3 or 1, 2, 3).") % {"text": repr(text)})
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        if not 1 <= low <= high or high - low >= MAX_BOARDS_PER_ROUND or high > 999:
            raise MovementError(_("%(text)s is not a range of boards.") % {"text": repr(part)})
        boards.extend(range(low, high + 1))
    return tuple(boards)


def _pair(text: str, where: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 2 * MAX_DESIGN_TABLES:
        raise MovementError(
            _("%(where)s: %(text)s is not a pair number (1 to %(most)s).")
            % {"where": where, "text": repr(text), "most": 2 * MAX_DESIGN_TABLES}
        )
    return int(text)


def design_from_grid(values: Mapping[str, str], *, kind: str, rounds: int, tables: int, name: str = "") -> Movement:
    """The movement in a posted grid: fields r{R}t{T}ns, r{R}t{T}ew, r{R}t{T}b, and r{R}relay (the tables that
    share their board set in round R by design: a relay). An individual's grid has r{R}t{T}n, s, e, w instead of
    ns and ew, and shares a board set among tables without a relay (individual_design.py). Raises MovementError."""
    if kind == "individual":
        _check_size(rounds, tables)
        return individual_from_grid(values, rounds=rounds, tables=tables, name=name, read=parse_boards)
    movement = _seated(values, kind=kind, rounds=rounds, tables=tables, name=name)
    shares = []
    for r in range(1, rounds + 1):
        at = _relay_tables(values.get(f"r{r}relay", ""), r, tables)
        if at:
            first = movement.row(r, at[0])
            shares.append(Share(r, at, first.boards if first is not None else ()))
    if not shares:
        return movement
    relay = tuple(sorted({t for share in shares for t in share.tables}))
    return replace(movement, shares=tuple(shares), relay_tables=relay)


def _relay_tables(text: str, round_number: int, tables: int) -> tuple[int, ...]:
    """ "1, 8" -> (1, 8): two or more distinct tables of the grid, or () for none declared."""
    parts = [p for p in re.split(r"[\s,;+&]+", text.strip()) if p]
    numbers = sorted({int(p) for p in parts if p.isascii() and p.isdigit()})
    if not parts:
        return ()
    if len(numbers) != len(parts) or len(numbers) < 2 or not all(1 <= n <= tables for n in numbers):
        raise MovementError(
            _("Round %(round)s: a relay names two or more of tables 1 to %(tables)s, not %(text)s.")
            % {"round": round_number, "tables": tables, "text": repr(text)}
        )
    return tuple(numbers)


def _seated(values: Mapping[str, str], *, kind: str, rounds: int, tables: int, name: str) -> Movement:
    """The grid's cells read into a Movement, before any relay is declared on it."""
    if kind not in ("mitchell", "howell"):
        raise MovementError(_("Choose a Mitchell (NS and EW fields), a Howell (one field) or an individual."))
    _check_size(rounds, tables)
    cells: list[Cell] = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            where = _("Round %(round)s, table %(table)s") % {"round": r, "table": t}
            key = f"r{r}t{t}"
            ns = _pair(values.get(f"{key}ns", ""), where)
            ew = _pair(values.get(f"{key}ew", ""), where)
            try:
                boards = parse_boards(values.get(f"{key}b", ""))
            except MovementError as error:
                raise MovementError(f"{where}: {error}") from None
            if ns is None and ew is None:
                continue
            cells.append((r, t, ns, ew, boards))
    if not cells:
        raise MovementError(_("The movement table is empty."))
    if kind == "howell":
        return movement_from_cells(cells, kind=kind, description=name)
    # A Mitchell numbers its NS and EW pairs apart (1NS and 1EW are two pairs): offset the EW numbers to read the
    # cells, then label every seat with its direction.
    offset = 2 * MAX_DESIGN_TABLES
    read = movement_from_cells(
        [(r, t, ns, None if ew is None else ew + offset, b) for r, t, ns, ew, b in cells], kind=kind, description=name
    )
    rows = tuple(
        Row(c[0], c[1], None if c[2] is None else f"{c[2]}NS", None if c[3] is None else f"{c[3]}EW", c[4])
        for c in sorted(cells, key=lambda c: c[:2])
    )
    return replace(read, rows=rows)


def _check_size(rounds: int, tables: int) -> None:
    if not (1 <= rounds <= MAX_ROUNDS and 1 <= tables <= MAX_DESIGN_TABLES):
        raise MovementError(
            _("A designed movement has 1 to %(rounds)s rounds and 1 to %(tables)s tables.")
            % {"rounds": MAX_ROUNDS, "tables": MAX_DESIGN_TABLES}
        )


def grid_of(movement: Movement) -> dict[str, str]:
    """The grid fields for a movement (pair numbers without their NS/EW mark; an individual's players by seat),
    to edit it on the page."""
    if movement.kind == "individual":
        return individual_grid_of(movement) | {
            f"r{row.round}t{row.table}b": _boards_text(row.boards) for row in movement.rows
        }
    values: dict[str, str] = {}
    for row in movement.rows:
        key = f"r{row.round}t{row.table}"
        values[f"{key}ns"] = (row.ns or "").removesuffix("NS").removesuffix("EW")
        values[f"{key}ew"] = (row.ew or "").removesuffix("NS").removesuffix("EW")
        values[f"{key}b"] = _boards_text(row.boards)
    for share in movement.shares:
        values[f"r{share.round}relay"] = ", ".join(map(str, share.tables))
    return values


def _boards_text(boards: tuple[int, ...]) -> str:
    if boards and boards == tuple(range(boards[0], boards[0] + len(boards))):
        return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"
    return ", ".join(map(str, boards))


class DesignCheck:
    """The validator's errors, and the warning that some boards are compared more often than others."""

    def __init__(self, movement: Movement) -> None:
        report = validate(movement)
        self.errors: list[str] = list(report.errors)
        self.warnings: list[str] = []
        counts = Counter(report.comparisons.values())
        if len(counts) > 1:
            low, high = min(report.comparisons.values()), max(report.comparisons.values())
            self.warnings.append(
                _("Unbalanced comparisons: some boards are played %(low)s times, others %(high)s times.")
                % {"low": low, "high": high}
            )
        if movement.kind == "individual":
            errors, warnings = individual_checks(movement)
            self.errors += errors
            self.warnings += warnings
            return  # its shared sets are read from the grid, not declared
        for share in movement.shares:  # a declared relay: the named tables hold one board set that round
            rows = [movement.row(share.round, t) for t in share.tables]
            held = {row.boards if row is not None else () for row in rows}
            if len(held) != 1 or () in held:
                self.errors.append(
                    _("Round %(round)s: the relay's tables %(tables)s do not hold the same boards.")
                    % {"round": share.round, "tables": ", ".join(map(str, share.tables))}
                )

    @property
    def ok(self) -> bool:
        return not self.errors


def check_design(movement: Movement) -> DesignCheck:
    return DesignCheck(movement)
