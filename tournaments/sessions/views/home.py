"""The start page: what this login may do, and the latest sessions; anonymous visitors see the published results."""

from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.core.access import Perm, has, public
from tournaments.sessions.models import Session


def greeting(hour: int) -> str:
    """The greeting for the club's local hour (TIME_ZONE): a morning duplicate is not an evening one."""
    if 5 <= hour < 12:
        return _("Good morning")
    if 12 <= hour < 18:
        return _("Good afternoon")
    return _("Good evening")


@public
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect("publishing:index")
    sessions = (
        Session.objects.filter(archived_at__isnull=True)
        .select_related("event")
        .annotate(table_count=Sum("sections__tables"))[:30]
    )
    return render(
        request,
        "home.html",
        {
            "sessions": sessions,
            "archived": Session.objects.filter(archived_at__isnull=False).count(),
            "greeting": greeting(timezone.localtime().hour),
            "can_direct": has(request.user, Perm.DIRECT),
            "can_enter": has(request.user, Perm.ENTER_RESULTS),
            "can_view": has(request.user, Perm.VIEW_RESULTS),
        },
    )
