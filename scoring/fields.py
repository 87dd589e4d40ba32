"""Vectorised match points for large across-the-field events (numpy).

:func:`matchpoint_field` scores many boards at once and gives, board by board, exactly what
:func:`scoring.matchpoints.matchpoints` gives. Boards with the same number of results are scored together:
each score is packed with its position into one integer key and every row is sorted once; in a sorted row the
scores equal to a given one form a run, and its EBU match points (2 per score below, 1 per other equal score)
are simply the first plus the last index of that run. A second small sort by position puts them back in order.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

from scoring.errors import InvalidScore
from scoring.matchpoints import _unit
from scoring.messages import gettext as _

__all__ = ["FieldMatchpoints", "matchpoint_array", "matchpoint_field"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


class FieldMatchpoints(Sequence[FloatArray]):
    """Match points of a field, board by board: ``field[i]`` is a float array for board ``i``.

    When every board had the same number of results, ``array`` is the whole 2-D table (boards x results).
    ``tolist()`` gives plain Python lists, the same as calling ``matchpoints`` on each board.
    """

    __slots__ = ("_array", "_rows")

    def __init__(self, *, array: FloatArray | None = None, rows: list[FloatArray] | None = None) -> None:
        self._array = array
        self._rows = rows

    @property
    def array(self) -> FloatArray | None:
        """The table of match points (boards x results) when all boards have as many results, else None."""
        return self._array

    def __len__(self) -> int:
        if self._array is not None:
            return int(self._array.shape[0])
        return len(self._rows or [])

    @overload
    def __getitem__(self, index: int) -> FloatArray: ...

    @overload
    def __getitem__(self, index: slice) -> list[FloatArray]: ...

    def __getitem__(self, index: int | slice) -> FloatArray | list[FloatArray]:
        if self._array is not None:
            return list(self._array[index]) if isinstance(index, slice) else self._array[index]
        rows = self._rows or []
        return rows[index]

    def __iter__(self) -> Iterator[FloatArray]:
        if self._array is not None:
            return iter(self._array)
        return iter(self._rows or [])

    def tolist(self) -> list[list[float]]:
        """Plain lists of floats, board by board."""
        if self._array is not None:
            out: list[list[float]] = self._array.tolist()
            return out
        return [row.tolist() for row in self._rows or []]


def matchpoint_array(scores: npt.ArrayLike, *, scale: str = "ebu") -> FloatArray:
    """Match points of a 2-D array of N-S scores, one board per row (all boards with the same number of results)."""
    unit = _unit(scale)
    table = np.asarray(scores)
    if table.ndim != 2:
        raise InvalidScore(_("Give the scores as a table with one board per row."))
    if not np.issubdtype(table.dtype, np.integer):
        if table.size and not np.array_equal(table, np.round(table)):
            raise InvalidScore(_("Scores on a board are whole numbers of points."))
        table = table.astype(np.int64)
    n, m = table.shape
    if n == 0 or m == 0:
        return np.zeros((n, m), dtype=np.float64)
    twice = _ebu_points(table)
    return twice.astype(np.float64) if unit == 2 else twice / 2.0


def _ebu_points(table: npt.NDArray[np.integer]) -> npt.NDArray[np.integer]:
    """EBU match points (2 per score beaten, 1 per tie) of each row of an integer table."""
    n, m = table.shape
    low = int(table.min())
    spread = int(table.max()) - low + 1
    bits = max(1, (m - 1).bit_length())
    if spread << bits >= 2**62 or m > 127:
        return _ebu_points_wide(table)
    dtype = np.int32 if spread << bits < 2**31 else np.int64
    keys = ((table - low).astype(dtype) << bits) | np.arange(m, dtype=dtype)
    keys.sort(axis=1)
    values = keys >> bits
    same_as_next = (values[:, 1:] == values[:, :-1]).T.copy()  # (m - 1, n): contiguous per sorted position
    start = np.empty((m, n), dtype=np.int16)
    end = np.empty((m, n), dtype=np.int16)
    start[0] = 0
    for k in range(1, m):
        start[k] = np.where(same_as_next[k - 1], start[k - 1], k)
    end[m - 1] = m - 1
    for k in range(m - 2, -1, -1):
        end[k] = np.where(same_as_next[k], end[k + 1], k)
    # The score at sorted position k has `start` scores below it and `end - start` others equal to it, so its
    # EBU match points are 2 * start + (end - start) = start + end (at most 2(m - 1) <= 252: 8 bits).
    start += end
    back = ((keys & (2**bits - 1)).astype(np.int16) << 8) | start.T
    back.sort(axis=1)  # back into the original order of each board
    points: npt.NDArray[np.integer] = back & 0xFF
    return points


def _ebu_points_wide(table: npt.NDArray[np.integer]) -> IntArray:
    """Boards with more than 127 results (a simultaneous field of thousands), or very spread scores.

    Each row is sorted once and every score looks up the run of scores equal to it with two binary searches:
    ``left`` scores below it and ``right - left`` equal to it (itself included), so its EBU match points are
    ``2 * left + (right - left - 1) = left + right - 1``.
    """
    rows = table.astype(np.int64)
    ordered = np.sort(rows, axis=1)
    out = np.empty(rows.shape, dtype=np.int64)
    for i in range(rows.shape[0]):
        left = np.searchsorted(ordered[i], rows[i], side="left")
        right = np.searchsorted(ordered[i], rows[i], side="right")
        out[i] = left + right - 1
    return out


def matchpoint_field(boards: Sequence[Sequence[int]], *, scale: str = "ebu") -> FieldMatchpoints:
    """N-S match points of every board of a field, board by board (ragged input allowed).

    ``matchpoint_field(boards)[i].tolist() == matchpoints(boards[i])`` for every board, and
    ``matchpoint_field(boards).tolist()`` is the whole field as lists. Boards with the same number of results
    are scored together in one vectorised pass.
    """
    _unit(scale)  # reject an unknown scale even for an empty field
    lengths = list(map(len, boards))
    try:
        if not lengths or lengths.count(lengths[0]) == len(lengths):
            width = lengths[0] if lengths else 0
            return FieldMatchpoints(array=matchpoint_array(_to_table(boards, len(boards), width), scale=scale))
        groups: defaultdict[int, list[int]] = defaultdict(list)
        for index, length in enumerate(lengths):
            groups[length].append(index)
        out: list[FloatArray] = [np.empty(0)] * len(lengths)
        for length, members in groups.items():
            table = _to_table([boards[i] for i in members], len(members), length)
            for i, row in zip(members, matchpoint_array(table, scale=scale), strict=True):
                out[i] = row
        return FieldMatchpoints(rows=out)
    except OverflowError:
        raise InvalidScore(_("A score on one of the boards is far too large to be a bridge score.")) from None


def _to_table(boards: Sequence[Sequence[int]], n: int, m: int) -> IntArray:
    flat = np.fromiter(itertools.chain.from_iterable(boards), dtype=np.int64, count=n * m)
    return flat.reshape(n, m)
