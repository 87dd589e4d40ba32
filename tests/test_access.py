"""Who may do what: every URL pattern of the URLconf, for every role, GET and POST.

The patterns are read from the URLconf itself, so a new page is walked without editing this test; each view
must state its permission (`@requires(...)` or `@public`), and a role without it gets the login (anonymous)
or 403, with nothing written. A role with it never gets 403, and no one ever gets a server error.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.urls import URLPattern, URLResolver, get_resolver

from tournaments.audit.models import AuditEntry
from tournaments.core.access import Perm, Role
from tournaments.parties import services as party_services
from tournaments.parties.models import Party
from tournaments.printing.models import GeneratedFile
from tournaments.publishing.models import Publication
from tournaments.publishing.players import link_token, unsubscribe_token
from tournaments.sessions.models import (
    ClubMovement,
    Competition,
    Entry,
    EntryPlayer,
    Member,
    Result,
    Ruling,
    Session,
)
from tournaments.sessions.services import competitions as competition_services
from tournaments.sessions.services.demo import build_demo_session
from tournaments.simultaneous import services as simul_services
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.tableside import screenlinks
from tournaments.tableside.models import ScreenLink, TableLink
from tournaments.tableside.services import issue_links
from tournaments.teams import services as team_services
from tournaments.teams import tables as team_tables
from tournaments.teams.models import TeamBoard, TeamEvent, TeamLineup, TeamPenalty, TeamRoomScore

pytestmark = pytest.mark.django_db

ROLES: list[str | None] = [None, "player", "scorer", "director", "administrator"]
# Not walked, with the reason: the admin guards itself (staff only, tested below); the API is keyed by the
# table token and tested in tests/tournaments/tableside; static files.
SKIP_PREFIXES = ("admin/", "api/", "static/")
WRITTEN = (
    Session,
    Entry,
    EntryPlayer,
    Member,
    Result,
    Ruling,
    Party,
    GeneratedFile,
    AuditEntry,
    Publication,
    TableLink,
    ScreenLink,
    TeamEvent,
    TeamBoard,
    TeamLineup,
    TeamPenalty,
    TeamRoomScore,
    Simultaneous,
    SimultaneousClub,
    ClubMovement,
)

# A POST body that a permitted role would turn into a write on most pages (results, rulings, names, actions).
POST_DATA = {
    "action": "publish",
    "status": "finished",
    "why": "access test",
    "reason": "access test",
    "kind": "standings",
    "paper": "a4",
    "form-TOTAL_FORMS": "1",
    "form-INITIAL_FORMS": "0",
    "form-0-ns": "1",
    "form-0-ew": "1",
    "form-0-contract": "3NT",
    "form-0-declarer": "S",
    "form-0-tricks": "9",
    "decision": "artificial",
    "board": "1",
    "ns": "1NS",
    "ew": "1EW",
    "ns_percent": "60",
    "ew_percent": "40",
    "name": "Access test",
    "event_name": "Access test",
    "pairs_a": "8",
    "player1": "Ann",
    "player2": "Bob",
}


def walk(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, Any, str]]:
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            yield from walk(item, prefix + str(item.pattern))
        elif isinstance(item, URLPattern):
            yield prefix + str(item.pattern), item.callback, item.name or ""


@pytest.fixture
def world(director):
    """A finished, scored demo session with rulings, published, with table links; a party; a finished job."""
    session = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    section = session.sections.get()
    link = issue_links(section)[0]
    Publication.objects.create(session=session, published_at=datetime.datetime.now(datetime.UTC))
    member = Member.objects.create(name="Walk Member", email="walk@example.org")
    party = party_services.create_party(
        actor=director,
        name="Walk party",
        date=datetime.date(2026, 3, 14),
        tables=3,
        mixed=False,
        tie_rule="north_south",
        prizes=["highest"],
    )
    job = GeneratedFile.objects.create(
        owner=director,
        session=session,
        kind="standings",
        status="done",
        file=ContentFile(b"%PDF-1.4", name="s.pdf"),
        filename="s.pdf",
        content_type="application/pdf",
        expires_at=datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC),
    )
    teams = team_services.create_event(actor=director, name="Walk teams", boards_per_match=2)
    for n in (1, 2):
        team_services.add_team(actor=director, event=teams, name=f"Walk {n}", players=[f"P{i} {n}" for i in range(4)])
    team_round = team_services.draw_next_round(actor=director, event=teams)
    match = team_round.matches.get()
    team_link = team_tables.issue_links(actor=director, rnd=team_round)[0]
    simul = simul_services.create_simultaneous(
        actor=director, name="Walk simultaneous", date=datetime.date(2026, 3, 14), boards=session.boards.count()
    )
    simul_services.add_session(actor=director, simul=simul, session=session)
    competition = competition_services.save_competition(
        actor=director, competition=Competition(name="Walk season", counting=8, public=True), sessions=[session]
    )
    return {
        "competition": competition,
        "screen": screenlinks.issue_screen_link(actor=director, session=session),
        "party_screen": screenlinks.issue_screen_link(actor=director, party_id=party.pk),
        "teams": teams,
        "match": match,
        "session": session,
        "simultaneous": simul,
        "entry": section.entries.first(),
        "ruling": Ruling.objects.filter(session=session).first(),
        "result": Result.objects.filter(section__session=session, kind="played").first(),
        "party": party,
        "job": job,
        "link": link,
        "team_link": team_link,
        "member": member,
    }


def concrete(route: str, world: dict[str, Any]) -> str:
    """The route with real ids of the world's objects in place of its converters."""
    values = {
        "pk": world["party"].pk
        if route.startswith("parties/")
        else world["teams"].pk
        if route.startswith(("teams/", "interchange/teams/"))
        else world["simultaneous"].pk
        if route.startswith("simultaneous/")
        else world["session"].event_id
        if route.startswith("events/")
        else world["session"].pk,
        "match_id": world["match"].pk,
        "session_id": world["session"].pk,
        "entry_id": world["entry"].pk,
        "ruling_id": world["ruling"].pk,
        "result_id": world["result"].pk,
        "job_id": world["job"].pk,
        "member_id": world["member"].pk,
        "competition_id": world["competition"].pk,
        "letter": "A",
        "board": 1,
        "round_number": 1,
        "table": 1,
        "table_no": 1,
        "kind": "tally-cards",
        "round": 1,
        "number": 1,
        "slug": "county",  # a federation's page (public; none by that name: 404)
        "fmt": "yaml",  # a club movement's export (movement designer)
    }

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name == "token":
            if route.startswith("results/player"):
                return link_token(world["member"])
            if route.startswith("results/unsubscribe"):
                return unsubscribe_token(world["member"])
            if route.startswith("teams/t/"):
                return world["team_link"].token
            if route.startswith("screen/"):
                return world["screen"].token
            if route.startswith("parties/screen/"):
                return world["party_screen"].token
            return world["link"].token
        if name not in values:
            raise AssertionError(f"no value for <{m.group(0)}> in {route}: add one to the access test")
        return str(values[name])

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", fill, route)


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in WRITTEN}


