"""Bridgedesk deals the boards: one deal set per session from a recorded seed the director alone sees, from
the session page's button or `manage.py deal`; hand records, PBN and the public boards page then have hands,
double-dummy tables and par."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.core.access import Role, grant
from tournaments.core.errors import FINISHED, DomainError
from tournaments.publishing import services as publishing
from tournaments.sessions import reports
from tournaments.sessions.models import Board, Session
from tournaments.sessions.selectors.lookups import section_map
from tournaments.sessions.services.analysis import solve_deals
from tournaments.sessions.services.dealing import deal_session
from tournaments.sessions.services.results import LineInput, save_lines
from tournaments.sessions.services.sessions import SectionSpec, set_status

pytestmark = pytest.mark.django_db
SEED = "00112233445566778899aabbccddeeff"


@pytest.fixture
def session() -> Session:
    return make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))


def deals(session: Session) -> dict[int, str]:
    return dict(Board.objects.filter(session=session).values_list("number", "deal"))


def test_dealing_fills_every_board_records_the_seed_and_is_audited(session):
    count = deal_session(actor=None, session=session)
    session.refresh_from_db()
    dealt = deals(session)
    assert count == len(dealt) > 0 and all(d.startswith("N:") for d in dealt.values())
    assert len(session.deal_seed) == 32
    entry = AuditEntry.objects.get(session_id=session.pk, action=AuditAction.BOARDS_DEAL)
    assert entry.new["boards"] == count and session.deal_seed not in str(entry.new)  # the seed stays off the log


def test_one_deal_set_a_session_reproducible_from_its_seed(session):
    deal_session(actor=None, session=session, seed=SEED)
    first = deals(session)
    with pytest.raises(ValidationError, match="already dealt by Bridgedesk"):
        deal_session(actor=None, session=session)
    assert deals(session) == first
    deal_session(actor=None, session=session, seed=SEED.upper())  # the recorded seed deals the same boards
    assert deals(session) == first
    other = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    deal_session(actor=None, session=other, seed=SEED)
    assert deals(other) == first


def test_imported_deals_and_finished_sessions_are_left_alone(session):
    Board.objects.filter(session=session, number=1).update(
        deal="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    with pytest.raises(ValidationError, match="imported from a file"):
        deal_session(actor=None, session=session)
    other = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    set_status(actor=None, session=other, status=Session.Status.FINISHED)
    with pytest.raises(DomainError, match="marked finished") as refused:
        deal_session(actor=None, session=other)
    assert refused.value.code == FINISHED
    assert not any(deals(other).values())


def test_a_bad_seed_is_refused_in_words(session):
    with pytest.raises(ValidationError, match="32 hexadecimal digits"):
        deal_session(actor=None, session=session, seed="not-a-seed")
    assert not any(deals(session).values())


def test_the_button_deals_and_only_a_director_sees_the_seed(director_client, django_user_model, session):
    page = director_client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert 'id="deal-boards"' in page
    answer = director_client.post(reverse("session_deal", args=[session.pk]))
    assert answer.status_code == 302
    session.refresh_from_db()
    assert session.deal_seed and all(deals(session).values())
    assert session.deal_seed in director_client.get(reverse("session_detail", args=[session.pk])).content.decode()
    scorer = django_user_model.objects.create_user(username="scorer", password="scorer-pw-12345")
    grant(scorer, Role.SCORER)
    other = Client()
    other.force_login(scorer)
    page = other.get(reverse("session_detail", args=[session.pk]))
    assert page.status_code == 200 and "Dealt by Bridgedesk." in page.content.decode()
    assert session.deal_seed not in page.content.decode()
    assert other.post(reverse("session_deal", args=[session.pk])).status_code == 403


def test_deal_command_prints_the_seed_last_and_solves_the_deals(session, capsys):
    call_command("deal", str(session.pk))
    session.refresh_from_db()
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].endswith(session.deal_seed) and any("double dummy" in line for line in out)
    with pytest.raises(CommandError, match="already dealt"):
        call_command("deal", str(session.pk), "--no-analysis")
    with pytest.raises(CommandError, match=r"There is no session 999999\."):
        call_command("deal", "999999")


def test_hand_records_pbn_and_the_public_boards_page_have_the_hands_and_par(session, client, tmp_path):
    deal_session(actor=None, session=session, seed=SEED)
    section = section_a(session)
    row = next(r for r in section_map(section).rows if r.ns_entry is not None and r.ew_entry is not None)
    lines = [LineInput(int(b), row.ns_entry.label, row.ew_entry.label, "3NT", "S", "9") for b in row.boards]
    save_lines(actor=None, section=section, lines=lines, why="test")
    solve_deals(session)
    _name, _type, pdf = reports.render("hand-records", session)
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Par" in text and "Board 1" in text
    call_command("export_pbn", str(session.pk), "--deals-only", "-o", str(tmp_path / "deals.pbn"))
    pbn = (tmp_path / "deals.pbn").read_text()
    assert all(f'[Deal "{deal}"]' in pbn for deal in deals(session).values())
    publishing.publish(actor=None, session=session, final=True)
    page = client.get(reverse("publishing:boards", args=[session.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="hand-diagram"' in html and "Par: " in html
