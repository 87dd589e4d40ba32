"""A federation runs a simultaneous across its clubs (issue 30): its officials start it, each member club's director
joins a session of their own club, the field is ranked across every club, and the federation's page lists it."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole
from tournaments.core.access import Role
from tournaments.core.tenancy import using_club
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Session
from tournaments.sessions.services.demo import build_demo_session
from tournaments.simultaneous import federation as fed
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.services import SimultaneousError

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 24)


@pytest.fixture
def county(django_user_model):
    county = Federation.objects.create(slug="county", name="County BA")
    clubs = {
        slug: Club.objects.create(slug=slug, name=f"{slug.title()} BC", federation=county if slug != "away" else None)
        for slug in ("riverside", "hillside", "away")
    }
    official = django_user_model.objects.create_user(username="official", password="official-pw-123")
    FederationRole.objects.create(user=official, federation=county)
    directors = {}
    for slug, club in clubs.items():
        directors[slug] = django_user_model.objects.create_user(username=f"d-{slug}", password="director-pw-123")
        ClubRole.objects.create(user=directors[slug], club=club, role=Role.DIRECTOR.value)
    sessions = {}
    for slug, club in clubs.items():
        with using_club(club.pk):  # the same deals at every club (the same seed): one simultaneous
            sessions[slug] = build_demo_session(tables=3, movement="mitchell", seed=11, quick=True)
    return {"federation": county, "clubs": clubs, "official": official, "directors": directors, "sessions": sessions}


def started(county) -> Simultaneous:
    boards = county["sessions"]["riverside"].boards.count()
    return fed.create_for_federation(
        actor=county["official"], federation=county["federation"], name="County sim", date=DAY, boards=boards
    )


def test_only_officials_start_it_and_it_belongs_to_the_federation(county):
    with pytest.raises(SimultaneousError, match="officials"):
        fed.create_for_federation(
            actor=county["directors"]["riverside"], federation=county["federation"], name="x", date=DAY, boards=6
        )
    simul = started(county)
    assert simul.tenant_id is None and simul.federation_id == county["federation"].pk


def test_member_clubs_join_their_sessions_and_the_field_is_ranked_across_them(client, county):
    simul = started(county)
    riverside, hillside = county["sessions"]["riverside"], county["sessions"]["hillside"]
    client.force_login(county["directors"]["riverside"])
    page = client.get(f"/c/riverside/simultaneous/federation/{simul.pk}/").content.decode()
    assert 'id="join"' in page and 'id="not-yet"' in page
    # another club's session is not among this director's choices; the own one joins
    theirs = client.post(f"/c/riverside/simultaneous/federation/{simul.pk}/join/", {"session": hillside.pk})
    assert theirs.status_code == 200 and not SimultaneousClub.objects.exists()
    done = client.post(f"/c/riverside/simultaneous/federation/{simul.pk}/join/", {"session": riverside.pk})
    assert done.status_code == 302
    client.force_login(county["directors"]["hillside"])
    assert (
        client.post(f"/c/hillside/simultaneous/federation/{simul.pk}/join/", {"session": hillside.pk}).status_code
        == 302
    )
    client.force_login(county["directors"]["away"])  # not a member of the county
    refused = client.post(
        f"/c/away/simultaneous/federation/{simul.pk}/join/", {"session": county["sessions"]["away"].pk}
    )
    assert "not a member of this federation" in refused.content.decode()
    assert sorted(SimultaneousClub.objects.values_list("club", flat=True)) == ["Hillside BC", "Riverside BC"]

    client.logout()
    public = client.get(f"/simultaneous/federation/{simul.pk}/").content.decode()
    assert 'id="not-yet"' in public and 'id="overall"' not in public  # not every club has published
    client.force_login(county["official"])
    assert 'id="overall"' in client.get(f"/simultaneous/federation/{simul.pk}/").content.decode()
    client.logout()
    for session in (riverside, hillside):
        Publication.objects.create(session=session, published_at=dt.datetime.now(dt.UTC))
    public = client.get(f"/simultaneous/federation/{simul.pk}/").content.decode()
    assert 'id="overall"' in public and "Hillside BC" in public and "Riverside BC" in public
    pairs = Session._base_manager.filter(pk__in=[riverside.pk, hillside.pk]).values_list("sections__entries", flat=True)
    assert public.count("<tr><td>") == len(pairs)  # every pair of both clubs, in one ranking


def test_no_club_page_shows_it_and_the_federation_page_lists_it(client, county):
    simul = started(county)
    client.force_login(county["directors"]["riverside"])
    assert client.get(f"/c/riverside/simultaneous/{simul.pk}/").status_code == 404  # the federation's, not the club's
    assert "County sim" not in client.get("/c/riverside/simultaneous/").content.decode()
    client.logout()
    page = client.get("/results/federation/county/").content.decode()
    assert "County sim" in page and f"/simultaneous/federation/{simul.pk}/" in page
    club_own = Simultaneous.objects.create(name="Club sim", date=DAY, boards=6, tenant=county["clubs"]["riverside"])
    assert client.get(f"/simultaneous/federation/{club_own.pk}/").status_code == 404


def test_a_club_s_own_simultaneous_takes_only_that_club_s_sessions(client, county):
    """The add-session form's choices are read in the request (the current club's), not when the module loaded."""
    riverside = county["clubs"]["riverside"]
    own = Simultaneous.objects.create(name="Riverside sim", date=DAY, boards=26, tenant=riverside)
    client.force_login(county["directors"]["riverside"])
    theirs = county["sessions"]["hillside"].pk
    page = client.post(f"/c/riverside/simultaneous/{own.pk}/add-session/", {"session": theirs, "club": ""})
    assert page.status_code == 200 and not SimultaneousClub.objects.filter(session_id=theirs).exists()
    page_html = client.get(f"/c/riverside/simultaneous/{own.pk}/").content.decode()
    # only the session select's options: the page's other selects (clubs) have their own ids, which may coincide
    listed = re.search(r'<select name="session".*?</select>', page_html, re.S)
    assert listed is not None
    assert f'value="{theirs}"' not in listed[0] and f'value="{county["sessions"]["riverside"].pk}"' in listed[0]
