"""Published pages are cached, keyed on what they show, so a change anywhere in the session is a new key.

Every write to a session bumps its sections' versions (sessions/services/versions.py), so the sum of those
versions, with the publication's state (public, provisional or final), is a fingerprint of everything a public
page shows. A reader gets the stored HTML while the fingerprint is unchanged (one small query instead of
scoring the session), and a browser that already has it gets 304 Not Modified (the ETag is the fingerprint).
Only anonymous readers share the cache: a logged-in page carries that login's name and CSRF token.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import timezone

from tournaments.publishing.models import Publication
from tournaments.sessions.models import Section

TTL_SECONDS = 15 * 60
_building: dict[str, threading.Lock] = {}
_building_guard = threading.Lock()


@contextmanager
def _one_builder(key: str) -> Iterator[None]:
    """One thread of this process builds a missing page; the others wait for it and read the cache, instead of
    all scoring the session at once the moment a correction makes every page stale (a stampede)."""
    with _building_guard:
        lock = _building.setdefault(key, threading.Lock())
    with lock:
        yield
    with _building_guard:
        if _building.get(key) is lock and not lock.locked():
            del _building[key]


def fingerprint(session_id: int) -> str | None:
    """What a published session's pages depend on, in one string; None when it is not public (the view 404s)."""
    publication = Publication.objects.filter(session_id=session_id, is_public=True).first()
    if publication is None:
        return None
    sections = Section.objects.filter(session_id=session_id).aggregate(v=Sum("version"), n=Count("id"))
    state = "provisional" if publication.is_provisional(timezone.now()) else "final"
    published = publication.published_at.isoformat()  # a row id can come back after a delete; this does not
    return f"{publication.pk}.{published}.{sections['n']}.{sections['v']}.{state}"


def cached_public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a public session page (`view(request, pk, ...)`) from the cache while its session is unchanged."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated or request.method != "GET":
            return view(request, pk, *args, **kwargs)
        state = fingerprint(pk)
        if state is None:
            return view(request, pk, *args, **kwargs)
        key = "public-page:" + hashlib.sha256(f"{request.get_full_path()}|{state}".encode()).hexdigest()[:32]
        etag = f'"{key[-32:]}"'
        if request.headers.get("If-None-Match") == etag:
            response: HttpResponse = HttpResponseNotModified()
        else:
            content = cache.get(key)
            if content is None:
                with _one_builder(key):
                    content = cache.get(key)
                    if content is None:
                        built = view(request, pk, *args, **kwargs)
                        if built.status_code != 200:
                            return built
                        content = built.content
                        cache.set(key, content, TTL_SECONDS)
            response = HttpResponse(content)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"  # the browser may keep it, and asks each time (a 304 if unchanged)
        return response

    return wrapper
