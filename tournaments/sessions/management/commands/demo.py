"""`manage.py demo --tables N --movement mitchell|howell --seed S`: a complete scored evening to look at.

`--game duplicate-whist` plays a duplicate whist evening on the same movements and prints it scored by the
Laws of Duplicate Whist (travellers of tricks, match points, tricks over the average, revokes' R); with
`--save` it is also stored as a duplicate whist session (its id printed last, on stderr the summary).
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.clubs.commands import ClubOption
from tournaments.movements.types import MovementError
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.whist_demo import store_evening
from tournaments.sessions.whist_evening import play_evening
from tournaments.tableside.services import issue_links


class Command(ClubOption):
    help = "Create a complete, scored demo session (named players, dealt boards, results, rulings); prints its id last."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=8)
        parser.add_argument(
            "--movement",
            choices=["mitchell", "howell", "individual"],
            default="mitchell",
            help="individual: duplicate whist only",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--game",
            choices=["bridge", "duplicate-whist"],
            default="bridge",
            help="duplicate-whist: print a scored duplicate whist evening (stored with --save)",
        )
        parser.add_argument("--json", action="store_true", help="duplicate-whist: the whole evening as JSON")
        parser.add_argument(
            "--save", action="store_true", help="duplicate-whist: also store the evening as a duplicate whist session"
        )
        parser.add_argument(
            "--no-results",
            action="store_true",
            help="Set up an evening ready to play (names, boards, movement, table links) without results.",
        )
        parser.add_argument(
            "--quick", action="store_true", help="Estimate tricks from points and fits instead of solving double dummy."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["game"] == "duplicate-whist":
            self._whist(int(options["tables"]), str(options["movement"]), int(options["seed"]), bool(options["json"]))
            if options["save"]:
                self._save_whist(int(options["tables"]), str(options["movement"]), int(options["seed"]))
            return
        if options["movement"] == "individual":
            raise CommandError(_("The bridge demo plays pairs: a Mitchell or a Howell."))
        start = time.perf_counter()
        try:
            session = build_demo_session(
                tables=int(options["tables"]),
                movement=str(options["movement"]),
                seed=int(options["seed"]),
                quick=bool(options["quick"]),
                results=not options["no_results"],
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        section = session.sections.get()
        if options["no_results"]:
            links = issue_links(section)
            self.stderr.write(
                f"Ready to play: {session} — {section.get_movement_kind_display()} {section.tables} tables, "
                f"{section.rounds} rounds of {section.boards_per_round}; {len(links)} table links "
                f"(manage.py table_links {session.pk})"
            )
            self.stdout.write(str(session.pk))
            return
        scores = score_section(section)
        self.stderr.write(
            f"Demo: {session} — {section.get_movement_kind_display()} {section.tables} tables, "
            f"{section.rounds} rounds of {section.boards_per_round}, {section.results.count()} results, "
            f"{session.rulings.count()} rulings, {time.perf_counter() - start:.1f} s"
        )
        for key, rows in scores.standings.items():
            if rows:
                top = rows[0]
                pct = f" {top.percentage:.2f}%" if top.percentage is not None else ""
                self.stderr.write(f"  winner{(' ' + key) if key else ''}: {top.entry}{pct}")
        self.stdout.write(str(session.pk))

    def _save_whist(self, tables: int, movement: str, seed: int) -> None:
        """The same evening stored through the session's services; its id last, as the bridge demo prints it."""
        session = store_evening(play_evening(tables=tables, movement=movement, seed=seed), seed=seed)
        section = session.sections.get()
        self.stderr.write(f"Stored: {session} — {section.results.count()} lines")
        self.stdout.write(str(session.pk))

    def _whist(self, tables: int, movement: str, seed: int, as_json: bool) -> None:
        try:
            evening = play_evening(tables=tables, movement=movement, seed=seed).to_json()
        except MovementError as exc:
            raise CommandError(str(exc)) from exc
        if as_json:
            self.stdout.write(json.dumps(evening, indent=1))
            return
        revokes = [line for t in evening["travellers"] for line in t["lines"] if line["revoke"]]
        self.stdout.write(
            f"Duplicate whist: {evening['movement']} {evening['tables']} tables, {evening['rounds']} rounds of "
            f"{evening['boards_per_round']}, {len(evening['travellers'])} boards, {len(revokes)} revokes"
        )
        for place, row in enumerate(evening["standings"], start=1):
            self.stdout.write(
                _("%(place)s. %(pair)s  %(matchpoints)s MP  %(tricks)s tricks")
                % {
                    "place": format(place, ">3"),
                    "pair": format(row["pair"], ">5"),
                    "matchpoints": format(row["matchpoints"], ">6"),
                    "tricks": format(row["tricks"], "+.2f"),
                }
            )
