"""The travellers page's rows are built in Python: the same HTML the template loop wrote, every cell escaped."""

from __future__ import annotations

from django.template import engines

from tournaments.sessions.tables import traveller_body, traveller_cells

LOOP = (
    '{% for row in cells %}<tr>{% for text, numeric in row %}<td{% if numeric %} class="num"{% endif %}>'
    "{{ text }}</td>{% endfor %}</tr>{% endfor %}"
)


def _row(**extra):
    row = {
        "round": 3,
        "table": 12,
        "ns": "3NS",
        "ew": "7EW",
        "contract": "4S",
        "declarer": "N",
        "lead": "♥10",
        "made": "+1",
        "ns_score": 450,
        "ns_plus": 450,
        "ns_minus": None,
        "ns_points": 11.5,
        "ew_points": 2.5,
        "note": "",
    }
    return row | extra


def test_the_rows_are_what_the_template_loop_wrote():
    rows = [_row(), _row(round=4, note="Average+ <b>\"slow\"</b> & 'late'", ns_points=None, contract="A+/A-")]
    loop = engines["django"].from_string(LOOP).render({"cells": traveller_cells(rows)})
    assert str(traveller_body(rows)) == loop
    assert "&lt;b&gt;&quot;slow&quot;&lt;/b&gt; &amp; &#x27;late&#x27;" in loop


def test_no_rows_no_html():
    assert str(traveller_body([])) == ""


HANDS = (
    '{% for seat, suits in hands.items %}<div class="hand hand-{{ seat|lower }}"><strong>{{ seat }}</strong>'
    '{% for cls, symbol, cards in suits %}<div><span class="suit-{{ cls }}">{{ symbol }}</span> {{ cards }}</div>'
    "{% endfor %}</div>{% endfor %}"
)


def test_the_hands_are_what_the_template_loop_wrote():
    from tournaments.sessions.selectors.recaps import hands
    from tournaments.sessions.tables import hand_diagram

    deal = hands("N:AKQT.J98.765.432 J98.AKQT.432.765 765.432.AKQT.J98 432.765.J98.AKQT")
    loop = engines["django"].from_string(HANDS).render({"hands": deal})
    assert str(hand_diagram(deal)) == loop and "10" in loop
    assert str(hand_diagram({})) == ""
