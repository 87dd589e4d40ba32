"""Objects one process shares between requests and threads, made read-only so that no caller can change them.

A process keeps its copy of a section's scores (selectors/scores.py) and answers every request at that version
with the same object instead of unpickling its own each time; a page that changed it would change what every
other page shows. `freeze` walks the dataclasses, turns their lists into tuples and their dicts into
`FrozenDict`s, and marks each so that assigning to an attribute raises. (The model objects inside, the entries and
results, are not frozen: the tests check that every page leaves them as they were.)
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, Generic, NoReturn, TypeVar

from django.core.cache import cache

from tournaments.core.once import get_or_build

K = TypeVar("K")
V = TypeVar("V")


class FrozenError(AttributeError):
    """A caller tried to change an object every request of the process shares."""


class Freezable:
    """A dataclass that `freeze` can make read-only: assigning to a field of a frozen one raises."""

    def __setattr__(self, name: str, value: object) -> None:
        if self.__dict__.get("_frozen"):
            raise FrozenError(f"{type(self).__name__} is shared by every request: make a copy to change {name}")
        object.__setattr__(self, name, value)


class FrozenDict(dict[K, V]):
    """A dict that refuses changes (picklable, unlike MappingProxyType)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise FrozenError("this mapping is shared by every request: make a copy to change it")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))


def _frozen_value(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_frozen_value(v) for v in value)
    if isinstance(value, dict):
        return FrozenDict({k: _frozen_value(v) for k, v in value.items()})
    if isinstance(value, Freezable) and not value.__dict__.get("_frozen"):
        freeze(value)
    return value


def freeze(obj: Freezable) -> None:
    """Make `obj` and every Freezable, list and dict it holds read-only (in place)."""
    assert is_dataclass(obj)
    for f in fields(obj):
        object.__setattr__(obj, f.name, _frozen_value(getattr(obj, f.name)))
    seal(obj)


def seal(obj: Freezable) -> None:
    """Mark `obj` read-only without walking it: a copy (`dataclasses.replace`) of a frozen one, whose parts are."""
    object.__setattr__(obj, "_frozen", True)


F = TypeVar("F", bound=Freezable)


class LocalCopies(Generic[F]):
    """The last `size` values this process kept, by stamp, shared by its threads, frozen.

    The stamp is stored in Django's cache beside the value (a few bytes to fetch): a process answers from its
    copy while the cache holds the same stamp. A cleared or evicted cache, or a new value at the key (another
    process rebuilt it), is a new stamp, so a copy is never answered for a value the cache no longer holds.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, F] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stamp: str) -> F | None:
        with self._lock:
            return self._items.get(stamp)

    def put(self, stamp: str, value: F) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[stamp] = value
            self._items.move_to_end(stamp)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def kept_or_built(self, key: str, build: Callable[[], F], *, ttl: int) -> F:
        """The value at `key`: this process's copy when the cache's stamp is one it holds, else the cache's or
        built (once, core/once.py), stamped, frozen and kept here."""
        stamp = cache.get(f"{key}:stamp")
        mine = None if stamp is None else self.get(stamp)
        if mine is not None:
            return mine
        (stamp, value), _stale = get_or_build(key, lambda: (uuid.uuid4().hex, build()), ttl=ttl)
        if cache.get(f"{key}:stamp") != stamp:
            cache.set(f"{key}:stamp", stamp, ttl)
        freeze(value)
        self.put(stamp, value)
        return value
