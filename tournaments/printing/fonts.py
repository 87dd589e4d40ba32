"""The fonts every PDF is set in, and the per-character fallback that lets any member's name print.

Body text is DejaVu Sans (Latin, Greek, Cyrillic and more) taken from matplotlib's own copy, which `make
install` always brings (endplay needs matplotlib), so a PDF looks the same on every machine and never falls
back to Helvetica's Latin-1. DejaVu has no Chinese, Japanese or Korean, so characters it lacks are set in
WenQuanYi Micro Hei (TrueType outlines, which ReportLab can embed; Noto Sans CJK is CFF and it cannot),
installed from PyPI by `paperang-p2-fonts-cjk`. The switch happens per run of characters: in Paragraph markup
(`markup`) and on the canvas (`draw_runs`, used by the PDF canvas for every drawString). ReportLab embeds only
the glyphs used, so a page with two Chinese names grows by a few kilobytes, not by the 5 MB font.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SANS, SANS_BOLD, WIDE = "BD-Sans", "BD-Sans-Bold", "BD-CJK"
# Debian's copy serves when matplotlib's is missing (a trimmed install); Helvetica is the last resort.
_DEBIAN_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")


def _package_dir(name: str) -> Path | None:
    """Where an installed package lives, found without importing it (importing matplotlib takes a while)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _dejavu_dirs() -> Iterator[Path]:
    mpl = _package_dir("matplotlib")
    if mpl is not None:
        yield mpl / "mpl-data" / "fonts" / "ttf"
    yield from (Path(d) for d in _DEBIAN_DIRS)


def _register_sans() -> tuple[str, str]:
    for folder in _dejavu_dirs():
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            try:
                pdfmetrics.registerFont(TTFont(SANS, str(regular)))
                pdfmetrics.registerFont(TTFont(SANS_BOLD, str(bold)))
            except Exception:  # a broken font file: try the next copy rather than fail every report
                continue
            pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
            return SANS, SANS_BOLD
    return "Helvetica", "Helvetica-Bold"


FONT, FONT_BOLD = _register_sans()


@cache
def wide_font() -> str | None:
    """The CJK font's name, registered on first need (0.15 s); None when the package is not installed."""
    folder = _package_dir("paperang_p2_fonts_cjk")
    path = folder / "fonts" / "wqy-microhei.ttc" if folder else None
    if path is None or not path.is_file():
        return None
    try:
        pdfmetrics.registerFont(TTFont(WIDE, str(path), subfontIndex=0))
    except Exception:
        return None
    pdfmetrics.registerFontFamily(WIDE, normal=WIDE, bold=WIDE, italic=WIDE, boldItalic=WIDE)
    return WIDE


def _charset(name: str) -> frozenset[int]:
    font = pdfmetrics.getFont(name)
    face = getattr(font, "face", None)
    if face is None:  # a standard Type 1 font: Latin-1 only
        return frozenset(range(256))
    return frozenset(face.charToGlyph)


@cache
def _main_charset() -> frozenset[int]:
    """What the body font prints in both weights (a character missing from the bold one falls back too)."""
    return _charset(FONT) & _charset(FONT_BOLD)


@cache
def _wide_charset() -> frozenset[int]:
    wide = wide_font()
    return _charset(wide) if wide else frozenset()


def _needs_fallback(value: str) -> bool:
    if value.isascii():
        return False
    main = _main_charset()
    return any(ord(ch) not in main for ch in value)


def runs(value: str) -> list[tuple[str, str | None]]:
    """`value` cut into runs, each with the fallback font it needs (None: the body font)."""
    if not _needs_fallback(value):
        return [(value, None)]
    main, wide = _main_charset(), _wide_charset()
    out: list[tuple[str, str | None]] = []
    for ch in value:
        code = ord(ch)
        font = WIDE if code not in main and code in wide else None
        if out and out[-1][1] == font:
            out[-1] = (out[-1][0] + ch, font)
        else:
            out.append((ch, font))
    return out


def markup(value: str) -> str:
    """Plain text escaped for Paragraph markup, each run the body font lacks wrapped in its fallback font."""
    return "".join(
        escape(part) if font is None else f'<font name="{font}">{escape(part)}</font>' for part, font in runs(value)
    )


def string_width(value: str, font: str, size: float) -> float:
    """The printed width of `value` in `font`, counting the fallback font's runs in their own widths."""
    return sum(pdfmetrics.stringWidth(part, run_font or font, size) for part, run_font in runs(value))


def draw_runs(canvas: Any, draw: Callable[..., None], x: float, y: float, value: str, anchor: float = 0.0) -> bool:
    """Draw `value` run by run on `canvas` (font switched for each run), `anchor` 0 left, 0.5 centre, 1 right.

    Returns False, drawing nothing, when the body font prints the whole string (the caller draws it as usual).
    """
    parts = runs(value)
    if len(parts) == 1 and parts[0][1] is None:
        return False
    font, size, leading = canvas._fontname, canvas._fontsize, canvas._leading
    x -= anchor * sum(pdfmetrics.stringWidth(part, f or font, size) for part, f in parts)
    for part, run_font in parts:
        face = run_font or font
        canvas.setFont(face, size, leading)
        draw(x, y, part)
        x += pdfmetrics.stringWidth(part, face, size)
    canvas.setFont(font, size, leading)
    return True
