"""Published pages are cached, keyed on what they show, so a change anywhere in the session is a new key.

Every write to a session bumps its sections' versions (sessions/services/versions.py), so the sum of those
versions, with the publication's state (public, provisional or final), is a fingerprint of everything a public
page shows. A reader gets the stored HTML while the fingerprint is unchanged (one small query instead of
scoring the session), and a browser that already has it gets 304 Not Modified (the ETag is the fingerprint).
Only anonymous readers share the cache: a logged-in page carries that login's name and CSRF token. The cache
is Django's (settings.CACHES), so every web process shares each page, and a new version is built once
(tournaments/core/once.py), its readers meanwhile served the previous one marked as updating.

Pages are kept gzip-compressed, compressed once per version: a browser (every one sends `Accept-Encoding:
gzip`) gets those bytes as they are, a sixteenth of the HTML for the boards page (212 KB of travellers and
hands in a 30-table session, 13 KB compressed), so the cache, the web process and the phone's connection carry
a sixteenth; a client that does not take gzip gets it decompressed (about 1 ms for that page).
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db.models import Count, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control, patch_vary_headers

from tournaments.clubs.directory import directory
from tournaments.core.once import get_or_build
from tournaments.publishing import cdn
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Section

TTL_SECONDS = 15 * 60
GZIP_LEVEL = 6  # zlib's default: 9 costs twice the time for 2% fewer bytes on these pages
UPDATING_NOTE = (
    b'<p class="card updating" role="status">Updating: a correction has just been made and this page is being '
    b"brought up to date; it shows the latest results in a moment.</p>"
)


def fingerprint(session_id: int) -> str | None:
    """What a published session's pages depend on, in one string; None when it is not public (the view 404s)."""
    publication = Publication.objects.filter(session_id=session_id, is_public=True).first()
    if publication is None:
        return None
    sections = Section.objects.filter(session_id=session_id).aggregate(v=Sum("version"), n=Count("id"))
    state = "provisional" if publication.is_provisional(timezone.now()) else "final"
    published = publication.published_at.isoformat()  # a row id can come back after a delete; this does not
    return f"{publication.pk}|{published}|{sections['n']}.{sections['v']}.{state}"


def page_key(path: str, state: str) -> str:
    """The cache key of a public page (its path, in the reader's language) at a fingerprint; its ETag is made
    from it, so a reader who switches language never gets the other language's copy or a 304 for it."""
    language = translation.get_language()
    return "public-page-gz:" + hashlib.sha256(f"{path}|{language}|{state}".encode()).hexdigest()[:32]


def _address(request: HttpRequest) -> str:
    """The page's path (with the club's `/c/<slug>/`), and its host when that host is a club's own name."""
    host = request.get_host().partition(":")[0].lower()
    return f"//{host}{request.get_full_path()}" if directory().by_host(host) else request.get_full_path()


def _marked_updating(content: bytes) -> bytes:
    """The previous version's page, saying it is being brought up to date (after the opening of <main>)."""
    at = content.find(b"<main")
    end = content.find(b">", at) if at >= 0 else -1
    return content if end < 0 else content[: end + 1] + UPDATING_NOTE + content[end + 1 :]


def _takes_gzip(request: HttpRequest) -> bool:
    """Whether the client accepts gzip (every browser does; `gzip;q=0` refuses it)."""
    for part in request.headers.get("Accept-Encoding", "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def cached_public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a public session page (`view(request, pk, ...)`) from the cache while its session is unchanged.

    After a change the first reader (in any process: the cache is shared) builds the new version once; the
    others are served the previous version meanwhile, marked as updating, rather than all scoring at once."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated or request.method != "GET":
            answer = view(request, pk, *args, **kwargs)
            if request.user.is_authenticated:
                patch_cache_control(answer, private=True, no_cache=True)  # never held by a CDN for others
            return answer
        state = fingerprint(pk)
        if state is None:
            return view(request, pk, *args, **kwargs)
        path = _address(request)
        key = page_key(path, state)
        etag, etag_gzip = f'"{key[-32:]}"', f'"{key[-32:]}-gzip"'  # one ETag per representation
        if request.headers.get("If-None-Match") in (etag, etag_gzip):
            response: HttpResponse = HttpResponseNotModified()
            response["ETag"] = request.headers["If-None-Match"]
            patch_vary_headers(response, ["Accept-Encoding"])  # as the 200 it stands for
            return cdn.shared(response, pk)
        publication = state.rsplit("|", 1)[0]  # the same publication, any version: the previous one's copy
        language = translation.get_language()
        latest = "public-page-latest-gz:" + hashlib.sha256(f"{path}|{language}|{publication}".encode()).hexdigest()[:32]
        refused: list[HttpResponse] = []

        def build() -> bytes | None:
            built = view(request, pk, *args, **kwargs)
            if built.status_code != 200:
                refused.append(built)
                return None
            return gzip.compress(bytes(built.content), GZIP_LEVEL, mtime=0)  # same bytes in every process

        packed, stale = get_or_build(key, build, ttl=TTL_SECONDS, stale_key=latest)
        if refused:
            return refused[0]
        if packed is None:  # the builder's answer was not a page: build our own answer
            return view(request, pk, *args, **kwargs)
        if stale:
            response = HttpResponse(_marked_updating(gzip.decompress(packed)))
            response["Cache-Control"] = "no-store"  # the next request gets the new version
            return response
        if _takes_gzip(request):
            response = HttpResponse(packed)
            response["Content-Encoding"], response["ETag"] = "gzip", etag_gzip
        else:
            response = HttpResponse(gzip.decompress(packed))
            response["ETag"] = etag
        patch_vary_headers(response, ["Accept-Encoding"])
        return cdn.shared(response, pk)  # the browser asks each time (a 304 if unchanged); a CDN may hold it

    return wrapper
