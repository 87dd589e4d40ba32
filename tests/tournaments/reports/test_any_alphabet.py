"""Names in any script print as written in every PDF: read back with pdftotext, and looked at once rasterised.

A character the font lacks prints as the font's empty box, the same picture for every character, so "王芳" in
boxes is two identical squares. The raster check finds each CJK name on the page (pdftotext's word boxes),
cuts it into its full-width character cells and requires every cell to carry ink and differ from the others
and from the box the body font draws for a character it lacks.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from tournaments.printing import fonts
from tournaments.printing.pdf import Masthead, build_pdf, text
from tournaments.sessions import reports
from tournaments.sessions.models import EntryPlayer

from .factories import make_session

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils (pdftotext, pdftoppm)"),
]

DPI = 150
CJK_NAMES = ("王芳", "李小龍", "김민준", "田中美咲")  # rastered: glyphs inked in the middle, unlike kana
OTHER_NAMES = ("さとう ひろし", "Αλέξης Παπαδόπουλος", "Пётр Кузнецов", "Łukasz Wiśniewski")
ALL_NAMES = (*CJK_NAMES, *OTHER_NAMES)


def pdftotext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def words(pdf: Path) -> list[tuple[int, str, tuple[float, float, float, float]]]:
    """(page, word, box in points) for every word pdftotext finds."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    out, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        m = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if m:
            box = (float(m[1]), float(m[2]), float(m[3]), float(m[4]))
            out.append((page, unescape(m[5]), box))
    return out


def raster(pdf: Path, page: int, tmp: Path) -> Image.Image:
    stem = tmp / f"{pdf.stem}-{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(stem)],
        check=True,
    )
    return Image.open(f"{stem}.png").convert("L")


def ink(cell: Image.Image) -> float:
    return 255 - ImageStat.Stat(cell).mean[0]


def shape(cell: Image.Image) -> Image.Image:
    """The inked part of a cell scaled to 24 x 24, so the same glyph compares equal wherever it sits."""
    bbox = ImageChops.invert(cell).getbbox()
    return (cell.crop(bbox) if bbox else cell).resize((24, 24))


def differ(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(shape(a), shape(b))).mean[0]


def cells(image: Image.Image, box: tuple[float, float, float, float], count: int) -> list[Image.Image]:
    scale = DPI / 72
    x0, y0, x1, y1 = (v * scale for v in box)
    step = (x1 - x0) / count
    return [image.crop((round(x0 + i * step), round(y0), round(x0 + (i + 1) * step), round(y1))) for i in range(count)]


def centre_ink(cell: Image.Image) -> float:
    """Ink in the middle of a glyph: a box (the picture of a character the font lacks) is hollow there."""
    return ink(shape(cell).crop((6, 6, 18, 18)))


def assert_glyphs_not_boxes(pdf: Path, tmp: Path) -> int:
    """Every CJK name found on the rasterised pages is drawn as distinct, inked glyphs, not boxes."""
    checked, images = 0, {}
    for page, word, bbox in words(pdf):
        name = next((n for n in CJK_NAMES if n == word), None)
        if name is None:
            continue
        if page not in images:
            images[page] = raster(pdf, page, tmp)
        image = images[page]
        pictures = cells(image, bbox, len(name))
        for ch, picture in zip(name, pictures, strict=True):
            assert ink(picture) > 8, f"{ch!r} of {name} prints blank on page {page} of {pdf.name}"
            assert centre_ink(picture) > 8, f"{ch!r} of {name} prints as a box on page {page} of {pdf.name}"
        for i in range(len(pictures) - 1):
            assert differ(pictures[i], pictures[i + 1]) > 12, f"{name} prints identical boxes in {pdf.name}"
        checked += 1
    return checked


def test_the_box_detector_sees_boxes(tmp_path):
    """What the checks below catch: DejaVu alone draws "王芳" as two identical boxes, which pdftotext cannot
    read back (so the name is missing from the text) and whose pictures match each other and the box."""
    pdf = tmp_path / "boxes.pdf"
    canvas = Canvas(str(pdf), pagesize=(300, 100))
    canvas.setFont(fonts.FONT, 12)
    Canvas.drawString(canvas, 20, 40, "王芳")  # ReportLab's own canvas: no fallback
    canvas.save()
    assert "王芳" not in pdftotext(pdf)
    assert assert_glyphs_not_boxes(pdf, tmp_path) == 0  # no CJK word found: the callers fail
    image = raster(pdf, 1, tmp_path)
    left, top, right, bottom = ImageChops.invert(image).getbbox()
    first, second = cells(image, (left * 72 / DPI, top * 72 / DPI, right * 72 / DPI, bottom * 72 / DPI), 2)
    assert ink(first) > 8 and differ(first, second) < 12 and centre_ink(first) < 8


