"""Hostile input (issue 11's findings): Unicode digits, NUL and other control characters, megabyte texts, in
every form, query string, address and file; a clear message where it was typed, never a server error, never a
half-saved row. The property-based tests drive the director's forms and both importers with arbitrary text."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.sessions.models import Entry, EntryPlayer, Result, Ruling, Session
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec, set_status

pytestmark = pytest.mark.django_db

WRITES = (Session, Entry, EntryPlayer, Result, Ruling, AuditEntry)
HOSTILE = ["²", "٣", "1²", "\x00", "a\x00b", "\x07", "\u202e1", "1e3", "−1", "９", " ", "x" * 5000]


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in WRITES}


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


def traveller(section, board=1):
    return f"/sessions/{section.session_id}/A/traveller/{board}/"


@pytest.mark.parametrize("field", ["ns", "ew", "contract", "declarer", "tricks", "score"])
@pytest.mark.parametrize("value", ["²", "٣", "１", "a\x07b"])
def test_unicode_digits_and_controls_in_a_traveller_line_are_refused_at_the_field(
    director_client, section, field, value
):
    data = {
        "line-0-ns": "1",
        "line-0-ew": "1",
        "line-0-contract": "3NT",
        "line-0-declarer": "S",
        "line-0-tricks": "9",
        "line-0-version": "0",
        "line-0-shown": "||",
        f"line-0-{field}": value,
    }
    before = counts()
    for url in (traveller(section), traveller(section) + "preview/"):
        response = director_client.post(url, data)
        assert response.status_code == 200
    assert counts() == before


@pytest.mark.parametrize("value", ["²", "a\x00b", "x" * 300, "\x07"])
def test_a_bad_reason_is_refused_and_nothing_is_saved(director_client, section, value):
    data = {
        "line-0-ns": "1",
        "line-0-ew": "1",
        "line-0-contract": "3NT",
        "line-0-declarer": "S",
        "line-0-tricks": "9",
        "line-0-version": "0",
        "line-0-shown": "||",
        "why": value,
    }
    before = counts()
    response = director_client.post(traveller(section), data)
    if "\x00" in value:
        assert response.status_code == 400 and "why&#x27; contains a NUL character" in response.content.decode()
    elif value == "²":
        assert response.status_code == 302  # a plain (if odd) reason
        return
    else:
        assert response.status_code == 200
        text = response.content.decode()
        assert "control character" in text or "too long: at most 200 characters" in text
    assert counts() == before


def test_nul_in_addresses_queries_and_withdrawals_is_a_clear_400(director_client, section, director):
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    ruling = apply_ruling(
        actor=director,
        section=section,
        decision="artificial",
        board_number=1,
        ns="1",
        ew="1",
        ns_percent=60,
        ew_percent=40,
    )
    pk = section.session_id
    before = counts()
    for method, url, data in (
        ("get", f"/sessions/{pk}/%00/traveller/", None),
        ("get", f"/sessions/{pk}/A/traveller/?board=%00", None),
        ("post", f"/sessions/{pk}/rulings/{ruling.pk}/withdraw/", {"why": "a\x00b"}),
    ):
        response = getattr(director_client, method)(url, data)
        assert response.status_code == 400, url
        assert "NUL character" in response.content.decode()
    assert counts() == before
    # "²" is no board number: the board list again, not a redirect to a board page.
    page = director_client.get(f"/sessions/{pk}/A/traveller/?board=²")
    assert page.status_code == 200 and page.context["boards"]


def test_megabyte_facts_and_reasons_are_refused_by_the_service(section, director):
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    for kwargs, field in (({"facts": "x" * 1_000_000}, "facts"), ({"why": "y" * 1_000_000}, "why")):
        with pytest.raises(ValidationError) as caught:
            apply_ruling(
                actor=director,
                section=section,
                decision="artificial",
                board_number=1,
                ns="1",
                ew="1",
                ns_percent=60,
                ew_percent=40,
                **kwargs,
            )
        assert field in caught.value.message_dict
    assert not Ruling.objects.exists()


@pytest.mark.parametrize("value", ["²", "٣", "1\x00"])
def test_ruling_pair_fields_with_odd_digits_are_refused_at_the_field(director_client, section, value):
    data = {
        "section": "A",
        "decision": "artificial",
        "board": "1",
        "ns": value,
        "ew": "1",
        "ns_percent": "60",
        "ew_percent": "40",
    }
    before = counts()
    response = director_client.post(f"/sessions/{section.session_id}/rulings/", data)
    if "\x00" in value:  # refused before any view runs
        assert response.status_code == 400 and "NUL character" in response.content.decode()
    else:  # the form again, the pair field marked
        assert response.status_code == 200 and response.context["form"].errors["ns"]
    assert counts() == before


@pytest.fixture
def exported():
    """Our own files for a small scored session (no ../shared needed)."""
    session = build_demo_session(tables=3, movement="mitchell", seed=11, quick=True)
    set_status(actor=None, session=session, status="playing")
    return export_usebio(session)[1].decode(), export_pbn(session)[1]


def test_a_pbn_board_number_in_unicode_digits_says_where(exported):
    text = exported[1]
    assert '[Board "1"]' in text
    with pytest.raises(InterchangeError) as caught:
        read_pbn(text.replace('[Board "1"]', '[Board "²"]', 1))
    assert caught.value.message


@pytest.mark.parametrize("digit", ["²", "٣"])
def test_a_usebio_board_number_in_unicode_digits_leaves_that_board_out_and_says_where(exported, digit):
    """A board that cannot be read is left out with the reason and its line (the rest of the file imports)."""
    text = exported[0]
    record = read_usebio(text.replace("<BOARD_NUMBER>1</BOARD_NUMBER>", f"<BOARD_NUMBER>{digit}</BOARD_NUMBER>", 1))
    assert 1 not in [b.number for b in record.boards if b.lines]
    (note,) = [w for w in record.warnings if w.endswith("The board was left out.")]
    assert note.startswith("line ") and f"BOARD_NUMBER {digit!r} is not a board number." in note


def test_usebio_tricks_in_unicode_digits_leave_that_line_out_and_say_where(exported):
    text = exported[0]
    start = text.index("<TRICKS>") + len("<TRICKS>")
    record = read_usebio(text[:start] + "²" + text[text.index("</TRICKS>", start) :])
    (note,) = [w for w in record.warnings if w.endswith("The line was left out.")]
    assert note.startswith("line ") and "TRICKS '²' must be a number of tricks" in note


def test_a_pbn_with_a_nul_past_its_first_2000_characters_says_where(exported):
    text = exported[1]
    assert len(text) > 2100
    with pytest.raises(InterchangeError) as caught:
        read_pbn(text[:2050] + "\x00" + text[2050:])
    assert caught.value.where


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.text(min_size=1, max_size=12), at=st.floats(min_value=0, max_value=1), which=st.sampled_from([0, 1]))
def test_both_importers_take_arbitrary_text_anywhere_whole_or_not_at_all(exported, junk, at, which):
    text = exported[which]
    cut = int(at * len(text))
    damaged = text[:cut] + junk + text[cut:]
    importer = import_usebio if which == 0 else import_pbn
    before = (Session.objects.count(), Result.objects.count(), AuditEntry.objects.count())
    try:
        report = importer(damaged, filename="fuzzed")
    except InterchangeError as exc:
        assert exc.message
        assert (Session.objects.count(), Result.objects.count(), AuditEntry.objects.count()) == before
    else:
        assert Result.objects.filter(section__session=report.session).count() == report.results


FORMS = {
    "traveller": ("line-0-ns", "line-0-ew", "line-0-contract", "line-0-declarer", "line-0-tricks", "why"),
    "ruling": ("ns", "ew", "board", "ns_percent", "ew_percent", "facts", "law", "contract", "declarer", "tricks"),
    "names": ("player1", "player2"),
    "setup": ("event_name", "session_name", "pairs_a", "date"),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(sorted(FORMS)), values=st.lists(st.text(max_size=300), min_size=10, max_size=10))
def test_every_director_form_takes_arbitrary_text(director_client, section, form, values):
    pk = section.session_id
    first = section.entries.order_by("pk").first().pk
    url, base = {
        "traveller": (traveller(section), {"line-0-version": "0", "line-0-shown": "||"}),
        "ruling": (f"/sessions/{pk}/rulings/", {"section": "A", "decision": "artificial"}),
        "names": (f"/sessions/{pk}/entries/", {}),
        "setup": ("/sessions/new/", {"scoring_method": "mp", "mp_scale": "ebu"}),
    }[form]
    fields = FORMS[form]
    if form == "names":
        fields = tuple(f"e{first}-{f}" for f in fields)
    data = {**base, **dict(zip(fields, values, strict=False))}
    before = counts()
    response = director_client.post(url, data)
    if any("\x00" in v for v in data.values()):  # refused before any view runs, naming where the NUL is
        assert response.status_code == 400 and "NUL character" in response.content.decode()
        assert counts() == before
    elif response.status_code == 200:  # the form again, saying what is wrong; nothing written
        html = response.content.decode()
        assert "errorlist" in html or "msg-error" in html
        assert counts() == before
    else:  # text that happens to be valid is taken, and the page moves on
        assert response.status_code == 302
    if response.status_code == 302 and form == "traveller":
        assert Result.objects.filter(section=section).count() <= 1
