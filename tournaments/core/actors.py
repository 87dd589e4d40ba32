"""Who did something: a logged-in user, an anonymous visitor, or nobody (a command, a background job)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

Actor = AbstractBaseUser | AnonymousUser | None


def user_of(actor: Actor) -> AbstractBaseUser | None:
    """The user to store in a foreign key: None for anonymous visitors and for the system."""
    if actor is not None and getattr(actor, "is_authenticated", False) and isinstance(actor, AbstractBaseUser):
        return actor
    return None
