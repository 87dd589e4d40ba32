"""`manage.py teams_demo --teams 8 --format swiss --rounds 5 --boards 8 --seed 3 --json`: a simulated teams event
(`--scoring teams8`: teams of eight, two matches a pairing, their IMPs added).

The event is played through the same services as the web pages (create it, enter the teams, draw each round,
enter both rooms of every board, line-ups), then read back through the selectors. Without --save it is rolled
back at the end, so the database is left as it was.
"""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.clubs.commands import ClubOption
from tournaments.teams import lineups, selectors, services
from tournaments.teams.calc import MatchScore
from tournaments.teams.models import TeamEvent
from tournaments.teams.simulate import demo_players, demo_team_name, room_scores


def play_demo(*, teams: int, format: str, rounds: int, boards: int, seed: int, scoring: str = "imps") -> dict[str, Any]:
    """Play the event through the services and return it in the issue's JSON shape."""
    rng = random.Random(seed)
    event = services.create_event(
        actor=None, name=f"Demo teams (seed {seed})", date=datetime.date.today(), format=format,
        rounds=rounds, boards_per_match=boards, scoring_form=scoring,
    )  # fmt: skip
    eight = event.scoring_form == TeamEvent.Scoring.TEAMS8
    for n in range(1, teams + 1):
        services.add_team(actor=None, event=event, name=demo_team_name(n), players=demo_players(n, rng, eight=eight))
    for _round in range(rounds):
        rnd = services.draw_next_round(actor=None, event=event)
        for match in rnd.matches.select_related("home", "away", "round"):
            for team in (match.home, match.away):
                names = list(team.players.values_list("name", flat=True))
                rng.shuffle(names)
                lineups.set_lineup(
                    actor=None, match=match, team=team, room1_pair=names[:2], room2_pair=names[2:4],
                    room3_pair=names[4:6] if eight else (), room4_pair=names[6:8] if eight else (),
                )  # fmt: skip
            scores = {b: room_scores(b, rng) for b in range(1, event.match_boards + 1)}
            services.save_boards(actor=None, match=match, scores=scores, version=match.version)
    return event_json(event)


def _halves(score: MatchScore) -> dict[str, Any]:
    if score.halves is None:
        return {}
    return {"matches": [{"imps_home": h.imps_home, "imps_away": h.imps_away} for h in score.halves]}


def event_json(event: TeamEvent) -> dict[str, Any]:
    played = selectors.played_rounds(event)
    return {
        "teams": [
            {"team": t.number, "name": t.name, "players": [p.name for p in t.players.all()]}
            for t in event.teams.prefetch_related("players").order_by("number")
        ],
        "rounds": [
            {
                "round": r.number,
                "matches": [
                    {
                        "home": m.home,
                        "away": m.away,
                        "boards": [
                            {"board": b, "room1_ns_score": r1, "room2_ns_score": r2, "imps_home": imps}
                            for (b, r1, r2), imps in zip(m.boards, m.score.board_imps, strict=True)
                        ],
                        "imps_home": m.score.imps_home,
                        "imps_away": m.score.imps_away,
                        **_halves(m.score),
                        "vp_home": m.score.vp_home,
                        "vp_away": m.score.vp_away,
                    }
                    for m in r.matches
                ],
                "bye": r.bye,
            }
            for r in played
        ],
        "standings": [
            {"team": s.team, "vp": float(s.vp), "place": s.place} for s in selectors.standings(event, played)
        ],
    }


class Command(ClubOption):
    help = "Play a simulated teams event (Swiss or round robin) through the services and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--teams", type=int, default=8, help="number of teams, 2 to 200 (default 8)")
        parser.add_argument("--format", choices=["swiss", "round-robin"], default="swiss")
        parser.add_argument("--rounds", type=int, default=None, help="rounds (default: 5, or all of a round robin)")
        parser.add_argument("--boards", type=int, default=8, help="boards per match, 1 to 64 (default 8)")
        parser.add_argument("--scoring", choices=TeamEvent.Scoring.values, default="imps", help="form of scoring")
        parser.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same event")
        parser.add_argument("--json", action="store_true", help="print JSON instead of the standings")
        parser.add_argument("--save", action="store_true", help="keep the event in the database")

    def handle(self, *args: Any, **options: Any) -> None:
        teams, fmt, boards = options["teams"], options["format"], options["boards"]
        if not 2 <= teams <= 200:
            raise CommandError(_("--teams must be 2 to 200."))
        if not 1 <= boards <= 64:
            raise CommandError(_("--boards must be 1 to 64."))
        full = teams - 1 + teams % 2
        rounds = options["rounds"] or (full if fmt == "round-robin" else min(5, full))
        if not 1 <= rounds <= (full if fmt == "round-robin" else 60):
            raise CommandError(_("--rounds must be 1 to %(value)s.") % {"value": full if fmt == "round-robin" else 60})
        try:
            with transaction.atomic():
                out = play_demo(
                    teams=teams,
                    format=fmt,
                    rounds=rounds,
                    boards=boards,
                    seed=options["seed"],
                    scoring=options["scoring"],
                )
                if not options["save"]:
                    transaction.set_rollback(True)
        except services.TeamsError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(out, indent=1))
            return
        names = {t["team"]: t["name"] for t in out["teams"]}
        for s in out["standings"]:
            self.stdout.write(f"{s['place']:>3}. {names[s['team']]:<24} {s['vp']:>7.2f}")
