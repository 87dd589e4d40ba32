"""What Bridgedesk's own USEBIO and PBN files carry beyond the standard, so they come back whole.

Neither format can say that a line is a weighted score (USEBIO and PBN have only artificial scores), that a
pair was given a penalty, that a board was not played at a table, which movement the section ran or which
conventions scored it. The standard part of our files stays what other programs expect (a weighted line is an
artificial score with the match points it earned, lines not played are left off the traveller); the rest
travels as one JSON object by the formats' own means for extra data:

- USEBIO: a processing instruction after the root element, ``<?bridgedesk {...}?>``. A DTD does not constrain
  processing instructions, so the file stays valid against the USEBIO 1.2 DTD; other readers skip it.
- PBN: two new tags (PBN allows them; readers ignore tags they do not know), each a JSON object on one line:
  ``[BridgedeskSession "..."]`` in the first game (the settings, layout, late pairs, every board number and the
  rulings on no board, e.g. penalties) and ``[BridgedeskBoard "..."]`` in a board's game when it has lines
  or rulings the standard cannot hold.

The JSON: ``{"format": 1, "settings": {...}, "layout": {...}, "late": [labels], "boards": [numbers],
"rulings": [...], "rankings": {...}, "board_data": {"7": {"lines": [...], "rulings": [...]}}}`` (PBN puts each
``board_data`` entry in its board's tag; ``rankings``, see rankings.py, only when the session has them). A line
is ``{"ns", "ew", "kind"}`` plus ``weighted`` (the parts: weight, contract, declarer, tricks, ns_score) or exact
``ns_percent``/``ew_percent``; a ruling is ``{"decision", "board", "ns",
"ew", "entry", "law", "facts", "details", "penalty", "appeal"}`` (and ``appeal_record`` once an appeal is lodged,
see interchange/appeals.py) where ``details.previous`` (what withdrawing it restores) is a list of
``{"ns", "ew", "state"}``. Pure Python: the exporter and importer deal with the models.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.core.text import is_digits

from .errors import InterchangeError
from .pbn_scan import Game
from .records import BoardRecord, LineRecord, RulingRecord, SessionRecord

FORMAT = 1
PI_TARGET = "bridgedesk"
SESSION_TAG = "BridgedeskSession"
BOARD_TAG = "BridgedeskBoard"
SETTINGS = (
    "mp_scale",
    "edition",
    "use_neuberg",
    "scale_missed_boards",
    "average_plus_own_percentage",
    "average_minus_own_percentage",
    "neuberg_rounding",
    "artificial_among_real",
    "percentage_basis",
    "traveller_factored",
    "imps_unplayed_zero",
)
LAYOUT = ("movement_kind", "movement_variant", "tables", "rounds", "boards_per_round")
_LINE_KINDS = ("artificial", "not_played", "assigned", "weighted")
RESTORED = (
    "kind",
    "contract",
    "declarer",
    "tricks",
    "ns_score",
    "ns_percent",
    "ew_percent",
    "weighted",
)  # a line's state

# ---------------------------------------------------------------------------------------------- writing


def _line(line: LineRecord) -> dict[str, Any] | None:
    """What the standard part cannot say about a line, or None when it says it all."""
    out: dict[str, Any] = {"ns": line.ns_pair, "ew": line.ew_pair, "kind": line.kind}
    if line.kind == "weighted":
        out["weighted"] = line.weighted
    elif line.kind == "artificial":
        exact = [line.ns_percent, line.ew_percent]
        if all(p is not None and float(p).is_integer() for p in exact):
            return None  # A6040 says it exactly
        out["ns_percent"], out["ew_percent"] = exact
    elif line.kind not in ("assigned", "not_played"):
        return None
    return out


def _ruling(ruling: RulingRecord) -> dict[str, Any]:
    return {
        "decision": ruling.decision,
        "board": ruling.board,
        "ns": ruling.ns_pair,
        "ew": ruling.ew_pair,
        "entry": ruling.entry,
        "law": ruling.law,
        "facts": ruling.facts,
        "details": ruling.details,
        "penalty": ruling.penalty,
        "appeal": ruling.appeal,
        **({"appeal_record": ruling.appeal_record} if ruling.appeal_record else {}),
    }


def board_part(record: SessionRecord, board: BoardRecord) -> dict[str, Any] | None:
    """A board's lines and rulings beyond the standard, or None when there are none."""
    lines = [x for x in (_line(line) for line in board.lines) if x is not None]
    rulings = [_ruling(r) for r in record.rulings or [] if r.board == board.number]
    if not lines and not rulings:
        return None
    return {"lines": lines, "rulings": rulings}


def session_part(record: SessionRecord) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "settings": record.settings,
        "layout": record.layout,
        "late": record.late,
        "boards": [b.number for b in record.boards],
        "rulings": [_ruling(r) for r in record.rulings or [] if r.board is None],
        **({"rankings": record.rankings} if record.rankings else {}),
    }


