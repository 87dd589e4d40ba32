"""No function of ours runs past 60 lines unless its docstring says why (issue 21, "smaller pieces").

A long function hides its steps; splitting it into named helpers names them. The count is the body's lines,
from the first statement after the docstring to the last line, blank lines and comments included, for every
function and method (nested ones too) in the project's own packages. Where splitting would truly hurt reading,
the docstring says so with a sentence starting "Long because".
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scoring", "tournaments", "config", "scripts")
MAX_BODY_LINES = 60
REASON = "long because"
EXEMPT: tuple[str, ...] = ()  # no package is exempt


def _body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the first statement after the docstring to the end of the function (0 if only a docstring)."""
    body = node.body
    if ast.get_docstring(node) is not None:
        body = body[1:]
    if not body:
        return 0
    return (node.end_lineno or body[-1].lineno) - body[0].lineno + 1


def _too_long(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Over the limit, and no "Long because" in the docstring."""
    reason = REASON in (ast.get_docstring(node) or "").lower()
    return _body_lines(node) > MAX_BODY_LINES and not reason


def long_functions() -> list[str]:
    """`path name (n lines)` for every function over the limit whose docstring gives no reason."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "migrations" in path.parts or rel.startswith(EXEMPT):
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if _too_long(node):
                    found.append(f"{rel} {node.name} ({_body_lines(node)} lines)")
    return found


def test_no_function_passes_60_lines_without_a_reason() -> None:
    assert long_functions() == []


def test_the_count_skips_the_docstring_and_honours_a_reason() -> None:
    """The rule itself: a docstring does not count, a long body does, and "Long because" excuses it."""
    body = "\n".join(f"    x{i} = {i}" for i in range(61))
    plain = ast.parse(f'def f():\n    """Doc.\n\n    More."""\n{body}\n').body[0]
    short = ast.parse('def f():\n    """Doc."""\n' + "\n".join(f"    x{i} = {i}" for i in range(60))).body[0]
    assert isinstance(plain, ast.FunctionDef) and isinstance(short, ast.FunctionDef)
    assert _body_lines(plain) == 61
    assert _body_lines(short) == 60
    assert _too_long(plain) and not _too_long(short)
    excused = ast.parse(f'def f():\n    """Long because it is a table."""\n{body}\n').body[0]
    assert isinstance(excused, ast.FunctionDef) and not _too_long(excused)
    assert all(Path(ROOT / p).is_dir() for p in EXEMPT)
