"""`--club SLUG` for the commands that make a club's objects (demos, importers): one mixin, one rule.

Without `--club`: the only club of the service, or an error naming the clubs when there are several.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.clubs.models import Club
from tournaments.core.tenancy import NoCurrentClub, only_club_id, using_club


def club_named(slug: str | None) -> Club:
    """The club `--club SLUG` names, else the only club; CommandError naming the clubs otherwise."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(
                _("There is no club '%(slug)s': the clubs are %(clubs)s.") % {"slug": slug, "clubs": _slugs()}
            )
        return club
    only = only_club_id()
    if only is None:
        raise CommandError(
            _("This service has several clubs: say which one with --club SLUG (%(clubs)s).") % {"clubs": _slugs()}
        )
    return Club.objects.get(pk=only)


def _slugs() -> str:
    return ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True)) or _("none yet")


class ClubOption(BaseCommand):
    """A command run in one club: what it makes belongs to that club, what it reads is that club's.

    Without `--club` the club is asked for only when a row is made: a demo printed, not kept, needs none, and an
    importer reads (and refuses) its file first.
    """

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> Any:
        parser: ArgumentParser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument("--club", help="The club's slug (needed when the service has several clubs)")
        return parser

    def execute(self, *args: Any, **options: Any) -> Any:
        club = club_named(options["club"]) if options.get("club") else None
        try:
            with using_club(club.pk if club else None):
                return super().execute(*args, **options)
        except NoCurrentClub as error:
            raise CommandError(str(error)) from None
