"""The movement designer for individuals: a grid of four-seat cells (round, table, North, South, East, West, boards)
read into a Movement, and what the validator says is wrong for an individual.

A cell names four players; North-South and East-West are the two partnerships ("8-3": player 8 North, player 3
South), as in `individual.py`. A cell with a partnership on one side only is that table's sit-out (the two
players rest; the boards lie idle); a cell with one seat of a side typed and not the other is refused. The
same board set at several tables in one round is shared by design, as in the laws' individuals (the boards are
"circulated at convenience"); two tables holding overlapping but different sets are reported by the validator.

The checks, each a sentence for the director (`individual_checks`):
- a player in two seats in a round (two tables, or two seats at one table);
- two players partnering each other more than once;
- opponents out of balance: in a full individual (players - 1 rounds, everyone plays every round) every
  player opposes every other exactly twice (the validator's promise); in a shorter one, a player who opposes
  some players twice and others never is reported as a warning (no cut-down individual can always avoid it);
- a board played twice by a player (the validator);
- unbalanced comparisons (the designer's warning for every kind).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from itertools import combinations

from scoring.messages import gettext as _

from .loaders import individual_of_rows
from .types import Movement, MovementError, Row, participants

__all__ = ["MAX_DESIGN_PLAYERS", "SEATS", "individual_checks", "individual_from_grid", "individual_grid_of"]

SEATS = ("n", "s", "e", "w")
MAX_DESIGN_PLAYERS = 120  # 30 tables of four


def _player(text: str, where: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_DESIGN_PLAYERS:
        raise MovementError(
            _("%(where)s: %(text)s is not a player number (1 to %(most)s).")
            % {"where": where, "text": repr(text), "most": MAX_DESIGN_PLAYERS}
        )
    return int(text)


def _side(first: int | None, second: int | None, where: str) -> str | None:
    if first is None and second is None:
        return None
    if first is None or second is None:
        raise MovementError(_("%(where)s: seat both players of a partnership, or neither.") % {"where": where})
    return f"{first}-{second}"


def individual_from_grid(
    values: Mapping[str, str],
    *,
    rounds: int,
    tables: int,
    name: str,
    read: Callable[[str], tuple[int, ...]],
) -> Movement:
    """The individual in a posted grid: fields r{R}t{T}n, s, e, w and b, boards read by `read` (the designer's
    parse_boards). Raises MovementError."""
    rows: list[Row] = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            where = _("Round %(round)s, table %(table)s") % {"round": r, "table": t}
            key = f"r{r}t{t}"
            n, s, e, w = (_player(values.get(f"{key}{seat}", ""), where) for seat in SEATS)
            ns, ew = _side(n, s, where), _side(e, w, where)
            try:
                boards = read(values.get(f"{key}b", ""))
            except MovementError as error:
                raise MovementError(f"{where}: {error}") from None
            if ns is not None or ew is not None:
                rows.append(Row(r, t, ns, ew, boards))
    if not rows:
        raise MovementError(_("The movement table is empty."))
    return individual_of_rows(rows, name)


def individual_grid_of(movement: Movement) -> dict[str, str]:
    """The grid fields for an individual (players by seat), to edit it on the page."""
    values: dict[str, str] = {}
    for row in movement.rows:
        key = f"r{row.round}t{row.table}"
        for side, label in (("ns", row.ns), ("ew", row.ew)):
            if label is None:
                continue
            first, second = (*participants(label), "", "")[:2]
            values[f"{key}{side[0]}"], values[f"{key}{side[1]}"] = first, second
    return values


def individual_checks(movement: Movement) -> tuple[list[str], list[str]]:
    """What is wrong for an individual beyond the validator's own checks: (errors, warnings)."""
    errors: list[str] = []
    for r in range(1, movement.rounds + 1):
        seats: Counter[str] = Counter()
        for row in movement.rows_for_round(r):
            seats.update(p for label in (row.ns, row.ew) if label for p in participants(label))
        for player, times in sorted(seats.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
            if times > 1:
                errors.append(
                    _("Round %(round)s: player %(player)s sits in %(times)s seats.")
                    % {"round": r, "player": player, "times": times}
                )
    partners, opposed = _tally(movement)
    for pair, times in sorted(partners.items(), key=lambda kv: sorted(kv[0], key=_number)):
        if times > 1:
            a, b = sorted(pair, key=_number)
            errors.append(
                _("Players %(a)s and %(b)s partner each other %(times)s times.") % {"a": a, "b": b, "times": times}
            )
    return errors, _balance(movement, opposed)


def _number(label: str) -> int:
    return int(label) if label.isdigit() else 0


def _tally(movement: Movement) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    partners: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    for row in movement.rows:
        if row.ns is None or row.ew is None:
            continue
        ns, ew = participants(row.ns), participants(row.ew)
        for side in (ns, ew):
            partners.update(frozenset(p) for p in combinations(side, 2) if p[0] != p[1])
        opposed.update(frozenset((a, b)) for a in ns for b in ew if a != b)
    return partners, opposed


def _balance(movement: Movement, opposed: Counter[frozenset[str]]) -> list[str]:
    """Players who oppose some players more than one time more often than others (a warning: the full
    individual's exact promise is the validator's error)."""
    players = sorted(movement.entries(), key=_number)
    out = []
    for player in players:
        counts = [opposed[frozenset((player, other))] for other in players if other != player]
        if counts and max(counts) - min(counts) > 1:
            out.append(
                _("Player %(player)s opposes some players %(high)s times and others %(low)s times.")
                % {"player": player, "high": max(counts), "low": min(counts)}
            )
    return out
