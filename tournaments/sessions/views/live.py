"""Live pages (standings, travellers, score cards) poll every 5-10 s: answer 304 when nothing has changed.

The ETag is the session's version sum (every write bumps it), the reader, the page asked for and whether it is
the HTMX fragment or the whole page; a poll on an unchanged session costs one small query, not a scoring.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import condition

from tournaments.sessions.models import Section, Session


def session_etag(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> str | None:
    versions = Section.objects.filter(session_id=pk).aggregate(v=Sum("version"))["v"]
    status = Session.objects.filter(pk=pk).values_list("status", flat=True).first()
    if status is None:
        return None  # the view answers 404
    who = request.user.pk if request.user.is_authenticated else 0
    fragment = "htmx" if request.headers.get("HX-Request") else "page"
    raw = f"{versions}|{status}|{who}|{fragment}|{translation.get_language()}|{request.get_full_path()}"
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def live_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ETag/304 for a polled page of a session (`view(request, pk, ...)`); CSV exports are never 304'd."""
    conditional = condition(etag_func=session_etag)(view)

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.GET.get("_export"):
            return view(request, pk, *args, **kwargs)
        response = conditional(request, pk, *args, **kwargs)
        patch_vary_headers(response, ("HX-Request", "Cookie"))
        patch_cache_control(response, private=True, no_cache=True)
        return response

    return wrapper
