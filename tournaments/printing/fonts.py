"""The fonts every PDF is set in, and the per-character fallback that lets any member's name print.

Body text is DejaVu Sans (Latin, Greek, Cyrillic, Armenian, Georgian and more) taken from matplotlib's own
copy, which `make install` always brings (endplay needs matplotlib), so a PDF looks the same on every machine
and never falls back to Helvetica's Latin-1. Characters DejaVu lacks are set in the first fallback font that has
them: WenQuanYi Micro Hei for Chinese, Japanese and Korean (TrueType outlines, which ReportLab can embed; Noto
Sans CJK is CFF and it cannot), then Noto Sans for Thai, the Indic scripts, Arabic, Hebrew, Ethiopic and Khmer.
They come from Debian's packages `fonts-wqy-microhei` and `fonts-noto-core` (their licences are in
/usr/share/doc/<package>/copyright; the README lists them), which `make run` and `make test` install
(scripts/ensure-fonts). The switch happens per run of characters: in Paragraph markup (`markup`) and on the
canvas (`draw_runs`, used by the PDF canvas for every drawString). ReportLab embeds only the glyphs used, so a
page with two Chinese names grows by a few kilobytes, not by the 5 MB font. ReportLab does no shaping and draws
every run left to right, so text with Arabic or Hebrew letters is first put in the order it is seen (`visual`):
Arabic letters joined (arabic-reshaper, into the presentation forms DejaVu draws) and each right-to-left run
turned round (python-bidi, the Unicode bidirectional algorithm, on a left-to-right line, so "Ann & דוד כהן"
keeps its parts in place). Indic conjuncts ("क्ष", "श्री"), vowel signs and Tamil and Bengali clusters are formed by
HarfBuzz (uharfbuzz, through ReportLab's own shaping) in the Noto fonts of those scripts only: the body font,
the CJK font and the Arabic and Hebrew fonts are registered as `Unshaped` fonts (HarfBuzz would turn the
already-reordered right-to-left runs round a second time), so each run is drawn shaped or not by its font alone.
The canvas shapes each such run (`_shaped`); a paragraph too (`shape_runs`, put in place of ReportLab's
word shaper, which shapes a whole word in the font of its first run): "Pair 1NS" + no-break space + a Hindi
name, "(क्षितिज)" or "Smith-शर्मा" are each one word of runs in several fonts, and each run is shaped alone.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import ShapedFragWord, ShapedStr, TTFont, makeShapedFragWord, shapeStr
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import paragraph

SANS, SANS_BOLD, WIDE = "BD-Sans", "BD-Sans-Bold", "BD-CJK"
# Debian's copy serves when matplotlib's is missing (a trimmed install); Helvetica is the last resort.
_DEBIAN_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")
_NOTO = "/usr/share/fonts/truetype/noto"


class Unshaped(TTFont):
    """A TrueType font ReportLab draws glyph by glyph, never through HarfBuzz: it reports itself shapable (so a
    paragraph in it still shapes the words whose first run is in a shaped fallback font) but hands no HarfBuzz
    font, which makes ReportLab leave its words as they are."""

    def hbFont(self, fontSize: float = 10) -> Any:
        raise AttributeError("drawn unshaped: its text is already in visual order")


@dataclass(frozen=True)
class Fallback:
    """A font for the characters the body font lacks: its ReportLab name, Debian's file and package, and whether
    HarfBuzz shapes its runs (the Indic and South-East Asian scripts; not CJK, Arabic or Hebrew)."""

    name: str
    path: str
    package: str
    subfont: int = 0
    shaped: bool = False


def _noto(script: str) -> Fallback:
    shaped = script not in ("Arabic", "Hebrew")  # those runs come reordered and reshaped by `visual`
    return Fallback(f"BD-{script}", f"{_NOTO}/NotoSans{script}-Regular.ttf", "fonts-noto-core", shaped=shaped)


# In the order they are tried; the CJK font first, as most members' names that need a fallback are CJK.
FALLBACKS: tuple[Fallback, ...] = (
    Fallback(WIDE, "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"),
    *(
        _noto(script)
        for script in (
            "Thai", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada",
            "Malayalam", "Sinhala", "Arabic", "Hebrew", "Ethiopic", "Khmer", "Lao", "Myanmar",
        )
    ),
)  # fmt: skip


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
                pdfmetrics.registerFont(Unshaped(SANS, str(regular)))
                pdfmetrics.registerFont(Unshaped(SANS_BOLD, str(bold)))
            except Exception:  # a broken font file: try the next copy rather than fail every report
                continue
            pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
            return SANS, SANS_BOLD
    return "Helvetica", "Helvetica-Bold"


FONT, FONT_BOLD = _register_sans()


@cache
def _register(fallback: Fallback) -> str | None:
    """The fallback's name, registered on first need (0.15 s for the CJK font); None when it is not installed."""
    if not Path(fallback.path).is_file():
        return None
    try:
        kind = TTFont if fallback.shaped else Unshaped
        pdfmetrics.registerFont(kind(fallback.name, fallback.path, subfontIndex=fallback.subfont))
    except Exception:  # a broken or foreign font file: that script prints as boxes rather than every PDF failing
        return None
    name = fallback.name
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name, boldItalic=name)
    return name


