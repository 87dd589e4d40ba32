"""Dependencies point one way, with no circles, no module past 500 lines, and none of our modules imported
inside a function to dodge a circle: only the modules in HEAVY, which load a heavy library that a web process
answering pages never needs, are imported where they are used (tests/test_cold_start.py checks the other half:
a new web process loads none of those libraries).

Layers, lowest first: scoring <- tournaments.movements <- tournaments.core <- tournaments.audit <-
tournaments.printing <- tournaments.sessions <- the other domains (parties, interchange, publishing, tableside, teams).
The root modules (the `tournaments` app's apps and tasks; each domain app's apps, admin and management commands)
wire everything and may import anything; nothing imports them but Django.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = [
    "scoring",
    "tournaments.movements",
    "tournaments.core",
    "tournaments.clubs",  # clubs as tenants: the current club itself is in core (tenancy.py), the models here
    "tournaments.audit",
    "tournaments.printing",
    "tournaments.sessions",
    (
        "tournaments.parties",
        "tournaments.interchange",
        "tournaments.publishing",
        "tournaments.tableside",
        "tournaments.teams",
    ),
    "tournaments.simultaneous",  # above sessions and interchange (its clubs' files come in through the importer)
]
# Each domain is a Django app (docs/development.md): its apps.py, admin.py and management commands are roots;
# `tournaments` is the wiring app (apps, tasks, urls).
APPS = ("core", "audit", "printing", "sessions", "parties", "interchange", "publishing", "tableside", "teams")
APPS += ("simultaneous", "clubs")
ROOTS = (
    "tournaments.apps",
    "tournaments.tasks",
    *(f"tournaments.{app}.{part}" for app in APPS for part in ("apps", "admin", "management")),
)
MAX_LINES = 500
# Our modules that may be imported inside a function, and the library that makes them worth it. Nothing else:
# no dotted-path registries, no private resolvers (issue 21), just an import where the heavy thing is used.
HEAVY = {
    "tournaments.sessions.reports": "ReportLab",
    "tournaments.sessions.services.analysis": "endplay (DDS) and ReportLab, via the hand records",
    "tournaments.parties.reports": "ReportLab",
    "tournaments.teams.reports": "ReportLab",
    "tournaments.simultaneous.reports": "ReportLab",
    "tournaments.publishing.email": "ReportLab (the score cards it sends)",
    "tournaments.sessions.exports": "django-tables2's exports (tablib)",
    "tournaments.sessions.tasks": "Celery",
    "tournaments.printing.tasks": "Celery",
    "tournaments.publishing.tasks": "Celery (the CDN's purge job)",
}


def rank(module: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        for name in (layer,) if isinstance(layer, str) else layer:
            if module == name or module.startswith(name + "."):
                return i
    return None


def modules() -> dict[str, Path]:
    out = {}
    for top in ("scoring", "tournaments"):
        for path in (ROOT / top).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imports(path: Path, module: str) -> list[tuple[str, bool, int]]:
    """(imported module, inside a function?, line) for every import of our own code."""
    tree = ast.parse(path.read_text())
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                found.extend((a.name, in_function, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - child.level + 1] + ([base] if base else []))
                found.append((base, in_function, child.lineno))
                found.extend((f"{base}.{a.name}", in_function, child.lineno) for a in child.names)
            visit(child, inner)

    visit(tree, False)
    ours = set(modules())
    return [(m, f, line) for m, f, line in found if m in ours]


def test_lower_layers_never_import_higher_ones():
    wrong = []
    for module, path in modules().items():
        if module.startswith(ROOTS):
            continue
        mine = rank(module)
        for target, _in_function, line in imports(path, module):
            theirs = rank(target)
            if target.startswith(ROOTS) and not module.startswith(ROOTS):
                wrong.append(f"{module}:{line} imports the app root {target}")
            elif mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{module}:{line} imports {target}, a higher layer")
    assert wrong == []


def test_no_import_circles():
    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in modules().items():
        for target, in_function, _line in imports(path, module):
            if not in_function and target != module and not module.startswith(target + "."):
                graph[module].add(target)
    seen: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def walk(node: str) -> None:
        seen[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if seen.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in seen:
                walk(nxt)
        stack.pop()
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            walk(node)
    # A package's __init__ re-exporting its own modules is not a circle between layers.
    real = [c for c in cycles if len({m.split(".")[:3][-1] for m in c}) > 1 or len(c) > 3]
    assert real == []


def _heavy(target: str) -> bool:
    return any(target == name or target.startswith(name + ".") for name in HEAVY)


def test_none_of_our_modules_is_imported_inside_a_function():
    inside = [
        f"{module}:{line} imports {target} inside a function"
        for module, path in modules().items()
        if not module.startswith(ROOTS)  # the app config imports the domains in ready(), as Django asks
        for target, in_function, line in imports(path, module)
        if in_function and not _heavy(target)
    ]
    assert inside == []


def test_every_heavy_module_is_ours_and_used():
    """The allow-list names only modules that exist and that something imports where it is used."""
    ours = modules()
    used = {target for module, path in ours.items() for target, inside, _line in imports(path, module) if inside}
    assert [name for name in HEAVY if name not in ours] == []
    assert [name for name in HEAVY if not any(t == name or t.startswith(name + ".") for t in used)] == []


def test_no_module_passes_500_lines():
    long = {m: len(p.read_text().splitlines()) for m, p in modules().items()}
    assert {m: n for m, n in long.items() if n > MAX_LINES} == {}
