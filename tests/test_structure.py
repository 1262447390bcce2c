"""The package's shape, held by tests: one idea per module and class (modules under 1,000 lines,
classes under 400), no import circles (run time or type-checking), and no front end that asks
which game it holds (STYLE.md)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "bragkit"
GAMES = PACKAGE / "games"

#: Classes a front end must not test for: games, their rules, views and session hooks.
_GAME_CLASS = re.compile(r"^(Deal|\w*View|\w*Game|TeenPatti|BragPoker|Historic\w*|\w*Rules|"
                         r"\w*Dealing)$")
#: What a probe of a game or hook is called on.
_GAME_OBJECT = re.compile(r"\b(game|deal|hook|dealing|rules)\b", re.IGNORECASE)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """Every bragkit module ``module`` imports, wherever the import stands (top level,
    ``if TYPE_CHECKING``, inside a function)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                yield name


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_back() -> None:
    """Zero import circles, counting every import wherever it stands (a registry reads its
    plug-ins from a static table of module names: they never import it back)."""
    known = _modules()
    graph = {name: set(_imports(name, path, known)) for name, path in known.items()}
    assert _circles(graph) == []


def test_every_module_under_1000_lines_and_every_class_under_400() -> None:
    too_long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") >= 1000:
            too_long.append(f"{path.relative_to(SRC)}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size >= 400:
                    too_long.append(f"{path.relative_to(SRC)}:{node.name}: {size} lines")
    assert too_long == []


def _guards(tree: ast.AST) -> set[int]:
    """The ``isinstance`` calls that only refuse a wrong argument (``if not isinstance(x, C):
    raise ...``): a type check of an input, not a question of which game a value is."""
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.UnaryOp)
                and isinstance(node.test.op, ast.Not) and isinstance(node.test.operand, ast.Call)
                and len(node.body) == 1 and isinstance(node.body[0], ast.Raise)
                and not node.orelse):
            found.add(id(node.test.operand))
    return found


def _probes(path: Path, root: Path = SRC) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guards = _guards(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if id(node) in guards:
            continue
        where = f"{path.relative_to(root)}:{node.lineno}"
        if node.func.id == "isinstance" and len(node.args) == 2:
            classes = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for cls in classes:
                name = cls.id if isinstance(cls, ast.Name) else (
                    cls.attr if isinstance(cls, ast.Attribute) else "")
                if _GAME_CLASS.match(name):
                    yield f"{where} isinstance(…, {name})"
        if node.func.id == "getattr" and len(node.args) >= 2 and isinstance(
                node.args[1], ast.Constant):
            target = ast.unparse(node.args[0])
            if target not in ("self", "cls") and _GAME_OBJECT.search(target):
                yield f"{where} getattr({target}, {node.args[1].value!r})"


def test_the_probe_finder_finds_probes(tmp_path: Path) -> None:
    source = tmp_path / "example.py"
    source.write_text("isinstance(game, Deal)\ngetattr(self.hook, 'retained', None)\n"
                      "isinstance(text, str)\ngetattr(self, 'x')\n"
                      "if not isinstance(rules, Rules):\n    raise TypeError(rules)\n"
                      "if not isinstance(rules, Rules):\n    x = 1\n", encoding="utf-8")
    assert [p.split(" ", 1)[1] for p in _probes(source, tmp_path)] == [
        "isinstance(…, Deal)", "getattr(self.hook, 'retained')", "isinstance(…, Rules)"]


def test_no_front_end_asks_which_game_it_holds() -> None:
    found = [probe for path in sorted(PACKAGE.rglob("*.py")) if GAMES not in path.parents
             for probe in _probes(path)]
    assert found == []
