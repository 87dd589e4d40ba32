"""Arabic and Hebrew names read right in the PDFs: ReportLab draws every run left to right and joins no letters,
so `fonts.visual` joins the Arabic letters and turns each right-to-left run round before drawing. Read back with
pdftotext (which puts a right-to-left run back in reading order, so a name drawn in the wrong order reads back
reversed); Thai and Devanagari print from their own Noto font. The pictures were looked at once (pdftoppm)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from tournaments.printing import fonts
from tournaments.sessions import reports

from .factories import make_session
from .test_any_alphabet import _rename

ARABIC, HEBREW = ("محمد عبد الله", "فاطمة الزهراء"), ("דוד כהן", "שרה לוי")
OTHERS = ("สมชาย ใจดี", "अमित शर्मा")
NAMES = (ARABIC[0], HEBREW[0], OTHERS[0], OTHERS[1], ARABIC[1], "Ann Archer", HEBREW[1], "Bob Brown")


def test_right_to_left_runs_are_turned_round_on_a_left_to_right_line() -> None:
    assert fonts.visual("Ann Archer") == "Ann Archer"
    assert fonts.visual("דוד כהן") == "ןהכ דוד"
    assert fonts.visual("Ann Archer & דוד כהן") == "Ann Archer & ןהכ דוד"  # the parts stay where they are


def test_arabic_letters_are_joined_and_read_back_as_typed() -> None:
    drawn = fonts.visual("محمد")
    assert all("\ufe70" <= ch <= "\ufeff" for ch in drawn), "every letter in its joined (presentation) form"
    assert unicodedata.normalize("NFKC", drawn)[::-1] == "محمد"
    assert fonts.runs("محمد") == [(drawn, None)], "DejaVu Sans draws the joined forms: no fallback font"


@pytest.mark.django_db
@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext, pdffonts)")
@pytest.mark.parametrize("kind", ["standings", "scorecards"])
def test_arabic_and_hebrew_names_read_back_in_reading_order(kind: str, tmp_path: Path) -> None:
    session = make_session(pairs=8, boards_per_round=2, rounds=4, deals=False)
    _rename(session, NAMES)
    filename, _type, content = reports.render(kind, session)
    pdf = tmp_path / filename
    pdf.write_bytes(content)
    printed = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    read = unicodedata.normalize("NFKC", printed)
    for name in (*ARABIC, *HEBREW, *OTHERS):
        assert name in read, f"{name} does not read back from {filename}"
    assert "ןהכ דוד" not in read, "a Hebrew name drawn in typing order reads back reversed"
    embedded = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    assert "+NotoSansThai-Regular" in embedded and "+NotoSansDevanagari-Regular" in embedded
