"""Contracts typed in the active language's notation: read on the traveller and the party score pad, put back
into a field so they read the same, shown with suit symbols; the phone's canonical letters are never re-read."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from scoring import Contract
from scoring.contracts import STRAINS
from scoring.notation import NOTATIONS
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core import notation
from tournaments.sessions.forms import initial_for
from tournaments.sessions.models import Result, Section
from tournaments.sessions.services.sessions import SectionSpec


def test_the_active_language_decides_what_a_letter_means() -> None:
    with translation.override("fr"):
        assert notation.read_typed("4CX") == "4HX"  # cœur
        assert notation.read_typed("3SA") == "3NT"
        assert notation.active_notation().no_trump == "SA"
    with translation.override("en"):
        assert notation.read_typed("4CX") == "4CX"  # clubs
    with translation.override("de"):
        assert notation.read_typed("3K") == "3D"  # Karo
    with translation.override("nl"):
        assert notation.read_typed("3K") == "3C"  # klaveren
    assert notation.read_typed("4SXXX") == "4SXXX"  # not a contract: left as typed for the service to word


@given(st.sampled_from(sorted(NOTATIONS)), st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))
def test_a_stored_contract_put_back_into_a_field_reads_back_the_same(
    language: str, level: int, strain: str, doubled: int
) -> None:
    canonical = str(Contract(level, strain, doubled))  # type: ignore[arg-type]
    with translation.override(language):
        assert notation.read_typed(notation.for_typing(canonical)) == canonical
        assert notation.read_typed(notation.for_typing("PASS")) == "PASS"


def test_the_contract_filter_shows_suit_symbols() -> None:
    template = Template("{% load bridge %}{{ c|contract }} {% no_trump %}")
    with translation.override("fr"):
        assert template.render(Context({"c": "3NTX"})) == "3SAX SA"
        assert template.render(Context({"c": "4CX"})) == "4♣X SA"
    with translation.override("en"):
        assert template.render(Context({"c": "4HX"})) == "4♥X NT"
        assert template.render(Context({"c": "A60"})) == "A60 NT"  # an adjusted score is shown as it is


@pytest.fixture
def section() -> Section:
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


@pytest.mark.django_db
def test_a_french_director_types_french_letters_on_the_traveller(director_client: Client, section: Section) -> None:
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    with translation.override("fr"):
        page = director_client.get(url)
    pairs = [(line.form.initial["ns"], line.form.initial["ew"]) for line in page.context["lines"]]
    typed = [("4C", "N", "="), ("3SA", "S", "9"), ("4P contre", "N", "-1")]
    data = {}
    for i, ((ns, ew), (contract, declarer, tricks)) in enumerate(zip(pairs, typed, strict=False)):
        data.update({f"line-{i}-ns": ns, f"line-{i}-ew": ew, f"line-{i}-contract": contract})
        data.update({f"line-{i}-declarer": declarer, f"line-{i}-tricks": tricks})
    with translation.override("fr"):
        response = director_client.post(url, data, headers={"accept-language": "fr"})
    assert response.status_code == 302
    stored = dict(Result.objects.values_list("ns_entry__number", "contract"))
    # Stored in the canonical letters: French C is hearts, P spades, SA no-trump.
    assert [stored[int(ns)] for ns, _ in pairs[:3]] == ["4H", "3NT", "4SX"] and pairs[0] == ("1", "1")
    result = Result.objects.get(ns_entry__number=1)
    with translation.override("fr"):
        assert initial_for(result, 1, "1", "1")["contract"] == "4♥"  # the field shows what French reads back
    with translation.override("en"):
        assert initial_for(result, 1, "1", "1")["contract"] == "4H"


@pytest.mark.django_db
def test_a_french_page_sent_back_untouched_changes_nothing(director_client: Client, section: Section) -> None:
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    with translation.override("fr"):
        first = director_client.get(url, headers={"accept-language": "fr"}).context["lines"][0].form.initial
        data = {"line-0-ns": first["ns"], "line-0-ew": first["ew"], "line-0-contract": "4T"}  # trèfle
        data.update({"line-0-declarer": "N", "line-0-tricks": "=", "line-0-version": "0", "line-0-shown": ""})
        assert director_client.post(url, data, headers={"accept-language": "fr"}).status_code == 302
        before = Result.objects.get()
        lines = director_client.get(url, headers={"accept-language": "fr"}).context["lines"]
        shown = lines[0].form.initial
        assert shown["contract"] == "4♣"  # not "4C", which French reads as hearts
        again = {f"line-{i}-{k}": v for i, ln in enumerate(lines) for k, v in ln.form.initial.items() if v is not None}
        assert director_client.post(url, again, headers={"accept-language": "fr"}).status_code == 302
    after = Result.objects.get()
    assert (after.contract, after.version) == ("4C", before.version)  # read back the same, not saved again


@pytest.mark.django_db
def test_a_french_director_types_seats_and_leads_in_french_letters(director_client: Client, section: Section) -> None:
    """Declarer "O" is West (Ouest) and the lead "PR" the spade king (pique, roi); the fields give them back
    in French letters, and the page sent back untouched saves nothing."""
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    with translation.override("fr"):
        first = director_client.get(url, headers={"accept-language": "fr"}).context["lines"][0].form.initial
        data = {"line-0-ns": first["ns"], "line-0-ew": first["ew"], "line-0-contract": "3SA", "line-0-lead": "PR"}
        data.update({"line-0-declarer": "O", "line-0-tricks": "=", "line-0-version": "0", "line-0-shown": ""})
        assert director_client.post(url, data, headers={"accept-language": "fr"}).status_code == 302
        before = Result.objects.get()
        assert (before.declarer, before.lead) == ("W", "SK")
        lines = director_client.get(url, headers={"accept-language": "fr"}).context["lines"]
        shown = lines[0].form.initial
        assert (shown["declarer"], shown["lead"]) == ("O", "♠R")
        again = {f"line-{i}-{k}": v for i, ln in enumerate(lines) for k, v in ln.form.initial.items() if v is not None}
        assert director_client.post(url, again, headers={"accept-language": "fr"}).status_code == 302
    assert Result.objects.get().version == before.version  # read back the same, not saved again
    with translation.override("en"):
        assert (initial_for(before, 1, "1", "1")["declarer"], initial_for(before, 1, "1", "1")["lead"]) == ("W", "SK")
