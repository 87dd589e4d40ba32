"""Prove a movement sound before anyone sits down: the checks a director would do with guide cards and a pencil.

Works on any Movement, generated or loaded from another program. Errors are plain sentences; the report
also counts how many times each board is played (a Mitchell board's NS scores are compared that many ways).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from .types import Movement, participants

__all__ = ["ValidationReport", "validate"]

_MAX_ERRORS = 50


@dataclass
class ValidationReport:
    """The outcome: `ok` when there are no errors; `comparisons[board]` = times the board is played."""

    errors: list[str] = field(default_factory=list)
    comparisons: dict[int, int] = field(default_factory=dict)
    meetings: int = 0  # distinct pairs of opponents that meet

    @property
    def ok(self) -> bool:
        return not self.errors

    def add(self, message: str) -> None:
        if len(self.errors) < _MAX_ERRORS:
            self.errors.append(message)
        elif len(self.errors) == _MAX_ERRORS:
            self.errors.append("... and more errors.")


def _shared_by_design(movement: Movement) -> dict[int, list[set[int]]]:
    groups: dict[int, list[set[int]]] = defaultdict(list)
    for share in movement.shares:
        groups[share.round].append(set(share.tables))
    return groups


@dataclass
class _Tally:
    """What the rows add up to, counted over every round."""

    plays: Counter[tuple[str, int]] = field(default_factory=Counter)  # (entry, board) -> times played
    directions: defaultdict[tuple[str, int], set[str]] = field(default_factory=lambda: defaultdict(set))
    opposed: Counter[frozenset[str]] = field(default_factory=Counter)
    partnered: Counter[frozenset[str]] = field(default_factory=Counter)
    comparisons: Counter[int] = field(default_factory=Counter)


def _count_table(ns: tuple[str, ...], ew: tuple[str, ...], boards: tuple[int, ...], tally: _Tally) -> None:
    """One table's round: who plays which board in which direction, against and beside whom."""
    for board in boards:
        tally.comparisons[board] += 1
        for who, direction in ((ns, "NS"), (ew, "EW")):
            for entry in who:
                tally.plays[(entry, board)] += 1
                tally.directions[(entry, board)].add(direction)
    for a in ns:
        for b in ew:
            tally.opposed[frozenset((a, b))] += 1
    for side in (ns, ew):
        for a, b in combinations(side, 2):
            tally.partnered[frozenset((a, b))] += 1


def _check_round(
    movement: Movement, r: int, shared: dict[int, list[set[int]]], tally: _Tally, report: ValidationReport
) -> None:
    """Nobody at two tables at once, nobody on both sides, no board at two tables unless they share it."""
    seated: Counter[str] = Counter()
    tables_for_board: dict[int, list[int]] = defaultdict(list)
    for row in movement.rows_for_round(r):
        for label in (row.ns, row.ew):
            if label is not None:
                seated.update(participants(label))
        if row.ns is None or row.ew is None:
            continue  # a sit-out: the boards lie idle
        ns, ew = participants(row.ns), participants(row.ew)
        for board in row.boards:
            tables_for_board[board].append(row.table)
        _count_table(tuple(ns), tuple(ew), tuple(row.boards), tally)
        if len(set(ns) | set(ew)) != len(ns) + len(ew):
            report.add(f"Round {r}, table {row.table}: an entry sits on both sides.")
    for entry, times in sorted(seated.items()):
        if times > 1:
            report.add(f"Round {r}: {entry} is seated at {times} tables.")
    for board, tables in sorted(tables_for_board.items()):
        if len(tables) > 1 and not any(set(tables) <= group for group in shared.get(r, [])):
            report.add(
                f"Round {r}: board {board} is at tables {', '.join(map(str, tables))} at once "
                "and the movement does not share it between them."
            )


def _check_meetings(movement: Movement, tally: _Tally, report: ValidationReport, *, all_meet: bool) -> None:
    """Boards played once (once each way in a replay), and opponents met once, or all of them when promised."""
    for (entry, board), times in sorted(tally.plays.items()):
        if movement.kind == "replay":
            if times > 2 or len(tally.directions[(entry, board)]) != times:
                report.add(f"{entry} plays board {board} {times} times, not once each way.")
        elif times > 1:
            report.add(f"{entry} plays board {board} {times} times.")
    if movement.kind == "individual":
        _check_individual(movement, tally.opposed, tally.partnered, report, complete=all_meet)
        return
    if movement.meet_once:
        for pair, times in sorted(tally.opposed.items(), key=lambda kv: sorted(kv[0])):
            if times > 1:
                a, b = sorted(pair)
                report.add(f"{a} and {b} meet {times} times.")
    if all_meet:
        for a, b in _should_meet(movement):
            if tally.opposed[frozenset((a, b))] == 0:
                report.add(f"{a} and {b} never meet.")


def validate(movement: Movement, *, expect_all_meet: bool | None = None) -> ValidationReport:
    """Check the seating, the boards and the meetings; `expect_all_meet` overrides the movement's promise."""
    report = ValidationReport()
    all_meet = movement.all_meet if expect_all_meet is None else expect_all_meet
    _check_shape(movement, report)
    shared = _shared_by_design(movement)
    tally = _Tally()
    for r in range(1, movement.rounds + 1):
        _check_round(movement, r, shared, tally, report)
    _check_meetings(movement, tally, report, all_meet=all_meet)
    report.comparisons = dict(sorted(tally.comparisons.items()))
    report.meetings = len(tally.opposed)
    return report


def _check_shape(movement: Movement, report: ValidationReport) -> None:
    cells: Counter[tuple[int, int]] = Counter()
    for row in movement.rows:
        cells[(row.round, row.table)] += 1
        if not 1 <= row.round <= movement.rounds:
            report.add(f"A row is in round {row.round}, outside rounds 1 to {movement.rounds}.")
        if not 1 <= row.table <= movement.tables:
            report.add(f"A row is at table {row.table}, outside tables 1 to {movement.tables}.")
        if row.ns is None and row.ew is None:
            report.add(f"Round {row.round}, table {row.table} has nobody seated.")
        if len(set(row.boards)) != len(row.boards):
            report.add(f"Round {row.round}, table {row.table} lists a board twice.")
    for (r, t), times in sorted(cells.items()):
        if times > 1:
            report.add(f"Round {r}, table {t} appears {times} times.")


def _should_meet(movement: Movement) -> list[tuple[str, str]]:
    """The meetings a complete movement promises: NS v EW in a Mitchell, everyone v everyone otherwise."""
    entries = movement.entries()
    if movement.kind == "mitchell":
        ns = [e for e in entries if e.endswith("NS")]
        ew = [e for e in entries if e.endswith("EW")]
        return [(a, b) for a in ns for b in ew]
    return list(combinations(entries, 2))


def _check_individual(
    movement: Movement,
    opposed: Counter[frozenset[str]],
    partnered: Counter[frozenset[str]],
    report: ValidationReport,
    *,
    complete: bool,
) -> None:
    """The laws' promise: each player partners every other once and opposes every other twice
    (in a cut-down individual: never more often than that)."""
    for a, b in combinations(movement.entries(), 2):
        key = frozenset((a, b))
        if partnered[key] > 1 or (complete and partnered[key] != 1):
            report.add(f"Players {a} and {b} are partners {partnered[key]} times, not once.")
        if opposed[key] > 2 or (complete and opposed[key] != 2):
            report.add(f"Players {a} and {b} are opponents {opposed[key]} times, not twice.")
