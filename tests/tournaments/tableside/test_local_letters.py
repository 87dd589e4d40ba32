"""The phone in the table's language's letters (issue 27): the keypad, the bidding box and the sign-in label the
seats and ranks as a French table writes them, the page hands its scripts those letters, and the table API takes
a declarer, a lead or a seat sent in them (`letters: "fr"`) and stores the English ones."""

import json

import pytest
from django.utils import translation

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.forms import RulingForm
from tournaments.sessions.models import Result
from tournaments.sessions.services.dealing import deal_session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.letters import canonical
from tournaments.tableside.models import SignIn

pytestmark = pytest.mark.django_db

SEED = "0123456789abcdef0123456789abcdef"
FRENCH_SEAT = {"N": "N", "E": "E", "S": "S", "W": "O"}


@pytest.fixture
def section(director):
    """An 8-pair Mitchell whose boards Bridgedesk dealt (so the lead is checked against the hands), sign-in on."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    deal_session(actor=director, session=section.session, seed=SEED)
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"sign_in": True}})
    return section


def _holder(deal: str, card: str) -> str:
    first, _, rest = deal.partition(":")
    for i, hand in enumerate(rest.split()):
        if card[1] in hand.split(".")["SHDC".index(card[0])]:
            return "NESW"[("NESW".index(first) + i) % 4]
    raise AssertionError(card)


def test_a_french_phone_types_the_lead_pr_and_the_api_stores_sk(client, section):
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    board = section.session.boards.get(number=int(row.boards[0]))
    leader = _holder(board.deal, "SK")
    declarer = "NESW"[("NESW".index(leader) + 3) % 4]  # the spade king's holder sits on declarer's left
    body = {
        "board": board.number,
        "contract": "3NT",
        "declarer": FRENCH_SEAT[declarer],
        "tricks": 9,
        "lead": "PR",
        "letters": "fr",
    }
    url = f"/api/table/{link.token}/"
    ahead = client.post(url + "preview", json.dumps(body | {"client_id": "preview"}), content_type="application/json")
    assert ahead.status_code == 200, ahead.json()
    sent = client.post(url + "results", json.dumps(body | {"client_id": "a"}), content_type="application/json")
    assert sent.status_code == 201, sent.json()
    stored = Result.objects.get()
    assert (stored.lead, stored.declarer) == ("SK", declarer)


def test_without_letters_the_english_letters_are_read_as_english():
    """The keypad sends the English letters under its labels: "CK" is the club king, never the French heart."""
    assert canonical({"declarer": "W", "lead": "CK"}) == {"declarer": "W", "lead": "CK"}
    assert canonical({"declarer": "O", "lead": "CR", "letters": "fr"}) | {"letters": ""} == {
        "declarer": "W",
        "lead": "HK",
        "letters": "",
    }
    assert canonical({"declarer": "Z", "lead": "xx", "letters": "fr"})["lead"] == "xx"  # refused by the service


def test_a_french_sign_in_takes_o_for_west(client, section):
    link = services.issue_links(section)[0]
    body = {"seat": "O", "letters": "fr", "number": "X99", "name": "Odile Ouest"}
    signed = client.post(f"/api/table/{link.token}/signin", json.dumps(body), content_type="application/json")
    assert signed.status_code == 200, signed.json()
    assert signed.json()["seat"] == "W" and SignIn.objects.get().seat == "W"


def test_the_french_phone_page_labels_seats_and_ranks_in_french_letters(client, section):
    link = services.issue_links(section)[0]
    page = client.get(f"/t/{link.token}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<button type="button" data-declarer="W">O</button>' in page
    assert '<button type="button" data-lead-rank="K">R</button>' in page
    assert '<button type="button" data-lead-rank="T">10</button>' in page
    assert '<button type="button" data-si-seat="W">O</button>' in page
    assert "<th>O</th>" in page  # the bidding box's and the play's columns
    blob = page.split('<script id="bd-letters" type="application/json">')[1].split("</script>")[0]
    letters = json.loads(blob)
    assert letters["seats"]["W"] == "O" and letters["ranks"]["Q"] == "D" and letters["no_trump"] == "SA"
    assert letters["suits"] == {"S": "P", "H": "C", "D": "K", "C": "T"}
    english = client.get(f"/t/{link.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<button type="button" data-declarer="W">W</button>' in english


def test_a_french_ruling_takes_o_for_west():
    with translation.override("fr"):
        data = {"section": "A", "decision": "weighted", "declarer": "O", "weighted": "60 4P O =\n40 4P O -1"}
        form = RulingForm(data, sections=[])
        form.fields["section"].choices = [("A", "A")]
        form.is_valid()
    assert form.cleaned_data["declarer"] == "W"
    assert [p["declarer"] for p in form.cleaned_data["weighted"]] == ["W", "W"]
    assert form.cleaned_data["weighted"][0]["contract"] == "4S"


def test_doubles_and_vulnerability_come_in_the_pages_letters(client, section):
    link = services.issue_links(section)[0]
    for language, doubles, sides in (
        ("fr", {"X": "X", "XX": "XX"}, ("NS", "EO")),
        ("nl", {"X": "X", "XX": "XX"}, ("NZ", "OW")),
        ("sv", {"X": "D", "XX": "RD"}, ("NS", "ÖV")),
        ("en", {"X": "X", "XX": "XX"}, ("NS", "EW")),
    ):
        page = client.get(f"/t/{link.token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        blob = page.split('<script id="bd-letters" type="application/json">')[1].split("</script>")[0]
        letters = json.loads(blob)
        assert letters["doubles"] == doubles, language
        assert (letters["vulnerability"]["NS"], letters["vulnerability"]["EW"]) == sides, language
        assert set(letters["vulnerability"]) == {"None", "NS", "EW", "All"}
        marks = f'<button type="button" data-double="X">{doubles["X"]}</button>'
        assert marks + f'<button type="button" data-double="XX">{doubles["XX"]}</button>' in page, language
        assert f'<button type="button" data-call="XX">{doubles["XX"]}</button>' in page, language
