"""Vectorised match points for large across-the-field events (numpy).

:func:`matchpoint_field` scores many boards at once and gives, board by board, exactly what
:func:`scoring.matchpoints.matchpoints` gives. Boards of equal length are scored together: each score is packed
with its position into one integer key, every row is sorted once, and the runs of equal scores in the sorted rows
give each score's match points (on the EBU scale, 2 x scores below + ties = first + last index of its run).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from scoring.errors import InvalidScore
from scoring.matchpoints import _unit, matchpoints

__all__ = ["matchpoint_array", "matchpoint_field"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def matchpoint_array(scores: npt.ArrayLike, *, scale: str = "ebu") -> FloatArray:
    """Match points of a 2-D array of N-S scores, one board per row (all boards with the same number of results)."""
    unit = _unit(scale)
    table = np.asarray(scores)
    if table.ndim != 2:
        raise InvalidScore("Give the scores as a table with one board per row.")
    if not np.issubdtype(table.dtype, np.integer):
        if table.size and not np.array_equal(table, np.round(table)):
            raise InvalidScore("Scores on a board are whole numbers of points.")
        table = table.astype(np.int64)
    n, m = table.shape
    if n == 0 or m == 0:
        return np.zeros((n, m), dtype=np.float64)
    twice = _ebu_points(table)
    return twice.astype(np.float64) if unit == 2 else twice / 2.0


def _ebu_points(table: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """EBU match points (2 per score beaten, 1 per tie) of each row of an integer table."""
    n, m = table.shape
    low = int(table.min())
    spread = int(table.max()) - low + 1
    bits = max(1, (m - 1).bit_length())
    if spread << bits >= 2**62:
        # Absurd scores: fall back to the plain Python scorer rather than overflow the packed keys.
        return np.array([matchpoints([int(x) for x in row]) for row in table], dtype=np.int64).reshape(n, m)
    dtype = np.int32 if spread << bits < 2**31 else np.int64
    keys = ((table - low).astype(dtype) << bits) | np.arange(m, dtype=dtype)
    keys.sort(axis=1)
    columns = keys.T.copy()  # one sorted position per row of `columns`, every board along it
    values = columns >> bits
    small = np.int16 if m < 2**14 else np.int64
    start = np.empty((m, n), dtype=small)
    end = np.empty((m, n), dtype=small)
    start[0] = 0
    for k in range(1, m):
        start[k] = np.where(values[k] == values[k - 1], start[k - 1], k)
    end[m - 1] = m - 1
    for k in range(m - 2, -1, -1):
        end[k] = np.where(values[k] == values[k + 1], end[k + 1], k)
    # The score at sorted position k has `start` scores below it and `end - start` others equal to it,
    # so 2 * below + ties = start + end.
    points = start.astype(np.int64) + end
    out = np.empty(n * m, dtype=np.int64)
    positions = (columns & (2**bits - 1)).astype(np.int64) + np.arange(0, n * m, m, dtype=np.int64)
    out[positions.ravel()] = points.ravel()
    return out.reshape(n, m)


def matchpoint_field(boards: Sequence[Sequence[int]], *, scale: str = "ebu") -> list[FloatArray]:
    """N-S match points of every board of a field, board by board, as float arrays (ragged input allowed).

    ``matchpoint_field(boards)[i].tolist() == matchpoints(boards[i])`` for every board. Boards with the same
    number of results are scored together in one vectorised pass.
    """
    _unit(scale)  # reject an unknown scale even for an empty field
    lengths = list(map(len, boards))
    if not lengths:
        return []
    first = lengths[0]
    try:
        if lengths.count(first) == len(lengths):
            table = _to_table(boards, len(boards), first)
            return list(matchpoint_array(table, scale=scale))
        groups: defaultdict[int, list[int]] = defaultdict(list)
        for index, length in enumerate(lengths):
            groups[length].append(index)
        out: list[FloatArray] = [np.empty(0)] * len(lengths)
        for length, members in groups.items():
            table = _to_table([boards[i] for i in members], len(members), length)
            for i, row in zip(members, matchpoint_array(table, scale=scale), strict=True):
                out[i] = row
        return out
    except OverflowError:
        raise InvalidScore("A score on one of the boards is far too large to be a bridge score.") from None


def _to_table(boards: Sequence[Sequence[int]], n: int, m: int) -> IntArray:
    flat = np.fromiter(itertools.chain.from_iterable(boards), dtype=np.int64, count=n * m)
    return flat.reshape(n, m)