def wide_font() -> str | None:
    """The CJK font's name, registered on first need; None when Debian's package is not installed."""
    return _register(FALLBACKS[0])


def missing_fallbacks() -> list[str]:
    """Debian's packages whose fonts are absent here: names in those scripts would print as boxes."""
    return sorted({f.package for f in FALLBACKS if not Path(f.path).is_file()})


def _charset(name: str) -> frozenset[int]:
    font = pdfmetrics.getFont(name)
    face = getattr(font, "face", None)
    if face is None:  # a standard Type 1 font: Latin-1 only
        return frozenset(range(256))
    return frozenset(face.charToGlyph)


def prints(font: str, value: str) -> bool:
    """Whether the registered `font` has a glyph for every character of `value`."""
    charset = _charset(font)
    return all(ord(ch) in charset for ch in value)


@cache
def _main_charset() -> frozenset[int]:
    """What the body font prints in both weights (a character missing from the bold one falls back too)."""
    return _charset(FONT) & _charset(FONT_BOLD)


@cache
def _fallback_charsets() -> tuple[tuple[str, frozenset[int]], ...]:
    """Each installed fallback font with what it prints, in the order they are tried."""
    out = []
    for fallback in FALLBACKS:
        name = _register(fallback)
        if name is not None:
            out.append((name, _charset(name)))
    return tuple(out)


@cache
def _fallback_for(code: int) -> str | None:
    """The first fallback font that prints the character (None: none does, the body font draws its box)."""
    return next((name for name, charset in _fallback_charsets() if code in charset), None)


def _needs_fallback(value: str) -> bool:
    if value.isascii():
        return False
    main = _main_charset()
    return any(ord(ch) not in main for ch in value)


# Hebrew, Arabic (and its supplements and presentation forms), Syriac, Thaana, NKo: the right-to-left letters.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
# Arabic joined as written, the lam-alef ligature kept but no word ligatures ("Allah" stays four letters).
_RESHAPER = arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": False, "ARABIC LIGATURE ALLAH": False})


@lru_cache(maxsize=4096)
def visual(value: str) -> str:
    """`value` in the order a left-to-right drawing must put it for the reader to see it right: Arabic letters
    joined, right-to-left runs turned round ("כהן" is drawn "ןהכ", so it reads from the right). Unchanged without such
    letters. One line at a time: a right-to-left paragraph that wraps would need its lines reordered too, and
    the PDFs print names and short labels in such scripts, not paragraphs."""
    if value.isascii() or not _RIGHT_TO_LEFT.search(value):
        return value
    shaped = _RESHAPER.reshape(value) if re.search("[\u0600-\u06ff]", value) else value
    return str(get_display(shaped, base_dir="L"))


def runs(value: str) -> list[tuple[str, str | None]]:
    """`value` cut into runs, each with the fallback font it needs (None: the body font), in the order they are
    drawn (`visual`: right-to-left letters turned round)."""
    value = visual(value)
    if not _needs_fallback(value):
        return [(value, None)]
    main = _main_charset()
    out: list[tuple[str, str | None]] = []
    for ch in value:
        code = ord(ch)
        font = None if code in main else _fallback_for(code)
        if out and out[-1][1] != font and _keeps(out[-1][1], code):
            font = out[-1][1]  # "क्षितिज)": the bracket stays in the shaped run, which is shaped as one word
        if out and out[-1][1] == font:
            out[-1] = (out[-1][0] + ch, font)
        else:
            out.append((ch, font))
    return out


@cache
def _shaped_names() -> frozenset[str]:
    return frozenset(f.name for f in FALLBACKS if f.shaped)


def _keeps(font: str | None, code: int) -> bool:
    """Whether a shaped fallback run goes on through a character its font prints though the body font has it
    (a bracket or a full stop after a Devanagari name; never a space, where a paragraph breaks words)."""
    return font in _shaped_names() and code != 32 and code in _charset(font)


def _shapable(font: str) -> bool:
    return font in _shaped_names() and bool(getattr(pdfmetrics.getFont(font), "shapable", False))


# What each shaped run was typed as, by its font and glyphs: a conjunct's one glyph stands for several letters,
# so the PDF says the typed text beside it (ActualText) for copying, searching and pdftotext to read it back.
_TYPED: dict[tuple[str, str], str] = {}


def _remember(font: str, typed: str, shaped: str) -> None:
    if len(_TYPED) > 8192:
        _TYPED.clear()
    _TYPED[(font, str(shaped))] = typed


def _shaped(part: str, font: str, size: float) -> str:
    """`part` shaped by HarfBuzz when `font` is a shaped fallback and uharfbuzz is installed, else as it is."""
    if not _shapable(font):
        return part
    shaped: str = shapeStr(part, font, size)
    _remember(font, part, shaped)
    return shaped


