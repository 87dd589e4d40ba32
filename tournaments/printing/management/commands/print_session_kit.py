"""`manage.py print_session_kit SESSION --out DIR`: guide cards, travellers and pickup slips as PDFs."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from config.siteurl import reach_warning
from tournaments.printing import jobs
from tournaments.printing.management.commands.print_results import Command as PrintResults


class Command(PrintResults):
    help = "Write the paper for a session's tables: guide-cards.pdf, travellers.pdf, pickup-slips.pdf."
    kinds = jobs.KIT_KINDS

    def handle(self, *args: Any, **options: Any) -> None:
        super().handle(*args, **options)
        if warning := reach_warning(settings.SITE_URL):  # the QR codes on the guide cards carry this address
            self.stderr.write(warning)
