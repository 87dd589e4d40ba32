"""Polled live pages answer 304 while the session is unchanged, and the new page as soon as anything changes."""

import pytest

from tests.tournaments.reports.factories import make_session
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import change_result
from tournaments.sessions.services.sessions import set_status

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["standings/", "travellers/", "scorecards/"])
def test_a_poll_of_an_unchanged_session_is_a_304(director_client, director, page):
    session = make_session(pairs=8, deals=False, actor=director)
    set_status(actor=director, session=session, status=Session.Status.PLAYING)
    url = f"/sessions/{session.pk}/{page}"
    first = director_client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and first["ETag"] and "HX-Request" in first["Vary"]
    assert director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    whole = director_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert whole.status_code == 200 and whole["ETag"] != first["ETag"]  # the full page is another document
    result = Result.objects.filter(section__session=session, kind=Result.Kind.PLAYED).first()
    change_result(actor=director, result=result, contract="7NT", declarer="N", tricks="-7", why="misread")
    changed = director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_csv_export_is_never_a_304(director_client, director):
    session = make_session(pairs=8, deals=False, actor=director)
    url = f"/sessions/{session.pk}/standings/"
    tag = director_client.get(url)["ETag"]
    export = director_client.get(url + "?_export=csv&field=NS", HTTP_IF_NONE_MATCH=tag)
    assert export.status_code == 200 and "text/csv" in export["Content-Type"]
