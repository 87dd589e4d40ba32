"""Duplicate whist on the public pages: the standings, the boards (N-S tricks and the revoke's R) and a pair's
card, once the director publishes."""

from __future__ import annotations

import pytest

from tests.tournaments.services.test_whist_sessions import play_board_one, whist_session

pytestmark = pytest.mark.django_db


def test_a_published_whist_session_shows_its_whist_scores(client, director_client) -> None:
    section = whist_session()
    lines = play_board_one(section, [7, 8, 6, 7, 7], revoke="EW")
    pk = section.session_id
    assert director_client.post(f"/results/{pk}/publish/", {"action": "publish"}).status_code == 302
    director_client.logout()
    standings = client.get(f"/results/{pk}/")
    assert standings.status_code == 200
    top = lines[1].ns_entry.label  # 8 tricks: 7 match points of a top of 8 (Law X s. 4 example in the service test)
    assert top in standings.content.decode()
    boards = client.get(f"/results/{pk}/boards/1/")
    assert boards.status_code == 200
    assert "+R1" in boards.content.decode()
    card = client.get(f"/results/{pk}/pairs/{lines[4].ns_entry_id}/")
    assert card.status_code == 200
