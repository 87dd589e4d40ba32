"""A club already in the federation's field sets its section up again (issue 30): from the event's page, for the
pairs who came or another movement the event allows, keeping its session and its code, audited, its version
bumped and the links of tables it no longer has withdrawn; refused (409, the reason shown, nothing written) once a
result is in; another club's director never touches it (404 outside the federation, their own session inside)."""

from __future__ import annotations

import pytest

from tests.tournaments.simultaneous.test_federation_set_up import simul  # noqa: F401  (a fixture)
from tests.tournaments.simultaneous.test_federation_start import county  # noqa: F401  (a fixture)
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result, Section, Session
from tournaments.simultaneous.federation_start import allowed_movements, choice_of
from tournaments.simultaneous.models import SimultaneousClub
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db


def _riverside(simul_id: int) -> tuple[SimultaneousClub, Section]:
    joined = SimultaneousClub.objects.get(simultaneous_id=simul_id, club="Riverside BC")
    return joined, Section.objects.get(session_id=joined.session_id)


def _url(simul_id: int, club: str = "riverside", page: str = "set-up/") -> str:
    return f"/c/{club}/simultaneous/federation/{simul_id}/{page}"


def test_the_clubs_director_sets_its_section_up_again_for_the_pairs_who_came(client, county, simul):  # noqa: F811
    joined, before = _riverside(simul.pk)
    assert before.entries.count() == 10
    old_links = {link.table: link for link in TableLink.objects.filter(section=before, revoked_at__isnull=True)}
    client.force_login(county["directors"]["riverside"])
    page = client.get(_url(simul.pk, page="")).content.decode()
    assert "Set up again" in page and f"in the field as {joined.code}" in page and 'value="10"' in page

    done = client.post(_url(simul.pk), {"pairs": "8", "movement": ""})

    assert done.status_code == 302 and done["Location"] == f"/c/riverside/sessions/{joined.session_id}/"
    after = Section.objects.get(pk=before.pk)
    assert after.entries.count() == 8 and after.version > before.version and after.tables < before.tables
    assert SimultaneousClub.objects.filter(simultaneous=simul).count() == 1  # no new session, the same code
    assert Session.objects.filter(event__tenant=county["clubs"]["riverside"]).count() == 1
    entry = AuditEntry.objects.get(session_id=joined.session_id, action="section.set_up_again")
    assert entry.old["pairs"] == 10 and entry.new["pairs"] == 8 and entry.actor.username == "d-riverside"
    assert entry.why == f"Set up again from County sim ({joined.code})"
    live = {link.table for link in TableLink.objects.filter(section=after, revoked_at__isnull=True)}
    assert live == set(range(1, after.tables + 1))
    gone = old_links[before.tables]  # the table the evening no longer has: its phone is refused at once
    assert client.get(f"/api/table/{gone.token}/").status_code == 403
    assert client.get(f"/api/table/{old_links[1].token}/").status_code == 200  # the others keep their cards
    shown = client.get(done["Location"], follow=True).content.decode()
    assert f"Your session in the field ({joined.code}) is set up again for 8 pairs." in shown


def test_another_allowed_movement_and_nothing_else(client, county, simul):  # noqa: F811
    _joined, before = _riverside(simul.pk)
    client.force_login(county["directors"]["riverside"])
    refused = client.post(_url(simul.pk), {"pairs": "10", "movement": "howell/9/3"})
    assert refused.status_code == 400 and "does not allow that movement for 10 pairs" in refused.content.decode()
    assert Section.objects.get(pk=before.pk).version == before.version
    other = next(s for s in allowed_movements(10, 24) if s.kind != before.movement_kind)
    assert client.post(_url(simul.pk), {"pairs": "10", "movement": choice_of(other)}).status_code == 302
    after = Section.objects.get(pk=before.pk)
    assert (after.movement_kind, after.boards_per_round, after.rounds) == (
        other.kind, other.boards_per_round, other.rounds,
    )  # fmt: skip


def test_once_a_result_is_in_it_is_refused_with_the_reason(client, county, simul):  # noqa: F811
    joined, section = _riverside(simul.pk)
    row = section.table_rounds.order_by("round", "table").first()
    assert row is not None
    Result.objects.create(
        section=section, board=Session.objects.get(pk=joined.session_id).boards.get(number=row.boards[0]),
        table_round=row, ns_entry=row.ns_entry, ew_entry=row.ew_entry, contract="3NT", declarer="N", tricks=9,
        ns_score=400,
    )  # fmt: skip
    client.force_login(county["directors"]["riverside"])
    refused = client.post(_url(simul.pk), {"pairs": "8", "movement": ""})
    assert refused.status_code == 409
    assert "Results have been entered in this section" in refused.content.decode()
    after = Section.objects.get(pk=section.pk)
    assert after.entries.count() == 10 and after.version == section.version
    assert not AuditEntry.objects.filter(action="section.set_up_again").exists()


def test_another_clubs_director_never_touches_it(client, county, simul):  # noqa: F811
    _joined, section = _riverside(simul.pk)
    client.force_login(county["directors"]["away"])  # a club outside the federation
    assert client.post(_url(simul.pk, "away"), {"pairs": "8", "movement": ""}).status_code == 404
    assert client.post(_url(simul.pk, "riverside"), {"pairs": "8", "movement": ""}).status_code in (403, 404)
    client.force_login(county["directors"]["hillside"])  # a member club: its own session, never riverside's
    assert client.post(_url(simul.pk, "hillside"), {"pairs": "8", "movement": ""}).status_code == 302
    after = Section.objects.get(pk=section.pk)
    assert after.entries.count() == 10 and after.version == section.version
    assert SimultaneousClub.objects.filter(simultaneous=simul).count() == 2
