"""XML parsed safely and with line numbers: defusedxml refuses entity declarations and external references,
so a file can neither expand itself into gigabytes nor read local files; every element remembers its line."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from .errors import InterchangeError


class _LineTreeBuilder(ET.TreeBuilder):
    """A tree builder that remembers the line each element starts on, for messages."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[ET.Element, int] = {}
        self.pis: list[tuple[str, str, int]] = []  # processing instructions: target, text, line
        self.parser: DefusedXMLParser | None = None

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        if self.parser is not None:
            self.lines[element] = self.parser.parser.CurrentLineNumber
        return element

    def pi(self, target: str, text: str | None = None) -> ET.Element:
        line = self.parser.parser.CurrentLineNumber if self.parser is not None else 0
        self.pis.append((target, text or "", line))
        return super().pi(target, text)


def parse_xml(data: bytes | str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML safely (no entities, no external references) and return the root and element line numbers."""
    root, lines, _ = parse_xml_pis(data)
    return root, lines


def parse_xml_pis(data: bytes | str) -> tuple[ET.Element, dict[ET.Element, int], list[tuple[str, str, int]]]:
    """As :func:`parse_xml`, with the processing instructions (target, text, line) too (our own data's)."""
    builder = _LineTreeBuilder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    builder.parser = parser
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        parser.feed(raw)
        root = parser.close()
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":")[0]
        raise InterchangeError(
            f"this is not well-formed XML ({reason}).", f"line {line}, column {column + 1}"
        ) from None
    except DefusedXmlException:
        raise InterchangeError(
            "the file declares XML entities or external references, which are refused for safety; "
            "a USEBIO file needs none.",
            f"line {parser.parser.CurrentLineNumber}",
        ) from None
    return root, builder.lines, builder.pis
