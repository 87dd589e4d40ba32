"""`manage.py movement KIND --pairs P`: print a movement for the director, or its rows as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.movements import (
    ALIASES,
    GENERATORS,
    Movement,
    MovementError,
    generate,
    load_bridgescorer_yaml,
    load_howellki,
    validate,
)
from tournaments.movements.howell import HOWELL_VARIANTS
from tournaments.movements.mitchell import MITCHELL_VARIANTS
from tournaments.movements.variants import MITCHELL_EXTRA_VARIANTS
from tournaments.movements.writers import write_bridgescorer_yaml, write_howellki_csv


def _boards(boards: tuple[int, ...]) -> str:
    if not boards:
        return "no boards"
    if len(boards) == 1:
        return f"board {boards[0]}"
    if boards == tuple(range(boards[0], boards[-1] + 1)):
        return f"boards {boards[0]}-{boards[-1]}"
    return "boards " + ", ".join(map(str, boards))


def render_text(movement: Movement) -> str:
    """The movement as a director reads it: round by round, table by table, relays and sit-outs marked."""
    lines = [
        f"{movement.description or movement.kind}",
        f"{movement.pairs} {'players' if movement.kind == 'individual' else 'pairs'}, "
        f"{movement.tables} tables, {movement.rounds} rounds of {movement.boards_per_round} boards, "
        f"{movement.board_count} boards in play, "
        f"{'one winner' if movement.winners == 1 else 'two winners (NS and EW)'}",
    ]
    for r in range(1, movement.rounds + 1):
        lines.append(f"Round {r}" + (" (arrow-switched)" if r in movement.arrow_switch_rounds else ""))
        for row in movement.rows_for_round(r):
            if row.ns is None or row.ew is None:
                who = row.ew or row.ns
                in_play = [
                    other.table for other in movement.rows_for_round(r) if other.played and other.boards == row.boards
                ]
                if row.boards and in_play:  # the set is being played elsewhere (a shared last round): not idle
                    where = ("tables " if len(in_play) > 1 else "table ") + " and ".join(map(str, in_play))
                    lines.append(f"  Table {row.table}: {who} sits out ({_boards(row.boards)} in play at {where})")
                else:
                    lines.append(f"  Table {row.table}: {who} sits out ({_boards(row.boards)} idle)")
                continue
            line = f"  Table {row.table}: {row.ns} v {row.ew}  {_boards(row.boards)}"
            shared = movement.shared_tables(r, row.table)
            if shared:
                line += f"  (shared with table {', '.join(map(str, shared))})"
            lines.append(line)
        for stand in movement.bye_stands:
            if stand.round == r:
                low, high = stand.between
                lines.append(f"  Bye stand between tables {low} and {high}: {_boards(stand.boards)}")
    return "\n".join(lines)


class Command(BaseCommand):
    help = (
        "Print a movement (Mitchell, Howell, individual, teams, replay; or by name: web, hesitation, scrambled, "
        "share-relay, rover, bowman, half-howell, three-quarter-howell, appendix-howell) for a number of pairs; "
        "or `file --load PATH` to "
        "check a movement file (bridgescorer YAML, or howellki CSV with --key) and print or convert it."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=sorted([*GENERATORS, *ALIASES, "file"]), help="the movement")
        parser.add_argument("--pairs", type=int, default=None, help="pairs present (players for an individual)")
        parser.add_argument("--load", default=None, help="with `file`: a movement file (.yaml or howellki .csv)")
        parser.add_argument("--key", default=None, help="with a howellki CSV: the movement in it, e.g. 4-7")
        parser.add_argument("--boards-per-round", type=int, default=None, dest="boards_per_round")
        parser.add_argument("--rounds", type=int, default=None, help="fewer rounds than the full movement")
        parser.add_argument(
            "--variant",
            choices=[*MITCHELL_VARIANTS, *MITCHELL_EXTRA_VARIANTS, *HOWELL_VARIANTS, "appendix"],
            default=None,
            help="Mitchell: relay (even tables, default), skip, arrow-switch, web, hesitation, scrambled, "
            "share-relay, rover or bowman; Howell: three-quarter, half, appendix, or standard (the published "
            "5-table Howell, "
            "boards in order round tables and bye stands)",
        )
        parser.add_argument("--json", action="store_true", help="print the rows as JSON")
        parser.add_argument(
            "--file",
            choices=["yaml", "csv"],
            default=None,
            help="print it as a movement file other programs read: bridgescorer YAML or howellki's explicit CSV",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        movement = self._load(options) if options["kind"] == "file" else self._generate(options)
        report = validate(movement)
        if not report.ok:  # a file that is not sound, or a generator bug: say so rather than print it
            raise CommandError("The movement failed validation: " + "; ".join(report.errors), returncode=1)
        if options["file"]:
            try:
                writer = write_bridgescorer_yaml if options["file"] == "yaml" else write_howellki_csv
                self.stdout.write(writer(movement), ending="")
            except MovementError as error:
                raise CommandError(str(error), returncode=2) from error
        elif options["json"]:
            self.stdout.write(json.dumps(movement.to_json()))
        else:
            self.stdout.write(render_text(movement))

    def _generate(self, options: dict[str, Any]) -> Movement:
        if options["pairs"] is None:
            raise CommandError(_("Say how many pairs: --pairs P."), returncode=2)
        try:
            return generate(
                options["kind"],
                options["pairs"],
                boards_per_round=options["boards_per_round"],
                rounds=options["rounds"],
                variant=options["variant"],
            )
        except MovementError as error:
            raise CommandError(str(error), returncode=2) from error

    def _load(self, options: dict[str, Any]) -> Movement:
        """A movement file read in place: a YAML file, or one movement (--key) of a howellki CSV or JSON."""
        path = options["load"]
        if not path:
            raise CommandError(_("Name the movement file: file --load PATH."), returncode=2)
        try:
            if str(path).lower().endswith((".yaml", ".yml")):
                return load_bridgescorer_yaml(path)
            if not options["key"]:
                raise CommandError(
                    _("A howellki file holds many movements: choose one with --key, e.g. 4-7."), returncode=2
                )
            return load_howellki(path, options["key"], boards_per_round=options["boards_per_round"] or 1)
        except (OSError, UnicodeDecodeError, ValueError, KeyError) as error:
            raise CommandError(
                _("%(path)s: cannot be read as a movement file (%(error)s).") % {"path": path, "error": error},
                returncode=2,
            ) from error
