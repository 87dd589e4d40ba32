"""A federation's official starts a simultaneous across the clubs they pick (issue 30): the page and the command.

Each chosen club gets a session of its own (its tenant, its director's pages) joined to the field; only member
clubs can be chosen; anyone but the federation's officials gets 404 for the page (as for another club's object).
"""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole
from tournaments.core.access import Role
from tournaments.sessions.models import Board, Session
from tournaments.simultaneous.federation_start import movement_for, start_across_clubs
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.services import SimultaneousError

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 24)


@pytest.fixture
def county(django_user_model):
    nation = Federation.objects.create(slug="nation", name="Nation BF")
    county = Federation.objects.create(slug="county", name="County BA", parent=nation)
    other = Federation.objects.create(slug="other", name="Other County")
    clubs = {
        "riverside": Club.objects.create(slug="riverside", name="Riverside BC", federation=county),
        "hillside": Club.objects.create(slug="hillside", name="Hillside BC", federation=county),
        "capital": Club.objects.create(slug="capital", name="Capital BC", federation=nation),
        "away": Club.objects.create(slug="away", name="Away BC", federation=other),
    }
    official = django_user_model.objects.create_user(username="official", password="official-pw-123")
    FederationRole.objects.create(user=official, federation=county)
    national = django_user_model.objects.create_user(username="national", password="official-pw-123")
    FederationRole.objects.create(user=national, federation=nation)
    outsider = django_user_model.objects.create_user(username="outsider", password="official-pw-123")
    FederationRole.objects.create(user=outsider, federation=other)
    directors = {}
    for slug, club in clubs.items():
        directors[slug] = django_user_model.objects.create_user(username=f"d-{slug}", password="director-pw-123")
        ClubRole.objects.create(user=directors[slug], club=club, role=Role.DIRECTOR.value)
    return {"federation": county, "nation": nation, "clubs": clubs, "official": official, "national": national,
            "outsider": outsider, "directors": directors}  # fmt: skip


def test_each_chosen_club_gets_its_own_session_in_the_field(county):
    clubs = county["clubs"]
    started = start_across_clubs(
        actor=county["official"], fed=county["federation"], name="County sim", date=DAY, boards=24,
        clubs=[clubs["riverside"], clubs["hillside"]], pairs=10,
    )  # fmt: skip
    simul = started.simultaneous
    assert simul.tenant_id is None and simul.federation_id == county["federation"].pk
    joined = SimultaneousClub.objects.filter(simultaneous=simul).select_related("session__event")
    assert sorted((j.club, j.session.event.tenant_id) for j in joined) == [
        ("Hillside BC", clubs["hillside"].pk),
        ("Riverside BC", clubs["riverside"].pk),
    ]
    for j in joined:
        numbers = list(Board.objects.filter(session=j.session).values_list("number", flat=True))
        assert numbers and max(numbers) <= 24 and j.session.date == DAY
        assert j.session.sections.get().entries.count() == 10
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert actions.count(AuditAction.SIMULTANEOUS_CREATE) == 1
    assert actions.count(AuditAction.SESSION_CREATE) == 2 and actions.count(AuditAction.SIMULTANEOUS_CLUB) == 2


def test_only_member_clubs_and_only_officials(county):
    clubs = county["clubs"]
    with pytest.raises(SimultaneousError, match="Not clubs of County BA: away"):
        start_across_clubs(actor=county["official"], fed=county["federation"], name="x", date=DAY, boards=24,
                           clubs=[clubs["riverside"], clubs["away"]])  # fmt: skip
    with pytest.raises(SimultaneousError, match="officials"):
        start_across_clubs(actor=county["directors"]["riverside"], fed=county["federation"], name="x", date=DAY,
                           boards=24, clubs=[clubs["riverside"]])  # fmt: skip
    with pytest.raises(SimultaneousError, match="give more boards"):
        start_across_clubs(actor=county["official"], fed=county["federation"], name="x", date=DAY, boards=1,
                           clubs=[clubs["riverside"]])  # fmt: skip
    assert not Simultaneous._base_manager.exists() and not Session._base_manager.exists()  # nothing left behind


@settings(max_examples=40, deadline=None)
@given(pairs=st.integers(min_value=3, max_value=60), boards=st.integers(min_value=1, max_value=40))
def test_the_movement_never_plays_more_boards_than_the_simultaneous(pairs, boards):
    try:
        spec = movement_for(pairs, boards)
    except SimultaneousError as exc:
        assert str(exc)
        return
    assert spec.pairs == pairs and spec.rounds is not None and spec.rounds * spec.boards_per_round <= boards


