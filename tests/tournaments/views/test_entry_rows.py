"""The entry page's lines are written in Python (sessions/views/entry_rows.py): what a director typed comes back
escaped, as the template engine escaped it, and each line keeps its cells, errors and ruling link."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def test_typed_markup_comes_back_escaped_at_its_field(director_client, section):
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    typed = '"><script>alert(1)</script>'
    data = {"line-0-ns": "1", "line-0-ew": "1", "line-0-contract": typed, "line-0-declarer": "N&S"}
    html = director_client.post(url, {**data, "line-0-tricks": "=", "line-0-version": "0"}).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert 'name="line-0-contract" value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in html
    assert 'name="line-0-declarer" value="N&amp;S"' in html
    assert '<tr class="line has-errors" id="row-line-0">' in html and 'class="field-error"' in html


def test_each_line_links_its_ruling_and_shows_its_round_and_table(director_client, section):
    html = director_client.get(f"/sessions/{section.session_id}/A/traveller/1/").content.decode()
    assert f'href="/sessions/{section.session_id}/rulings/?section=A&amp;board=1&amp;ns=1NS&amp;ew=1EW"' in html
    assert '<tr class="line" id="row-line-0">\n        <td>1</td><td>1</td>' in html
    assert 'class="contract" autofocus>' in html and html.count("autofocus") == 1
