"""Names as shown are names as stored: right-to-left overrides, isolates and zero-width characters are removed
(typed or imported), and an imported name too long for the field is shortened with a note in the import report."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.text import NAME_MAX, clean_name, shortened_name
from tournaments.interchange.importers import import_usebio
from tournaments.sessions.models import EntryPlayer, Member
from tournaments.sessions.services.sessions import SectionSpec, set_players

pytestmark = pytest.mark.django_db

HIDDEN = "\u202eA\u200bli\u200dce\u2066 \u2069Sm\ufeffith\u200f\u061c"


def test_clean_name_removes_overrides_and_zero_width_characters():
    assert clean_name(HIDDEN) == "Alice Smith"
    assert clean_name("  Zoë   O'Neil\u00a0 ") == "Zoë O'Neil"  # a no-break space is a space, kept as one
    assert clean_name("山田 太郎") == "山田 太郎"
    name, note = shortened_name("x" * (NAME_MAX + 5), where="The name")
    assert (
        name == "x" * NAME_MAX
        and note == f"The name was {NAME_MAX + 5} characters long: shortened to {NAME_MAX} ('{'x' * NAME_MAX}')."
    )


def test_a_typed_name_is_stored_clean(director):
    entry = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).entries.first()
    set_players(actor=director, entry=entry, players=[(HIDDEN, None), ("\u202etrebor", None)])
    assert list(entry.players.order_by("seat").values_list("name", flat=True)) == ["Alice Smith", "trebor"]


def test_a_member_typed_on_the_members_page_is_stored_clean(director_client):
    response = director_client.post("/members/", {"name": HIDDEN, "national_id": "", "email": ""})
    assert response.status_code == 302
    assert Member.objects.filter(name="Alice Smith").count() == 1


def test_an_imported_name_is_cleaned_and_a_long_one_shortened_with_a_note(howell_xml: bytes):
    names = re.findall(rb"<PLAYER_NAME>(.*?)</PLAYER_NAME>", howell_xml)
    long_name = "Bartholomew " * 20
    data = howell_xml.replace(
        b"<PLAYER_NAME>" + names[0] + b"</PLAYER_NAME>", ("<PLAYER_NAME>" + long_name + "</PLAYER_NAME>").encode(), 1
    )
    data = data.replace(
        b"<PLAYER_NAME>" + names[1] + b"</PLAYER_NAME>", ("<PLAYER_NAME>" + HIDDEN + "</PLAYER_NAME>").encode(), 1
    )
    report = import_usebio(data, filename="names.xml")
    stored = set(EntryPlayer.objects.filter(entry__section__session=report.session).values_list("name", flat=True))
    assert "Alice Smith" in stored
    assert long_name.strip()[:NAME_MAX].rstrip() in stored
    notes = [w for w in report.warnings if "characters long: shortened to 120" in w]
    assert len(notes) == 1 and notes[0].startswith("The name of player 1 of pair ")
    assert not any(re.search("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]", n) for n in stored)
