"""Write a movement in the two shapes other programs read (and loaders.py reads back): bridgescorer YAML and
howellki's explicit CSV, so a club movement travels to and from other scoring programs.

Both formats number pairs, so labels become numbers: a Howell's "7" stays 7; a Mitchell's pairs (and a rover)
are numbered in the movement's natural order, NS pairs first (1NS..nNS are 1..n, 1EW.. follow). Sit-out rows
are left out: a pair missing from a round sits out, which is how both formats say it. The bridgescorer name
starts with "Mitchell" or "Howell" and ends in "Relay" when tables share boards, which is what the loader
reads the kind and the sharing from; a howellki key is "tables-rounds", with "-M" for a Mitchell.

An individual is written in our extension of the YAML shape: its name starts with "Individual" and each hand
names the four players (`north`, `south`, `east`, `west`) in place of `ns` and `ew`. bridgescorer itself and
howellki's CSV number pairs only, so neither program can carry an individual; the CSV writer refuses one.
"""

from __future__ import annotations

import csv
import io
import re

from scoring.messages import gettext as _

from .types import Movement, MovementError, participants

__all__ = ["pair_numbers", "write_bridgescorer_yaml", "write_howellki_csv"]

_NAME = re.compile(r"[^A-Za-z0-9]+")


def pair_numbers(movement: Movement) -> dict[str, int]:
    """The number each entry is written under (see the module docstring)."""
    if movement.kind == "individual":
        raise MovementError(_("An individual movement cannot be written in a pairs movement file."))
    entries = movement.entries()
    if all(label.isdigit() for label in entries):
        return {label: int(label) for label in entries}
    return {label: number for number, label in enumerate(entries, 1)}


def _yaml_head(movement: Movement, stem: str, who: str, count: int) -> list[str]:
    """The lines before `hands:` that pair and individual files share (`who`: "Howell 8 pairs", ...)."""
    description = (movement.description or stem).replace("\\", "/").replace('"', "'")
    return [
        "---",
        f'name: "{stem}"',
        f'short: "{who} {movement.tables} tables {movement.board_count} boards"',
        f'description: "{description}"',
        f"numberTeams: {count}",
        "hands:",
    ]


def write_bridgescorer_yaml(movement: Movement, name: str = "") -> str:
    """The movement as a bridgescorer movement file (the flat `hands:` list its own files use)."""
    if movement.kind == "individual":
        return _individual_yaml(movement, name)
    numbers = pair_numbers(movement)
    kind = "Mitchell" if movement.kind == "mitchell" else "Howell"
    stem = _NAME.sub("", name) or f"{movement.tables:02d}T{movement.board_count}B"
    stem = stem if stem.lower().startswith(kind.lower()) else kind + stem
    if movement.shares and "relay" not in stem.lower():
        stem += "Relay"
    lines = _yaml_head(movement, stem, f"{kind} {len(numbers)} pairs", len(numbers))
    for row in sorted(movement.rows, key=lambda r: (r.table, r.round)):
        if row.ns is None or row.ew is None:
            continue
        lines += [
            f"- table: {row.table}",
            f"  round: {row.round}",
            f"  ns: {numbers[row.ns]}",
            f"  ew: {numbers[row.ew]}",
            "  boards:",
            *(f"  - {board}" for board in row.boards),
        ]
    return "\n".join(lines) + "\n"


def _individual_yaml(movement: Movement, name: str) -> str:
    """Our extended shape: `north`/`south`/`east`/`west` player numbers per hand (sit-outs left out)."""
    stem = _NAME.sub("", name) or f"{movement.tables:02d}T{movement.board_count}B"
    stem = stem if stem.lower().startswith("individual") else "Individual" + stem
    players = movement.entries()
    lines = _yaml_head(movement, stem, f"Individual {len(players)} players", len(players))
    for row in sorted(movement.rows, key=lambda r: (r.table, r.round)):
        if row.ns is None or row.ew is None:
            continue
        (north, south), (east, west) = participants(row.ns), participants(row.ew)
        lines += [f"- table: {row.table}", f"  round: {row.round}"]
        lines += [f"  north: {north}", f"  south: {south}", f"  east: {east}", f"  west: {west}", "  boards:"]
        lines += [f"  - {board}" for board in row.boards]
    return "\n".join(lines) + "\n"


def write_howellki_csv(movement: Movement, key: str = "") -> str:
    """The movement as rows of howellki's explicit CSV; board sets numbered in the order of their first board."""
    numbers = pair_numbers(movement)
    key = key or f"{movement.tables}-{movement.rounds}" + ("-M" if movement.kind == "mitchell" else "")
    sets = {boards: number for number, boards in enumerate(movement.board_sets, 1)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["movement", "round", "table", "ns_pair", "ew_pair", "board_set"])
    for row in sorted(movement.rows, key=lambda r: (r.round, r.table)):
        if row.ns is None or row.ew is None:
            continue
        writer.writerow([key, row.round, row.table, numbers[row.ns], numbers[row.ew], sets.get(row.boards, 0)])
    return out.getvalue()