def payload(record: SessionRecord) -> dict[str, Any]:
    """The whole object, as the USEBIO processing instruction holds it."""
    parts = {str(b.number): board_part(record, b) for b in record.boards}
    return {**session_part(record), "board_data": {k: v for k, v in parts.items() if v is not None}}


def dumps(data: dict[str, Any]) -> str:
    """One line of JSON with no ``>`` (so never ``?>``, which would end a processing instruction)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace(">", "\\u003e")


# ---------------------------------------------------------------------------------------------- reading


def loads(text: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InterchangeError(
            _("Bridgedesk's own data is not valid JSON (%(msg)s).") % {"msg": exc.msg}, where
        ) from None
    if not isinstance(data, dict):
        raise InterchangeError(_("Bridgedesk's own data must be a JSON object."), where)
    return data


def _dict(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise InterchangeError(_("Bridgedesk's own data: %(key)s must be an object.") % {"key": key}, where)
    return value


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise InterchangeError(_("Bridgedesk's own data: %(key)s must be a list.") % {"key": key}, where)
    return value


def _number(value: Any, what: str, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InterchangeError(
            _("Bridgedesk's own data: %(what)s %(value)s is not a number.") % {"what": what, "value": repr(value)},
            where,
        )
    return float(value)


def _read_ruling(item: Any, record: SessionRecord, board: int | None, where: str) -> RulingRecord:
    if not isinstance(item, dict) or not isinstance(item.get("decision"), str):
        raise InterchangeError(_("Bridgedesk's own data: a ruling needs its decision."), where)
    labels = {p.label for p in record.pairs}
    texts = {k: item.get(k) or "" for k in ("ns", "ew", "entry", "law", "facts", "appeal")}
    if not all(isinstance(v, str) for v in texts.values()):
        raise InterchangeError(_("Bridgedesk's own data: a ruling's pairs, law and facts are text."), where)
    for key in ("ns", "ew", "entry"):
        if texts[key] and texts[key] not in labels:
            raise InterchangeError(
                _("Bridgedesk's own data: a ruling names pair %(texts)s, not in the file.") % {"texts": texts[key]},
                where,
            )
    details = item.get("details") or {}
    if not isinstance(details, dict):
        raise InterchangeError(_("Bridgedesk's own data: a ruling's details must be an object."), where)
    appeal_record = item.get("appeal_record") or {}
    if not isinstance(appeal_record, dict):
        raise InterchangeError(_("Bridgedesk's own data: a ruling's appeal record must be an object."), where)
    return RulingRecord(
        decision=item["decision"],
        board=board,
        ns_pair=texts["ns"],
        ew_pair=texts["ew"],
        entry=texts["entry"],
        law=texts["law"],
        facts=texts["facts"],
        details=details,
        penalty=_number(item.get("penalty"), "penalty", where),
        appeal=texts["appeal"] or "none",
        appeal_record=appeal_record,
        where=where,
    )


def _new_line(board: BoardRecord, ns: Any, ew: Any, labels: set[str], where: str) -> LineRecord:
    """A line the standard part left off, checked as the readers check a traveller's lines."""
    if not isinstance(ns, str) or not isinstance(ew, str) or ns not in labels or ew not in labels or ns == ew:
        raise InterchangeError(
            _("Bridgedesk's own data: board %(number)s has no line %(ns)s v %(ew)s.")
            % {"number": board.number, "ns": ns, "ew": ew},
            where,
        )
    if any(x.ns_pair == ns or x.ew_pair == ew or x.ns_pair == ew or x.ew_pair == ns for x in board.lines):
        raise InterchangeError(
            _("Bridgedesk's own data: %(ns)s or %(ew)s plays board %(number)s twice.")
            % {"ns": ns, "ew": ew, "number": board.number},
            where,
        )
    line = LineRecord(ns_pair=ns, ew_pair=ew, where=where)
    board.lines.append(line)
    return line


