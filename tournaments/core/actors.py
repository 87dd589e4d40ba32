"""Who did something: a logged-in user, an anonymous visitor, or nobody (a command, a background job)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

# `User` is what `request.user` is (the project keeps Django's user model) and what the foreign keys hold.
Actor = User | AnonymousUser | None


def user_of(actor: Actor) -> User | None:
    """The user to store in a foreign key: None for anonymous visitors and for the system."""
    if isinstance(actor, User) and actor.is_authenticated:
        return actor
    return None
