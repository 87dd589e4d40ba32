"""XML parsed safely and fast, with line numbers: libxml2 through lxml (a C parser; the pure-Python callback per
element that recorded lines was most of a simultaneous import's time), never resolving entities, loading a DTD or
reaching the network, within libxml2's size limits (no ``huge_tree``) and ours. A file that declares entities or
refers to one is refused, as before. Every element knows its line (``sourceline``), for the messages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from django.utils.translation import gettext

from .errors import InterchangeError

if TYPE_CHECKING:
    from lxml import etree

# lxml (about 40 ms) is imported where a file is parsed, not when the URLconf loads the import pages (issue 21).
Element: TypeAlias = "etree._Element"
NEWLINE = b"\n"
MAX_BYTES = 64 * 1024 * 1024  # a national simultaneous' largest club file is well under 1 MB
_AT = re.compile(r",? line \d+, column \d+$")
_REFUSED = (
    "the file declares XML entities or external references, which are refused for safety; a USEBIO file needs none."
)


def _parser() -> etree.XMLParser:
    """A new parser per file (lxml's parsers are not to be shared between threads)."""
    from lxml import etree

    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
    )


def parse_xml(data: bytes | str) -> Element:
    """Parse XML safely (no entities, no DTD, no network, size limits); processing instructions are dropped."""
    root, _ = parse_xml_pis(data)
    return root


def parse_xml_pis(data: bytes | str) -> tuple[Element, list[tuple[str, str, int]]]:
    """As :func:`parse_xml`, with the processing instructions (target, text, line) too (our own data's)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise InterchangeError(
            gettext("the file is larger than %(value)s MB.") % {"value": MAX_BYTES // (1024 * 1024)}, "line 1"
        )
    from lxml import etree

    try:
        root = etree.fromstring(raw, _parser())
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        reason = _AT.sub("", str(exc.msg))
        raise InterchangeError(
            gettext("this is not well-formed XML (%(reason)s).") % {"reason": reason}, f"line {line}, column {column}"
        ) from None
    _refuse_entities(root, raw)
    return root, _take_pis(root)


def _refuse_entities(root: Element, raw: bytes) -> None:
    """Refuse entity declarations (expansion bombs, local files) and references to undeclared entities."""
    from lxml import etree

    dtd = root.getroottree().docinfo.internalDTD
    declared = dtd is not None and next(iter(cast(Any, dtd).iterentities()), None) is not None  # not in the stubs
    if declared or next(root.iter(etree.Entity), None) is not None:
        at = max(raw.find(b"<!ENTITY") if declared else raw.find(b"&"), 0)
        raise InterchangeError(_REFUSED, f"line {raw.count(NEWLINE, 0, at) + 1}")


def _take_pis(root: Element) -> list[tuple[str, str, int]]:
    """The processing instructions in document order, taken out of the tree so that children are elements only."""
    from lxml import etree

    inside = list(root.iter(etree.ProcessingInstruction))
    for pi in inside:
        parent = pi.getparent()
        if parent is not None:
            previous = pi.getprevious()
            if pi.tail and previous is not None:
                previous.tail = (previous.tail or "") + pi.tail
            elif pi.tail:
                parent.text = (parent.text or "") + pi.tail
            parent.remove(pi)
    before = list(root.itersiblings(etree.ProcessingInstruction, preceding=True))[::-1]
    after = list(root.itersiblings(etree.ProcessingInstruction))
    found = cast("list[etree._ProcessingInstruction]", before + inside + after)
    return [(str(pi.target), pi.text or "", line_of(pi)) for pi in found]


def line_of(element: Element) -> int:
    """The line an element starts on, 0 if libxml2 recorded none (the stubs leave ``sourceline`` untyped)."""
    return cast("int | None", element.sourceline) or 0
