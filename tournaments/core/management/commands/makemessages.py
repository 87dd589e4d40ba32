"""Django's makemessages, also reading `N_("...")`: the pure layers (scoring/, movements, the games' rules) mark
strings with `N_` (scoring.messages.gettext_noop under a short name) because they cannot import Django, and
xgettext knows only the names Django passes it. Without this, those strings never reach the catalogues."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
