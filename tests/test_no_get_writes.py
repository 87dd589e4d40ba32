"""No GET or HEAD writes: every route of the URLconf, for every role, read with GET and HEAD, executes no INSERT,
UPDATE or DELETE.

The walk is the access test's (tests/test_access.py: the same world and the same routes, plus the table API,
which is read by the token in the route). A page that polls (the live panel every 5 s, the big screen every
10 s, the public pages) is read far more often than anything is written, and a read that writes takes locks,
grows the audit chain's neighbours and makes two readers wait for each other. Table links, table settings and
the round clock are made when the session is set up; public corrections are recorded when the change is made.

Not walked: Django's admin (Django's own pages, staff only) and static files; the logout URL (ending the
session is its point). The test client's login session row is written by `force_login`, before the walk.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver

from tests.test_access import ROLES, concrete, login_as, walk, world  # noqa: F401 (world: the shared fixture)

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def writes_of(queries: list[dict[str, Any]]) -> list[str]:
    return [q["sql"][:160] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_no_get_or_head_writes_to_the_database(client, django_user_model, director, world, role):  # noqa: F811
    login_as(client, django_user_model, role, director)
    written: list[str] = []
    walked = 0
    for route, _callback, _name in walk(get_resolver()):
        if route.startswith(("admin/", "static/")) or route in ("accounts/logout/",):
            continue
        url = concrete(route, world)
        for method in ("get", "head"):
            with CaptureQueriesContext(connection) as captured:
                response = getattr(client, method)(url)
            walked += 1
            assert response.status_code < 500, f"{method.upper()} {url} as {role}: {response.status_code}"
            written += [f"{method.upper()} {url}: {sql}" for sql in writes_of(captured.captured_queries)]
    assert walked > 150
    assert written == []
