"""Exports safe to open: every CSV and TSV export (standings, travellers, score cards) writes a text cell that
starts with `= + - @`, tab or carriage return with a leading apostrophe (OWASP's rule for CSV injection), so a
spreadsheet shows it as text and never runs it; numbers stay bare numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.db.models import F

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.text import spreadsheet_cell
from tournaments.sessions.models import Entry, EntryPlayer, Result, Section
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db

DANGEROUS = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tcmd", "\rcmd"]


def _cells(content: bytes, fmt: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode()), delimiter="\t" if fmt == "tsv" else ","))


def _formulas(rows: list[list[str]]) -> list[str]:
    """Cells a spreadsheet would read as a formula: a dangerous first character that is not a bare number."""
    bad = []
    for row in rows:
        for cell in row:
            if cell.startswith(("=", "+", "-", "@", "\t", "\r")):
                try:
                    float(cell)
                except ValueError:
                    bad.append(cell)
    return bad


@pytest.fixture
def hostile() -> Section:
    """Board 1 played at two tables, a player named with each dangerous first character (as an import might)."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="-1")
    entries = section.entries.order_by("number", "direction")
    for entry, name in zip(entries, DANGEROUS * 3, strict=False):
        EntryPlayer.objects.update_or_create(entry=entry, seat=1, defaults={"name": name})
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    return section


def test_the_helper_follows_owasp():
    for text in DANGEROUS:
        assert spreadsheet_cell(text) == "'" + text
    assert spreadsheet_cell("4S") == "4S" and spreadsheet_cell(-420) == -420 and spreadsheet_cell(None) is None


@pytest.mark.parametrize("fmt", ["csv", "tsv"])
def test_every_export_neutralises_every_dangerous_first_character(director_client, hostile, fmt):
    pk = hostile.session_id
    entries = list(hostile.entries.order_by("number", "direction"))
    exports = {f"standings {field}": f"/sessions/{pk}/standings/?field={field}&_export={fmt}" for field in ("NS", "EW")}
    exports |= {f"card {e.label}": f"/sessions/{pk}/scorecards/{e.pk}/?_export={fmt}" for e in entries}
    result = Result.objects.filter(section=hostile, board__number=1).order_by("ns_entry__number").first()
    written = "\n".join(director_client.get(url).content.decode() for url in exports.values())
    for name in DANGEROUS:
        assert "'" + name.replace('"', '""') in written or "'" + name in written, name
    assert {
        what: found
        for what, url in exports.items()
        if (found := _formulas(_cells(director_client.get(url).content, fmt)))
    } == {}
    for text in DANGEROUS:  # the traveller's own text cells (a pair's label as an imported file wrote it)
        label = text[: Entry._meta.get_field("label").max_length]  # PostgreSQL holds the column to its length
        Entry.objects.filter(pk=result.ns_entry_id).update(label=label)
        Section.objects.filter(pk=hostile.pk).update(version=F("version") + 1)
        rows = _cells(director_client.get(f"/sessions/{pk}/travellers/?board=1&_export={fmt}").content, fmt)
        assert rows[1][2] == "'" + label, (label, rows[1])
        assert _formulas(rows) == []


def test_scores_stay_numbers(director_client, hostile):
    rows = _cells(director_client.get(f"/sessions/{hostile.session_id}/travellers/?board=1&_export=csv").content, "csv")
    assert rows[1][8] == "420" and rows[2][9] == "50"  # NS + and NS − : bare numbers a spreadsheet adds up
    assert rows[1][7] == "'=" and rows[2][7] == "'-1"  # the result words are text
    standings = _cells(
        director_client.get(f"/sessions/{hostile.session_id}/standings/?field=NS&_export=csv").content, "csv"
    )
    assert float(standings[1][3]) == 2.0 and not standings[1][3].startswith("'")
