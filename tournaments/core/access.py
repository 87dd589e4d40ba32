"""Who may do what: Bridgedesk's permissions, the roles (Django groups) that hold them, and `requires`.

Every view states its permission with `@requires(Perm.X)` (or `@public` for the published pages, the table
pages whose token is the key, and the login). The decorator records it on the view, so the test that walks
every URL of the URLconf knows what each view demands without a list kept by hand.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.apps import apps
from django.contrib.auth.models import AnonymousUser, Group, Permission, User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.text import get_text_list
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from tournaments.core.tenancy import current_club_id, new_row_club

APP_LABEL = "core"  # the app of Access, which holds the permissions (tournaments/core/apps.py)

# Any response: a page, or a stream (the table side's server-sent events are StreamingHttpResponses).
View = TypeVar("View", bound=Callable[..., HttpResponseBase])


class Perm(enum.StrEnum):
    """Bridgedesk's permissions (codenames of core.Access's Meta.permissions)."""

    MANAGE_CLUB = "manage_club"
    DIRECT = "direct_sessions"
    ENTER_RESULTS = "enter_results"
    VIEW_RESULTS = "view_results"
    VIEW_CONTACTS = "view_member_contact"
    VIEW_AUDIT = "view_audit_log"

    @property
    def full(self) -> str:
        return f"{APP_LABEL}.{self.value}"

    @property
    def label(self) -> str:
        return {
            "manage_club": _("manage the club"),
            "direct_sessions": _("direct sessions"),
            "enter_results": _("enter results"),
            "view_results": _("see results"),
            "view_member_contact": _("see members' contact details"),
            "view_audit_log": _("read the audit log"),
        }[self.value]


class Role(enum.StrEnum):
    ADMINISTRATOR = "administrator"
    DIRECTOR = "director"
    SCORER = "scorer"
    PLAYER = "player"

    @property
    def group_name(self) -> str:
        return {"administrator": "Club administrator"}.get(self.value, self.value.title())


# The one table of who may do what. A scorer enters results and reads what entering needs; a player reads results.
ROLE_PERMISSIONS: dict[Role, frozenset[Perm]] = {
    Role.ADMINISTRATOR: frozenset(Perm),
    Role.DIRECTOR: frozenset({Perm.DIRECT, Perm.ENTER_RESULTS, Perm.VIEW_RESULTS, Perm.VIEW_CONTACTS, Perm.VIEW_AUDIT}),
    Role.SCORER: frozenset({Perm.ENTER_RESULTS, Perm.VIEW_RESULTS}),
    Role.PLAYER: frozenset({Perm.VIEW_RESULTS}),
}


def ensure_roles() -> None:
    """Create the role groups with exactly their permissions (run after every migrate; safe to repeat)."""
    perms = {p.codename: p for p in Permission.objects.filter(content_type__app_label=APP_LABEL)}
    for role, granted in ROLE_PERMISSIONS.items():
        group, _created = Group.objects.get_or_create(name=role.group_name)
        group.permissions.set([perms[p.value] for p in granted if p.value in perms])


def grant(user: User, role: Role, *, revoke: bool = False, club_id: int | None = None) -> None:
    """Give (or take back) a role in one club: `club_id`, else the current club, else the only club.

    Roles are held per club (`clubs.ClubRole`, read by `clubs.backends.ClubRoleBackend`); the global groups
    above only describe the roles in the admin. (The model is looked up by name: clubs is a higher layer.)
    """
    club_role = apps.get_model("clubs", "ClubRole")
    club = club_id or current_club_id() or new_row_club()
    if revoke:
        club_role.objects.filter(user=user, club_id=club, role=role.value).delete()
    else:
        club_role.objects.get_or_create(user=user, club_id=club, role=role.value)


def has(user: User | AnonymousUser, perm: Perm) -> bool:
    return bool(user.is_authenticated and user.has_perm(perm.full))


def requires(*perms: Perm) -> Callable[[View], View]:
    """The view needs all of `perms`: anonymous visitors go to the login, others without them get a 403 page."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            missing = [p for p in perms if not request.user.has_perm(p.full)]
            if missing:
                labels = get_text_list([str(p.label) for p in missing], gettext("and"))
                return render(request, "403.html", {"missing": missing, "missing_labels": labels}, status=403)
            return view(request, *args, **kwargs)

        guarded.required_permissions = perms  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return decorate


def public(view: View) -> View:
    """The view is open to anyone (published results, the table page whose token is the key, the login)."""
    view.required_permissions = ()  # type: ignore[attr-defined]
    return view
