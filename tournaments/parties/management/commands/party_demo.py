"""`manage.py party_demo --tables 3 --rounds 4 --seed 7 --json`: play a whole simulated progressive party.

Both forms are played by the one party engine (``engine.play_party`` / ``engine.run_party``). With ``--game``
(whist, five-hundred, cinch, solo, bridge, pivot, rubber, euchre) it prints ``{"game", "rounds", "tallies",
"prizes"}``; without it, a Progressive Bridge party of mixed couples (the engine's mixed-couples option, which
the bridge game declares) shown at its compass seats, with the party's own tallies and prizes (``simulate``).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError, CommandParser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.clubs.commands import ClubOption
from tournaments.parties import score_pads, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.engine import play_party
from tournaments.parties.game_save import SAVED_GAMES, save_game
from tournaments.parties.games import GAMES, game
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.simulate import DEMO_PRIZES, simulate_party
from tournaments.parties.types import PartyError


def _host(host: str) -> Any:
    """The login the saved party belongs to: the one named, or the first superuser."""
    users = get_user_model().objects
    user = users.filter(username=host).first() if host else users.filter(is_superuser=True).order_by("pk").first()
    if user is None:
        raise CommandError(_("No host to save the party for: create a login first, or name one with --host."))
    return user


def save_demo(party: dict[str, Any], *, tables: int, host: str, seed: int) -> Party:
    """Store the simulated party as a real one: same guests, same round-1 cards, same deals, same moves.

    The progression is computed again by the services; for a mixed party with ties to North-South it has no
    random element, so the stored rounds are the simulated ones (the tests check it).
    """
    user = _host(host)
    with transaction.atomic():
        saved = services.create_party(
            actor=user, name=f"Demo party (seed {seed})", date=datetime.date.today(), tables=tables, mixed=True,
            tie_rule="north_south", planned_rounds=len(party["rounds"]), prizes=DEMO_PRIZES,
        )  # fmt: skip
        marks = {"lady": "L", "gentleman": "G"}
        services.set_guests(
            actor=user, party=saved, text="\n".join(f"{g['name']} {marks[g['group']]}" for g in party["guests"])
        )
        pk_of = {
            g["id"]: str(pk) for g, pk in zip(party["guests"], saved.guests.values_list("pk", flat=True), strict=True)
        }
        first = party["rounds"][0]["tables"]
        services.start_party(
            actor=user, party=saved,
            assignment={pk_of[t[seat]]: (t["table"], seat) for t in first for seat in "NESW"},
            first_dealers={t["table"]: t["deals"][0]["dealer"] for t in first},
        )  # fmt: skip
        for rnd in party["rounds"]:
            for t in rnd["tables"]:
                table = PartyTable.objects.get(round__party=saved, round__number=rnd["round"], number=t["table"])
                entries = [
                    DealEntry(d["contract"], d["declarer"], d["tricks"],
                              (d["honors"] or {}).get("side"), (d["honors"] or {}).get("points", 0))
                    for d in t["deals"]
                ]  # fmt: skip
                score_pads.record_deals(actor=user, table=table, deals=entries)
            if rnd["round"] < len(party["rounds"]):
                services.call_progression(actor=user, party=saved)
        services.finish_party(actor=user, party=saved)
    return saved


class Command(ClubOption):
    help = (
        "Play a simulated Progressive Bridge party (mixed, Law 5 progression, Law 6 partner changes, Law 9 "
        "vulnerability, ties to North-South) and print the rounds, tallies, ranking and prizes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=3, help="number of tables, 2 or more (default 3)")
        parser.add_argument("--rounds", type=int, default=4, help="rounds to play (default 4)")
        parser.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same party")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a summary")
        parser.add_argument(
            "--save",
            action="store_true",
            help="also store the party (through the same services as the web pages) for a host to browse",
        )
        parser.add_argument("--host", default="", help="user name of the host for --save (default: first superuser)")
        parser.add_argument("--game", choices=sorted(GAMES), help="play this game on the one party engine")
        parser.add_argument("--players", type=int, help="players at a table (five hundred: 3 to 6)")
        parser.add_argument("--tie-rule", help="how a tie at a table is settled (the game's laws' options)")
        parser.add_argument("--keep-partners", action="store_true", help="partners stay together when they move")
        parser.add_argument(
            "--progression",
            choices=["standard", "fixed", "ns_stationary"],
            default="standard",
            help="with --game: the winners move up (standard), partners kept (fixed), or N-S stay and E-W move down",
        )

    def _engine(self, options: dict[str, Any]) -> None:
        """The --game form: one engine, the game's own rules; JSON or a short summary."""
        if options["save"] and options["game"] not in SAVED_GAMES:
            raise CommandError(_("--save stores %(games)s.") % {"games": ", ".join(SAVED_GAMES)})
        rules = game(options["game"])
        tables = 1 if rules.single_table and options["tables"] == 3 else options["tables"]
        try:
            party = play_party(
                rules, tables=tables, rounds=options["rounds"], seed=options["seed"], size=options["players"],
                tie_rule=options["tie_rule"], keep_partners=options["keep_partners"], method=options["progression"],
            )  # fmt: skip
        except PartyError as exc:
            raise CommandError(str(exc)) from exc
        if options["save"]:
            host = _host(options["host"])
            saved = save_game(party, actor=host, tables=tables, seed=options["seed"], tie_rule=options["tie_rule"])
            self.stderr.write(_("Saved as party %(pk)s: /parties/%(pk2)s/") % {"pk": saved.pk, "pk2": saved.pk})
        if options["json"]:
            self.stdout.write(json.dumps(party, indent=1))
            return
        self.stdout.write(
            _("%(label)s: %(n_tallies)s guests, %(tables)s tables, %(rounds)s rounds\n")
            % {
                "label": _(rules.label),
                "n_tallies": len(party["tallies"]),
                "tables": tables,
                "rounds": options["rounds"],
            }
        )
        for place, (guest, total) in enumerate(sorted(party["tallies"].items(), key=lambda kv: -kv[1]), start=1):
            self.stdout.write(f"{place:>3}. {guest:<6} {total:>8}")
        self.stdout.write(_("\nPrizes:"))
        for p in party["prizes"]:
            self.stdout.write(f"  {p['label']}: {', '.join(p['guests'])} ({p['total']})")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["game"]:
            self._engine(options)
            return
        tables, rounds = options["tables"], options["rounds"]
        if not 2 <= tables <= 60:
            raise CommandError(_("--tables must be 2 to 60."))
        if not 1 <= rounds <= 40:
            raise CommandError(_("--rounds must be 1 to 40."))
        try:
            party = simulate_party(tables, rounds, options["seed"])
        except PartyError as exc:
            raise CommandError(str(exc)) from exc
        if options["save"]:
            saved = save_demo(party, tables=tables, host=options["host"], seed=options["seed"])
            self.stderr.write(_("Saved as party %(pk)s: /parties/%(pk2)s/") % {"pk": saved.pk, "pk2": saved.pk})
        if options["json"]:
            self.stdout.write(json.dumps(party, indent=1))
            return
        names = {g["id"]: g["name"] for g in party["guests"]}
        nets = {t["guest"]: t for t in party["tallies"]}
        self.stdout.write(
            _("%(n_guests)s guests, %(tables)s tables, %(rounds)s rounds\n")
            % {"n_guests": len(party["guests"]), "tables": tables, "rounds": rounds}
        )
        for place, gid in enumerate(party["ranking"], start=1):
            t = nets[gid]
            self.stdout.write(f"{place:>3}. {names[gid]:<24} {t['my']:>6} {t['opponents']:>6} {t['net']:>+7}")
        self.stdout.write(_("\nPrizes:"))
        for p in party["prizes"]:
            self.stdout.write(f"  {p['prize']}: {names[p['guest']]}")
