"""A request carrying a NUL anywhere (address, query, form) is answered with a clear 400 before any view runs.

PostgreSQL cannot store NUL in text, so one in a raw parameter would otherwise surface as a server error deep
in a query. Forms refuse it at the field already (Django's CharField does); this covers the rest: the path,
query strings, and values views read without a form.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _


class RefuseNulCharacters:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        where = self._where(request)
        if where:
            body = render_to_string("400.html", {"message": where})
            return HttpResponse(body, status=400)
        return self.get_response(request)

    @staticmethod
    def _where(request: HttpRequest) -> str:
        if "\x00" in request.path:
            return _("The address contains a NUL character: remove it.")
        for kind, data in (("query", request.GET), ("form", request.POST if request.method == "POST" else None)):
            if data is None:
                continue
            for key, values in data.lists():
                if "\x00" in key or any("\x00" in v for v in values):
                    name = key.replace(chr(0), "")
                    if kind == "query":
                        return _("The query field %(name)r contains a NUL character: remove it.") % {"name": name}
                    return _("The form field %(name)r contains a NUL character: remove it.") % {"name": name}
        return ""
