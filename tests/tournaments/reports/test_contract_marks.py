"""A doubled contract is written with the page's language's marks everywhere it is shown: the recap pages, the
recaps and score card PDFs and the score card e-mail, as the phone's keypad writes it (Swedish D / RD), while the
suits stay symbols. One table holds the marks (``scoring.notation``): these tests read them back from it."""

from __future__ import annotations

import io
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from scoring import notation_for
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions import reports
from tournaments.sessions.models import Session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec


@pytest.fixture
def session() -> Session:
    """Board 1 played twice: 3NT doubled, made, and 4♠ redoubled, made."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NTX", declarer="N", tricks=9)
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4SXX", declarer="S", tricks=10)
    return section.session


def _marks(language: str) -> tuple[str, str]:
    return notation_for(language).double_marks


def test_the_table_gives_swedish_its_own_marks() -> None:
    assert _marks("sv") == ("D", "RD") and _marks("en") == ("X", "XX") and _marks("fr") == ("X", "XX")


@pytest.mark.parametrize("language", ["sv", "en", "fr"])
def test_the_contract_filter_and_the_email_text_write_the_languages_marks(language: str) -> None:
    double, redouble = _marks(language)
    no_trump = notation_for(language).no_trump
    with translation.override(language):
        shown = Template("{% load bridge %}{{ a|contract }} {{ b|contract }}").render(
            Context({"a": "3NTX", "b": "4SXX"})
        )
        mail = Template(
            "{% load bridge %}{% include 'publishing/email/scorecard.txt' %}",
        ).render(Context({"rows": [{"board": 1, "contract": "4SXX", "declarer": "N", "made": "=", "score": 880}]}))
    assert shown == f"3{no_trump}{double} 4♠{redouble}"
    assert f"4♠{redouble}" in mail


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "en"])
def test_the_travellers_page_writes_the_languages_marks(
    director_client: Client, session: Session, language: str
) -> None:
    double, redouble = _marks(language)
    url = f"/sessions/{session.pk}/travellers/?board=1"
    html = director_client.get(url, headers={"accept-language": language}).content.decode()
    assert f"3NT{double}<" in html and f"4♠{redouble}<" in html
    other = "X" if language == "sv" else "D"
    assert f"4♠{other}" not in html and f"3NT{other}<" not in html


def _pdf_text(kind: str, session: Session, language: str) -> str:
    with translation.override(language):
        _name, _type, content = reports.render(kind, session, paper="a4")
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["recaps", "scorecards"])
def test_the_pdfs_write_the_languages_marks_with_the_suit_drawn(session: Session, kind: str) -> None:
    swedish, english = _pdf_text(kind, session, "sv"), _pdf_text(kind, session, "en")
    assert "3NTD" in swedish and "3NTX" not in swedish and "3NTX" in english
    # The spade is drawn in its own colour (a run of its own), so the text reads "4", the suit, then the mark.
    assert re.search(r"4\S?RD", swedish) and not re.search(r"4\S?XX", swedish)
    assert re.search(r"4\S?XX", english) and not re.search(r"4\S?RD", english)
