"""Every page, as every role, in the pseudo language: any English a reader sees did not go through the catalogue.

The URL walk of tests/test_access.py (every route of the URLconf, its world of objects and its roles) is rendered
with the pseudo language active; each page's text nodes and the attributes a reader sees (title, placeholder,
aria-label, alt, a button's value) must hold no English word outside the ⟦wrapped⟧ parts, once data is taken out
(the names and texts stored in the database, the language names of the switch, URLs). All leaks are reported at
once, grouped by page, so the lanes marking strings see everything left.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import lxml.html
import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.urls import get_resolver

from tests.i18n import pseudo
from tests.test_access import ROLES, SKIP_PREFIXES, concrete, login_as, walk
from tournaments.audit.models import AuditEntry

pytestmark = pytest.mark.django_db
SEEN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
HIDDEN_TAGS = ("script", "style", "template")


def project_models() -> list[type[models.Model]]:
    """The models of every Bridgedesk app (tournaments and each domain's app: core, clubs, duplicate, ...)."""
    configs = [c for c in apps.get_app_configs() if c.name.startswith("tournaments")]
    return [model for config in configs for model in config.get_models()]


def stored_data() -> list[str]:
    """Every text stored in the database (names, titles, notes: data, never translated), longest first, and
    the language names of the switch."""
    values: set[str] = {name for _code, name in settings.LANGUAGES}
    for model in [*project_models(), get_user_model()]:
        fields = [
            f.name
            for f in model._meta.fields
            if isinstance(f, models.CharField | models.TextField) and not f.choices and not f.primary_key
        ]
        for field in fields:
            values.update(str(v) for v in model.objects.values_list(field, flat=True).distinct() if v)
    for old, new in AuditEntry.objects.values_list("old", "new"):
        values.update(recorded_words(old), recorded_words(new))
    return sorted((v for v in values if len(v) > 1), key=len, reverse=True)


def recorded_words(value: Any) -> set[str]:
    """The keys and texts of an audit entry's recorded values: the audit page shows the change as it was
    recorded ("kind=played, contract=4H"), the program's field names and stored values, which are data."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {w for v in value.values() for w in recorded_words(v)}
    if isinstance(value, list):
        return {w for v in value for w in recorded_words(v)}
    return {"null"} if value is None else {value} if isinstance(value, str) else set()


def visible_texts(html: str) -> list[str]:
    """The text nodes and the seen attributes of a page (or an HTMX fragment)."""
    if not html.strip():
        return []
    root = lxml.html.fromstring(html)
    texts: list[str] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.tag not in HIDDEN_TAGS and el.text and el.text.strip():
            texts.append(el.text.strip())
        if el.tail and el.tail.strip():
            texts.append(el.tail.strip())
        texts.extend(el.get(a) for a in SEEN_ATTRIBUTES if el.get(a))
        if el.tag == "input" and el.get("type") in ("submit", "button", "reset") and el.get("value"):
            texts.append(el.get("value"))
    return texts


def page_leaks(html: str, data: list[str]) -> set[str]:
    found: set[str] = set()
    for text in visible_texts(html):
        if pseudo.leaks(text, data):
            found.add(pseudo.unwrapped(text).strip()[:100])
    return found


@pytest.fixture
def in_pseudo(client, pseudo_shipped, settings) -> None:
    """The test client's browser chose the pseudo language on the switch (its cookie)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = pseudo_shipped


def walk_in_pseudo(client: Any, objects: dict[str, Any], role: str | None) -> dict[str, set[str]]:
    data = stored_data()
    leaks: dict[str, set[str]] = defaultdict(set)
    routes = [(r, n) for r, _cb, n in walk(get_resolver()) if not r.startswith(SKIP_PREFIXES)]
    for route, name in routes:
        if route == "accounts/logout/" or name in ("service_worker", "manifest", "javascript-catalog"):
            continue
        response = client.get(concrete(route, objects))
        if "text/html" not in response.get("Content-Type", "") or response.status_code in (301, 302, 304):
            continue
        body = b"".join(response.streaming_content) if response.streaming else response.content
        found = page_leaks(body.decode(), data)
        if found:
            leaks[f"/{route} ({role or 'anonymous'}, {response.status_code})"] |= found
    return leaks


def report(leaks: dict[str, set[str]]) -> str:
    lines = [f"{sum(len(v) for v in leaks.values())} English texts on {len(leaks)} pages:"]
    for page in sorted(leaks):
        lines.append(f"  {page}")
        lines.extend(f"      {text!r}" for text in sorted(leaks[page]))
    return "\n".join(lines)


def test_the_pseudo_language_wraps_and_keeps_placeholders_and_html():
    assert pseudo.pseudo("Score sheet") == "⟦Ŝçöřé ŝĥééţ⟧"
    wrapped = pseudo.pseudo('Board %(board)s of <a href="/x/">%s</a> &amp; {0}')
    assert "%(board)s" in wrapped and '<a href="/x/">%s</a>' in wrapped and "&amp;" in wrapped and "{0}" in wrapped
    assert pseudo.leaks(wrapped.replace("%(board)s", "3"), []) == []
    assert pseudo.leaks("⟦Ŝçöřé⟧ Walk Member plays", ["Walk Member"]) == ["plays"]


def test_the_base_page_is_all_through_the_catalogue(client, director, in_pseudo, settings):
    """The part this lane owns (base template, switch, login, error pages): no leak at all."""
    client.force_login(director)
    home = client.get("/")
    html = home.content.decode()
    assert 'lang="xx"' in html and "⟦" in html
    header = html[html.index("<header") : html.index("</header>") + 9]
    footer = html[html.index('<footer class="footer') :]
    assert page_leaks(header, stored_data()) == set()
    assert page_leaks(footer, stored_data()) == set()
    client.logout()  # which forgets every cookie: the switch is chosen again
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = pseudo.CODE
    login = client.get("/accounts/login/").content.decode()
    assert page_leaks(login, stored_data()) == set()


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_every_page_as_every_role_is_in_the_pseudo_language(
    client, django_user_model, director, world, role, in_pseudo
):
    login_as(client, django_user_model, role, director)
    leaks = walk_in_pseudo(client, world, role)
    assert not leaks, report(leaks)
