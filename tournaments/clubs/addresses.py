"""The absolute address of a page of one club: the one helper every link made outside a request for a club uses
(e-mails, the QR codes on guide cards, table cards and PDFs, big screen links, the commands that print links).

A link built inside a request under `/c/<slug>/` carries the club's address already (the middleware sets the
script prefix); a Celery job, a command or an e-mail has no request, so `reverse()` alone would send a player of
club B to the service's root, where another club (or the chooser) answers. Here the base is, in order: the
club's own host name (on the scheme of `SITE_URL`), `SITE_URL` + `/c/<slug>` when the service has several clubs,
or plain `SITE_URL` on a one-club service (the laptop: nothing changes for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import get_script_prefix, reverse, set_script_prefix

from tournaments.clubs.directory import directory
from tournaments.core.tenancy import current_club_id


def club_base(club_id: int | None = None, base: str | None = None) -> str:
    """The site address of the club's pages, without a trailing slash (`club_id`: else the current club).

    `base` is the site as its users reach it when a command was told (`--base-url`); else `SITE_URL`.
    """
    site = (base or settings.SITE_URL).rstrip("/")
    known = directory()
    shown = known.clubs.get(club_id or current_club_id() or 0)
    if shown is None:
        return site
    if shown.host:
        scheme = urlsplit(site).scheme or "https"
        return f"{scheme}://{shown.host}"
    if known.only is not None:
        return site
    return f"{site}/c/{shown.slug}"


def club_url(viewname: str, args: Sequence[Any] = (), *, club_id: int | None = None, base: str | None = None) -> str:
    """The absolute address of `viewname` for the club (`club_base` + the page's path from the site root)."""
    prefix = get_script_prefix()
    set_script_prefix("/")  # the path from the site root, whatever club's address the current request has
    try:
        path = reverse(viewname, args=list(args))
    finally:
        set_script_prefix(prefix)
    return club_base(club_id, base) + path
