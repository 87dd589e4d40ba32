"""Party papers print guests' names in any script: tally cards, table cards, score pads and the prize list."""

from __future__ import annotations

import datetime

import pytest

from tests.tournaments.reports.test_any_alphabet import CJK_NAMES, OTHER_NAMES, assert_glyphs_not_boxes, pdftotext
from tournaments.parties import score_pads, services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.reports import render_standings, render_tally_cards

pytestmark = pytest.mark.django_db
NAMES = (
    *CJK_NAMES,
    "Αλέξης Παπαδόπουλος",
    "Пётр Кузнецов",
    OTHER_NAMES[0],
    "Zoë Ødegård",
    "Jan Novák",
    "Ann Lee",
    "Bob Hay",
    "Eve Ng",
)


def test_tally_cards_and_prize_list_print_every_script(director, tmp_path) -> None:
    party = services.create_party(
        actor=director,
        name="春季桥牌 party",
        date=datetime.date(2026, 3, 14),
        tables=3,
        mixed=False,
        tie_rule="north_south",
        prizes=["highest", "second", "booby"],
    )
    services.set_guests(actor=director, party=party, text="\n".join(NAMES))
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    for i, table in enumerate(PartyTable.objects.filter(round__party=party).order_by("number")):
        score_pads.record_totals(actor=director, table=table, ns_total=300 + 100 * i, ew_total=420)
    services.finish_party(actor=director, party=party)
    party = Party.objects.get(pk=party.pk)
    for render in (render_tally_cards, render_standings):
        filename, _, data = render(party)
        pdf = tmp_path / filename
        pdf.write_bytes(data)
        printed = pdftotext(pdf)
        assert "春季桥牌 party" in printed
        for name in NAMES:
            assert name in printed, f"{name} missing from {filename}"
        assert assert_glyphs_not_boxes(pdf, tmp_path) >= len(CJK_NAMES)
