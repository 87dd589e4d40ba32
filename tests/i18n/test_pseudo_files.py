"""One file of each kind the job runner makes (PDFs, text reports) and each e-mail, in the pseudo language.

Rendered as a worker renders them, with the pseudo language active; the PDFs' text is extracted (pypdf). Any
English word outside the ⟦wrapped⟧ parts, once the stored data is taken out, did not go through the catalogue.
"""

from __future__ import annotations

import io
import re
from collections import defaultdict
from typing import Any

import pytest
from django.core import mail
from pypdf import PdfReader

from tests.i18n import pseudo
from tests.i18n.test_pseudo_pages import report, stored_data
from tournaments.printing import registry
from tournaments.printing.base import ReportError
from tournaments.publishing.delivery import send_test_message
from tournaments.sessions.models import Member

pytestmark = pytest.mark.django_db


def owner_ids(world: dict[str, Any]) -> dict[str, int]:
    return {
        "session": world["session"].pk,
        "party": world["party"].pk,
        "team_event": world["teams"].pk,
        "simultaneous": world["simultaneous"].pk,
        "competition": world["competition"].pk,
    }


def text_of(content_type: str, content: bytes) -> str:
    if "pdf" in content_type:
        return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages)
    return content.decode(errors="replace")


def file_leaks(world: dict[str, Any]) -> dict[str, set[str]]:
    ids = owner_ids(world)
    data = stored_data()
    leaks: dict[str, set[str]] = defaultdict(set)
    with pseudo.active():
        for kind, spec in sorted(registry.KINDS.items()):
            target = spec.load(ids[spec.owner])
            spec.run_prepare(target)
            try:
                filename, content_type, content = spec.run_render(target, "a4", lambda fraction, message: None)
                text = text_of(content_type, content)
            except ReportError as refused:  # this world cannot make it: the refusal is words a director reads
                filename, text = "refused", str(refused)
            for line in leaking_lines(text, data):
                leaks[f"{kind} ({filename})"].add(line)
    return leaks


def leaking_lines(text: str, data: list[str]) -> list[str]:
    """The lines of a file holding an English word. The file is read as one text first: a PDF breaks a long
    name or a wrapped sentence over two lines, and a name is data only whole ("Gerald Clarke & Victor"
    then "Wheeler" are not), as "⟦...⟧" is only whole."""
    words = set(pseudo.leaks(" ".join(text.split()), data))
    if not words:
        return []
    return [
        pseudo.unwrapped(line).strip()[:100]
        for line in text.splitlines()
        if words & set(re.findall(r"[A-Za-z][A-Za-z']{2,}", pseudo.unwrapped(line)))
    ]


def test_one_file_of_each_kind_is_in_the_pseudo_language(world):
    leaks = file_leaks(world)
    assert not leaks, report(leaks)


def test_the_results_e_mail_is_in_the_members_language_and_all_through_the_catalogue(world, pseudo_shipped):
    """The e-mail is built in the member's language whoever sends it: a member with the pseudo language gets
    a subject made by the catalogue, another member's stays in the club's language (English here)."""
    seat = world["session"].sections.get().entries.first().players.first()
    member = Member.objects.create(name="Pseudo Reader", email="pseudo@example.org", language=pseudo.CODE)
    seat.member = member
    seat.save()
    other = Member.objects.create(name="Club Reader", email="club@example.org")
    seat2 = world["session"].sections.get().entries.last().players.first()
    seat2.member = other
    seat2.save()
    from tournaments.publishing.email import send_results

    send_results(world["session"])
    sent = {m.to[0]: m for m in mail.outbox}
    assert sent["pseudo@example.org"].subject.startswith("⟦")
    assert pseudo.leaks(sent["pseudo@example.org"].subject, stored_data()) == []
    assert sent["club@example.org"].subject.startswith("Your results: ")


def test_every_e_mail_is_all_through_the_catalogue(world, pseudo_shipped):
    seat = world["session"].sections.get().entries.first().players.first()
    seat.member = Member.objects.create(name="Pseudo Reader", email="pseudo@example.org", language=pseudo.CODE)
    seat.save()
    from tournaments.publishing.email import send_results

    send_results(world["session"])
    with pseudo.active():
        send_test_message("admin@example.org")
    data = stored_data()
    leaks: dict[str, set[str]] = defaultdict(set)
    for message in mail.outbox:
        if message.to not in (["pseudo@example.org"], ["admin@example.org"]):
            continue
        bodies = [message.subject, message.body, *(str(c) for c, _t in getattr(message, "alternatives", []))]
        from tests.i18n.test_pseudo_pages import visible_texts

        texts = [*bodies[:2], *(t for html in bodies[2:] for t in visible_texts(html))]
        for text in texts:
            for line in text.splitlines():
                if pseudo.leaks(line, data):
                    leaks[f"e-mail to {message.to[0]}"].add(pseudo.unwrapped(line).strip()[:100])
    assert not leaks, report(leaks)
