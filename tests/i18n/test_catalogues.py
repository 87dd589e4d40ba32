"""The shipped catalogues: complete in every shipped language, well-formed, compiled without gettext.

`makemessages` is run over the code into a copy of the catalogues (when gettext is installed; else the committed
catalogues are read as they are), and every entry of each shipped language must be translated and not fuzzy:
a new or changed English string fails this test until each shipped language has it (docs/translating.md).
"""

from __future__ import annotations

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(settings.BASE_DIR)
SHIPPED = [code for code, _name in settings.LANGUAGES if code != "en"]
DOMAINS = ("django", "djangojs")
IGNORED = [".venv", "var", "tests", "bench", "static/js/htmx.min.js", "node_modules"]
CODE_FOLDERS = ("tournaments", "templates", "static", "scoring", "config")
PLURAL_COUNTS = {"fr": 2, "nl": 2, "de": 2, "pl": 3, "it": 2, "es": 2, "sv": 2}


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory) -> Path:
    """The catalogues as makemessages leaves them after reading today's code. It runs in a copy of the code and
    the catalogues: makemessages writes into the `locale` folder beside the files it reads, and the
    repository's own catalogues must stay as committed."""
    tree = tmp_path_factory.mktemp("code")
    copy = tree / "locale"
    shutil.copytree(ROOT / "locale", copy, ignore=shutil.ignore_patterns("*.mo"))
    for folder in CODE_FOLDERS:
        shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("__pycache__", "htmx.min.js"))
    if shutil.which("xgettext") and shutil.which("msgmerge"):
        here = os.getcwd()
        os.chdir(tree)
        try:
            with override_settings(LOCALE_PATHS=[copy]):
                for domain in DOMAINS:
                    call_command("makemessages", locale=SHIPPED, domain=domain, ignore_patterns=IGNORED,
                                 no_obsolete=True, verbosity=0)  # fmt: skip
        finally:
            os.chdir(here)
    return copy


def test_every_shipped_language_has_both_catalogues_with_its_header_and_plural_rule():
    for code in SHIPPED:
        for domain in DOMAINS:
            po = polib.pofile(str(ROOT / "locale" / code / "LC_MESSAGES" / f"{domain}.po"))
            assert po.metadata["Language"] == code
            assert po.metadata["Project-Id-Version"] == "Bridgedesk"
            assert f"nplurals={PLURAL_COUNTS[code]};" in po.metadata["Plural-Forms"], (code, domain)
            assert not po.metadata_is_fuzzy


@pytest.mark.parametrize("code", SHIPPED)
def test_makemessages_leaves_no_untranslated_and_no_fuzzy_entry(catalogues, code):
    missing: list[str] = []
    for domain in DOMAINS:
        po = polib.pofile(str(catalogues / code / "LC_MESSAGES" / f"{domain}.po"))
        missing += [f"{domain}: untranslated {e.msgid!r}" for e in po.untranslated_entries()]
        missing += [f"{domain}: fuzzy {e.msgid!r}" for e in po.fuzzy_entries()]
    assert not missing, f"{len(missing)} entries of {code} to translate:\n" + "\n".join(missing[:50])


def test_compile_messages_needs_no_gettext_and_leaves_fuzzy_entries_out(tmp_path):
    messages = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    po = polib.POFile()
    po.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Language": "fr",
        "Plural-Forms": "nplurals=2; plural=(n > 1);",
    }
    po.append(polib.POEntry(msgid="Board", msgstr="Donne"))
    po.append(polib.POEntry(msgid="Round", msgstr="Tour", flags=["fuzzy"]))
    po.save(str(messages / "django.po"))
    script = (ROOT / "scripts" / "compile-messages").read_text()
    env = {**os.environ, "PATH": "/nonexistent"}  # no msgfmt to be found
    copy = tmp_path / "scripts" / "compile-messages"
    copy.parent.mkdir()
    copy.write_text(script)
    done = subprocess.run([sys.executable, str(copy)], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    compiled = gettext.GNUTranslations((messages / "django.mo").open("rb"))
    assert compiled.gettext("Board") == "Donne" and compiled.gettext("Round") == "Round"


@pytest.mark.skipif(not shutil.which("make"), reason="needs make")
@pytest.mark.parametrize(("target", "then"), [("run", "manage.py start"), ("test", "-m pytest")])
def test_make_run_and_make_test_compile_the_catalogues_on_a_fresh_machine(target, then):
    """The .mo files are not committed: `make run` and `make test` compile them before the server or the suite
    starts. `make -n -B` prints, running nothing, what a fresh machine would run (every step remade)."""
    assert "*.mo" in (ROOT / ".gitignore").read_text().split()
    # Run from `make test` (as CI does), make would print "Entering directory" lines: a make of its own, not a sub-make.
    outer = ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")
    env = {name: value for name, value in os.environ.items() if name not in outer}
    command = ["make", "--no-print-directory", "-n", "-B", target]
    dry = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    steps = dry.stdout.splitlines()
    compiled = next(i for i, step in enumerate(steps) if "scripts/compile-messages" in step)
    started = next(i for i, step in enumerate(steps) if then in step)
    assert "-m venv" in steps[0] and compiled < started, steps
