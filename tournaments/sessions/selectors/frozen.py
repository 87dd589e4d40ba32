"""Objects one process shares between requests and threads, made read-only so that no caller can change them.

A process keeps its copy of a section's scores (selectors/scores.py) and answers every request at that version
with the same object instead of unpickling its own each time; a page that changed it would change what every
other page shows. `freeze` walks the dataclasses, turns their lists into tuples and their dicts into
`FrozenDict`s, and marks each so that assigning to an attribute raises. (The model objects inside, the entries and
results, are not frozen: the tests check that every page leaves them as they were.)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import fields, is_dataclass
from typing import Any, Generic, NoReturn, TypeVar

T = TypeVar("T")
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


class LocalCopies(Generic[T]):
    """The last `size` values this process kept, by stamp, shared by its threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stamp: str) -> T | None:
        with self._lock:
            return self._items.get(stamp)

    def put(self, stamp: str, value: T) -> None:
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
