"""`manage.py serve`: Django's threaded server (as `runserver`, WhiteNoise serving the static files) whose requests
keep their database connections (tournaments/core/devserver.py); `manage.py start` runs it."""

from __future__ import annotations

from whitenoise.runserver_nostatic.management.commands.runserver import Command as RunserverCommand

from tournaments.core.devserver import KeptConnectionsServer


class Command(RunserverCommand):  # type: ignore[misc]  # WhiteNoise finds its base class at run time
    help = "Run the web server (Django's threaded server, database connections kept between requests)."
    server_cls = KeptConnectionsServer