def _remember_words(part: str, font: str) -> None:
    """A paragraph shapes word by word: each word of a shaped run is remembered as ReportLab will shape it."""
    if _shapable(font):
        for word in part.split(" "):
            if word:
                _remember(font, word, shapeStr(word, font, 10))


class TypedTextObject(PDFTextObject):
    """ReportLab's text object, each shaped run wrapped in marked content that gives the text as it was typed."""

    def _formatText(self, text: str) -> str:
        base: Any = super()  # ReportLab's private names, which its type stubs do not list
        out: str = base._formatText(text)
        me: Any = self
        typed = _TYPED.get((me._fontname, str(text))) if isinstance(text, ShapedStr) else None
        if typed is None:
            return out
        return f"/Span <</ActualText <{_utf16(typed)}>>> BDC {out} EMC"


def _utf16(value: str) -> str:
    """`value` as a PDF hex string in UTF-16 with its byte-order mark, as ActualText wants it."""
    return "FEFF" + value.encode("utf-16-be").hex().upper()


def _width(part: str, font: str, size: float) -> float:
    if isinstance(part, ShapedStr):
        shaped: Any = part  # HarfBuzz's advances, in thousandths of the size
        return float(sum(d.x_advance for d in shaped.__shapeData__)) * size / 1000
    return pdfmetrics.stringWidth(part, font, size)


def markup(value: str) -> str:
    """Plain text escaped for Paragraph markup, each run the body font lacks wrapped in its fallback font."""
    parts = runs(value)
    for part, font in parts:
        if font is not None:
            _remember_words(part, font)
    return "".join(
        escape(part) if font is None else f'<font name="{font}">{escape(part)}</font>' for part, font in parts
    )


def string_width(value: str, font: str, size: float) -> float:
    """The printed width of `value` in `font`, counting the fallback font's runs in their own widths."""
    face = [(part, run_font or font) for part, run_font in runs(value)]
    return sum(_width(_shaped(part, f, size), f, size) for part, f in face)


def draw_runs(canvas: Any, draw: Callable[..., None], x: float, y: float, value: str, anchor: float = 0.0) -> bool:
    """Draw `value` run by run on `canvas` (font switched for each run), `anchor` 0 left, 0.5 centre, 1 right.

    Returns False, drawing nothing, when the body font prints the whole string (the caller draws it as usual).
    """
    parts = runs(value)
    if len(parts) == 1 and parts[0][1] is None:
        return False
    font, size, leading = canvas._fontname, canvas._fontsize, canvas._leading
    drawn = [(_shaped(part, f or font, size), f or font) for part, f in parts]
    x -= anchor * sum(_width(part, face, size) for part, face in drawn)
    for part, face in drawn:
        canvas.setFont(face, size, leading)
        draw(x, y, part)
        x += _width(part, face, size)
    canvas.setFont(font, size, leading)
    return True


_shape_word = ttfonts.shapeFragWord  # ReportLab's: the whole word shaped in the HarfBuzz font of its first run


def shape_runs(word: list[Any]) -> list[Any]:
    """A paragraph word (`[width, (style, text), ...]`) shaped run by run: each stretch of frags in one font is
    shaped alone, in that font, by ReportLab's shaper, so a shaped run after a character of the body font (a
    no-break space, a bracket, "Smith-") is joined, and a Bengali run after a Devanagari one is drawn in its own
    font rather than looked up in the first one's. The word's width changes by what shaping changed."""
    groups = _font_groups(word[1:])
    if isinstance(word, ShapedFragWord) or len(groups) < 2:
        whole: list[Any] = _shape_word(word)
        return whole
    width, frags, changed = word[0], [], False
    for group in groups:
        alone = [0, *group]
        shaped = _shape_word(alone)
        if shaped is not alone and isinstance(shaped, ShapedFragWord):
            changed = True
            width += shaped[0] - sum(_frag_width(frag) for frag in group)
            frags.extend(shaped[1:])
        else:
            frags.extend(group)
    return makeShapedFragWord(word)([width, *frags]) if changed else word


def _font_groups(frags: list[Any]) -> list[list[Any]]:
    """Consecutive frags in the same font, together; a frag without text of its own (an anchor, an image) alone."""
    out: list[list[Any]] = []
    last: object = None
    for frag in frags:
        style = frag[0]
        key = None if hasattr(style, "cbDefn") else style.fontName
        if out and key is not None and key == last:
            out[-1].append(frag)
        else:
            out.append([frag])
        last = key
    return out


def _frag_width(frag: Any) -> float:
    style, value = frag
    return 0.0 if hasattr(style, "cbDefn") else float(pdfmetrics.stringWidth(value, style.fontName, style.fontSize))


# ReportLab's paragraph calls the shaper by this module-level name (ReportLab 5.1): ours is set in its place.
if getattr(paragraph, "shapeFragWord", None) is _shape_word:
    setattr(paragraph, "shapeFragWord", shape_runs)  # noqa: B010 (mypy would refuse a plain assignment)
