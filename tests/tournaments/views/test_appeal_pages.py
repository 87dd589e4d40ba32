"""A ruling's page and its appeal: lodged, decided (upheld or changed), shown on the recap and the public pages."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.services.factories import make_session, section_a
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Ruling
from tournaments.sessions.services.appeals import lodge_appeal
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def ruling():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    line = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    return apply_ruling(
        actor=None, section=section, decision="artificial", result=line, ns_percent=60, ew_percent=40, law="Law 16B"
    )


def url(ruling: Ruling, tail: str = "") -> str:
    return f"/sessions/{ruling.session_id}/rulings/{ruling.pk}/{tail}"


def test_the_ruling_page_offers_to_lodge_an_appeal(director_client, ruling):
    page = director_client.get(url(ruling))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Lodge an appeal" in html and "No appeal lodged." in html
    assert f'href="{url(ruling)}"' in director_client.get(f"/sessions/{ruling.session_id}/rulings/").content.decode()


def test_lodge_then_change_on_appeal_through_the_pages(director_client, ruling):
    lodged = director_client.post(
        url(ruling, "appeal/"), {"by": "EW", "grounds": "No logical alternative.", "version": ruling.version}
    )
    assert lodged.status_code == 302 and lodged["Location"] == url(ruling)
    ruling.refresh_from_db()
    assert (ruling.appeal, ruling.appeal_by) == ("pending", "EW")
    listed = director_client.get(f"/sessions/{ruling.session_id}/rulings/?appeal=pending")
    assert listed.status_code == 200 and list(listed.context["rulings"]) == [ruling]
    data = {"outcome": "changed", "committee": "A, B, C", "reasons": "Nine tricks.", "deposit": "yes"}
    data |= {"decision": "assigned", "contract": "3NT", "declarer": "S", "tricks": "9", "version": ruling.version}
    decided = director_client.post(url(ruling, "appeal/decide/"), data)
    assert decided.status_code == 302
    ruling.refresh_from_db()
    assert (ruling.appeal, ruling.decision, ruling.appeal_deposit_returned) == ("changed", "assigned", True)
    assert ruling.result.ns_score == 400
    page = director_client.get(url(ruling)).content.decode()
    assert "Ruling changed on appeal" in page and "Nine tricks." in page and "Appeal decided" in page
    assert list(director_client.get(f"/sessions/{ruling.session_id}/rulings/?appeal=pending").context["rulings"]) == []
    travellers = director_client.get(f"/sessions/{ruling.session_id}/travellers/").content.decode()
    assert "Ruling changed on appeal: Nine tricks." in travellers


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"by": "XX", "grounds": "g"}, "by", "Select a valid choice"),
        ({"by": "NS", "grounds": ""}, "grounds", "Write the appellant's grounds."),
    ],
)
def test_a_bad_appeal_is_shown_at_its_field_with_422(director_client, ruling, data, field, message):
    page = director_client.post(url(ruling, "appeal/"), data)
    assert page.status_code == 422
    assert message in " ".join(page.context["lodge"].errors[field])
    ruling.refresh_from_db()
    assert ruling.appeal == "none"


def test_a_decision_needs_the_committee_and_a_new_decision_when_changed(director_client, ruling):
    lodge_appeal(actor=None, ruling=ruling, by="NS", grounds="g")
    page = director_client.post(url(ruling, "appeal/decide/"), {"outcome": "upheld", "committee": "", "reasons": "r"})
    assert page.status_code == 422 and page.context["decide"].errors["committee"]
    page = director_client.post(url(ruling, "appeal/decide/"), {"outcome": "changed", "committee": "P", "reasons": "r"})
    assert page.status_code == 422 and page.context["decide"].errors["decision"]
    page = director_client.post(
        url(ruling, "appeal/decide/"),
        {"outcome": "changed", "committee": "P", "reasons": "r", "decision": "artificial", "ns_percent": "120"},
    )
    assert page.status_code == 422 and page.context["decide"].errors["ns_percent"]
    ruling.refresh_from_db()
    assert (ruling.appeal, ruling.decision) == ("pending", "artificial")


def test_a_second_appeal_or_a_stale_page_is_409(director_client, ruling):
    stale = ruling.version
    lodge_appeal(actor=None, ruling=ruling, by="NS", grounds="g")
    page = director_client.post(url(ruling, "appeal/"), {"by": "EW", "grounds": "again", "version": stale})
    assert page.status_code == 409 and page.context["lodge"].errors


def test_pages_and_posts_refuse_other_roles_and_unknown_rulings(role_user, director_client, ruling):
    client = Client()
    assert client.get(url(ruling)).status_code == 302  # to the login
    client.force_login(role_user("scorer"))
    assert client.get(url(ruling)).status_code == 403
    assert client.post(url(ruling, "appeal/"), {"by": "NS", "grounds": "g"}).status_code == 403
    assert director_client.get(url(ruling, "appeal/")).status_code == 405  # no GET writes
    assert director_client.get(f"/sessions/{ruling.session_id}/rulings/999999/").status_code == 404
    ruling.refresh_from_db()
    assert ruling.appeal == "none"


def test_the_public_standings_show_the_appeal_and_the_reasons(client, ruling):
    lodge_appeal(actor=None, ruling=ruling, by="NS", grounds="g")
    publishing.publish(actor=None, session=ruling.session)
    assert "Appeal pending" in client.get(f"/results/{ruling.session_id}/").content.decode()
