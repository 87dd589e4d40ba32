"""The PBN and USEBIO readers' messages are whole translatable sentences (issue 27): no refusal or note is built
with an f-string (which the catalogue cannot hold), and the line a message is about stays in it, translated."""

import ast
from pathlib import Path

import pytest
from django.utils import translation

from tournaments.interchange import errors
from tournaments.interchange.pbn import read_pbn

ROOT = Path(__file__).resolve().parents[3] / "tournaments" / "interchange"
MODULES = ["pbn.py", "pbn_results.py", "pbn_sets.py", "usebio.py", "usebio_boards.py", "bws.py", "bws_tables.py"]


def _messages(tree: ast.AST) -> list[ast.expr]:
    """The first argument of each InterchangeError(...), warnings.append(...) and located(..., message)."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in ("InterchangeError", "append"):
            found.append(node.args[0])
        if name == "located" and len(node.args) == 2:
            found.append(node.args[1])
    return found


@pytest.mark.parametrize("module", MODULES)
def test_no_message_is_an_f_string(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text())
    built = [ast.unparse(m) for m in _messages(tree) if isinstance(m, ast.JoinedStr)]
    assert built == []


def test_a_note_keeps_its_line_in_the_readers_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The place and the sentence go through the catalogue: a (stand-in) French catalogue words both."""
    french = {"line %(line)s": "ligne %(line)s", "%(where)s: %(message)s": "%(where)s : %(message)s"}
    monkeypatch.setattr(errors, "_", lambda text: french.get(text, text))
    assert errors.located("line 12, Board 3", "Bad.") == "ligne 12, Board 3 : Bad."
    with translation.override("en"):
        pbn = '[Event "x"]\n[Date "20151006"]\n[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n'
        notes = read_pbn(pbn).warnings
    assert any(n.startswith("ligne 2 : Date '20151006' is not a PBN date") for n in notes), notes
