"""`current_club` in every template: the current club's look (name, logo, colours) for the pages' header."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tournaments.clubs.directory import directory
from tournaments.core.tenancy import DEFAULT_NAME


def context(request: HttpRequest) -> dict[str, Any]:
    """The club's look, and whether the service has several clubs (the header then offers the chooser).

    The laptop's club, untouched (its default name, no logo, no colours), leaves the header as it always was.
    """
    several = len(directory().clubs) > 1
    club = getattr(request, "club_look", None)
    shown = club and (several or club.logo or club.colour or club.name != DEFAULT_NAME)
    return {"current_club": club if shown else None, "several_clubs": several}
