"""A director of club B gets 404 for every object of club A, on every page and in the API (issue 30).

The routes are read from the URLconf (the access test's walk), so a new page is walked without editing this
test. Club A's objects are the access test's world (made in the laptop's one club); club B and its director are
made after it. Pages without an object (lists, new-event forms) answer, and show none of club A's objects.
"""

from __future__ import annotations

import re

import pytest
from django.urls import get_resolver

from tests import test_access
from tests.test_access import POST_DATA, SKIP_PREFIXES, concrete, counts, walk
from tournaments.clubs.models import Club, ClubRole
from tournaments.core.access import Role

pytestmark = pytest.mark.django_db
world = test_access.world  # club A's objects: the access test's world

# Not a club's object, with the reason: the table page's manifest reads nothing (it names no table); a
# federation's page is public and lists several clubs' published results (tested in test_federation.py).
NO_LOOKUP = ("t/<str:token>/manifest.webmanifest", "results/federation/<slug:slug>/")
A_NAMES = ("Walk party", "Walk teams", "Walk simultaneous", "Walk Member", "walk@example.org")


@pytest.fixture
def club_b_director(client, django_user_model, world):
    club = Club.objects.create(slug="bclub", name="Club B")
    user = django_user_model.objects.create_user(username="b-director", password="b-director-pw-123")
    for role in (Role.DIRECTOR, Role.ADMINISTRATOR):
        ClubRole.objects.create(user=user, club=club, role=role.value)
    client.force_login(user)
    return user


def test_a_director_of_club_b_gets_404_for_club_a_s_every_page(client, world, club_b_director):
    walked, wrong = 0, []
    for route, _callback, _name in walk(get_resolver()):
        if route.startswith(SKIP_PREFIXES) or route in ("accounts/login/", "accounts/logout/", *NO_LOOKUP):
            continue
        url = concrete(route, world)
        has_object = bool(re.search(r"<(?:\w+:)?(\w+)>", route))
        for method in ("get", "post"):
            before = counts()
            response = getattr(client, method)(url, POST_DATA if method == "post" else None)
            if response.status_code == 301:  # a moved address (printed QR codes): where it leads must be 404
                response = client.get(response["Location"])
            if counts() != before and has_object:
                wrong.append(f"{method.upper()} {url} wrote to club A")
            if has_object:
                # 405: the route takes the other method only, and says nothing of the object
                if response.status_code not in (404, 405):
                    wrong.append(f"{method.upper()} {url}: {response.status_code}")
                walked += 1
            elif method == "get" and response.status_code == 200 and "html" in response.get("Content-Type", ""):
                page = response.content.decode()
                shown = [n for n in A_NAMES if n in page]
                if shown:
                    wrong.append(f"GET {url} shows club A's {shown}")
    assert wrong == [], "\n".join(wrong)
    assert walked > 100


def test_the_table_api_is_404_for_club_b(client, world, club_b_director):
    token = world["link"].token
    for path in ("", "results", "preview", "members", "hands", "signin", "call", "traveller/1"):
        url = f"/api/table/{token}/{path}"
        assert client.get(url).status_code in (404, 405), url  # 405: the call takes POST only
        # 422: an empty body is refused by the schema before any lookup
        assert client.post(url, {}, content_type="application/json").status_code in (404, 405, 422), url
    assert client.get(f"/api/table/{token}/").status_code == 404
    line = {"board": 1, "contract": "3NT", "declarer": "S", "tricks": 9, "client_id": "b-1"}
    for call in ("results", "preview"):
        assert client.post(f"/api/table/{token}/{call}", line, content_type="application/json").status_code == 404


def test_club_a_s_director_still_sees_it_all(client, world, director):
    Club.objects.create(slug="bclub", name="Club B")
    client.force_login(director)
    session = world["session"]
    assert client.get(f"/sessions/{session.pk}/").status_code == 200
    assert client.get(f"/api/table/{world['link'].token}/").status_code == 403  # found: the session is finished
    page = client.get(f"/c/club/sessions/{session.pk}/")
    assert page.status_code == 200 and f'href="/c/club/sessions/{session.pk}/' in page.content.decode()
    assert client.get(f"/c/bclub/sessions/{session.pk}/").status_code == 404
    assert client.get("/c/nowhere/").status_code == 404
