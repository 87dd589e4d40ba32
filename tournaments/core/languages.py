"""Which language a page, a job or an e-mail is in, decided in one place.

A page is in the login's own choice (kept in its LoginLanguage row, copied into the session at login so a
request costs no query), else the language switch's cookie (a phone, a big screen), else the browser's
Accept-Language when it is one we ship, else the club's default. Jobs keep the language of the request that
queued them; e-mails go in the member's language, else the club's.

The club's default is read through `club_default_language()` only: today the LANGUAGE_CODE setting, later the
club's own setting (one function to change).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.formats import get_format
from django.utils.translation.trans_real import parse_accept_lang_header

from tournaments.core import tenancy
from tournaments.core.models import LoginLanguage

SESSION_KEY = "_bridgedesk_language"
_FIGURE = re.compile(r"[+-]?\d+\.\d+%?")
# Paper: Letter where it is the custom (the region of the club's language code, e.g. en-us, fr-ca), else A4.
LETTER_REGIONS = frozenset({"us", "ca", "mx", "ph", "cl", "co", "ve"})
ZONE_TAB = "/usr/share/zoneinfo/zone.tab"  # Debian's tzdata: each zone's country


def shipped(code: str | None) -> str | None:
    """`code` as one of the LANGUAGES (fr-BE -> fr), or None when we ship nothing close."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.lower())
    except LookupError:
        return None


def club_default_language() -> str:
    """The club's default language code, with its region (en-gb, fr-be): the one place the lead wires the
    club's own setting. The current club's language (set for the request, the job or the command: no request
    needed, the club is already current), else the service's LANGUAGE_CODE."""
    return tenancy.club_language() or str(settings.LANGUAGE_CODE)


def with_club_region(code: str) -> str:
    """`code` in the club's regional variant when they share a language (en -> en-gb at a British club), so
    dates and numbers follow the club's custom; any other language as it is."""
    default = club_default_language()
    return default if default.split("-")[0] == code.split("-")[0] else code


def language_of_request(request: HttpRequest) -> str:
    """The language of this request's page: login's choice, switch's cookie, browser's, club's."""
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    for code in (chosen, cookie):
        if found := shipped(code):
            return with_club_region(found)
    accept = request.headers.get("Accept-Language", "")
    for code, _quality in parse_accept_lang_header(accept):
        if code != "*" and (found := shipped(code)):
            return with_club_region(found)
    return club_default_language()


class ChosenLanguage(LocaleMiddleware):
    """Django's LocaleMiddleware, choosing by `language_of_request` (the club's default comes per request)."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(language_of_request(request))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def remember(request: HttpRequest, code: str) -> None:
    """Keep a login's choice of language (its row and its session); nothing for an anonymous browser, whose
    choice the switch's cookie holds."""
    user: Any = request.user
    if not user.is_authenticated or shipped(code) is None:
        return
    LoginLanguage.objects.update_or_create(user=user, defaults={"language": shipped(code)})
    request.session[SESSION_KEY] = shipped(code)


def login_language(sender: object, request: HttpRequest | None, user: Any, **kwargs: object) -> None:
    """At login (`user_logged_in`, connected in tournaments/apps.py), the login's own language, if it chose
    one, goes into its session for every page after."""
    if request is None or not hasattr(request, "session"):
        return
    code = LoginLanguage.objects.filter(user=user).values_list("language", flat=True).first()
    if code:
        request.session[SESSION_KEY] = code


def member_language(member: Any) -> str:
    """The language a member's e-mails are written in: theirs when set (and shipped), else the club's."""
    own = shipped(getattr(member, "language", "") or "")
    return with_club_region(own) if own else club_default_language()


@cache
def _zone_countries() -> dict[str, str]:
    """Time zone -> country code (lower case), from the system's tz database table; empty when it is absent."""
    try:
        lines = Path(ZONE_TAB).read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    rows = (line.split("\t") for line in lines if line and not line.startswith("#"))
    return {row[2]: row[0].lower() for row in rows if len(row) >= 3}


def default_paper(language: str | None = None, time_zone: str = "") -> str:
    """ "letter" where the club's country uses it, else "a4". The country is the region of the club's language
    (en-us, fr-ca), else the one of its time zone (America/Toronto: Canada), since a club writes "en" or "fr"
    more often than "en-us"; neither given: the club's default language's region; nothing known: A4."""
    region = (
        _region(language or "")
        or _zone_countries().get(time_zone, "")
        or ("" if language or time_zone else _region(club_default_language()))
    )
    return "letter" if region in LETTER_REGIONS else "a4"


def _region(code: str) -> str:
    return code.lower().split("-")[1] if "-" in code else ""


def switch_context(request: HttpRequest) -> dict[str, Any]:
    """The switch's choices, each language named in itself ("Polski" on a French page too): a context processor."""
    return {"shipped_languages": settings.LANGUAGES}


def local_decimal(value: object) -> object:
    """A figure as `scoring.shown` writes it ("52.13", "-1.5", "61.56%") with the language's decimal mark
    ("52,13" in French); anything else as it is. Pure scoring stays Django-free: the edge localizes."""
    text = str(value)
    if _FIGURE.fullmatch(text):
        return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))
    return value
