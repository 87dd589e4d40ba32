"""A name in a shaped script glued to other text in one word is shaped as if printed alone: the score cards'
heading puts a no-break space between "Pair 1NS" and the names, and ReportLab's paragraph shapes a word in the
font of its first run only, so "क्षितिज" after it printed unjoined (क्‌षितिज). `fonts.shape_runs` shapes each
run of a word alone, in its own font. Proved three ways: the frags, the pictures (the heading's name drawn
pixel for pixel like the name after a plain space) and the score cards (every printed "क्षितिज" is shaped)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.lib.abag import ABag
from reportlab.pdfbase.ttfonts import ShapedStr, shapeStr
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

from tournaments.printing import fonts
from tournaments.printing.pdf import STYLES, text
from tournaments.sessions import reports

from .factories import make_session
from .test_any_alphabet import _rename
from .test_indic_shaping import NAMES, needs_fonts

DEVANAGARI, BENGALI = "BD-Devanagari", "BD-Bengali"
KSHITIJ = "क्षितिज"
needs_poppler = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils (pdftotext, pdftoppm)")


def _frag(font: str, value: str, size: float = 16) -> tuple[ABag, str]:
    return ABag(fontName=font, fontSize=size), value


@needs_fonts
@pytest.mark.parametrize(
    ("before", "after"),
    [("Pair\u00a0", ""), ("(", ")"), ("Smith-", "")],
    ids=["no-break space", "brackets", "hyphen"],
)
def test_a_shaped_run_after_body_text_in_one_word_is_shaped_as_if_alone(before: str, after: str) -> None:
    body = fonts.FONT_BOLD
    frags = [_frag(body, before), _frag(DEVANAGARI, KSHITIJ), *([_frag(body, after)] if after else [])]
    width = sum(fonts._frag_width(f) for f in frags)
    word = fonts.shape_runs([width, *frags])
    alone = shapeStr(KSHITIJ, DEVANAGARI, 16)
    assert [(f.fontName, str(s)) for f, s in word[1:]] == [(body, before), (DEVANAGARI, str(alone))] + (
        [(body, after)] if after else []
    )
    assert isinstance(word[2][1], ShapedStr)
    assert word[0] == pytest.approx(width - fonts._frag_width(frags[1]) + fonts._width(alone, DEVANAGARI, 16))


@needs_fonts
def test_each_run_of_a_word_in_two_shaped_scripts_is_shaped_in_its_own_font() -> None:
    """Before, the Bengali run was looked up in the Devanagari font's glyphs, and printed as boxes."""
    frags = [_frag(DEVANAGARI, "क्षितिज-"), _frag(BENGALI, "শর্মা")]
    word = fonts.shape_runs([sum(fonts._frag_width(f) for f in frags), *frags])
    assert [(f.fontName, str(s)) for f, s in word[1:]] == [
        (DEVANAGARI, str(shapeStr("क्षितिज-", DEVANAGARI, 16))),
        (BENGALI, str(shapeStr("শর্মা", BENGALI, 16))),
    ]


def test_a_word_in_one_font_is_left_to_reportlab() -> None:
    word = [10.0, _frag(fonts.FONT, "Pair\u00a01NS")]
    assert fonts.shape_runs(word) is word, "the body font is unshaped: nothing changes"


def _raster(pdf: Path, page: int, tmp: Path) -> Image.Image:
    stem = tmp / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", str(page), "-l", str(page), str(pdf), str(stem)], check=True)
    return Image.open(next(tmp.glob(f"{stem.name}*.png"))).convert("L")


@needs_fonts
@needs_poppler
def test_the_name_after_a_no_break_space_is_drawn_like_the_name_after_a_space(tmp_path: Path) -> None:
    """Page 1 glues the name to "Pair 1NS" with a no-break space, page 2 with a plain space (DejaVu draws both
    the same width): the two pages must be the same picture. Unshaped, the conjunct क्ष showed its virama and
    the vowel sign ि stood after its consonant, a different and wider word."""
    pdf = tmp_path / "heading.pdf"
    name = text("क्षितिज शर्मा")
    story = [
        Paragraph(f"Pair 1NS&nbsp;{name}", STYLES["title"]),
        PageBreak(),
        Paragraph(f"Pair 1NS {name}", STYLES["title"]),
    ]
    SimpleDocTemplate(str(pdf)).build(story)
    glued, spaced = _raster(pdf, 1, tmp_path), _raster(pdf, 2, tmp_path)
    assert ImageChops.difference(glued, spaced).getbbox() is None, "the glued name is not drawn as the spaced one"
    assert ImageChops.invert(glued).getbbox() is not None, "the page carries ink"


@needs_fonts
@needs_poppler
@pytest.mark.django_db
def test_every_hindi_name_printed_on_the_score_cards_is_shaped(tmp_path: Path) -> None:
    """Each shaped run carries its typed text (ActualText): as many marked "क्षितिज" as pdftotext reads back,
    the headings' included (before, those read back from the unshaped letters, without ActualText)."""
    session = make_session(pairs=8, boards_per_round=2, rounds=4, deals=False)
    _rename(session, NAMES)
    filename, _type, content = reports.render("scorecards", session)
    pdf = tmp_path / filename
    pdf.write_bytes(content)
    printed = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    streams = b"".join(page.get_contents().get_data() for page in PdfReader(io.BytesIO(content)).pages)
    marked = re.findall(rb"/ActualText <([0-9A-F]+)>", streams)
    shaped = sum(bytes.fromhex(m.decode())[2:].decode("utf-16-be").startswith(KSHITIJ) for m in marked)
    assert printed.count(KSHITIJ) >= 1
    assert shaped == printed.count(KSHITIJ), f"{printed.count(KSHITIJ) - shaped} unshaped in {pdf.name}"
