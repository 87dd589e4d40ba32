"""What every response carries at the edge: secure cookies whenever the request came over HTTPS, and a 503 page
(not a 500) while the database is away.

The 503 is Django's `handler500` (config/urls.py): Django calls it for an exception raised anywhere, a view or a
middleware (the session's load or save), so a database restart answers every request alike. It renders without
the request's context, since the context processors would ask the database for the user again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template.loader import render_to_string

from tournaments.core.access import public

RETRY_SECONDS = 10


class SecureCookiesOverHttps:
    """A cookie set in answer to an HTTPS request is sent back only over HTTPS, whatever SECURE_COOKIES says
    (a club that serves HTTPS without setting it still gets secure session and CSRF cookies)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.is_secure():
            for morsel in response.cookies.values():
                morsel["secure"] = True
        return response


def database_away() -> bool:
    """Whether the exception being handled says the database cannot be reached (restarting, or gone)."""
    exc = sys.exc_info()[1]
    while exc is not None:
        if isinstance(exc, OperationalError | InterfaceError):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


@public
def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler: a 503 with a retry while the database is away, else the usual 500 page."""
    if database_away():
        body = render_to_string("503.html", {"retry": RETRY_SECONDS, "posted": request.method == "POST"})
        return HttpResponse(body, status=503, headers={"Retry-After": str(RETRY_SECONDS)})
    return HttpResponseServerError(render_to_string("500.html"))
