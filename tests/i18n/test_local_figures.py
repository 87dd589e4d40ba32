"""Figures, par contracts and hands in the reader's language: the decimal mark, the no-trump, the card letters."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from tournaments.sessions import tables
from tournaments.sessions.reports.handrecords import par_shown
from tournaments.sessions.selectors import recaps


def test_the_standings_and_the_big_screen_write_the_decimal_mark_of_the_language():
    with translation.override("fr"):
        assert tables._num(52.5, fixed=True) == "52,50" and tables._num(1.25) == "1,25" and tables._num(7) == "7"
        assert Template("{{ v|decimal }}").render(Context({"v": "61.56%"})) == "61,56%"
    with translation.override("en"):
        assert tables._num(52.5, fixed=True) == "52.50"


def test_a_par_contract_is_shown_in_the_languages_notation():
    with translation.override("fr"):
        assert par_shown("3NTX by E/W −1").startswith("3SAX") and par_shown("3NTX by E/W −1").endswith("−1")
    with translation.override("en"):
        assert par_shown("4S by N/S") == "4♠ by N/S"
        assert par_shown("not a par") == "not a par"


def test_hands_and_leads_are_shown_in_the_languages_card_letters():
    deal = "N:AKQ2.KJ3.T98.Q76 J43.AQ2.KQJ2.K98 T98.T987.A76.AJ5 765.654.543.T432"
    with translation.override("fr"):
        north = recaps.hands(deal)["N"]
        assert [cards for _cls, _symbol, cards in north] == ["ARD2", "RV3", "1098", "D76"]
        assert recaps.lead_text("SK") == "♠R"
    with translation.override("en"):
        assert recaps.lead_text("HT") == "♥10"