def test_the_officials_page_starts_it(client, county):
    client.force_login(county["official"])
    page = client.get("/simultaneous/federation/start/county/").content.decode()
    assert "Riverside BC" in page and "Capital BC" not in page and "Away BC" not in page  # the county's own
    assert 'id="start-simultaneous"' in client.get("/results/federation/county/").content.decode()
    url = "/simultaneous/federation/start/nation/"
    client.force_login(county["national"])
    page = client.get(url).content.decode()
    assert "Riverside BC" in page and "Capital BC" in page and "Away BC" not in page  # the nation's and its counties'
    form = {"name": "Autumn sim", "date": "2026-11-24", "boards": "24", "pairs": "8"}
    away = client.post(url, {**form, "clubs": [county["clubs"]["away"].pk]})
    assert away.status_code == 400 and not Simultaneous._base_manager.exists()
    none = client.post(url, {**form, "boards": "0"})
    assert none.status_code == 400 and "errorlist" in none.content.decode()
    chosen = [county["clubs"]["riverside"].pk, county["clubs"]["capital"].pk]
    done = client.post(url, {**form, "clubs": chosen})
    simul = Simultaneous._base_manager.get()
    assert done.status_code == 302 and done["Location"] == f"/simultaneous/federation/{simul.pk}/"
    field = client.get(done["Location"]).content.decode()
    assert "Riverside BC" in field and "Capital BC" in field
    # each club's director sees their own club's session; the other club's is 404 to them
    ours = SimultaneousClub.objects.get(simultaneous=simul, club="Riverside BC").session_id
    theirs = SimultaneousClub.objects.get(simultaneous=simul, club="Capital BC").session_id
    client.force_login(county["directors"]["riverside"])
    assert client.get(f"/c/riverside/sessions/{ours}/").status_code == 200
    assert client.get(f"/c/riverside/sessions/{theirs}/").status_code == 404


@pytest.mark.parametrize("who", ["riverside", "away", "outsider"])
def test_anyone_but_its_officials_gets_404(client, county, who):
    user = county["outsider"] if who == "outsider" else county["directors"][who]
    client.force_login(user)
    for method in ("get", "post"):
        answer = getattr(client, method)("/simultaneous/federation/start/county/")
        assert answer.status_code == 404
        answer = getattr(client, method)(
            f"/c/{'away' if who != 'riverside' else who}/simultaneous/federation/start/county/"
        )
        assert answer.status_code == 404
    assert 'id="start-simultaneous"' not in client.get("/results/federation/county/").content.decode()
    client.logout()
    assert client.get("/simultaneous/federation/start/county/").status_code == 302  # the login
    assert not Simultaneous._base_manager.exists()


def test_the_command(county):
    out = StringIO()
    call_command("start_simultaneous", "--federation", "county", "--name", "Cmd sim", "--date", "2026-11-24",
                 "--boards", "26", "--official", "official", "--all-clubs", "--pairs", "12", stdout=out)  # fmt: skip
    simul = Simultaneous._base_manager.get()
    assert f"/simultaneous/federation/{simul.pk}/" in out.getvalue() and "/c/hillside/sessions/" in out.getvalue()
    assert sorted(SimultaneousClub.objects.values_list("club", flat=True)) == ["Hillside BC", "Riverside BC"]
    base = ["--name", "x", "--date", "2026-11-24", "--boards", "24", "--official", "official"]
    for extra, message in [
        (["--federation", "nowhere", "--all-clubs"], "no federation 'nowhere'"),
        (["--federation", "county", "--clubs", "nowhere"], "No club nowhere: the clubs of County BA are"),
        (["--federation", "county", "--clubs", "capital"], "Not clubs of County BA: capital"),
        (["--federation", "county", "--all-clubs", "--date", "24/11/2026"], "YYYY-MM-DD"),
    ]:
        with pytest.raises(CommandError, match=message):
            call_command("start_simultaneous", *base, *extra)
    with pytest.raises(CommandError, match="officials"):
        call_command("start_simultaneous", *base[:-1], "d-riverside", "--federation", "county", "--all-clubs")
    assert Simultaneous._base_manager.count() == 1
