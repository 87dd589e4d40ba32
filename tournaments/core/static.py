"""WhiteNoise, with its index of the static files built on the first request for one, not at start-up.

WhiteNoise's middleware reads every static file's size and headers when it is created (stat, content type,
compressed variants: 185 files through the finders), which a new process paid before its first page even though
a page is not a static file (issue 24, cold start). Here the middleware is created as usual but postpones that
scan until a request under STATIC_URL (or, with WHITENOISE_ROOT, any request) needs it; a preloading gunicorn
master builds it before forking (config/wsgi.py, `index_static_files`). What is served, and how, is
WhiteNoise's own behaviour unchanged; with autorefresh (DEBUG) WhiteNoise finds files per request anyway.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware

_MIDDLEWARES: weakref.WeakSet[LazyWhiteNoise] = weakref.WeakSet()


class LazyWhiteNoise(WhiteNoiseMiddleware):
    """WhiteNoiseMiddleware whose start-up scan (`add_files`, `add_files_from_finders`) runs on first need."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse] | None = None, **kwargs: Any) -> None:
        self._pending: list[tuple[Callable[..., None], tuple[Any, ...], dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._deferring = True
        self._indexed = False
        self._root_files = False  # WHITENOISE_ROOT: files at any path, not only under STATIC_URL
        super().__init__(get_response, **kwargs)
        self._deferring = False
        _MIDDLEWARES.add(self)

    def add_files(self, root: Any, prefix: str | None = None) -> None:
        if self._deferring:
            self._pending.append((super().add_files, (root,), {"prefix": prefix}))
            self._root_files = self._root_files or prefix is None
        else:
            super().add_files(root, prefix=prefix)

    def add_files_from_finders(self) -> None:
        if self._deferring:
            self._pending.append((super().add_files_from_finders, (), {}))
        else:
            super().add_files_from_finders()

    def index(self) -> None:
        """Run the postponed scan once (the first requests of several threads wait for the one that runs it)."""
        with self._lock:
            if self._indexed:
                return
            for call, args, kwargs in self._pending:
                call(*args, **kwargs)
            self._pending = []
            self._indexed = True

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not self._indexed and (self._root_files or request.path_info.startswith(self.static_prefix)):
            self.index()
        response: HttpResponse = super().__call__(request)
        return response


def index_static_files() -> None:
    """Build every WhiteNoise index now (a preloading master, before it forks its workers)."""
    for middleware in list(_MIDDLEWARES):
        middleware.index()
