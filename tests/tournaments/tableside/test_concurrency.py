"""No request fails for being concurrent: 60 tables post at once to a real server on the laptop default
(SQLite), and every result is stored exactly once, none answered 500 "database is locked"."""

import json
import threading
import urllib.error
import urllib.request

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = pytest.mark.django_db(transaction=True)


def _post(url: str, body: dict[str, object]) -> int:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_sixty_tables_posting_at_once_all_get_201_and_each_result_is_stored_once(live_server):
    section = section_a(make_session(SectionSpec(pairs=60, kind="mitchell", boards_per_round=2)))
    links = services.issue_links(section)
    posts = []
    for link in links:  # 30 tables x 2 boards of round 1: 60 posters
        row = section.table_rounds.get(round=1, table=link.table)
        for n, board in enumerate(row.boards):
            body = {"board": int(board), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"c{n}"}
            posts.append((f"{live_server.url}/api/table/{link.token}/results", body))
    assert len(posts) == 60
    statuses: list[int] = []
    start = threading.Barrier(len(posts))

    def poster(url: str, body: dict[str, object]) -> None:
        start.wait()
        statuses.append(_post(url, body))

    threads = [threading.Thread(target=poster, args=post) for post in posts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert sorted(statuses) == [201] * 60
    assert Result.objects.filter(section=section).count() == 60
    assert TableEntry.objects.filter(link__section=section, status=TableEntry.Status.ACCEPTED).count() == 60
    # Sent again (a phone that lost the answer): the same 60, nothing stored twice.
    again = [_post(url, body) for url, body in posts[:5]]
    assert again == [200] * 5 and Result.objects.filter(section=section).count() == 60
