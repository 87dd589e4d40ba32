"""Published pages are cached, keyed on what they show, so a change anywhere in the session is a new key.

Every write to a session bumps its sections' versions (sessions/services/versions.py), so the sum of those
versions, with the publication's state (public, provisional or final), is a fingerprint of everything a public
page shows. A reader gets the stored HTML while the fingerprint is unchanged (one small query instead of
scoring the session), and a browser that already has it gets 304 Not Modified (the ETag is the fingerprint).
Only anonymous readers share the cache: a logged-in page carries that login's name and CSRF token. The cache
is Django's (settings.CACHES), so every web process shares each page, and a new version is built once
(tournaments/core/once.py), its readers meanwhile served the previous one marked as updating. After a write
the writer queues the rebuild (rebuild.py: a job rebuilds every page readers have asked for), so nobody waits:
every reader, the first included, gets the previous version marked as updating until the new one is stored;
only a page nobody has a previous version of is built by its reader (or any page, once the job is overdue).

Pages are kept gzip-compressed, compressed once per version: a browser (every one sends `Accept-Encoding:
gzip`) gets those bytes as they are, a sixteenth of the HTML for the boards page (212 KB of travellers and
hands in a 30-table session, 13 KB compressed), so the cache, the web process and the phone's connection carry
a sixteenth; a client that does not take gzip gets it decompressed (about 1 ms for that page).
"""

from __future__ import annotations

import gzip
import hashlib
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.html import format_html
from django.utils.translation import gettext

from tournaments.clubs.directory import directory
from tournaments.core.once import get_or_build
from tournaments.publishing import cdn
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Section

TTL_SECONDS = 15 * 60
PAGES_SECONDS = 24 * 3600  # how long a session's list of read pages is kept (each new reading renews it)
PENDING_SECONDS = 10  # how long readers leave a queued rebuild to its job before one of them builds
REBUILD_MARK = "bridgedesk.rebuild"  # set in the environ of the job's own requests only (no header makes it)
Page = tuple[str, str, str, str, bool]  # (PATH_INFO, QUERY_STRING, host, language, https): a page to rebuild
GZIP_LEVEL = 6  # zlib's default: 9 costs twice the time for 2% fewer bytes on these pages


def updating_note() -> bytes:
    """The note on a page being brought up to date, in the reader's language (the page it goes into is the one
    kept for that language: the cache keys hold the language), as the UTF-8 bytes spliced into the page."""
    text = gettext(
        "Updating: a correction has just been made and this page is being brought up to date; it shows the "
        "latest results in a moment."
    )
    return str(format_html('<p class="card updating" role="status">{}</p>', text)).encode()


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


def _pages_key(session_id: int) -> str:
    return f"public-pages:{session_id}"


def pending_key(session_id: int, state: str) -> str:
    """Set while a rebuild of the session's pages at this fingerprint is queued (rebuild.py)."""
    return "public-rebuild:" + hashlib.sha256(f"{session_id}|{state}".encode()).hexdigest()[:32]


def read_pages(session_id: int) -> list[Page]:
    """The pages of a session anonymous readers have asked for (in each language, on each host): what a
    rebuild builds. Empty when nobody reads it: a write then queues nothing."""
    found: list[Page] | None = cache.get(_pages_key(session_id))
    return found or []


def _remember(session_id: int, request: HttpRequest) -> None:
    """Add a page to its session's list (once). The list is one cache value shared by every process, so it is
    changed under a short cache lock; a page lost to a lock held too long is built by its reader later on."""
    page: Page = (
        request.META.get("PATH_INFO", ""),
        request.META.get("QUERY_STRING", ""),
        request.get_host(),
        translation.get_language(),
        request.is_secure(),
    )
    if page in read_pages(session_id):
        return
    lock = f"{_pages_key(session_id)}:lock"
    for _ in range(100):
        if cache.add(lock, 1, timeout=5):
            try:
                pages = read_pages(session_id)
                if page not in pages:
                    cache.set(_pages_key(session_id), [*pages, page], PAGES_SECONDS)
            finally:
                cache.delete(lock)
            return
        time.sleep(0.005)


def _address(request: HttpRequest) -> str:
    """The page's path (with the club's `/c/<slug>/`), and its host when that host is a club's own name."""
    host = request.get_host().partition(":")[0].lower()
    return f"//{host}{request.get_full_path()}" if directory().by_host(host) else request.get_full_path()


def _marked_updating(content: bytes) -> bytes:
    """The previous version's page, saying it is being brought up to date (after the opening of <main>)."""
    at = content.find(b"<main")
    end = content.find(b">", at) if at >= 0 else -1
    return content if end < 0 else content[: end + 1] + updating_note() + content[end + 1 :]


def _takes_gzip(request: HttpRequest) -> bool:
    """Whether the client accepts gzip (every browser does; `gzip;q=0` refuses it)."""
    for part in request.headers.get("Accept-Encoding", "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _packed_page(
    request: HttpRequest, pk: int, state: str, key: str, build_page: Callable[[], HttpResponse]
) -> tuple[bytes | None, bool, HttpResponse | None]:
    """(gzipped page, stale, refusal): the page at `key`, from the cache, built here (once, the cache's claim)
    or, while a rebuild is queued or someone else builds it, the previous version (stale). A refusal is the
    view's own answer when it is not a page (a 404): passed on, never kept."""
    packed: bytes | None = cache.get(key)
    if packed is not None:
        return packed, False, None
    path, language = _address(request), translation.get_language()
    publication = state.rsplit("|", 1)[0]  # the same publication, any version: the previous one's copy
    latest = "public-page-latest-gz:" + hashlib.sha256(f"{path}|{language}|{publication}".encode()).hexdigest()[:32]
    refused: list[HttpResponse] = []
    built: list[bool] = []

    def build() -> bytes | None:
        answer = build_page()
        if answer.status_code != 200:
            refused.append(answer)
            return None
        built.append(True)
        return gzip.compress(bytes(answer.content), GZIP_LEVEL, mtime=0)  # same bytes in every process

    rebuilding = request.META.get(REBUILD_MARK) is True  # the job itself (rebuild.py) builds
    queued = not rebuilding and cache.get(pending_key(pk, state)) is not None
    packed, stale = get_or_build(key, build, ttl=TTL_SECONDS, stale_key=latest, leave_to_builder=queued)
    if built and packed is not None:
        _remember(pk, request)  # the next write's job rebuilds it
    return packed, stale, (refused[0] if refused else None)


def cached_public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a public session page (`view(request, pk, ...)`) from the cache while its session is unchanged.

    After a change the writer's job (rebuild.py) builds the new version once, in any process (the cache is
    shared); readers meanwhile are served the previous version, marked as updating, and never wait for it.
    A page with no previous version, or one the job is late for, is built by its first reader only."""

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
        key = page_key(_address(request), state)
        etag, etag_gzip = f'"{key[-32:]}"', f'"{key[-32:]}-gzip"'  # one ETag per representation
        if request.headers.get("If-None-Match") in (etag, etag_gzip):
            response: HttpResponse = HttpResponseNotModified()
            response["ETag"] = request.headers["If-None-Match"]
            patch_vary_headers(response, ["Accept-Encoding"])  # as the 200 it stands for
            return cdn.shared(response, pk)
        packed, stale, refused = _packed_page(request, pk, state, key, lambda: view(request, pk, *args, **kwargs))
        if refused is not None:
            return refused
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
