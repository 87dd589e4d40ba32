"""Table guide cards say where boards go when they leave play: the standard Howell's stands, or set aside."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tournaments.sessions import reports

from .factories import make_session

pytestmark = pytest.mark.django_db


def _cards(session) -> str:
    content = reports.render("guide-cards", session)[2]
    return "\n".join(re.sub(r"[ \xa0]+", " ", p.extract_text() or "") for p in PdfReader(io.BytesIO(content)).pages)


def test_standard_howell_cards_send_boards_to_the_stands_and_say_how_they_move():
    session = make_session(pairs=10, kind="howell", variant="standard", boards_per_round=3, deals=False)
    text = _cards(session)
    assert "Standard 5-table Howell · 5 tables, 9 rounds of 3 boards · 4 bye stands between tables 1 and 5" in text
    table1 = text.split("Table 1\n")[1].split("Table 2\n")[0]
    assert table1.count("bye stand") >= 8  # every round but the last, table 1's boards go on the stands
    assert "Bye stands: 4 stands between tables 1 and 5. Table 1 puts its boards on the first" in text
    table3 = text.split("Table 3\n")[1].split("Table 4\n")[0]
    assert "table 2" in table3 and "aside" not in text and "out of play" not in text


def test_generated_howell_cards_say_when_boards_set_aside_come_back():
    session = make_session(pairs=10, kind="howell", boards_per_round=3, deals=False)
    text = _cards(session)
    assert re.search(r"aside till round [3-9]", text)
    assert "Aside: boards not played next round go to the director's table" in text
