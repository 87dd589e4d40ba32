"""Start Bridgedesk on one machine: the web server and a Celery worker together; Ctrl-C stops both."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from config.siteurl import reach_warning, work_out_site_url
from tournaments.core.backups import rolling_backup
from tournaments.core.tenancy import only_club_id


def _stop_on_signal(signum: int, frame: object) -> None:
    """A TERM or HUP (a closed terminal, a service manager) stops both processes just as Ctrl-C does."""
    raise KeyboardInterrupt


def _worker_command() -> list[str]:
    """The Celery worker, with the scheduled upkeep (beat) in the same process: one machine."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "--quiet",  # no banner: the one line below says it runs
        "worker",
        "--beat",  # the scheduled upkeep (settings.CELERY_BEAT_SCHEDULE) in the same process: one machine
        "--schedule",
        settings.CELERY_BEAT_SCHEDULE_FILENAME,
        "--loglevel",
        "WARNING",
        "--hostname",
        "bridgedesk@%h",
        "--concurrency",
        "2",
        "-Q",
        settings.CELERY_TASK_DEFAULT_QUEUE,
    ]


def _web_command(host: str, port: str) -> list[str]:
    """Django's server; migrate ran the system checks already, so it skips them."""
    # The server's banner and the worker's shutdown chatter (both on stdout) would repeat what the command says,
    # so only their stderr (errors, the request log) is shown.
    return [sys.executable, "manage.py", "runserver", f"{host}:{port}", "--noreload", "--skip-checks"]


class Command(BaseCommand):
    help = "Migrate, ensure a director login, then run the web server and a Celery worker until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--no-demo", action="store_true", help="Do not offer a demo session on first start.")

    def handle(self, *args: object, **options: object) -> None:
        url = self.site_url(str(options["host"]), str(options["port"]))
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database ready: " + str(settings.DATABASES["default"]["NAME"]))
        os.environ["ROLLING_BACKUPS"] = "1"  # the web server and the worker copy the database after each session
        settings.ROLLING_BACKUPS = True
        if made := rolling_backup("daily"):
            self.stdout.write(_("Today's backup: %(made)s") % {"made": made})
        call_command("ensure_director")
        club = only_club_id()  # the laptop: the service's one club (the migration made it; made here if not)
        if not options["no_demo"] and club is not None:  # several clubs: `demo --club SLUG` by hand
            self.offer_demo()
        worker_cmd, web_cmd = _worker_command(), _web_command(str(options["host"]), str(options["port"]))
        signal.signal(signal.SIGTERM, _stop_on_signal)
        signal.signal(signal.SIGHUP, _stop_on_signal)
        # Each child in a session of its own: the terminal's Ctrl-C reaches only this command, which stops both
        # once (the worker would otherwise print "Hitting Ctrl+C again ..." as if a second one were needed).
        procs = [
            subprocess.Popen(cmd, stdout=subprocess.DEVNULL, start_new_session=True) for cmd in (worker_cmd, web_cmd)
        ]
        self.stdout.write(
            self.style.SUCCESS(
                _("\nBridgedesk is running at %(url)s/  (a Celery worker runs beside it)") % {"url": url}
            )
        )
        if warning := reach_warning(url):
            self.stdout.write(self.style.WARNING(warning))
        self.stdout.write(_("Press Ctrl-C to stop both.\n"))
        self.run_until_stopped(procs)

    def run_until_stopped(self, procs: list[subprocess.Popen[bytes]]) -> None:
        """Wait until Ctrl-C, a signal or one child ending, then stop both children (killing one that hangs)."""
        try:
            while all(p.poll() is None for p in procs):
                time.sleep(0.5)
            self.stderr.write(_("A process stopped on its own; stopping the other."))
        except KeyboardInterrupt:
            self.stdout.write(_("\nStopping the web server and the worker ..."))
        finally:
            for p in procs:
                if p.poll() is None:
                    p.send_signal(signal.SIGTERM)
            for p in procs:
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()
            self.stdout.write(_("Stopped."))

    def site_url(self, host: str, port: str) -> str:
        """The address the phones use, worked out once (config/siteurl.py) for this process and its children."""
        os.environ["HOST"], os.environ["PORT"] = host, port
        url = work_out_site_url(os.environ)
        settings.SITE_URL = url
        return url

    def offer_demo(self) -> None:
        """On a first start with no sessions, offer a scored demo evening so a newcomer sees real results."""
        from django.core.management import get_commands

        if "demo" not in get_commands():
            return
        from tournaments.sessions.models import Session

        if Session.objects.exists():
            return
        answer = "y"
        if sys.stdin.isatty():
            answer = input("No sessions yet. Create a demo evening (8-table Mitchell, scored)? [Y/n] ").strip().lower()
        if answer in ("", "y", "yes"):
            out = io.StringIO()
            call_command("demo", tables=8, movement="mitchell", seed=1, stdout=out)
            lines = out.getvalue().rstrip("\n").splitlines()
            self.stdout.write("\n".join(lines[:-1]).rstrip())  # the last line is the session's id, for scripts
