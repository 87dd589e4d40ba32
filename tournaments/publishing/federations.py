"""A federation's (county's, district's) page: the published results of its clubs, each at its club's address."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import get_script_prefix, reverse

from tournaments.clubs.models import Federation, FederationRole
from tournaments.core.access import public
from tournaments.core.replica import reads_from_replica
from tournaments.sessions.models import Session

# (date, name, address) of the federation's own events (its simultaneous), handed over by the simultaneous app at
# start-up (tournaments/apps.py): it sits above publishing, which cannot import it.
FederationEvents = Callable[[Federation], list[tuple[object, str, str]]]
_events: list[FederationEvents] = []


def set_federation_events(provider: FederationEvents) -> None:
    _events[:] = [provider]


def club_address(request: HttpRequest, slug: str, url: str) -> str:
    """`url` (made by reverse() in this request) at the club's own address, `/c/<slug>/...`."""
    base = request.META.get("SCRIPT_NAME", "").rstrip("/")
    return f"{base}/c/{slug}/{url[len(get_script_prefix()) :]}"


def federation_sessions(federation: Federation) -> list[Session]:
    """Published sessions of the federation's clubs and of its member federations' clubs, newest first.

    Read across clubs on purpose (the base manager, not the current club's): a federation sees all its clubs.
    """
    federations = [federation.pk, *federation.children.values_list("pk", flat=True)]
    return list(
        Session._base_manager.filter(
            publication__is_public=True, archived_at__isnull=True, event__tenant__federation__in=federations
        )
        .select_related("event__tenant", "publication")
        .order_by("-date", "-id")[:300]
    )


@public
@reads_from_replica
def federation_results(request: HttpRequest, slug: str) -> HttpResponse:
    """Public: the federation's clubs and their published results."""
    federation = get_object_or_404(Federation, slug=slug)
    rows = [
        (s, club_address(request, s.event.tenant.slug, reverse("publishing:standings", args=[s.pk])))
        for s in federation_sessions(federation)
    ]
    clubs = federation.clubs.order_by("name")
    events = _events[0](federation) if _events else []
    user = request.user
    official = user.is_authenticated and (
        user.is_superuser or FederationRole.objects.filter(user=user, federation=federation).exists()
    )  # the officials are offered to start a simultaneous (simultaneous/federation_start.py)
    context = {"federation": federation, "rows": rows, "clubs": clubs, "events": events, "official": official}
    return render(request, "publishing/federation.html", context)
