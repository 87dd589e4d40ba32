"""`manage.py party_demo --tables 3 --rounds 4 --seed 7 --json`: play a whole simulated progressive party."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.parties.simulate import simulate_party
from tournaments.parties.types import PartyError


class Command(BaseCommand):
    help = (
        "Play a simulated Progressive Bridge party (mixed, Law 5 progression, Law 6 partner changes, Law 9 "
        "vulnerability, ties to North-South) and print the rounds, tallies, ranking and prizes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=3, help="number of tables, 2 or more (default 3)")
        parser.add_argument("--rounds", type=int, default=4, help="rounds to play (default 4)")
        parser.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same party")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a summary")

    def handle(self, *args: Any, **options: Any) -> None:
        tables, rounds = options["tables"], options["rounds"]
        if not 2 <= tables <= 60:
            raise CommandError("--tables must be 2 to 60.")
        if not 1 <= rounds <= 40:
            raise CommandError("--rounds must be 1 to 40.")
        try:
            party = simulate_party(tables, rounds, options["seed"])
        except PartyError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(party, indent=1))
            return
        names = {g["id"]: g["name"] for g in party["guests"]}
        nets = {t["guest"]: t for t in party["tallies"]}
        self.stdout.write(f"{len(party['guests'])} guests, {tables} tables, {rounds} rounds\n")
        for place, gid in enumerate(party["ranking"], start=1):
            t = nets[gid]
            self.stdout.write(f"{place:>3}. {names[gid]:<24} {t['my']:>6} {t['opponents']:>6} {t['net']:>+7}")
        self.stdout.write("\nPrizes:")
        for p in party["prizes"]:
            self.stdout.write(f"  {p['prize']}: {names[p['guest']]}")
