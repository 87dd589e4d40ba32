"""The table page installable and working with no network: its web app manifest and its service worker.

The worker is served from /t/sw.js (not /static/) so its scope is /t/, every table page; it is a template so it
precaches the static files by the names the storage gives them. What it does is in the template's comments."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext, pgettext
from django.views.decorators.http import require_safe

from tournaments.core.access import public

# The name of the worker's cache: a new release renames it, so the old files are dropped at activation.
# v10: push.js opens its streams once HTMX has taken the page in; v9: table.js asks for the first state once every
# script ran; v7: the last state asked for is the one shown; v6: whist and party games deal by deal;
# v5: play checked card by card, local letters; v4: party.js; v3: JS catalogue
CACHE_NAME = "bridgedesk-table-v10"


@public
@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """Public: the table pages' service worker (scope /t/), never cached by the browser's HTTP cache, so a new
    release reaches the phones at their next visit."""
    response = render(
        request,
        "tableside/sw.js",
        {
            "cache_name": CACHE_NAME,
            "catalogue": reverse("javascript-catalog"),
            "assets": json.dumps(
                [
                    static("css/bridgedesk.css"),
                    static("css/table-cards.css"),
                    static("js/table.js"),
                    static("js/signin.js"),
                    static("js/hands.js"),
                    static("js/standing.js"),
                    static("js/bidding.js"),
                    static("js/play.js"),
                    static("js/room.js"),
                    static("js/party.js"),
                    static("js/push.js"),
                    static("js/htmx.min.js"),
                    static("js/confirm.js"),
                    static("js/language.js"),
                    static("favicon.svg"),
                ]
            ),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/t/"
    return response


@public
@require_safe
def manifest(request: HttpRequest, token: str) -> HttpResponse:
    """Public: the web app manifest of one table's page; it names no table and reads nothing (its start URL is
    the page it was linked from), so an unknown token learns nothing."""
    body = {
        "name": gettext("Bridgedesk table"),
        "short_name": pgettext("bridge", "Table"),
        "description": gettext("Enter this table's results, even with no network."),
        "lang": get_language(),
        "start_url": "./",
        "scope": "/t/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#14532d",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    response = HttpResponse(json.dumps(body), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
