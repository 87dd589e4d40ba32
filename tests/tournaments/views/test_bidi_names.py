"""Each name of a pair is its own bidirectional island (`<bdi>`) wherever a page lists a pair's players: on a
left-to-right page two right-to-left names joined by "&" would otherwise swap places (the browser test
tests/e2e/test_right_to_left_names.py measures it); the names stay escaped."""

import pytest
from django.test import Client

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.text import isolated_names
from tournaments.publishing import services as publishing
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import set_players

ARABIC, HEBREW = "محمد عبد الله", "דוד כהן"
ISOLATED = f"<bdi>{ARABIC}</bdi> &amp; <bdi>{HEBREW}</bdi>"


def test_each_name_is_isolated_and_escaped():
    assert isolated_names(f"{ARABIC} & {HEBREW}") == ISOLATED
    assert isolated_names("<b>Ann</b> & Bob") == "<bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi> &amp; <bdi>Bob</bdi>"
    assert isolated_names("") == ""


@pytest.mark.django_db
def test_the_standings_pages_isolate_each_name(client: Client, director_client: Client):
    section = section_a(make_session())
    entry = section.entries.get(number=1, direction="NS")
    set_players(actor=None, entry=entry, players=[(ARABIC, None), (HEBREW, None)])
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="N", tricks=9)
    director = director_client.get(f"/sessions/{section.session_id}/standings/").content.decode()
    assert ISOLATED in director
    publishing.publish(actor=None, session=section.session)
    public = client.get(f"/results/{section.session_id}/").content.decode()
    assert ISOLATED in public
