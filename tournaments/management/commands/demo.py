"""`manage.py demo --tables N --movement mitchell|howell --seed S`: a complete scored evening to look at."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.demo import build_demo_session
from tournaments.tableside.services import issue_links


class Command(BaseCommand):
    help = "Create a complete, scored demo session (named players, dealt boards, results, rulings); prints its id last."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=8)
        parser.add_argument("--movement", choices=["mitchell", "howell"], default="mitchell")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--no-results",
            action="store_true",
            help="Set up an evening ready to play (names, boards, movement, table links) without results.",
        )
        parser.add_argument(
            "--quick", action="store_true", help="Estimate tricks from points and fits instead of solving double dummy."
        )

    def handle(self, *args: Any, **options: Any) -> None:
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
