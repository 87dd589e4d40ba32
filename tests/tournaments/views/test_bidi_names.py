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


def test_the_standings_rows_written_in_python_are_what_the_template_loop_wrote():
    from django.http import QueryDict
    from django.template import Context, Template

    from tournaments.sessions.tables import standings_plain

    rows = [
        {"order": 0, "place": "1", "pair": "1NS", "pair_number": 1, "names": "Ann <b> & نور", "total": 61.5,
         "percentage": 57.25, "boards": 24, "penalties": 1.0, "card_url": "/s/1/c/2/?a=1&b=\"2\""},
        {"order": 1, "place": "2=", "pair": "2NS", "pair_number": 2, "names": "", "total": None,
         "percentage": None, "boards": 0, "penalties": 0, "card_url": ""},
    ]  # fmt: skip
    table = standings_plain(rows, prefix="ns-", query=QueryDict())
    loop = Template(
        '{% for row in t.rows %}<tr>{% for text, numeric, url in row %}<td{% if numeric %} class="num"{% endif %}>'
        '{% if url %}<a href="{{ url }}">{{ text }}</a>{% else %}{{ text }}{% endif %}</td>'
        "{% endfor %}</tr>{% endfor %}"
    )
    assert table.body() == loop.render(Context({"t": table}))
    assert "&lt;b&gt;" in table.body() and "<bdi>نور</bdi>" in table.body()
    from django.utils import translation

    with translation.override("fr"):  # the decimal mark, looked up once for the table, is the reader's
        french = standings_plain(rows, prefix="ns-", query=QueryDict()).body()
    assert '<td class="num">61,5</td><td class="num">57,25</td><td class="num">24</td><td class="num">-1</td>' in french
