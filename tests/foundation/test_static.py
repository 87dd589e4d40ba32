"""Static files live beside their app: the table phone's scripts in tournaments/tableside/static/, the teams
match's in tournaments/teams/static/, the score entry's in tournaments/sessions/static/; only what every page
shares (HTMX, push, poll, confirm, the language switch, the style sheets) stays in the project's static/. Their
URLs did not move: every `{% static %}` a template names and every file the table page's offline worker
precaches is found, and `collectstatic` gathers them all."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"""\{% static ['"]([^'"]+)['"] %\}|static\(["']([^"']+)["']\)""")
OWN = {
    "tournaments/tableside": ["js/table.js", "js/party.js", "js/room.js", "js/screen.js", "js/bidding.js"],
    "tournaments/teams": ["js/teams_entry.js"],
    "tournaments/sessions": ["js/entry.js"],
}


def named_files() -> set[str]:
    found: set[str] = set()
    for path in [
        *ROOT.glob("templates/**/*.html"),
        *ROOT.glob("tournaments/**/*.html"),
        *ROOT.glob("tournaments/**/*.py"),
    ]:
        for match in NAMED.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found


def test_every_named_static_file_is_found() -> None:
    named = named_files()
    assert {"js/table.js", "js/teams_entry.js", "js/entry.js", "js/push.js", "css/bridgedesk.css"} <= named
    assert [name for name in sorted(named) if finders.find(name) is None] == []


def test_each_apps_scripts_are_its_own() -> None:
    for app, names in OWN.items():
        for name in names:
            assert Path(str(finders.find(name))) == ROOT / app / "static" / name
            assert not (ROOT / "static" / name).exists()


def test_collectstatic_gathers_every_app(tmp_path: Path, settings: Any) -> None:
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", "--noinput", verbosity=0)
    for name in [*named_files(), *(name for names in OWN.values() for name in names)]:
        assert (tmp_path / name).is_file(), name
