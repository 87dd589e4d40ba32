"""The event root: the one way a row that belongs to an event (a generated file, an audit entry, a publication,
a screen link) names the event it belongs to.

An event is a session, a party, a teams event or a simultaneous; those are the four *roots*. A row owned by one
of them holds one nullable foreign key per root kind it may belong to, all made by `root_field` (same column
names `session_id`, `party_id`, `team_event_id`, `simultaneous_id` in every table), a check constraint made by
`exactly_one_root` that the database enforces (exactly one set; "at most one" for the audit log, whose
"global" entries belong to no event), and the `Rooted` mixin, which reads the owner back one way: `root`,
`root_kind`, `root_id`, `root_key` ("session:12", the audit chain's own spelling).

Why plain foreign keys and not a generic relation or one owner table: a generic relation (content type + id)
has no foreign key, so the database could neither cascade a deleted party to its files nor refuse a row naming
a missing event; an owner table would add a join to every download and every audit page and a second row to
write in every gateway. Typed foreign keys keep the cascades and the indexes the tables already have, and the
constraint makes "exactly one" a fact of the database, not of the code.

Models are named by their app label ("duplicate.Session"), so this module imports no domain (it sits in
`core`, below them all).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.db.models import Q

# kind -> the model it names (app label.Model). The kind is the column's name without "_id", and the first
# word of the root key.
ROOTS: dict[str, str] = {
    "session": "duplicate.Session",
    "party": "parties.Party",
    "team_event": "teams.TeamEvent",
    "simultaneous": "simultaneous.Simultaneous",
}


# What may own a generated file besides an event: a season competition spans many sessions, so its printed
# standings belong to the competition itself (printing/models.py). Not an event root: audit entries, links and
# publications never name one, and `root_of` still answers only the four roots.
FILE_OWNERS: dict[str, str] = {**ROOTS, "competition": "duplicate.Competition"}


def root_field(
    kind: str,
    *,
    related_name: str,
    on_delete: Any = models.CASCADE,
    db_constraint: bool = True,
    db_index: bool = True,
) -> models.ForeignKey[Any, Any]:
    """The nullable foreign key naming a root (or another file owner, FILE_OWNERS) of this kind (the check
    constraint holds which one is set).

    The audit log passes `on_delete=DO_NOTHING, db_constraint=False` (the log outlives what it describes) and
    `db_index=False` (an indexed column would make SQLite rebuild the table to drop it, losing the log's
    append-only triggers; it indexes the column in its Meta instead).
    """
    return models.ForeignKey(
        FILE_OWNERS[kind],
        null=True,
        blank=True,
        on_delete=on_delete,
        db_constraint=db_constraint,
        db_index=db_index,
        related_name=related_name,
    )


def exactly_one_root(kinds: tuple[str, ...], *, name: str, or_none: bool = False) -> models.CheckConstraint:
    """The database's rule that a row names exactly one root among `kinds` (or none at all, with `or_none`)."""
    condition = Q()
    for kind in kinds:
        condition |= Q(**{f"{other}__isnull": other != kind for other in kinds})
    if or_none:
        condition |= Q(**{f"{kind}__isnull": True for kind in kinds})
    return models.CheckConstraint(condition=condition, name=name)


def kind_of(event: models.Model) -> str:
    """The root kind of an event row ("session", "party", ...); a row that is no root is refused."""
    return kind_of_model(type(event))


def root_key(kind: str, pk: int) -> str:
    """The owner as one string: "session:12", "party:3" (as the audit chains name a session's chain)."""
    return f"{kind}:{pk}"


def owned_by(event: models.Model) -> dict[str, Any]:
    """The keyword arguments naming this event as a row's root: to create (`Model(**owned_by(party))`) and to
    filter (`Model.objects.filter(**owned_by(party))`)."""
    return {kind_of(event): event}


class Rooted:
    """Reads a row's root back, whichever of its root columns is set. A model lists its kinds in `ROOT_KINDS`
    (the same tuple its `exactly_one_root` constraint is made from)."""

    ROOT_KINDS: ClassVar[tuple[str, ...]] = tuple(ROOTS)

    @property
    def root_kind(self) -> str | None:
        """Which kind of event owns the row; None only for the audit log's global entries."""
        for kind in self.ROOT_KINDS:
            if getattr(self, f"{kind}_id") is not None:
                return kind
        return None

    @property
    def root_id(self) -> int | None:
        kind = self.root_kind
        return None if kind is None else int(getattr(self, f"{kind}_id"))

    @property
    def root(self) -> models.Model | None:
        """The owning event itself (one query, unless already loaded)."""
        kind = self.root_kind
        return None if kind is None else getattr(self, kind)

    @property
    def root_key(self) -> str:
        """ "session:12", "party:3", ... or "global" for a row that belongs to no event."""
        kind, pk = self.root_kind, self.root_id
        return "global" if kind is None or pk is None else root_key(kind, pk)


def root_of(row: models.Model) -> tuple[str, int] | None:
    """The event a row belongs to, as (kind, id): the row itself when it is an event, its root column when it
    has one (`Rooted`), else its parent's, along the path its class names in `ROOT_PATH` (a party's table:
    `ROOT_PATH = "round.party"`; only the last step's id is read, so a loaded parent costs no query). None for a
    row that names no event (a member, a login): the audit log's "global" entries."""
    if row._meta.label in ROOTS.values():
        return kind_of(row), int(row.pk)
    if isinstance(row, Rooted):
        kind, pk = row.root_kind, row.root_id
        return None if kind is None or pk is None else (kind, pk)
    path = getattr(type(row), "ROOT_PATH", "")
    if not path:
        return None
    *parents, last = path.split(".")
    owner: Any = row
    for step in parents:
        owner = getattr(owner, step)
    kind = kind_of_model(owner._meta.get_field(last).related_model)
    pk = getattr(owner, f"{last}_id")
    return None if pk is None else (kind, int(pk))


def kind_of_model(model: type[models.Model]) -> str:
    """The root kind of an event model ("parties.Party" -> "party")."""
    label = model._meta.label
    for kind, name in ROOTS.items():
        if name == label:
            return kind
    raise ValueError(f"{label} is not an event root (one of {', '.join(ROOTS.values())})")