def test_fonts_come_from_well_kept_packages_not_helvetica():
    """DejaVu from matplotlib's copy; the fallbacks from Debian's font packages, whose licences ship with them."""
    assert fonts.FONT == "BD-Sans" and fonts.FONT_BOLD == "BD-Sans-Bold"
    assert fonts.wide_font() == "BD-CJK"
    assert fonts.missing_fallbacks() == []
    for name in ("BD-Sans", "BD-Sans-Bold"):
        assert "/matplotlib/" in pdfmetrics.getFont(name).face.filename
    assert pdfmetrics.getFont("BD-CJK").face.filename == "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    for package in {f.package for f in fonts.FALLBACKS}:
        assert Path(f"/usr/share/doc/{package}/copyright").is_file(), package
    for name in ALL_NAMES:
        for part, font in fonts.runs(name):
            assert font in (None, "BD-CJK")
            if font is None:
                assert all(ord(ch) in fonts._main_charset() for ch in part), part
    assert fonts.runs("王芳 Smith") == [("王芳", "BD-CJK"), (" Smith", None)]
    assert text("<王>") == '&lt;<font name="BD-CJK">王</font>&gt;'


# Scripts DejaVu lacks, each printed from its own Noto font: the name reads back from the PDF.
OTHER_SCRIPTS = {
    "BD-Thai": "สมชาย ใจดี",
    "BD-Devanagari": "अमित शर्मा",
    "BD-Tamil": "கமலா",
    "BD-Ethiopic": "አበበ ቢቂላ",
    "BD-Khmer": "សុខា",
}


@pytest.mark.parametrize(("font", "name"), OTHER_SCRIPTS.items())
def test_names_in_other_scripts_print_from_their_noto_font(tmp_path, font, name):
    from reportlab.platypus import Paragraph

    from tournaments.printing.pdf import STYLES

    assert {f for part, f in fonts.runs(name) if part.strip()} == {font}
    pdf = tmp_path / "scripts.pdf"
    masthead = Masthead(club="Club", event="Cup", session="Evening", date="")
    pdf.write_bytes(build_pdf([Paragraph(text(name), STYLES["body"])], paper="a4", masthead=masthead, title="T"))
    printed = pdftotext(pdf)
    letters = [ch for ch in name if ch.isalpha()]
    assert letters and all(ch in printed for ch in letters), (name, printed)


def test_every_drawing_path_prints_cjk(tmp_path):
    """Paragraph markup, a table's plain cell (the canvas) and the page header all switch font."""
    from reportlab.platypus import Paragraph, Table

    from tournaments.printing.pdf import STYLES, table_style

    masthead = Masthead(club="北京桥牌俱乐部", event="李小龍 Cup", session="Evening", date="")
    story = [
        Paragraph(text("王芳 & 김민준"), STYLES["body"]),
        Table([["田中美咲", "Пётр Кузнецов"]], style=table_style(header_rows=0)),
    ]
    pdf = tmp_path / "paths.pdf"
    pdf.write_bytes(build_pdf(story, paper="a4", masthead=masthead, title="Test"))
    printed = pdftotext(pdf)
    for name in ("王芳", "김민준", "田中美咲", "Пётр Кузнецов", "北京桥牌俱乐部", "李小龍"):
        assert name in printed
    assert assert_glyphs_not_boxes(pdf, tmp_path) == 4


def _rename(session, names: tuple[str, ...]) -> None:
    players = EntryPlayer.objects.filter(entry__section__session=session).order_by("entry__number", "seat")
    for player, name in zip(players, names, strict=False):
        player.name = name
        player.save(update_fields=["name"])


@pytest.mark.parametrize("kind", ["results", "session-kit"])
def test_every_session_pdf_prints_every_script(kind, tmp_path):
    """Standings, recaps, score cards, hand records, guide cards, travellers and pickup slips."""
    session = make_session(pairs=8, boards_per_round=2, rounds=4)
    _rename(session, ALL_NAMES)
    filename, _, content = reports.render(kind, session)
    pdf = tmp_path / filename
    pdf.write_bytes(content)
    printed = pdftotext(pdf)
    for name in ALL_NAMES:
        assert name in printed, f"{name} missing from {filename}"
    embedded = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    assert "+DejaVuSans " in embedded and "+WenQuanYiMicroHei" in embedded  # subsets, embedded
    assert assert_glyphs_not_boxes(pdf, tmp_path) >= len(CJK_NAMES)
