"""Live pages (standings, travellers, score cards) poll every 5-10 s: answer 304 when nothing has changed.

The ETag is the session's version sum (every write bumps it), the reader, the page asked for and whether it is
the HTMX fragment or the whole page; a poll on an unchanged session costs one small query, not a scoring.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import condition

from tournaments.core.bodies import kept_body
from tournaments.core.compiled import first_row
from tournaments.sessions.models import Session


def session_state(request: HttpRequest, pk: int, *extra: str) -> tuple[str, tuple[Any, ...]] | None:
    """The session's ETag (its sections' version sum, status, the reader, the page asked for) and the `extra`
    values named (e.g. a related row's columns a poll needs), read in one query (its SQL compiled once per
    process: core/compiled.py); None if there is no such session in the current club (the view answers 404).
    Kept on the request: a view that keeps its body per ETag (core/bodies.py) reads it again without a query."""
    memo = getattr(request, "_session_state", None)
    if memo is not None and memo[0] == (pk, extra):
        return memo[1]  # type: ignore[no-any-return]
    row = first_row(Session, ("session_state", extra), lambda row_id: _state_query(row_id, extra), pk)
    state = None
    if row is not None:
        status, versions = row[0], row[1]
        who = request.user.pk if request.user.is_authenticated else 0
        fragment = "htmx" if request.headers.get("HX-Request") else "page"
        raw = f"{versions}|{status}|{who}|{fragment}|{translation.get_language()}|{request.get_full_path()}"
        state = hashlib.sha256(raw.encode()).hexdigest()[:32], tuple(row[2:])
    request._session_state = ((pk, extra), state)  # type: ignore[attr-defined]
    return state


def _state_query(pk: int, extra: tuple[str, ...]) -> QuerySet[Any]:
    return (
        Session.objects.filter(pk=pk)
        .order_by()
        .annotate(versions=Sum("sections__version"))
        .values_list("status", "versions", *extra)[:1]
    )


def session_etag(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> str | None:
    state = session_state(request, pk)
    return None if state is None else state[0]


def live_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ETag/304 for a polled page of a session (`view(request, pk, ...)`); CSV exports are never 304'd. A page
    asked for without its ETag is served from the body kept for its ETag and browser (core/bodies.py)."""
    name = f"{view.__module__}.{view.__qualname__}"

    def kept(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        tag = session_etag(request, pk)  # read once: kept on the request by `condition`'s call
        if tag is None:
            return view(request, pk, *args, **kwargs)
        return kept_body(request, name, tag, lambda: view(request, pk, *args, **kwargs))

    conditional = condition(etag_func=session_etag)(kept)

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.GET.get("_export"):
            return view(request, pk, *args, **kwargs)
        response = conditional(request, pk, *args, **kwargs)
        patch_vary_headers(response, ("HX-Request", "Cookie"))
        patch_cache_control(response, private=True, no_cache=True)
        return response

    return wrapper
