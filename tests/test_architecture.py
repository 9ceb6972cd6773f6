"""Each app is a room: it imports another app only through the doors listed here, and
no module imports itself back through others (no import cycles).

Every module of the apps (tests and migrations aside) is parsed with ``ast``, and each
import of another app must be allowed below. The rules and their reasons are the table
in docs/architecture.md; change both together.
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("portal", "pages", "games", "puzzle", "translations")

# app → the other apps' modules it may import anywhere ("portal": every portal module).
ALLOWED = {
    "portal": (),
    "pages": ("portal", "puzzle.island"),
    "games": ("portal", "puzzle.pokedex"),
    "puzzle": ("portal",),
    "translations": ("portal", "games"),
}
# The shell gathers the rooms (URLs, the API's routers, sitemaps) in this module only.
GATHERING = {"portal/urls.py"}
# Single modules with one door of their own: module → (allowed import, why).
EXCEPTIONS: dict[str, tuple[str, ...]] = {
    # Moving a translation whose Pokémon names became placeholders needs each language's
    # official names (a maintenance command, run by `make messages`).
    "translations/management/commands/carry_translations.py": ("puzzle.pokedex",),
}


def modules() -> list[Path]:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if "tests" in parts or "migrations" in parts:
                continue
            found.append(path)
    return found


def imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) of every absolute import, including those inside functions."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # ``from puzzle import pokedex`` imports the module puzzle.pokedex.
            names += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return names


def allows(door: str, module: str) -> bool:
    return module == door or module.startswith(door + ".")


def violations(path: Path) -> list[str]:
    relative = path.relative_to(ROOT).as_posix()
    app = relative.split("/", 1)[0]
    doors = ALLOWED[app] + EXCEPTIONS.get(relative, ())
    found = []
    for line, module in imported(ast.parse(path.read_text(encoding="utf-8"))):
        other = module.split(".", 1)[0]
        if other not in APPS or other == app or relative in GATHERING:
            continue
        if not any(allows(door, module) for door in doors):
            found.append(f"{relative}:{line} imports {module}")
    return found


def test_the_apps_import_each_other_only_through_their_doors():
    found = [problem for path in modules() for problem in violations(path)]
    assert not found, "\n".join(found)


def test_the_rules_name_real_modules():
    for door in {*sum(ALLOWED.values(), ()), *sum(EXCEPTIONS.values(), ())}:
        path = ROOT / door.replace(".", "/")
        assert path.with_suffix(".py").exists() or (path / "__init__.py").exists(), door
    for module in {*GATHERING, *EXCEPTIONS}:
        assert (ROOT / module).exists(), module


@pytest.mark.parametrize(
    ("module", "source", "ok"),
    [
        ("games/views.py", "from puzzle.models import Pokemon", False),
        ("games/views.py", "from puzzle import pokedex", True),
        ("games/views.py", "def f():\n    from puzzle import memory", False),
        ("pages/views.py", "import games.models", False),
        ("puzzle/api/views.py", "from games.models import Game", False),
        ("puzzle/api/views.py", "from portal import api", True),
        ("portal/views.py", "from games.models import Game", False),
        ("portal/sitemaps.py", "from puzzle.sitemaps import ArchiveSitemap", False),
        ("portal/urls.py", "from games.sitemaps import GamesSitemap", True),
    ],
)
def test_the_check_sees_forbidden_imports(tmp_path, monkeypatch, module, source, ok):
    path = tmp_path / module
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert (violations(path) == []) is ok


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module → the project modules it imports (at its top or inside a function)."""
    known = {module_name(path): path for path in modules()}
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = set()
        for _line, module in imported(ast.parse(path.read_text(encoding="utf-8"))):
            # ``from puzzle import rules`` names the module puzzle.rules, ``from puzzle.models
            # import Pokemon`` the module puzzle.models.
            while module and module not in known:
                module = module.rpartition(".")[0]
            if module and module != name and not name.startswith(module + "."):
                targets.add(module)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, done = [], set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            found.append([*trail[trail.index(module) :], module])
            return
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, [*trail, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    return found


def test_no_module_imports_itself_back():
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
