"""The language switch (POST only; a cookie, and a login's own row) and the JavaScript catalogue."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_page
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import JavaScriptCatalog, set_language

from tournaments.core import languages
from tournaments.core.access import public


def _switch(request: HttpRequest) -> HttpResponse:
    """Django's set_language (the cookie, then back to `next`), and for a login its own choice kept too."""
    response = set_language(request)
    code = request.POST.get("language", "")
    if languages.shipped(code) is not None:
        languages.remember(request, code)
    return response


_switch_for_login = csrf_protect(_switch)


@public
@csrf_exempt
@require_POST
def switch_language(request: HttpRequest) -> HttpResponse:
    """The switch on every page. A login's choice is kept in its row, so the form it posts carries the CSRF
    token; an anonymous reader's only sets their own cookie, so the public pages (held by a CDN) set no CSRF
    cookie of their own for it."""
    if request.user.is_authenticated:
        return _switch_for_login(request)
    return _switch(request)


# The strings of static/js/*.js (locale/<lang>/LC_MESSAGES/djangojs.po) in the page's language: the same for
# everyone in one language until the next deploy, so cached an hour (cache_page keys it on the language too).
# Pages ask for it with ?l=<language> so a browser's copy never outlives a switch of language. Only our own
# catalogue (LOCALE_PATHS), not every installed app's.
javascript_catalog = public(cache_page(3600)(JavaScriptCatalog.as_view(packages=["tournaments"])))