def _read_line(item: Any, board: BoardRecord, labels: set[str], where: str) -> None:
    if not isinstance(item, dict) or item.get("kind") not in _LINE_KINDS:
        raise InterchangeError(
            _("Bridgedesk's own data: board %(number)s has a line of unknown kind.") % {"number": board.number}, where
        )
    ns, ew, kind = item.get("ns"), item.get("ew"), item["kind"]
    line = next((x for x in board.lines if x.ns_pair == ns and x.ew_pair == ew), None)
    if line is None:
        # lines the standard part leaves off: not played, or weighted where there is no top (IMPs)
        if kind not in ("not_played", "weighted"):
            raise InterchangeError(
                _("Bridgedesk's own data: board %(number)s has no line %(ns)s v %(ew)s.")
                % {"number": board.number, "ns": ns, "ew": ew},
                where,
            )
        line = _new_line(board, ns, ew, labels, where)
    line.kind = kind
    if kind == "not_played":
        line.ns_points = line.ew_points = None
    elif kind == "weighted":
        parts = item.get("weighted")
        if not isinstance(parts, list) or not parts or not all(isinstance(p, dict) for p in parts):
            raise InterchangeError(
                _("Bridgedesk's own data: the weighted score on board %(number)s has no parts.")
                % {"number": board.number},
                where,
            )
        for part in parts:
            _number(part.get("weight"), "weight", where)
            if not isinstance(part.get("ns_score"), int) or isinstance(part.get("ns_score"), bool):
                raise InterchangeError(
                    _("Bridgedesk's own data: a weighted part on board %(number)s has no score.")
                    % {"number": board.number},
                    where,
                )
        try:
            scoring.Weighted(tuple((float(p["weight"]), p["ns_score"]) for p in parts))
        except scoring.ScoringError as exc:
            raise InterchangeError(
                _("Bridgedesk's own data, board %(number)s: %(exc)s") % {"number": board.number, "exc": exc}, where
            ) from None
        line.weighted = parts
        line.ns_percent = line.ew_percent = None
    elif kind == "artificial":
        line.ns_percent = _number(item.get("ns_percent"), "ns_percent", where)
        line.ew_percent = _number(item.get("ew_percent"), "ew_percent", where)
        if line.ns_percent is None or line.ew_percent is None:
            raise InterchangeError(_("Bridgedesk's own data: an artificial score needs both percentages."), where)
    elif not line.contract:
        raise InterchangeError(
            _("Bridgedesk's own data: the assigned score on board %(number)s has no contract.")
            % {"number": board.number},
            where,
        )


def apply(
    record: SessionRecord, session: dict[str, Any], boards: dict[int, tuple[dict[str, Any], str]], where: str
) -> None:
    """Put the file's own data into the record read from its standard part (``boards``: number -> data, where)."""
    version = session.get("format")
    if version != FORMAT:
        record.warnings.append(
            _("Bridgedesk's own data is format %(version)s; this version reads %(format)s.")
            % {"version": version, "format": FORMAT}
        )
    record.settings = _dict(session, "settings", where)
    record.layout = _dict(session, "layout", where)
    record.late = [x for x in _list(session, "late", where) if isinstance(x, str)]
    record.rankings = _dict(session, "rankings", where)  # shown as read; our scores are recomputed on import
    by_number = {b.number: b for b in record.boards}
    for number in _list(session, "boards", where):
        if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= 9999 and number not in by_number:
            by_number[number] = BoardRecord(number=number, where=where)
    record.boards = [by_number[n] for n in sorted(by_number)]
    rulings = [_read_ruling(item, record, None, where) for item in _list(session, "rulings", where)]
    for number, (data, board_where) in sorted(boards.items()):
        board = by_number.get(number)
        if board is None:
            raise InterchangeError(
                _("Bridgedesk's own data names board %(number)s, which the file does not hold.") % {"number": number},
                board_where,
            )
        for item in _list(data, "lines", board_where):
            _read_line(item, board, {p.label for p in record.pairs}, board_where)
        rulings += [_read_ruling(item, record, number, board_where) for item in _list(data, "rulings", board_where)]
    record.rulings = rulings


def apply_payload(record: SessionRecord, text: str, where: str) -> None:
    """Read the USEBIO processing instruction's JSON into the record."""
    data = loads(text, where)
    raw = _dict(data, "board_data", where)
    boards: dict[int, tuple[dict[str, Any], str]] = {}
    for key, value in raw.items():
        if not key.isdigit() or not isinstance(value, dict):
            raise InterchangeError(
                _("Bridgedesk's own data: board_data %(key)s is not a board.") % {"key": repr(key)}, where
            )
        boards[int(key)] = (value, where)
    apply(record, data, boards, where)


# ---------------------------------------------------------------------------------------------- PBN tags


def pbn_tags(record: SessionRecord, board: BoardRecord, *, first: bool) -> list[str]:
    """The session's own data as a tag in the first game, each board's in its own game."""
    parts = [(SESSION_TAG, session_part(record))] if first else []
    board_data = board_part(record, board)
    if board_data is not None:
        parts.append((BOARD_TAG, board_data))
    return [f'[{name} "{_pbn_quote(dumps(data))}"]' for name, data in parts]


def _pbn_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def read_pbn_tags(record: SessionRecord, games: list[Game]) -> None:
    """Bridgedesk's own tags, if the file has them."""
    session: tuple[dict[str, Any], str] | None = None
    boards: dict[int, tuple[dict[str, Any], str]] = {}
    for game in games:
        tag = game.tags.get(SESSION_TAG)
        if tag is not None and session is None:
            session = (loads(tag.value, f"line {tag.line}"), f"line {tag.line}")
        tag = game.tags.get(BOARD_TAG)
        if tag is not None and is_digits(game.value("Board")):
            boards[int(game.value("Board"))] = (loads(tag.value, f"line {tag.line}"), f"line {tag.line}")
    if session is not None:
        apply(record, session[0], boards, session[1])
