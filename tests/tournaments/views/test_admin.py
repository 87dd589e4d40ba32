"""The admin shows the club data; results, rulings and the audit log cannot be changed there (no audit trail)."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.results import record_result

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model", ["member", "event", "session", "section", "entry", "board", "result", "ruling", "auditentry"]
)
def test_every_club_list_opens(director_client, model):
    section = section_a(make_session())
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    app = "audit" if model == "auditentry" else "duplicate"  # each domain's app has its own admin section
    assert director_client.get(f"/admin/{app}/{model}/").status_code == 200


def test_results_cannot_be_changed_in_the_admin(director_client):
    section = section_a(make_session())
    result = record_result(
        actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="="
    )
    page = director_client.post(f"/admin/duplicate/result/{result.pk}/change/", {"contract": "7NT"})
    assert page.status_code == 403 and "Not allowed" in page.content.decode()
    result.refresh_from_db()
    assert result.contract == "4S"
    assert director_client.get("/admin/duplicate/result/add/").status_code == 403
