"""The table links as the printed guide cards show them (QR code and address): handed to the cards at start-up."""

from __future__ import annotations

from django.db import transaction

from tournaments.sessions.models import Section
from tournaments.tableside.selectors import table_url
from tournaments.tableside.services import issue_links


def table_urls(section: Section) -> dict[int, str]:
    """{table: absolute URL of its page} for a section's live links, issuing any that are missing, so a printed
    session kit always carries codes that work (the links of tables that have one are kept as they are)."""
    with transaction.atomic():
        links = issue_links(section)
    club = section.session.event.tenant_id  # a printing job may run with no current club: name it
    return {link.table: table_url(link, club_id=club) for link in links}
