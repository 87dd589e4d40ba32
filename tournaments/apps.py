from typing import Any

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """The composition root: each domain is a Django app of its own (its models, admin, commands, migrations);
    this one wires them together (URLs, tasks, the hooks below) and keeps the migrations from before the move."""

    name = "tournaments"
    verbose_name = "Bridgedesk"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tournaments.core.languages import login_language

        user_logged_in.connect(login_language, dispatch_uid="bridgedesk-login-language")
        # The laptop's web server (`manage.py start` runs Django's threaded server) queues 10 connections by
        # default: 60 phones sending at once overflowed it and some were reset. Queue as many as a room holds.
        from django.core.servers.basehttp import WSGIServer

        WSGIServer.request_queue_size = 256
        # The pure layers' messages (scoring, movements) in the reader's language: they cannot import Django.
        from django.utils.translation import gettext, ngettext

        from scoring import messages as pure_messages

        pure_messages.use_translation(gettext, ngettext)
        # Each domain registers its kinds of file with the one job pipeline, and the function that queues a job.
        # Imported here, at start-up, so that no lower layer imports a higher one; none of these loads ReportLab
        # or Celery, which a web process needs only for its first PDF or job (tests/test_cold_start.py).
        import tournaments.parties.jobs
        import tournaments.publishing.jobs
        import tournaments.sessions.jobs
        import tournaments.simultaneous.jobs
        import tournaments.teams.competitions
        import tournaments.teams.jobs  # noqa: F401
        from tournaments.parties import seals as party_seals
        from tournaments.printing import jobs
        from tournaments.sessions import printables
        from tournaments.sessions import seals as session_seals
        from tournaments.teams import seals as teams_seals

        jobs.set_sender(_send_job)
        for sealed in (session_seals, party_seals, teams_seals):  # the rows the audit log seals (audit/seals.py)
            sealed.register()
        from tournaments.tableside.cards import table_urls

        printables.set_table_urls(table_urls)  # the printed cards' QR codes
        from tournaments.publishing import federations
        from tournaments.simultaneous.federation import federation_rows

        federations.set_federation_events(federation_rows)  # a federation's page lists its simultaneous events
        from tournaments.clubs import services as club_services

        club_services.set_recorder(_audit_new_club)  # every new club is in the audit log (clubs/services.py)
        _register_write_hooks()
        _register_gauges()


def _audit_new_club(actor: Any, club: Any, how: str) -> None:
    from tournaments.audit import services as audit
    from tournaments.audit.actions import AuditAction

    audit.record(actor=actor, action=AuditAction.CLUB_CREATE, target=club, new=audit.snapshot(club), why=how)


def _register_write_hooks() -> None:
    """What the write path brings up to date in the writer's transaction, so that no GET has to write it: the
    public corrections after every change, a table's link and settings when its section is set up."""
    from tournaments.parties.selectors import party_versions
    from tournaments.publishing.cdn import purge_after_write
    from tournaments.publishing.rebuild import rebuild_after_write
    from tournaments.publishing.services import corrections_after_write
    from tournaments.sessions.services import sessions, versions
    from tournaments.tableside import events
    from tournaments.tableside.hub import after_write as push_after_write
    from tournaments.tableside.services import set_up_tables
    from tournaments.teams.selectors import event_versions

    versions.after_write(corrections_after_write)
    versions.after_write(purge_after_write)  # after the commit, when configured
    versions.after_write(rebuild_after_write)  # the public pages' new version, by a job after the commit
    versions.after_write(push_after_write)  # pushed to the pages once the write commits
    events.register_owner("teams", event_versions)  # rooms' pages stream their event
    events.register_owner("party", party_versions)  # party pages and party tables' phones stream their party
    sessions.on_set_up(set_up_tables)


def _send_job(job_id: int) -> None:
    """Queue a job on the broker: the task module (and Celery) loads with the first job a process queues."""
    from tournaments.printing.tasks import send_job

    send_job(job_id)


def _register_gauges() -> None:
    """What /metrics reads from the database at each scrape: jobs by status (the queue's depth is `queued`)
    and the results stored, by kind (played, and the rest)."""
    from django.db.models import Count

    from tournaments.core import metrics
    from tournaments.printing.models import GeneratedFile
    from tournaments.sessions.models import Result

    def jobs() -> dict[str, float]:
        counts = dict(GeneratedFile.objects.values_list("status").annotate(n=Count("id")).order_by())
        return {status: counts.get(status, 0) for status in GeneratedFile.Status.values}

    def results() -> dict[str, float]:
        return dict(Result.objects.values_list("kind").annotate(n=Count("id")).order_by())

    metrics.gauge("bridgedesk_jobs", "Background jobs (PDF books, imports) by status", "status", jobs)
    metrics.gauge("bridgedesk_results_stored", "Board results stored, by kind", "kind", results)
