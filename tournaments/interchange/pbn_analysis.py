"""The double-dummy analysis a PBN file publishes, kept with the board: ``[DoubleDummyTricks]``,
``[OptimumResultTable]``, ``[OptimumScore]`` and ``[ParContract]`` (as BridgeComposer, Big Deal's and DDS's tools
write them). Kept as the file gives it so that it can be set against Bridgedesk's own solution (:mod:`.dd_compare`).

``DoubleDummyTricks`` is 20 hexadecimal digits: for declarer N, S, E, W in turn, the tricks in NT, S, H, D, C
(``-`` or ``*`` for a cell not given). A value that cannot be read is left out with a note naming its line; the
board and its results are imported all the same.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from .errors import InterchangeError
from .pbn_scan import Game, read_table

DECLARERS = "NSEW"  # the order of DoubleDummyTricks
STRAINS = ("NT", "S", "H", "D", "C")
_DENOMINATIONS = {"N": "NT", "NT": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
_SCORE = re.compile(r"^(NS|EW)\s+(-?[0-9]{1,5})$", re.IGNORECASE)
_PAR = re.compile(r"^(NS|EW|N|S|E|W)\s+([1-7](?:NT|[SHDCN]))(X{0,2})(?:\s*([+-][0-9]+))?$", re.IGNORECASE)


def _tricks_from_digits(value: str) -> dict[str, dict[str, int]]:
    text = value.strip()
    if len(text) != 20 or re.fullmatch(r"[0-9A-Da-d*-]{20}", text) is None:
        raise ValueError(f"DoubleDummyTricks {text[:24]!r} is not 20 digits 0 to D")
    tricks: dict[str, dict[str, int]] = {s: {} for s in STRAINS}
    for i, char in enumerate(text):
        if char not in "*-":
            tricks[STRAINS[i % 5]][DECLARERS[i // 5]] = int(char, 16)
    return tricks


def _tricks_from_table(game: Game) -> dict[str, dict[str, int]]:
    table = read_table(game.tags["OptimumResultTable"])
    tricks: dict[str, dict[str, int]] = {s: {} for s in STRAINS}
    for _line, row in table.rows:
        seat, strain = row.get("Declarer", "").upper(), _DENOMINATIONS.get(row.get("Denomination", "").upper())
        result = row.get("Result", "")
        if seat not in DECLARERS or strain is None or not result.isdigit() or int(result) > 13:
            raise ValueError(f"the row {seat or '?'} {row.get('Denomination', '?')} {result or '?'} is not read")
        tricks[strain][seat] = int(result)
    return tricks


def _optimum_score(value: str) -> int:
    """North-South's par score from ``NS 420`` / ``EW -100`` (the side the score is given for)."""
    match = _SCORE.match(value.strip())
    if match is None:
        raise ValueError(f"OptimumScore {value[:24]!r} is not a side and a score (NS 420)")
    score = int(match.group(2))
    return score if match.group(1).upper() == "NS" else -score


def _par_contract(value: str) -> list[str]:
    """``NS 4S``, ``EW 5DX -2``, several separated by ``;`` or ``,``: kept as written, each one checked."""
    parts = [p.strip() for p in re.split(r"[;,]", value) if p.strip()]
    if not parts:
        raise ValueError(f"ParContract {value.strip()[:24]!r} names no contract")
    for part in parts:
        if part.upper() not in ("PASS", "NS PASS", "EW PASS") and _PAR.match(part) is None:
            raise ValueError(f"ParContract {part[:24]!r} is not a side and a contract (NS 4S)")
    return parts


def published_analysis(game: Game, board: int, warnings: list[str]) -> dict[str, Any]:
    """What the game publishes of its deal's analysis: ``tricks`` [strain][seat], ``par_score`` (NS's side),
    ``par_contracts``; empty when it publishes none. A tag that cannot be read is noted and left out."""
    out: dict[str, Any] = {}
    readers = (
        ("OptimumResultTable", "tricks", lambda: _tricks_from_table(game)),
        ("DoubleDummyTricks", "tricks", lambda: _tricks_from_digits(game.value("DoubleDummyTricks"))),
        ("OptimumScore", "par_score", lambda: _optimum_score(game.value("OptimumScore"))),
        ("ParContract", "par_contracts", lambda: _par_contract(game.value("ParContract"))),
    )
    for tag, key, read in readers:
        if tag not in game.tags or key in out or not (game.value(tag).strip("?") or game.tags[tag].data):
            continue
        try:
            value = read()
        except (ValueError, InterchangeError) as exc:
            reason = exc.message if isinstance(exc, InterchangeError) else str(exc)
            warnings.append(
                _("line %(line)s, Board %(board)s: %(reason)s; the file's %(tag)s is left out.")
                % {"line": game.tags[tag].line, "board": board, "reason": reason, "tag": tag}
            )
            continue
        if value or value == 0:
            out[key] = value
    return out
