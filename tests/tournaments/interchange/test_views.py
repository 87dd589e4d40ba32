"""The import page, the downloads and the hand-records upload on the session page."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Board, Session
from tournaments.sessions.services import sessions as session_services

pytestmark = pytest.mark.django_db


def _upload(client, name: str, data: bytes, **extra: str):
    return client.post(
        reverse("interchange:upload"),
        {"file": SimpleUploadedFile(name, data), "format": "auto", "scale_missed_boards": "on", **extra},
    )


def test_the_import_page_needs_a_director(client) -> None:
    response = client.get(reverse("interchange:upload"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_home_page_links_to_the_import_page(director_client) -> None:
    response = director_client.get(reverse("home"))
    assert reverse("interchange:upload") in response.content.decode()


def test_importing_a_usebio_file_opens_the_new_session(director_client, howell_xml: bytes) -> None:
    page = director_client.get(reverse("interchange:upload"))
    assert page.status_code == 200 and b'type="file"' in page.content
    response = _upload(director_client, "mp_pairs_howell.xml", howell_xml)
    session = Session.objects.get()
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    page = director_client.get(response["Location"])
    text = page.content.decode()
    assert "Imported USEBIO file mp_pairs_howell.xml: 12 pairs, 27 boards" in text
    assert "agree with all" in text
    assert reverse("interchange:usebio", args=[session.pk]) in text
    assert reverse("interchange:deals", args=[session.pk]) in text


def test_a_pbn_file_is_recognised_and_the_option_kept(director_client, howell_xml: bytes) -> None:
    _upload(director_client, "a.xml", howell_xml)
    session = Session.objects.get()
    pbn = director_client.get(reverse("interchange:pbn", args=[session.pk])).content
    response = director_client.post(
        reverse("interchange:upload"), {"file": SimpleUploadedFile("results.pbn", pbn), "format": "auto"}
    )
    assert response.status_code == 302
    imported = Session.objects.exclude(pk=session.pk).get()
    assert imported.source.startswith("PBN file results.pbn") and imported.scale_missed_boards is False


def test_a_bad_file_is_shown_at_the_file_field_and_nothing_is_imported(director_client, howell_xml: bytes) -> None:
    data = howell_xml.replace(b'<EVENT EVENT_TYPE="MP_PAIRS">', b'<EVENT EVENT_TYPE="KO_PAIRS">')
    response = _upload(director_client, "bad.xml", data)
    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert errors == [
        "line 8, EVENT: unknown event type KO_PAIRS: Bridgedesk imports BUTLER_PAIRS, CROSS_IMP_PAIRS, INDIVIDUAL, "
        "MP_PAIRS, PAIRS."
    ]
    assert 'id="file-error"' in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.pbn", b"", "The submitted file is empty."),
        (
            "hand.pbn",
            b'[Board "1"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n',
            "line 2, Board 1: North's hand has 14 cards",
        ),
        ("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "binary file"),
        (  # told from its first bytes, read by mdbtools, which cannot: no 500, the reason at the field
            "club.bws",
            b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(3000),
            "not an Access database that mdbtools can read",
        ),
    ],
)
def test_other_bad_uploads(director_client, name: str, data: bytes, message: str) -> None:
    response = _upload(director_client, name, data)
    assert response.status_code == 200
    assert any(message in e for e in response.context["form"].errors["file"])


def test_downloads_are_attachments_with_our_scores(director_client, mitchell_xml: bytes) -> None:
    _upload(director_client, "m.xml", mitchell_xml)
    session = Session.objects.get()
    xml = director_client.get(reverse("interchange:usebio", args=[session.pk]), {"section": "A"})
    assert xml.status_code == 200 and xml["Content-Type"].startswith("application/xml")
    assert xml["Content-Disposition"].startswith('attachment; filename="') and ".xml" in xml["Content-Disposition"]
    check_structure(xml.content)
    pbn = director_client.get(reverse("interchange:pbn", args=[session.pk]))
    assert pbn["Content-Type"].startswith("text/x-pbn")
    assert len(read_pbn(pbn.content).pairs) == 38
    hands = director_client.get(reverse("interchange:pbn", args=[session.pk]), {"deals": "1"})
    assert "-hands.pbn" in hands["Content-Disposition"] and b"ScoreTable" not in hands.content


def test_a_session_that_cannot_be_exported_says_why(director_client, director) -> None:
    session = session_services.create_session(
        actor=director,
        event_name="Whist by tricks",
        date=dt.date(2026, 11, 20),
        scoring_method="total",
        game=Session.Game.WHIST,
        sections=[session_services.SectionSpec(pairs=8, kind="howell", boards_per_round=2)],
    )
    response = director_client.get(reverse("interchange:usebio", args=[session.pk]))
    assert response.status_code == 400
    assert "Duplicate whist scored by tricks above or below the average has no USEBIO" in response.content.decode()
    assert director_client.get(reverse("interchange:usebio", args=[999999])).status_code == 404


def test_hand_records_upload_into_a_session(director_client, director, howell_xml: bytes, tmp_path: Path) -> None:
    _upload(director_client, "h.xml", howell_xml)
    source = Session.objects.get()
    hands = director_client.get(reverse("interchange:pbn", args=[source.pk]), {"deals": "1"}).content
    session = session_services.create_session(
        actor=director,
        event_name="Tonight",
        date=dt.date(2026, 11, 20),
        sections=[session_services.SectionSpec(pairs=12, kind="howell", boards_per_round=3, rounds=9)],
    )
    url = reverse("interchange:deals", args=[session.pk])
    bad = director_client.post(
        url, {"file": SimpleUploadedFile("h.pbn", hands.replace(b'[Deal "N:', b'[Deal "N:A', 1))}
    )
    assert bad.status_code == 200
    assert "Board 1:" in bad.context["form"].errors["file"][0]
    assert not Board.objects.filter(session=session).exclude(deal="").exists()
    response = director_client.post(url, {"file": SimpleUploadedFile("h.pbn", hands)})
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    dealt = dict(Board.objects.filter(session=session, number__lte=27).values_list("number", "deal"))
    assert dealt == dict(Board.objects.filter(session=source).values_list("number", "deal"))
    assert not Board.objects.filter(session=session, number__gt=27).exclude(deal="").exists()


@pytest.mark.django_db
def test_imported_session_page_counts_the_results_it_holds(director_client, shared_dir):
    """An imported section has no movement rows; its page counts the traveller lines the file held."""
    from tournaments.interchange.importers import import_usebio

    path = shared_dir / "realdata" / "usebio" / "mp_pairs_howell.xml"
    report = import_usebio(path.read_bytes(), filename=path.name)
    response = director_client.get(f"/sessions/{report.session.pk}/")
    assert response.status_code == 200
    assert b"Results entered: <strong>161</strong> of 161" in response.content
