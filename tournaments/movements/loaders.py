"""Read movement tables written by other programs, so the validator can check them like our own.

- bridgescorer YAML (thebridsk/bridgescorer): a `hands:` list of {table, round, ns, ew, boards}. Parsed by
  hand (the files use only that flat shape), so the app needs no YAML library.
- howellki (emkael/howellki, from the KoPS HOWELL.DAT): the expanded CSV (movement, round, table, ns_pair,
  ew_pair, board_set) or the compact JSON (round-1 positions, the cycle the moving pairs follow, and for
  each board slot the table it lies on, 0 for a relay stand; sets move one slot a round).

Pair labels: the source numbers as strings ("7"); in a Mitchell, a pair that always sits NS is "7NS" and
one that always sits EW "7EW", keeping the source's numbers. Boards shared by tables in a round count as
by design only when the source names the movement a relay movement; otherwise the validator reports it.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable
from pathlib import Path

from scoring.messages import gettext as _

from .types import Movement, MovementError, Row, Share, board_set

__all__ = ["individual_of_rows", "load_bridgescorer_yaml", "load_howellki", "movement_from_cells"]

Cell = tuple[int, int, int | None, int | None, tuple[int, ...]]  # round, table, ns, ew, boards


def _sides(cells: list[Cell]) -> dict[int, set[str]]:
    """The directions each pair number sits in."""
    sides: dict[int, set[str]] = {}
    for _r, _t, ns, ew, _b in cells:
        if ns is not None:
            sides.setdefault(ns, set()).add("NS")
        if ew is not None:
            sides.setdefault(ew, set()).add("EW")
    return sides


def _relay_shares(cells: list[Cell], rounds: int) -> list[Share]:
    """The boards found at several tables in a round, recorded as shared by design."""
    shares: list[Share] = []
    for r in range(1, rounds + 1):
        at: dict[tuple[int, ...], list[int]] = {}
        for c in cells:
            if c[0] == r and c[4]:
                at.setdefault(c[4], []).append(c[1])
        shares += [Share(r, tuple(sorted(t)), b) for b, t in sorted(at.items()) if len(t) > 1]
    return shares


def _can_meet_once(cells: list[Cell], n_sides: int, *, mitchell: bool) -> bool:
    """False when some pair plays more rounds than it has possible opponents."""
    played: dict[int, int] = {}
    for c in cells:
        for number in (c[2], c[3]):
            if number is not None and c[2] is not None and c[3] is not None:
                played[number] = played.get(number, 0) + 1
    possible = (n_sides - 1) if not mitchell else max(n_sides - 1, 1)
    return all(times <= possible for times in played.values())


def movement_from_cells(
    cells: Iterable[Cell],
    *,
    kind: str,
    pairs: int | None = None,
    variant: str | None = None,
    description: str = "",
    relay: bool = False,
) -> Movement:
    """Build a Movement from numbered cells, labelling pairs as described in the module docstring.

    `relay`: the source says its tables share boards (e.g. a bridgescorer "...Relay" movement), so boards
    found at several tables in one round are recorded as shared by design.
    The promise to meet each opponent at most once is kept unless the table cannot keep it (a pair plays
    more rounds than it has possible opponents, as in bridgescorer's six-round two-table movements).
    """
    cells = list(cells)
    if not cells:
        raise MovementError(_("The movement table is empty."))
    sides = _sides(cells)
    mitchell = kind == "mitchell"

    def label(number: int | None) -> str | None:
        if number is None:
            return None
        if mitchell and len(sides[number]) == 1:
            return f"{number}{next(iter(sides[number]))}"
        return str(number)

    rows = tuple(Row(r, t, label(ns), label(ew), boards) for r, t, ns, ew, boards in sorted(cells, key=lambda c: c[:2]))
    tables = max(c[1] for c in cells)
    rounds = max(c[0] for c in cells)
    bpr = max(len(c[4]) for c in cells)
    n_pairs = pairs if pairs is not None else len(sides)
    opponents = {frozenset((c[2], c[3])) for c in cells if c[2] is not None and c[3] is not None}
    if mitchell:
        ns_side = sum(1 for s in sides.values() if s == {"NS"})
        complete = len(opponents) == ns_side * (len(sides) - ns_side)
    else:
        complete = len(opponents) == len(sides) * (len(sides) - 1) // 2
    shares = _relay_shares(cells, rounds) if relay else []
    meet_once = _can_meet_once(cells, len(sides), mitchell=mitchell)
    return Movement(
        kind=kind,
        variant=variant,
        pairs=n_pairs,
        tables=tables,
        rounds=rounds,
        boards_per_round=bpr,
        rows=rows,
        winners=2 if mitchell else 1,
        shares=tuple(shares),
        relay_tables=tuple(sorted({t for share in shares for t in share.tables})),
        meet_once=meet_once,
        # A loaded table promises what it looks like it promises: if it has as many meetings as a
        # complete movement would, the validator checks that every meeting is distinct.
        all_meet=complete,
        description=description,
    )


_KEY_VALUE = re.compile(r"^(-\s+)?(\w+):\s*(.*?)\s*$")
_LIST_ITEM = re.compile(r"^\s*-\s+(-?\d+)\s*$")


def _parse_bridgescorer(path: str | Path) -> tuple[dict[str, str], list[dict[str, object]]]:
    """The header fields and the `hands:` list of a bridgescorer file, read line by line."""
    header: dict[str, str] = {}
    hands: list[dict[str, object]] = []
    in_hands = False
    current: dict[str, object] | None = None
    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip()
        if not line or line == "---" or line.lstrip().startswith("#"):
            continue
        item = _LIST_ITEM.match(line)
        if in_hands and item and current is not None:
            listed = current.setdefault("boards", [])
            if isinstance(listed, list):
                listed.append(int(item.group(1)))
            continue
        kv = _KEY_VALUE.match(line.strip())
        if kv is None:
            raise MovementError(
                _("%(path)s: line %(number)s is not understood: %(raw)s")
                % {"path": path, "number": number, "raw": repr(raw)}
            )
        dash, key, value = kv.groups()
        if not in_hands:
            if key == "hands":
                in_hands = True
            else:
                header[key] = value.strip('"')
            continue
        if dash:
            current = {}
            hands.append(current)
        if current is None:
            raise MovementError(
                _("%(path)s: line %(number)s: a hand's field before its '- table:' line")
                % {"path": path, "number": number}
            )
        if key != "boards":
            current[key] = int(value)
    return header, hands


def load_bridgescorer_yaml(path: str | Path) -> Movement:
    """A bridgescorer movement file; kind "mitchell" when its name says so, else "howell"; an individual in our
    extended shape (hands with `north`, `south`, `east`, `west`: writers.py) when its hands name four players."""
    header, hands = _parse_bridgescorer(path)
    if hands and all("north" in hand for hand in hands):
        return _individual(header, hands, path)
    cells: list[Cell] = []
    for hand in hands:
        boards = hand.get("boards", [])
        if not isinstance(boards, list):
            raise MovementError(_("%(path)s: a hand's boards are not a list.") % {"path": path})
        cells.append(
            (
                _int(hand["round"]),
                _int(hand["table"]),
                _int(hand["ns"]),
                _int(hand["ew"]),
                tuple(int(b) for b in boards),
            )
        )
    name = header.get("name", Path(path).stem)
    kind = "mitchell" if name.lower().startswith("mitchell") else "howell"
    pairs = int(header["numberTeams"]) if "numberTeams" in header else None
    return movement_from_cells(
        cells,
        kind=kind,
        pairs=pairs,
        description=header.get("description", name),
        relay="relay" in name.lower(),
    )


def _individual(header: dict[str, str], hands: list[dict[str, object]], path: str | Path) -> Movement:
    """An individual from our extended YAML shape; the same board set at several tables in a round is shared."""
    rows: list[Row] = []
    for hand in hands:
        boards = hand.get("boards", [])
        if not isinstance(boards, list):
            raise MovementError(_("%(path)s: a hand's boards are not a list.") % {"path": path})
        try:
            n, s, e, w = (_int(hand[seat]) for seat in ("north", "south", "east", "west"))
        except KeyError as error:
            raise MovementError(
                _("%(path)s: a hand lacks its %(seat)s player.") % {"path": path, "seat": error}
            ) from None
        rows.append(Row(_int(hand["round"]), _int(hand["table"]), f"{n}-{s}", f"{e}-{w}", tuple(boards)))
    return individual_of_rows(rows, header.get("description", header.get("name", Path(path).stem)))


def individual_of_rows(rows: list[Row], description: str) -> Movement:
    """An individual from its rows ("8-3" partnerships): the same board set at several tables in a round is
    shared by design; a full individual (players - 1 rounds, a multiple of four players) promises the laws'
    meetings, each player partnering every other once and opposing every other twice."""
    rows = sorted(rows, key=lambda row: (row.round, row.table))
    rounds = max(row.round for row in rows)
    shares = _relay_shares([(r.round, r.table, 1, 1, r.boards) for r in rows if r.played], rounds)
    players = {p for row in rows for label in (row.ns, row.ew) if label for p in label.split("-")}
    return Movement(
        kind="individual",
        variant=None,
        pairs=len(players),
        tables=max(row.table for row in rows),
        rounds=rounds,
        boards_per_round=max(len(row.boards) for row in rows) or 1,
        rows=tuple(rows),
        shares=tuple(shares),
        relay_tables=tuple(sorted({t for share in shares for t in share.tables})),
        meet_once=False,
        all_meet=rounds >= len(players) - 1 and len(players) % 4 == 0,
        description=description,
    )


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise MovementError(_("Expected a number, found %(value)s.") % {"value": repr(value)})
    return value


def load_howellki(path: str | Path, key: str, *, boards_per_round: int = 1) -> Movement:
    """One movement ("tables-rounds", e.g. "4-7") from howellki's movements.json or howellki_explicit.csv.

    Board set s becomes boards (s-1)*B+1 .. s*B for B = `boards_per_round`. Keys ending in "-M" are
    Mitchells; the rest are (full or partial) Howells.
    """
    path = Path(path)
    kind = "mitchell" if key.endswith("-M") else "howell"
    if path.suffix.lower() == ".csv":
        cells = _howellki_csv(path, key, boards_per_round)
    else:
        cells = _howellki_json(path, key, boards_per_round)
    return movement_from_cells(cells, kind=kind, variant=None, description=f"howellki {key}")


def _howellki_csv(path: Path, key: str, bpr: int) -> list[Cell]:
    cells: list[Cell] = []
    with path.open(newline="", encoding="utf-8") as handle:
        for record in csv.DictReader(handle):
            if record["movement"] != key:
                continue
            board_no = int(record["board_set"])
            cells.append(
                (
                    int(record["round"]),
                    int(record["table"]),
                    int(record["ns_pair"]),
                    int(record["ew_pair"]),
                    board_set(board_no, bpr) if board_no else (),
                )
            )
    if not cells:
        raise MovementError(_("No movement %(key)s in %(path)s.") % {"key": repr(key), "path": path})
    return cells


def _position_index(position: str) -> int:
    """'3E' -> index in the positions list (1N, 1E, 2N, 2E, ...)."""
    table, seat = int(position[:-1]), position[-1]
    return 2 * (table - 1) + (0 if seat == "N" else 1)


def _howellki_json(path: Path, key: str, bpr: int) -> list[Cell]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if key not in data:
        raise MovementError(_("No movement %(key)s in %(path)s.") % {"key": repr(key), "path": path})
    entry = data[key]
    tables, rounds = int(entry["tables"]), int(entry["rounds"])
    seats: list[int] = list(entry["positions"])
    cycle = [_position_index(p) for p in entry["movement"]]
    slots: list[int] = list(entry["sets"])  # slot i lies on this table (0: a relay stand)
    cells: list[Cell] = []
    for r in range(1, rounds + 1):
        for slot, table in enumerate(slots):
            if table:
                number = (slot + r - 1) % len(slots) + 1
                ns, ew = seats[2 * (table - 1)], seats[2 * (table - 1) + 1]
                cells.append((r, table, ns, ew, board_set(number, bpr)))
        moved = list(seats)
        for i, position in enumerate(cycle):
            moved[cycle[(i + 1) % len(cycle)]] = seats[position]
        seats = moved
    if len({c[1] for c in cells}) != tables:
        raise MovementError(
            _("Movement %(key)s: its board slots do not cover the %(tables)s tables.")
            % {"key": repr(key), "tables": tables}
        )
    return cells
