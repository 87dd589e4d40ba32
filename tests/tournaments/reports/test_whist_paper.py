"""Duplicate whist on paper: the pickup slips, traveling score slips and personal score cards print the tricks
each side took and the revoke (R), never a contract, declarer or lead; read back with pdftotext, and rasterised
with pdftoppm (the pictures kept beside the other screenshots for a look)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.tournaments.services.test_whist_sessions import board_one_tables, play_board_one, whist_session
from tournaments.sessions import reports
from tournaments.sessions.models import Session

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils (pdftotext, pdftoppm)"),
]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"


def printed(kind: str, session: Session) -> str:
    """The file's text as pdftotext lays it out, runs of spaces squeezed; its first page kept as a PNG."""
    _name, content_type, content = reports.render(kind, session, paper="a4")
    assert content_type == "application/pdf"
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SHOTS / f"whist-{kind}.pdf"
    pdf.write_bytes(content)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(SHOTS / f"whist-{kind}")], check=True
    )
    assert list(SHOTS.glob(f"whist-{kind}*.png"))
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    return "\n".join(re.sub(r"\s+", " ", line).strip() for line in out.splitlines())


def test_whist_pickup_slips_ask_for_tricks_and_the_revoke() -> None:
    section = whist_session()
    text = printed("pickup-slips", section.session)
    assert "Board N-S tricks E-W tricks R" in text
    assert "Contract" not in text and "Lead" not in text
    row = board_one_tables(section)[0]
    assert f"N-S {row.ns_entry.label} v E-W {row.ew_entry.label}" in text


def test_whist_travellers_have_tricks_columns_and_the_field_s_points() -> None:
    section = whist_session()
    text = printed("travellers", section.session)
    assert "N-S E-W N-S tricks E-W tricks R N-S MP E-W MP" in text
    assert "Contract" not in text
    tricks = whist_session(Session.ScoringMethod.TOTAL_POINTS)
    assert "N-S tricks E-W tricks R N-S ± E-W ±" in printed("travellers", tricks.session)


def test_whist_score_cards_print_each_side_s_tricks_and_its_r() -> None:
    section = whist_session()
    lines = play_board_one(section, [7, 8, 6, 7, 7], revoke="EW")  # the laws' example: +R1 to the last N-S
    text = printed("scorecards", section.session)
    assert "Contract" not in text and "Lead" not in text
    assert "Rnd Table Opponents Board Seat Tricks R MP Total" in text
    last = lines[4]
    ns_card = text.split(f"Pair {last.ns_entry.label} ")[1].split("Pair ")[0]
    ew_card = text.split(f"Pair {last.ew_entry.label} ")[1].split("Pair ")[0]
    # N-S took 7 (credited 8 by the capped penalty: 7 of the top 8 match points), E-W 6 with the R against them
    assert re.search(r"\b1 NS 7 \+R1 7 7\b", ns_card), ns_card
    assert re.search(r"\b1 EW 6 -R1 1 1\b", ew_card), ew_card
