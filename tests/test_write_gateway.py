"""The write gateway as structure: outside the services, no module writes a versioned model.

A versioned model is one whose rows a page, a score cache or an ETag reads by its owner's version (a session's
section, a teams event, a party). Changing such a row anywhere but in its owner's service would skip the lock,
the audit entry, the version bump or the derived state (public corrections), so pages would keep serving what
was there before. The test reads the source (AST) of every module under tournaments/ and fails on a write to
one of them (`.save()`, `.delete()`, `.update()`, `bulk_create`, `bulk_update`, `objects.create`...) outside a
services module (`services.py` or a `services/` package) and the few writers named below with their reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "tournaments"

VERSIONED = {
    "Section",
    "Entry",
    "EntryPlayer",
    "TableRound",
    "Board",
    "Result",
    "Ruling",
    "TableSettings",
    "TableEntry",
    "SignIn",
    "TeamEvent",
    "Team",
    "TeamPlayer",
    "TeamRound",
    "TeamMatch",
    "TeamBoard",
    "TeamLineup",
    "TeamPenalty",
    "TeamRoomScore",
    "Party",
    "PartyGuest",
    "PartyRound",
    "PartyTable",
    "PartyDeal",
}
WRITES = {"save", "delete", "update", "bulk_create", "bulk_update", "create", "get_or_create", "update_or_create"}
ROW_WRITES = {"save", "delete"}
# A row's own .save()/.delete() is caught by the name it is held in (the AST knows no types): the snake-case name
# of a versioned model, or the short names the code gives them.
ROW_NAMES = {
    "section", "entry", "entry_player", "table_round", "board", "result", "ruling", "table_settings", "settings",
    "table_entry", "team_event", "team", "team_player", "team_round", "team_match", "match", "team_board",
    "lineup", "penalty", "party", "guest", "party_round", "party_table", "party_deal",
}  # fmt: skip

# Writers that are services in all but their module's name, each with why (moving them would rename modules the
# other branches of the day change too; each writes in one transaction, audited, bumping its owner's version).
WRITERS: dict[str, str] = {
    "tournaments/teams/lineups.py": "the teams write gateway's line-ups, split from services.py to keep it under "
    "500 lines (services.py's own lock, checks and version bump), one transaction and one audit entry",
    "tournaments/teams/imports.py": "the teams write gateway's import of a played event (services.py's own steps: "
    "create_event, the checks, the version bump), one transaction and one audit entry",
    "tournaments/interchange/importers.py": "the import service: a new session from a file, in one transaction, "
    "audited (session.imported, session.deals_imported) and bumped",
    "tournaments/parties/finishing.py": "the party's lifecycle service (finish, reopen, the finished guard), "
    "split from parties/services.py to keep it under 500 lines; each locked, audited (party.finish, party.reopen)",
    "tournaments/parties/hand_services.py": "the party's service for five hundred at three, five or six a table "
    "(draw, a table's deals, progression), split from parties/services.py (at 500 lines); each locked, audited",
    "tournaments/parties/score_pads.py": "the party's score-pad service (a table's totals, seat totals or deals), "
    "split from parties/services.py (at 493 lines); each locks the table, audited (party.table) and bumped",
    "tournaments/simultaneous/bulk.py": "the bulk form of the same import (hundreds of clubs' files), audited per "
    "club as a single import is",
    "tournaments/tableside/clock.py": "the table service's round clock and director's calls, split from "
    "tableside/services.py (at 500 lines); each locks the session's sections and bumps its version",
    "tournaments/tableside/table_settings.py": "the director's table settings service, split from "
    "tableside/services.py (at 514 lines); it locks each section, audits (table.settings) and bumps its version",
    "tournaments/tableside/signins.py": "the table's sign-in service: each sign-in and the director's seat fix is "
    "locked, audited (table.sign_in, table.sign_in_fix) and bumps the section (tableside/services.py is full)",
}


def is_service(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    return rel.name == "services.py" or "services" in rel.parts[:-1] or rel.parts[0] == "migrations"


def _root_name(node: ast.AST) -> str | None:
    """`Result` for `Result.objects.filter(...).update(...)`; None for anything not rooted in a plain name."""
    while True:
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Name):
            return node.id
        else:
            return None


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method = node.func.attr
        if method not in WRITES:
            continue
        target = node.func.value
        through_manager = "objects" in ast.unparse(target)
        on_manager = _root_name(target) in VERSIONED and through_manager
        on_row = method in ROW_WRITES and isinstance(target, ast.Name) and target.id in ROW_NAMES
        if on_manager or on_row:
            found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {ast.unparse(node.func)[:80]}")
    return found


def test_only_services_write_versioned_models():
    found = [
        offence
        for path in sorted(ROOT.rglob("*.py"))
        if not is_service(path) and str(path.relative_to(ROOT.parent)) not in WRITERS
        for offence in offences(path)
    ]
    assert found == []


def test_the_check_sees_a_write_outside_the_services(tmp_path):
    """The AST check itself: a view that updates a result through the manager, or saves one, is caught."""
    view = tmp_path / "view.py"
    view.write_text(
        "from tournaments.sessions.models import Result\n"
        "def v(r):\n"
        "    Result.objects.filter(pk=1).update(lead='HK')\n"
        "    result.save()\n"
    )
    assert len(offences_at(view)) == 2


def offences_at(path: Path) -> list[str]:
    """offences() for a file outside tournaments/ (the self-test)."""
    global ROOT
    saved, ROOT = ROOT, path.parent.parent
    try:
        return offences(path)
    finally:
        ROOT = saved


def test_every_kind_of_event_has_the_one_lifecycle():
    """Session, teams event and party: set up, playing, finished (tournaments/core/lifecycle.py)."""
    from tournaments.core import lifecycle
    from tournaments.parties.models import Party
    from tournaments.sessions.models import Session
    from tournaments.teams.models import TeamEvent

    for model in (Session, TeamEvent, Party):
        assert tuple(model.Status.values) == lifecycle.STAGES, model.__name__


def test_one_vp_scale_choice():
    """A Swiss pairs session and a teams event choose their VP scale from one choices class, defined once."""
    from tournaments.sessions.models import Session
    from tournaments.teams.models import TeamEvent

    assert Session.VpScale is TeamEvent.VpScale
    defined = [
        str(path.relative_to(ROOT.parent))
        for path in sorted(ROOT.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef) and node.name == "VpScale"
    ]
    assert defined == ["tournaments/sessions/models/events.py"]
