"""The public corrections list says in words what changed ("board 1: 4S by N made 10 tricks, was 9; NS +420,
was -50"), never field names or JSON; a change to a published result needs a reason, asked for where it is
typed."""

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.publishing import services
from tournaments.publishing.models import Correction
from tournaments.sessions.models import Result
from tournaments.sessions.services.checking import ResultEntryError
from tournaments.sessions.services.results import change_result, delete_result
from tournaments.sessions.services.sessions import set_players

pytestmark = pytest.mark.django_db


def public_text(client, section) -> str:
    return client.get(f"/results/{section.session_id}/").content.decode()


def test_a_changed_result_reads_as_a_sentence(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Traveller misread")
    html = public_text(client, played)
    assert "Board 1 (4NS v 4EW): 4S by N made 10 tricks, was 9; NS +420, was -50" in html
    assert "— <em>Traveller misread</em>" in html
    for raw in ("ns_score", "tricks=", "contract=", "{", "&quot;"):
        assert raw not in html.split('id="corrections"')[1]
    change_result(actor=None, result=result, contract="3NT", declarer="S", tricks="9", why="Second look")
    assert "Board 1 (4NS v 4EW): 3NT by S made 9 tricks, was 4S by N made 10 tricks; NS +400, was +420" in (
        public_text(client, played)
    )


def test_removed_results_and_renamed_pairs_read_as_sentences(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    delete_result(actor=None, result=result, why="Wrong table")
    set_players(actor=None, entry=played.entries.get(label="1NS"), players=[("Ann Smith", None), ("Rob Jones", None)])
    html = public_text(client, played)
    assert "Board 1 (4NS v 4EW): result removed (was 4S by N made 9 tricks; NS -50)" in html
    assert "Pair 1NS: Ann Smith &amp; Rob Jones, was Ann Smith &amp; Bob Jones" in html
    texts = [ch["text"] for c in Correction.objects.order_by("pk") for ch in c.changes]  # each at its write
    assert texts == [
        "board 1 (4NS v 4EW): result removed (was 4S by N made 9 tricks; NS -50)",
        "pair 1NS: Ann Smith & Rob Jones, was Ann Smith & Bob Jones",
    ]


def test_a_correction_after_publishing_needs_a_reason(played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    with pytest.raises(ResultEntryError) as caught:
        change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=")
    assert caught.value.errors == {
        0: {
            "why": "These results are published: say why you change this line (the reason is listed with the public "
            "correction)."
        }
    }
    result.refresh_from_db()
    assert (result.tricks, result.ns_score) == (9, -50)
    with pytest.raises((ResultEntryError, ValidationError)):
        delete_result(actor=None, result=result)
    assert Result.objects.filter(pk=result.pk).exists()


def test_the_traveller_page_asks_for_the_reason(director_client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    url = f"/sessions/{played.session_id}/A/traveller/1/"
    page = director_client.get(url)
    typed = {}
    for i, line in enumerate(page.context["lines"]):
        initial = line.form.initial
        for key in ("ns", "ew", "contract", "declarer", "tricks"):
            typed[f"line-{i}-{key}"] = initial.get(key) or ""
    four = next(i for i, line in enumerate(page.context["lines"]) if line.form.initial["ns"] == "4")
    typed[f"line-{four}-tricks"] = "="
    refused = director_client.post(url, typed)
    assert refused.status_code == 200
    assert "These results are published: say why you change this line" in refused.content.decode()
    assert Result.objects.get(section=played, board__number=1, ns_entry__label="4NS").ns_score == -50
    saved = director_client.post(url, {**typed, "why": "Traveller misread"})
    assert saved.status_code == 302
    assert Result.objects.get(section=played, board__number=1, ns_entry__label="4NS").ns_score == 420
