"""`manage.py start_simultaneous --federation SLUG --name NAME --date YYYY-MM-DD --boards N --official USER
(--clubs SLUG [SLUG ...] | --all-clubs) [--pairs N]`: a federation's simultaneous across its clubs (issue 30).

The same write as the officials' page (`/simultaneous/federation/start/<slug>/`): each chosen club gets a session
of its own in the field. `--official` names who does it (an official of the federation, or a superuser): the
audit log says so.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.clubs.models import Club, Federation
from tournaments.simultaneous.federation_start import DEFAULT_PAIRS, member_clubs, start_across_clubs
from tournaments.simultaneous.services import SimultaneousError


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--date {text!r} is not a date: write it as YYYY-MM-DD, e.g. 2026-11-24.") from None


class Command(BaseCommand):
    help = "Start a federation's simultaneous: each chosen club gets its own session in the field."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--federation", required=True, help="The federation's slug (its page: /results/federation/SLUG/)"
        )
        parser.add_argument("--name", required=True, help="The simultaneous's name")
        parser.add_argument("--date", required=True, help="The evening, YYYY-MM-DD")
        parser.add_argument("--boards", required=True, type=int, help="Boards 1..N are the simultaneous's deals")
        parser.add_argument("--official", required=True, help="Login of the federation's official doing it")
        clubs = parser.add_mutually_exclusive_group(required=True)
        clubs.add_argument("--clubs", nargs="+", metavar="SLUG", help="The member clubs taking part")
        clubs.add_argument("--all-clubs", action="store_true", help="Every member club of the federation")
        parser.add_argument("--pairs", type=int, default=DEFAULT_PAIRS, help="Pairs expected at each club")

    def handle(self, *args: Any, **options: Any) -> None:
        fed = Federation.objects.filter(slug=options["federation"]).first()
        if fed is None:
            known = ", ".join(Federation.objects.order_by("slug").values_list("slug", flat=True)) or "none yet"
            raise CommandError(f"There is no federation {options['federation']!r}: the federations are {known}.")
        official = get_user_model().objects.filter(username=options["official"]).first()
        if official is None:
            raise CommandError(f"There is no login {options['official']!r}.")
        members = member_clubs(fed)
        if options["all_clubs"]:
            clubs = members
        else:
            slugs = [str(s).lower() for s in options["clubs"]]
            clubs = list(Club.objects.filter(slug__in=slugs))
            unknown = sorted(set(slugs) - {c.slug for c in clubs})
            if unknown:
                names = ", ".join(c.slug for c in members) or "none yet"
                raise CommandError(f"No club {', '.join(unknown)}: the clubs of {fed.name} are {names}.")
        try:
            started = start_across_clubs(
                actor=official, fed=fed, name=options["name"], date=_date(options["date"]), boards=options["boards"],
                clubs=clubs, pairs=options["pairs"],
            )  # fmt: skip
        except SimultaneousError as exc:
            raise CommandError(str(exc)) from None
        simul = started.simultaneous
        self.stdout.write(
            f"Started {simul.name} ({simul.boards} boards, {simul.date}): /simultaneous/federation/{simul.pk}/"
        )
        for joined in started.joined:
            slug = joined.session.event.tenant.slug
            self.stdout.write(f"  {joined.code} {joined.club}: session /c/{slug}/sessions/{joined.session_id}/")
