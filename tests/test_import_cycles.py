"""No import circle among service/'s modules (issue 39 item 7), counting every import a module makes: at its
top, inside a function (a lazy import that reaches back up is a circle hidden, not gone) or under
TYPE_CHECKING. A circle inside one game's own package (service/rules/<game>/) is that game's affair; any other
fails, named module by module."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICE = ROOT / "service"
GAMES_PACKAGE = "service.rules."


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, name: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` (module ``name``) imports anywhere in its body: ``from a import
    b`` is module ``a.b`` where that is a module, else ``a``. Imports by name count too: a string naming a module
    (the CLI's lazy commands, ``"service.cli.suggestions:play"``), and in a package's ``__init__`` an
    ``import_module`` of a computed name imports every module below it (the rooms of service/api/operations)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value.partition(":")[0])
        elif path.name == "__init__.py" and _computed_import(node):
            found.update(module for module in modules if module.startswith(package + "."))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in modules else base)
    return {module for module in found if module in modules and module != name}


def _computed_import(node: ast.AST) -> bool:
    """Whether ``node`` is ``import_module`` of a name computed at run time (a string it names counts above)."""
    if not isinstance(node, ast.Call) or not node.args or isinstance(node.args[0], ast.Constant):
        return False
    function = node.func
    return (function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)) == "import_module"


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in SERVICE.rglob("*.py")}
    modules = set(paths)
    return {name: imported(path, name, modules) for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def one_games_own(component: list[str]) -> bool:
    """Whether every module of ``component`` is in the same game's package, service/rules/<game>/ (a package
    with a ``game.py``)."""
    packages = {module.split(".")[2] if module.startswith(GAMES_PACKAGE) else None for module in component}
    if len(packages) != 1 or None in packages:
        return False
    (package,) = packages
    return (SERVICE / "rules" / package / "game.py").exists()


def test_no_import_circle_in_service_outside_one_games_package():
    found = [component for component in circles(import_graph()) if not one_games_own(component)]
    assert found == [], "import circles: " + "; ".join(" <-> ".join(component) for component in found)


def test_the_reader_counts_an_import_inside_a_function(tmp_path):
    """A circle made only by a lazy import, and one by a relative import, are found."""
    graph = {"service.a": {"service.b"}, "service.b": set(), "service.c": {"service.d"}, "service.d": {"service.c"}}
    source = tmp_path / "b.py"
    source.write_text("def late():\n    from service.a import thing\n    from . import c\n", encoding="utf-8")
    graph["service.b"] = imported(source, "service.b", set(graph))
    assert graph["service.b"] == {"service.a", "service.c"}
    by_name = tmp_path / "e.py"
    by_name.write_text(
        'import importlib\nLAZY = {"go": "service.a:go"}\n'
        'ROOMS = [importlib.import_module(f"{__name__}.{n}") for n in "x"]\n',
        encoding="utf-8",
    )
    named = {"service.a", "service.e", "service.e.x", "service.f"}
    assert imported(by_name, "service.e", named) == {"service.a"}  # not a package: no module below it
    (tmp_path / "__init__.py").write_text(by_name.read_text(encoding="utf-8"), encoding="utf-8")
    assert imported(tmp_path / "__init__.py", "service.e", named) == {"service.a", "service.e.x"}
    assert sorted(circles(graph)) == [["service.a", "service.b"], ["service.c", "service.d"]]
    assert one_games_own(["service.rules.briscola", "service.rules.briscola.game"])
    assert not one_games_own(["service.rules.briscola.game", "service.rules.briscan.game"])
    assert not one_games_own(["service.rules.bots", "service.rules.bots.common"])  # not a game's package


def test_imports_by_name_are_in_the_graph():
    """The rooms service/api/operations loads by computed names, and the CLI's lazy commands, are edges the
    circle test sees."""
    graph = import_graph()
    rooms = {module for module in graph if module.startswith("service.api.operations.")}
    assert rooms and rooms <= graph["service.api.operations"]
    assert {"service.cli.suggestions", "service.cli.notation", "service.cli.analysis"} <= graph["service.cli"]
