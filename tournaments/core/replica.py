"""Public result pages read from a PostgreSQL read replica when one is configured (DATABASE_REPLICA_URL).

Only views marked `@reads_from_replica` read there, and only for a visitor who is not logged in and has not
just written: every POST leaves a short-lived cookie (REPLICA_PIN_SECONDS) that keeps that browser's reads
on the primary, so a director who corrects a score and looks at the public page sees the correction even
while the replica is a moment behind. Writes always go to the primary; without a replica nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.conf import settings
from django.db.models import Model
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
PIN_COOKIE = "bd_primary"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_on_replica: ContextVar[bool] = ContextVar("bridgedesk_reads_on_replica", default=False)


def configured() -> bool:
    return REPLICA in settings.DATABASES


class ReplicaRouter:
    """Reads go to the replica inside a `@reads_from_replica` view; everything else to the primary."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        return REPLICA if _on_replica.get() else None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        return "default"

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool | None:
        return True  # the same data on both

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool | None:
        return db == "default"  # the replica follows the primary by streaming, never by migrate


def reads_from_replica(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view's reads go to the replica, for an anonymous reader who has not just written."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not configured() or request.method not in SAFE_METHODS or PIN_COOKIE in request.COOKIES:
            return view(request, *args, **kwargs)
        if request.user.is_authenticated:  # (read from the primary: the flag is not set yet)
            return view(request, *args, **kwargs)
        token = _on_replica.set(True)
        try:
            return view(request, *args, **kwargs)
        finally:
            _on_replica.reset(token)

    return wrapper


class PinAfterWrite:
    """After a POST, this browser reads from the primary for REPLICA_PIN_SECONDS (its own writes first)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if configured() and request.method not in SAFE_METHODS:
            seconds: int = settings.REPLICA_PIN_SECONDS
            response.set_cookie(PIN_COOKIE, "1", max_age=seconds, httponly=True, samesite="Lax")
        return response
