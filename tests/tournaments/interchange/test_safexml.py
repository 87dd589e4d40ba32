"""The XML parser under the USEBIO reader (lxml): safe options, line numbers everywhere, the same refusals."""

from __future__ import annotations

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.safexml import MAX_BYTES, parse_xml, parse_xml_pis


def test_line_numbers_past_65535_are_kept() -> None:
    # libxml2 once kept lines in 16 bits; a big file's messages must still name the right line.
    data = b"<A>\n" + b"<B/>\n" * 70_000 + b"<C/></A>"
    root = parse_xml(data)
    assert root[-1].tag == "C"
    assert root[-1].sourceline == 70_002


def test_a_reference_to_an_entity_of_an_external_dtd_is_refused() -> None:
    # The DTD is never loaded (no network, no files), so the entity stays unresolved: refused, not kept.
    data = b'<?xml version="1.0"?>\n<!DOCTYPE A SYSTEM "http://127.0.0.1:9/a.dtd">\n<A>\n<B>&secret;</B></A>'
    with pytest.raises(InterchangeError) as caught:
        parse_xml(data)
    assert "refused for safety" in caught.value.message
    assert caught.value.where == "line 4"


def test_processing_instructions_are_taken_out_of_the_tree_in_order() -> None:
    data = b'<?first one?>\n<A><?inside two?>text<B/></A>\n<?bridgedesk {"x": 1}?>\n'
    root, pis = parse_xml_pis(data)
    assert [(target, text, line) for target, text, line in pis] == [
        ("first", "one", 1),
        ("inside", "two", 2),
        ("bridgedesk", '{"x": 1}', 3),
    ]
    assert [child.tag for child in root] == ["B"]
    assert root.text == "text"


def test_comments_are_not_children() -> None:
    root = parse_xml(b"<A><!-- a note --><B/></A>")
    assert [child.tag for child in root] == ["B"]


def test_a_mismatched_tag_names_its_line_and_column() -> None:
    with pytest.raises(InterchangeError) as caught:
        parse_xml(b"<A>\n  <B></C>\n</A>")
    assert caught.value.where == "line 2, column 10"  # just past </C>, where libxml2 finds it
    assert caught.value.message.startswith("this is not well-formed XML (Opening and ending tag mismatch")


def test_a_file_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(InterchangeError) as caught:
        parse_xml(b" " * (MAX_BYTES + 1))
    assert "larger than" in caught.value.message
