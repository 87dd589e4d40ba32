"""The request type of views that answer HTMX: django-htmx's middleware adds `request.htmx` to every request."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Only a type for annotations (as django-htmx's documentation suggests); requests are never built from it."""

    htmx: HtmxDetails
