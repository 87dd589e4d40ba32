"""Permissions held in the current club: the roles a login has there (ClubRole), not Django's global groups."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend

from tournaments.clubs.models import ClubRole
from tournaments.core.access import ROLE_PERMISSIONS, Role
from tournaments.core.tenancy import current_club_id, only_club_id


def club_permissions(user_id: int, club_id: int | None) -> set[str]:
    """`tournaments.<codename>` for every permission of the user's roles in the club."""
    if club_id is None:
        return set()
    roles = ClubRole.objects.filter(user_id=user_id, club_id=club_id).values_list("role", flat=True)
    return {p.full for r in roles if r in Role._value2member_map_ for p in ROLE_PERMISSIONS[Role(r)]}


class ClubRoleBackend(ModelBackend):
    """`user.has_perm` (so `@requires`, templates' `perms`) answers for the current club (or the only club).

    A superuser (the service administrator) holds every permission everywhere, as Django has it; a permission
    given to the login itself still counts; a role counts only in the club it was granted in.
    """

    def get_all_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        club = current_club_id() or only_club_id()
        cache: dict[int | None, set[str]] = user_obj.__dict__.setdefault("_club_perm_cache", {})
        if club not in cache:
            cache[club] = set(self.get_user_permissions(user_obj)) | club_permissions(user_obj.pk, club)
        return cache[club]

    def get_group_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        return set()