def login_as(client, django_user_model, role: str | None, director) -> Any:
    if role is None:
        return None
    if role == "administrator":
        client.force_login(director)
        return director
    from tournaments.core.access import grant

    user = django_user_model.objects.create_user(username=f"walk-{role}", password="walk-pw-12345")
    grant(user, Role(role))
    client.force_login(user)
    return user


def test_every_view_states_who_may_use_it():
    missing = [
        f"{route} ({name})"
        for route, callback, name in walk(get_resolver())
        if not route.startswith(SKIP_PREFIXES)
        and not hasattr(callback, "required_permissions")
        and route not in ("accounts/login/", "accounts/logout/")
    ]
    assert missing == []


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_every_url_for_every_role(client, django_user_model, director, world, role):
    user = login_as(client, django_user_model, role, director)
    checked = 0
    for route, callback, _name in walk(get_resolver()):
        if route.startswith(SKIP_PREFIXES) or route in ("accounts/login/", "accounts/logout/"):
            continue
        required: tuple[Perm, ...] = callback.required_permissions
        url = concrete(route, world)
        allowed = user is not None and all(user.has_perm(p.full) for p in required)
        for method in ("get", "post"):
            before = counts()
            response = getattr(client, method)(url, POST_DATA if method == "post" else None)
            checked += 1
            assert response.status_code < 500, f"{method.upper()} {url} as {role}: {response.status_code}"
            if not required:
                continue
            if allowed:
                assert response.status_code != 403, f"{method.upper()} {url} refused to {role}"
                continue
            if user is None:
                assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), (
                    f"{method.upper()} {url} as anonymous: {response.status_code}"
                )
            else:
                assert response.status_code == 403, f"{method.upper()} {url} as {role}: {response.status_code}"
            assert counts() == before, f"{method.upper()} {url} as {role} wrote something"
    assert checked > 100


@pytest.mark.parametrize("role", ["player", "scorer"])
def test_contact_data_and_the_audit_log_are_for_directors_only(client, django_user_model, director, world, role):
    login_as(client, django_user_model, role, director)
    session = world["session"]
    assert client.get(f"/sessions/{session.pk}/audit/").status_code == 403
    assert client.get("/members/?q=Walk").status_code == 403
    for url in (f"/sessions/{session.pk}/standings/", f"/sessions/{session.pk}/travellers/", "/results/"):
        page = client.get(url)
        assert page.status_code == 200 and "walk@example.org" not in page.content.decode()


def test_the_admin_is_for_staff_only(client, django_user_model, director):
    login_as(client, django_user_model, "director", director)
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_the_admin_addresses_from_before_the_apps_move_permanently(client):
    """`/admin/tournaments/<model>/...` (every model's app before issue 21) answers 301 to the model's own app."""
    for old, new in (
        ("/admin/tournaments/session/12/change/?x=1", "/admin/duplicate/session/12/change/?x=1"),
        ("/admin/tournaments/auditentry/", "/admin/audit/auditentry/"),
        ("/admin/tournaments/teamevent/3/delete/", "/admin/teams/teamevent/3/delete/"),  # the admin answers there
        ("/admin/tournaments/", "/admin/"),
    ):
        response = client.get(old)
        assert (response.status_code, response["Location"]) == (301, new), old
    assert client.get("/admin/tournaments/nosuchmodel/").status_code == 404
    assert client.get("/admin/duplicate/session/").status_code == 302  # the admin itself still asks for a login


def test_roles_hold_exactly_their_permissions(django_user_model):
    from tournaments.core.access import ROLE_PERMISSIONS, grant

    for role, perms in ROLE_PERMISSIONS.items():
        user = django_user_model.objects.create_user(username=f"only-{role.value}", password="x-12345678")
        grant(user, role)
        held = {p for p in Perm if user.has_perm(p.full)}
        assert held == set(perms), role
