"""Suits print from the embedded body font, so every viewer shows them and text extraction finds them.

ZapfDingbats, a standard font, is never embedded: poppler (pdftoppm) drew its suits blank. Each PDF here must
embed every font it names, name no ZapfDingbats, read back ♠♥♦♣ with pdftotext and carry ink where a suit is.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from tournaments.printing.fonts import FONT
from tournaments.printing.pdf import SUIT_FONT
from tournaments.sessions import reports

from .factories import make_session

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdffonts"), reason="needs poppler-utils (pdffonts, pdftotext, pdftoppm)"),
]

SUITS = "♠♥♦♣"
DPI = 100


def _fonts(pdf: Path) -> list[tuple[str, str]]:
    """(name, emb) for each font pdffonts lists: the name and its "emb" column."""
    out = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout
    rows = out.splitlines()[2:]  # a header and a rule
    return [(row.split()[0], row.split()[-5]) for row in rows if row.strip()]


def _suit_boxes(pdf: Path) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(page, box in points) of each word pdftotext finds that starts with a suit symbol."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    out, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        elif "<word " in line and line.split(">")[1][:1] in SUITS:
            attrs = dict(part.split("=") for part in line.split(">")[0].split()[1:])
            box = tuple(float(attrs[k].strip('"')) for k in ("xMin", "yMin", "xMax", "yMax"))
            out.append((page, box))  # type: ignore[arg-type]
    return out


def test_the_suit_font_is_the_embedded_body_font() -> None:
    assert SUIT_FONT == FONT != "Helvetica"


def _render(kind: str, tmp_path: Path) -> Path:
    filename, _, content = reports.render(kind, make_session(pairs=8, boards_per_round=2, rounds=4), paper="a4")
    pdf = tmp_path / filename
    pdf.write_bytes(content)
    return pdf


@pytest.mark.parametrize("kind", ["results", "session-kit"])
def test_every_font_a_pdf_names_is_embedded(kind: str, tmp_path: Path) -> None:
    """No Helvetica from a table cell or a QR code drawing, no ZapfDingbats for the suits."""
    fonts = _fonts(_render(kind, tmp_path))
    assert fonts and all(emb == "yes" for _name, emb in fonts), fonts
    assert not any("Zapf" in name or "Helvetica" in name for name, _emb in fonts)


def test_suits_read_back_and_carry_ink(tmp_path: Path) -> None:
    """The results book (recaps, score cards, hand records) draws every suit."""
    pdf = _render("results", tmp_path)
    filename = pdf.name
    printed = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert all(suit in printed for suit in SUITS), f"suits missing from {filename}"
    # Looked at: the first suit on the first page that has one carries ink (ZapfDingbats showed white here).
    page, (x0, y0, _x1, y1) = _suit_boxes(pdf)[0]
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", str(page), "-l", str(page), str(pdf), str(tmp_path / "p")],
        check=True,
    )
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    scale = DPI / 72
    symbol = image.crop((int(x0 * scale), int(y0 * scale), int(x0 * scale + (y1 - y0) * scale), int(y1 * scale)))
    assert ImageStat.Stat(symbol).mean[0] < 235, "the suit drew no ink"
