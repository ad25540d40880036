"""A game lives in one place: a game made for the tests (tests/fixtures/nim: its own engine,
content in five languages, a worked example, a tutorial with a practice move) is served by
the site with no change to any shared module, and the shared layers name no game."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from app import create_app
from content.loader import load_site
from search import build

ROOT = Path(__file__).resolve().parent.parent
NIM = ROOT / "tests" / "fixtures" / "nim"
SHARED_CODE = [ROOT / "app.py", *sorted((ROOT / "web").rglob("*.py")), *sorted((ROOT / "search").rglob("*.py")),
               *sorted((ROOT / "content").glob("*.py")), *sorted((ROOT / "content" / "tutorial").glob("*.py")),
               *sorted((ROOT / "publish").glob("*.py")), *sorted((ROOT / "deploy").glob("*.py")),
               ROOT / "engine" / "core.py", ROOT / "engine" / "play.py", ROOT / "engine" / "examples.py"]
SHARED_FILES = [*(ROOT / "templates").glob("*.html"), *(ROOT / "templates" / "tools").glob("*.html"),
                *(ROOT / "static").glob("*.css"), *(ROOT / "static").glob("*.js")]


@pytest.fixture(scope="module")
def nim_client(tmp_path_factory):
    sys.path.insert(0, str(NIM))  # where the game's content says its engine is ("engine: nim_engine")
    try:
        content = NIM / "content"
        index = tmp_path_factory.mktemp("nim-index")
        build(index, site=load_site(content))
        app = create_app({"CONTENT_DIR": str(content), "INDEX_DIR": str(index), "QUIET_LOG": True})
        yield app.test_client()
    finally:
        sys.path.remove(str(NIM))


def page(client, url: str, status: int = 200) -> str:
    r = client.get(url)
    assert r.status_code == status, (url, r.status_code)
    return r.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "ko", "fi"])
def test_the_game_page_and_its_rules(nim_client, lang):
    names = {"en": "Nim", "ko": "님", "fi": "Nim"}
    assert names[lang] in page(nim_client, f"/{lang}/nim/")
    rule = page(nim_client, f"/{lang}/nim/nim.turn.take")
    labels = {"en": "Stones in the pile", "ko": "더미에 남은 돌", "fi": "Kiviä kasassa"}
    assert labels[lang] in rule  # the worked example drawn from the engine's view
    assert 'class="example verified"' in rule
    refusals = {"en": "You may take only one or two stones", "ko": "돌은 한 개나 두 개만",
                "fi": "Saat ottaa vain yhden tai kaksi kiveä"}
    assert refusals[lang] in rule  # the engine's refusal, in the reader's language


def test_search_finds_the_games_entries(nim_client):
    html = page(nim_client, "/en/search?q=can+I+take+three+stones")
    assert "/en/nim/nim.faq.take-three" in html
    r = nim_client.get("/api/v1/search", query_string={"q": "마지막 돌", "lang": "ko"})
    assert r.get_json()["results"][0]["id"] == "nim.end.last-stone"


def test_the_tutorial_with_its_practice_move(nim_client):
    assert "Who is playing?" in page(nim_client, "/en/nim/tutorial/")
    r = nim_client.get("/en/nim/tutorial/players", query_string={"t": "v1", "a": "2"})
    assert r.status_code == 303
    practice = r.headers["Location"]
    html = page(nim_client, practice)
    assert "Stones in the pile" in html and 'name="m" value="t2"' in html  # the game's own table template
    refused = page(nim_client, practice + "&m=t3")
    assert "You may take only one or two stones" in refused
    r = nim_client.get(practice + "&m=t2")
    assert r.status_code == 303
    assert "Well played" in page(nim_client, r.headers["Location"])


def test_the_game_has_no_tools_and_says_so(nim_client):
    page(nim_client, "/en/nim/tools", status=404)


# --- the shared layers name no game -----------------------------------------------------------


def game_ids() -> list[str]:
    return sorted(p.name for p in (ROOT / "content" / "games").iterdir() if p.is_dir()) + ["nim"]


def code_words(path: Path) -> str:
    """A module's names and strings, docstrings left out (they may give a game as an example)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words += [a.name for a in node.names] + [getattr(node, "module", None) or ""]
    return "\n".join(words)


@pytest.mark.parametrize("path", SHARED_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path):
    words = code_words(path).lower()
    for game in game_ids():
        assert not re.search(rf"\b{game}\b", words), f"{path.relative_to(ROOT)} names {game}"


@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_templates_and_assets_name_no_game(path):
    text = path.read_text(encoding="utf-8").lower()
    for game in game_ids():
        assert not re.search(rf"\b{game}\b", text), f"{path.relative_to(ROOT)} names {game}"


# --- modules a reader can hold ---------------------------------------------------------------


def project_modules() -> dict[str, Path]:
    out = {}
    for top in ("app.py", "web", "search", "content", "engine", "publish", "deploy"):
        base = ROOT / top
        for path in ([base] if base.is_file() else sorted(base.rglob("*.py"))):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def test_no_module_is_longer_than_a_reader_can_hold():
    long = {name: n for name, path in project_modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 420}
    assert not long, long


def runtime_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:` (imports for type hints only)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                todo.extend(child.orelse)
                continue
            todo.append(child)


def test_no_import_circles():
    modules = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    edges.add(target)
        graph[name] = edges
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        seen[node] = 1
        stack.append(node)
        for nxt in graph.get(node, ()):
            if seen.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in seen:
                visit(nxt)
        stack.pop()
        seen[node] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name)
