"""Indic names print with their conjuncts formed: HarfBuzz (uharfbuzz, through ReportLab) shapes the runs set in
the Noto fonts of those scripts, while the body font and the Arabic and Hebrew fonts stay unshaped, so the
right-to-left names already reordered by `fonts.visual` are not turned round again. Read back with pdftotext
(the logical string comes back) and drawn to PNG with pdftoppm; the pictures were looked at once."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from tournaments.printing import fonts
from tournaments.sessions import reports

from .factories import make_session
from .test_any_alphabet import _rename

HINDI, BENGALI, TAMIL = ("क्षितिज शर्मा", "श्रीनिवास"), "সৌম্য বন্দ্যোপাধ্যায়", "கிருஷ்ணன் ஸ்ரீதர்"
ARABIC, HEBREW = "محمد عبد الله", "דוד כהן"
NAMES = (HINDI[0], ARABIC, BENGALI, HEBREW, TAMIL, HINDI[1], "Ann Archer", "Bob Brown")
needs_fonts = pytest.mark.skipif(
    "fonts-noto-core" in fonts.missing_fallbacks(), reason="needs Debian's fonts-noto-core (scripts/ensure-fonts)"
)


@needs_fonts
def test_conjuncts_are_shaped_in_the_indic_font_and_right_to_left_runs_are_not() -> None:
    (part, font), *_ = fonts.runs("क्ष")
    assert font == "BD-Devanagari"
    shaped = fonts._shaped(part, font, 10)
    assert len(shaped) == 1, "क + ् + ष is one glyph, the conjunct"
    assert fonts.string_width("क्ष", fonts.FONT, 10) < pdfmetrics.stringWidth(part, font, 10)
    for name in (HEBREW, ARABIC):  # DejaVu Sans draws them, unshaped, as `visual` put them
        assert fonts.runs(name) == [(fonts.visual(name), None)]
        assert fonts._shaped(fonts.visual(name), fonts.FONT, 10) == fonts.visual(name)
    assert fonts._shaped("שרה", "BD-Hebrew", 10) == "שרה", "the Noto Hebrew and Arabic fonts are unshaped too"
    assert fonts.runs("क्षितिज)") == [("क्षितिज)", "BD-Devanagari")], "a bracket after the name stays in its run"


def _pdf(kind: str, tmp_path: Path) -> Path:
    session = make_session(pairs=8, boards_per_round=2, rounds=4, deals=False)
    _rename(session, NAMES)
    filename, _type, content = reports.render(kind, session)
    pdf = tmp_path / filename
    pdf.write_bytes(content)
    return pdf


@needs_fonts
@pytest.mark.django_db
@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils (pdftotext, pdftoppm)")
@pytest.mark.parametrize("kind", ["standings", "scorecards"])
def test_indic_names_read_back_as_typed_beside_arabic_and_hebrew(kind: str, tmp_path: Path) -> None:
    pdf = _pdf(kind, tmp_path)
    printed = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    read = unicodedata.normalize("NFKC", printed)
    for name in (*HINDI, BENGALI, TAMIL, ARABIC, HEBREW):
        assert unicodedata.normalize("NFKC", name) in read, f"{name} does not read back from {pdf.name}"
    assert "ןהכ דוד" not in read, "a Hebrew name drawn in typing order reads back reversed"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")], check=True)
    assert list(tmp_path.glob("page*.png")), "pdftoppm draws the page"
