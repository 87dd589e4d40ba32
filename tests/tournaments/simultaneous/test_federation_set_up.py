"""The federation's simultaneous carries its movement (issue 30): a member club joining later gets its session set
up from the event (boards, date, movement for the pairs who came) without typing it again, may choose among the
movements the event allows for its pairs, and nothing else; a club outside the federation gets 404."""

from __future__ import annotations

import pytest

from tests.tournaments.simultaneous.test_federation_start import DAY, county  # noqa: F401  (the fixture)
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Session
from tournaments.sessions.services.dealing import deal_session
from tournaments.simultaneous.federation_start import allowed_movements, choice_of, start_across_clubs
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

pytestmark = pytest.mark.django_db


@pytest.fixture
def simul(county):  # noqa: F811
    started = start_across_clubs(
        actor=county["official"], fed=county["federation"], name="County sim", date=DAY, boards=24,
        clubs=[county["clubs"]["riverside"]], pairs=10,
    )  # fmt: skip
    return started.simultaneous


def test_the_event_carries_the_movement_it_was_started_with(simul):
    first = Session.objects.get(simultaneous_club__simultaneous=simul).sections.get()
    stored = Simultaneous.objects.get(pk=simul.pk).movement
    assert stored == {"kind": first.movement_kind, "boards_per_round": first.boards_per_round, "pairs": 10}


def test_a_member_club_is_set_up_from_the_event_for_its_pairs(client, county, simul):  # noqa: F811
    client.force_login(county["directors"]["hillside"])
    page = client.get(f"/c/hillside/simultaneous/federation/{simul.pk}/")
    assert page.status_code == 200 and 'id="set-up"' in page.content.decode()
    done = client.post(f"/c/hillside/simultaneous/federation/{simul.pk}/set-up/", {"pairs": "8", "movement": ""})
    assert done.status_code == 302
    joined = SimultaneousClub.objects.select_related("session__event").get(simultaneous=simul, club="Hillside BC")
    assert done["Location"] == f"/c/hillside/sessions/{joined.session_id}/"
    session = joined.session
    assert session.event.tenant_id == county["clubs"]["hillside"].pk and session.date == DAY
    section = session.sections.get()
    expected = next(s for s in allowed_movements(8, 24) if s.kind == simul.movement["kind"])
    assert (section.movement_kind, section.boards_per_round, section.entries.count()) == (
        expected.kind, expected.boards_per_round, 8,
    )  # fmt: skip
    assert max(session.boards.values_list("number", flat=True)) <= 24
    assert joined.code == "C2"


def test_a_club_may_choose_an_allowed_movement_and_nothing_else(client, county, simul):  # noqa: F811
    client.force_login(county["directors"]["hillside"])
    url = f"/c/hillside/simultaneous/federation/{simul.pk}/set-up/"
    refused = client.post(url, {"pairs": "8", "movement": "howell/9/3"})
    assert refused.status_code == 400
    assert "does not allow that movement for 8 pairs" in refused.content.decode()
    assert not SimultaneousClub.objects.filter(club="Hillside BC").exists()
    assert client.post(url, {"pairs": "2", "movement": ""}).status_code == 400
    assert not Session.objects.filter(event__tenant=county["clubs"]["hillside"]).exists()
    other = allowed_movements(8, 24)[-1]
    assert client.post(url, {"pairs": "8", "movement": choice_of(other)}).status_code == 302
    section = Session.objects.get(event__tenant=county["clubs"]["hillside"]).sections.get()
    assert (section.movement_kind, section.boards_per_round, section.rounds) == (
        other.kind, other.boards_per_round, other.rounds,
    )  # fmt: skip


def test_a_club_outside_the_federation_gets_404_and_nothing_is_written(client, county, simul):  # noqa: F811
    client.force_login(county["directors"]["away"])
    before = Session.objects.count()
    answer = client.post(f"/c/away/simultaneous/federation/{simul.pk}/set-up/", {"pairs": "8", "movement": ""})
    assert answer.status_code == 404
    assert 'id="set-up"' not in client.get(f"/c/away/simultaneous/federation/{simul.pk}/").content.decode()
    assert Session.objects.count() == before
    client.logout()
    anonymous = client.post(f"/simultaneous/federation/{simul.pk}/set-up/", {"pairs": "8"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert client.get(f"/simultaneous/federation/{simul.pk}/set-up/").status_code == 302  # the login first
    client.force_login(county["directors"]["hillside"])
    assert client.get(f"/c/hillside/simultaneous/federation/{simul.pk}/set-up/").status_code == 405  # no GET writes


def test_a_club_set_up_from_the_event_gets_the_field_s_board_set(client, county, simul):  # noqa: F811
    riverside = Session.objects.get(simultaneous_club__simultaneous=simul)
    deal_session(actor=None, session=riverside, seed="0" * 32)
    played = {str(n): d for n, d in riverside.boards.values_list("number", "deal")}
    Simultaneous.objects.filter(pk=simul.pk).update(deals=played)  # the field's deals, as the first club set them
    client.force_login(county["directors"]["hillside"])
    url = f"/c/hillside/simultaneous/federation/{simul.pk}/set-up/"
    assert client.post(url, {"pairs": "8", "movement": ""}).status_code == 302
    hillside = Session.objects.get(event__tenant=county["clubs"]["hillside"])
    theirs = dict(hillside.boards.values_list("number", "deal"))
    shared = sorted(n for n in theirs if str(n) in played)
    assert shared and all(theirs[n] == played[str(n)] for n in shared)
    assert all(theirs[n] == "" for n in theirs if n not in shared)  # boards the field has not dealt yet stay open
    entry = AuditEntry.objects.get(session_id=hillside.pk, action="boards.deal")
    assert entry.why == "The board set of County sim" and entry.new["boards"] == shared
