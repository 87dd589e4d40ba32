"""200 conflicting saves of one traveller from 8 threads against a live server on PostgreSQL: every save is
either applied on top of the version it was built on or reported to its sender as a conflict; nothing is
silently replaced, duplicated or lost."""

from __future__ import annotations

import random
import re
import threading
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from http.cookiejar import CookieJar

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = [pytest.mark.django_db(transaction=True)]

THREADS, SAVES_EACH = 8, 25


class Form(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry-form":
            self.inside = True
        elif self.inside and tag == "input" and a.get("name") and a.get("type") != "radio":
            self.fields[a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def browser(session_key: str, base: str) -> tuple[urllib.request.OpenerDirector, str]:
    """A client logged in with `session_key` (a director's session), and its CSRF token."""
    jar = CookieJar()
    urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(base + "/accounts/login/").read()
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    opener = urllib.request.build_opener(NoRedirect())
    opener.addheaders = [("Cookie", f"sessionid={session_key}; csrftoken={csrf}")]
    return opener, csrf


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="exercises PostgreSQL's row locks under real concurrency; CI runs it on PostgreSQL",
)
def test_200_concurrent_conflicting_saves(live_server, django_user_model):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    url = f"{live_server.url}/sessions/{section.session_id}/A/traveller/1/"
    keys = []
    for n in range(THREADS):
        user = django_user_model.objects.create_user(username=f"td{n}", password="pw-director-123")
        grant(user, Role.DIRECTOR)
        client = Client()
        client.force_login(user)
        keys.append(client.cookies["sessionid"].value)
    outcomes: list[tuple[str, int, str]] = []
    errors: list[str] = []
    lock = threading.Lock()

    def director(n: int) -> None:
        rng = random.Random(n)
        opener, csrf = browser(keys[n], live_server.url)
        for _ in range(SAVES_EACH):
            form = Form()
            form.feed(opener.open(url).read().decode())
            fields = dict(form.fields)
            i = rng.randrange(4)
            shown = fields.get(f"line-{i}-tricks", "")
            tricks = rng.choice([t for t in ("=", "+1", "-1", "-2") if t != shown])
            fields.update({f"line-{i}-contract": "3NT", f"line-{i}-declarer": "S", f"line-{i}-tricks": tricks})
            fields.update({"csrfmiddlewaretoken": csrf, "why": f"director {n}"})
            request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
            request.add_header("Referer", url)
            try:
                response = opener.open(request)
                status, body = response.status, response.read().decode()
            except urllib.error.HTTPError as exc:
                status, body = exc.code, exc.read().decode()
            with lock:
                if status == 302:
                    outcomes.append(("saved", i, tricks))
                elif status == 200 and "Changed by someone else meanwhile" in body:
                    outcomes.append(("conflict", i, tricks))
                else:
                    errors.append(f"{status}: " + re.sub(r"\s+", " ", body)[:300])

    threads = [threading.Thread(target=director, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert errors == []
    saved = [o for o in outcomes if o[0] == "saved"]
    conflicts = [o for o in outcomes if o[0] == "conflict"]
    assert len(saved) + len(conflicts) == THREADS * SAVES_EACH  # every loser was told
    assert conflicts, "the test must really make saves collide"
    writes = list(
        AuditEntry.objects.filter(session_id=section.session_id, action__in=["result.create", "result.change"])
        .order_by("id")
        .values("target_id", "action", "old", "new")
    )
    assert len(writes) == len(saved)  # each reported save wrote exactly once; no conflict wrote anything
    last_version: dict[int, int] = {}
    for w in writes:  # each write was built on the version before it: no two saves on one version
        if w["action"] == "result.create":
            assert w["target_id"] not in last_version
            last_version[w["target_id"]] = 1
        else:
            assert w["old"]["version"] == last_version[w["target_id"]]
            assert w["new"]["version"] == w["old"]["version"] + 1
            last_version[w["target_id"]] = w["new"]["version"]
    results = {r.pk: r for r in Result.objects.filter(section=section)}
    assert len(results) <= 4 and {r.version for r in results.values()} == {last_version[pk] for pk in results}
    call_command("verify_audit", str(section.session_id))  # concurrent appends never forked the chain
