"""A traveller's save checks its lines against what its own page read (the boards, the board's results) and reads
the session's status with the section's lock, not before it (issue 24: reads a save made twice); and the rules
those reads kept still hold: a finished session is refused first, a line entered meanwhile is still caught."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import (
    FinishedSessionError,
    LineInput,
    record_result,
    save_lines_checked,
)
from tournaments.sessions.services.sessions import SectionSpec, set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def url(section, tail):
    return f"/sessions/{section.session_id}/A/{tail}"


def _posted(client, section, board, **changed):
    """The traveller's form as its page wrote it, with `changed` ({line index: {field: value}}) typed over it."""
    page = client.get(url(section, f"traveller/{board}/"))
    data = {"layout": page.context["layout"]}
    for line in page.context["lines"]:
        if line.initial is not None:
            for name, value in line.initial.items():
                data[f"{line.prefix}-{name}"] = "" if value is None else str(value)
    for i, fields in changed.items():
        data.update({f"line-{i}-{k}": v for k, v in fields.items()})
    return data


def test_a_traveller_save_reads_its_boards_once_and_the_status_only_with_the_lock(director_client, section):
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    data = _posted(director_client, section, 1, **{"0": {"tricks": "+1"}})
    with CaptureQueriesContext(connection) as queries:
        response = director_client.post(url(section, "traveller/1/"), data)
    assert response.status_code == 302
    sqls = [q["sql"] for q in queries.captured_queries]
    boards = [s for s in sqls if s.startswith("SELECT") and 'FROM "tournaments_board"' in s]
    assert len(boards) == 1  # the page's own read; the save checks against it
    results = [s for s in sqls if s.startswith("SELECT") and 'FROM "tournaments_result"' in s]
    assert len(results) == 3  # the page's, the locked re-read, the seal's state: no pre-lock read of its own
    status_alone = [s for s in sqls if s.startswith('SELECT "tournaments_session"."status"')]
    assert not status_alone  # the finished guard's own read: only when the lock says finished
    assert Result.objects.get().tricks == 11


def test_a_finished_session_is_refused_first_even_when_the_lines_are_wrong(section):
    set_status(actor=None, session=section.session, status=Session.Status.FINISHED)
    stale = section.session  # the caller's copy may still say "playing": the stored status decides
    stale.status = Session.Status.PLAYING
    bad = LineInput(1, "1", "1", "9S", "N", "=")
    with pytest.raises(FinishedSessionError):
        save_lines_checked(actor=None, section=section, lines=[bad])
    good = LineInput(1, "1", "1", "4S", "N", "=")
    with pytest.raises(FinishedSessionError):  # read with the lock, whatever the caller's copy says
        save_lines_checked(actor=None, section=section, lines=[good])
    assert not Result.objects.exists()


def test_a_pair_entered_meanwhile_is_still_caught_against_the_pages_read(director_client, section):
    """The page read board 1 empty; another director enters 1 v 1 before the post: under the lock the post's line
    for 1 v 1 is a conflict, shown again, not saved over it (the version moved: checked against the locked rows)."""
    data = _posted(director_client, section, 1, **{"0": {"contract": "3NT", "declarer": "N", "tricks": "9"}})
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    response = director_client.post(url(section, "traveller/1/"), data)
    assert response.status_code == 200  # shown again: a conflict with the line entered meanwhile
    assert list(Result.objects.values_list("contract", flat=True)) == ["4S"]
