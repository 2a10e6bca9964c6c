"""Mutation testing of rules/ with the docs' worked examples as the only tests.

Each mutant is one small change to one module of the rules: a comparison or an
arithmetic operator swapped, ``//`` made ``/``, a whole number moved by one,
``True`` made ``False``, ``and`` made ``or``, a ``not`` dropped, ``min`` made
``max``, a call statement (such as one appending a step) removed. A mutant is
*killed* when a worked example on the module's page fails against it (or the
module no longer imports, or the examples crash or run past the time limit);
otherwise it *survives*: the docs would not notice that change to the rules.

Which page tests a module: the page of its system, ``rules/<name>.py`` or
``rules/<name>/...`` by ``docs/<name with - for _>.md``; a module without a page
of its own (``explain``, ``tables``, ``charts``, ``errors``, the package
``__init__``) by every page that has examples.

How it runs, fast on two cores: the parent imports the rules and parses the
pages once; each mutant runs in a forked child, which drops the mutated module
and every module importing it from ``sys.modules``, serves the mutated code
through an import hook, re-imports and evaluates the page's examples in turn,
stopping at the first failure. Two children run at a time (``--jobs``).

Not mutated, as changes there are not changes to a rule: docstrings, ``__all__``,
annotations, decorators, ``assert`` statements, strings, how a dataclass or a
``zip`` is built (``kw_only=``, ``strict=``...), and ``markdown()`` methods, which
only turn a table or chart into HTML for the site build (no example calls them;
the build and the browser tests check them).

Usage::

    scripts/mutation                          every module, scores only
    scripts/mutation --list                   and every surviving mutant
    scripts/mutation --module rules/affinity --list
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import resource
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, ModuleType

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

ROOT = Path(__file__).resolve().parent.parent

COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.In: ast.NotIn, ast.NotIn: ast.In,
}
OPERATOR_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
    ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
}
# Code that only draws for the site build (HTML and SVG), which no example calls: the build
# and the browser tests check it. Mutants there are made but not counted (shown as "not counted").
SITE_ONLY = {
    "markdown", "Bars._range",
    "_COLOURS", "_WIDTH", "_HEIGHT", "_LEFT", "_RIGHT", "_TOP", "_BOTTOM",  # rules/charts.py geometry
}
NAME_SWAPS = {"min": "max", "max": "min", "any": "all", "all": "any"}
# How a dataclass or a zip is built, not what a rule computes: zip(strict=True) checks lengths
# that always agree, field(kw_only=True) only forbids a call style the examples never use.
SKIPPED_KEYWORDS = {"strict", "kw_only", "frozen", "slots", "eq", "order", "repr", "init"}


# --- Mutants -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """One change to one module, numbered in the order `candidates` finds them."""

    path: str
    index: int
    line: int
    original: str
    mutated: str
    site_only: bool = False

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.original} -> {self.mutated}"


@dataclass
class Candidate:
    """A place to mutate: ``apply`` changes the tree in place and returns how to undo it."""

    node: ast.AST
    shown: ast.AST
    apply: Callable[[], Callable[[], None]]
    site_only: bool = False


def _short(text: str, limit: int = 72) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Finder:
    """Walks a module's tree in a fixed order and lists every mutation site."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[int, tuple[ast.AST, str, int | None]] = {}
        for parent in ast.walk(tree):
            for name, value in ast.iter_fields(parent):
                if isinstance(value, list):
                    for position, child in enumerate(value):
                        if isinstance(child, ast.AST):
                            self.parents[id(child)] = (parent, name, position)
                elif isinstance(value, ast.AST):
                    self.parents[id(value)] = (parent, name, None)

    def _replace(self, old: ast.AST, new: ast.AST) -> Callable[[], None]:
        parent, name, position = self.parents[id(old)]
        if position is None:
            setattr(parent, name, new)
            return lambda: setattr(parent, name, old)
        getattr(parent, name)[position] = new
        return lambda: getattr(parent, name).__setitem__(position, old)

    def _skipped_children(self, node: ast.AST) -> set[int]:
        skip: list[ast.AST] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip += node.decorator_list
            skip += [node.returns] if node.returns else []
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [arg for arg in (arguments.vararg, arguments.kwarg) if arg]
            skip += [arg.annotation for arg in every if arg.annotation]
        elif isinstance(node, ast.ClassDef):
            skip += node.decorator_list
        elif isinstance(node, ast.AnnAssign):
            skip.append(node.annotation)
        elif isinstance(node, ast.Call):
            skip += [kw.value for kw in node.keywords if kw.arg in SKIPPED_KEYWORDS]
        return {id(child) for child in skip}

    @staticmethod
    def _ignored(node: ast.AST) -> bool:
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            return any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets)
        if isinstance(node, ast.If):
            test = node.test
            return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
                and test.left.id == "__name__"
            )
        return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)  # docstrings

    def _walk(
        self, node: ast.AST, skipped: set[int], scope: str, site: bool
    ) -> Iterator[tuple[ast.AST, bool]]:
        if self._ignored(node) or id(node) in skipped:
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            scope = f"{scope}.{node.name}" if scope else node.name
            site = site or node.name in SITE_ONLY or scope in SITE_ONLY
        elif isinstance(node, ast.Assign) and not scope:
            names = {target.id for target in ast.walk(node) if isinstance(target, ast.Name)
                     and isinstance(target.ctx, ast.Store)}
            site = site or (bool(names) and names <= SITE_ONLY)
        yield node, site
        skipped |= self._skipped_children(node)
        for child in ast.iter_child_nodes(node):
            yield from self._walk(child, skipped, scope, site)

    def candidates(self) -> list[Candidate]:
        found: list[Candidate] = []
        for node, site in self._walk(self.tree, set(), "", False):
            for candidate in self._at(node):
                candidate.site_only = site
                found.append(candidate)
        return found

    def _shown(self, node: ast.AST) -> ast.AST:
        """The node to print for a change to ``node``: its expression, if short enough."""
        entry = self.parents.get(id(node))
        if entry and isinstance(entry[0], ast.expr) and len(ast.unparse(entry[0])) <= 60:
            return entry[0]
        return node

    def _at(self, node: ast.AST) -> list[Candidate]:
        found: list[Candidate] = []

        def swap_attr(target: ast.AST, attr: str, new: object, shown: ast.AST | None = None) -> None:
            def apply() -> Callable[[], None]:
                old = getattr(target, attr)
                setattr(target, attr, new)
                return lambda: setattr(target, attr, old)

            found.append(Candidate(target, shown or target, apply))

        if isinstance(node, ast.Compare):
            for position, op in enumerate(node.ops):
                if type(op) in COMPARE_SWAPS:
                    ops = list(node.ops)
                    ops[position] = COMPARE_SWAPS[type(op)]()
                    swap_attr(node, "ops", ops)
        elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in OPERATOR_SWAPS:
            swap_attr(node, "op", OPERATOR_SWAPS[type(node.op)](),
                      node if isinstance(node, ast.BinOp) else None)
        elif isinstance(node, ast.BoolOp):
            swap_attr(node, "op", ast.Or() if isinstance(node.op, ast.And) else ast.And())
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
            operand = node.operand
            found.append(Candidate(node, self._shown(node),
                                   lambda node=node, operand=operand: self._replace(node, operand)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            swap_attr(node, "value", not node.value, self._shown(node))
        elif isinstance(node, ast.Constant) and isinstance(node.value, int):
            swap_attr(node, "value", node.value + 1, self._shown(node))
            swap_attr(node, "value", node.value - 1, self._shown(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAME_SWAPS:
            swap_attr(node.func, "id", NAME_SWAPS[node.func.id], node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            def remove(node: ast.Expr = node) -> Callable[[], None]:
                return self._replace(node, ast.copy_location(ast.Pass(), node))

            found.append(Candidate(node, node, remove))
        return found


def mutants_of(path: str, source: str) -> list[Mutant]:
    """Every mutant of one module's source, described as ``file:line: original -> mutant``."""
    tree = ast.parse(source)
    finder = _Finder(tree)
    mutants = []
    for index, candidate in enumerate(finder.candidates()):
        before = ast.unparse(candidate.shown)
        undo = candidate.apply()
        after = "(removed)" if isinstance(candidate.node, ast.Expr) else ast.unparse(candidate.shown)
        undo()
        line = getattr(candidate.node, "lineno", 0)
        mutants.append(Mutant(path, index, line, _short(before), _short(after), candidate.site_only))
    return mutants


def mutated_code(source: str, filename: str, index: int) -> CodeType:
    """The compiled module with mutant number ``index`` applied."""
    tree = ast.parse(source)
    _Finder(tree).candidates()[index].apply()
    ast.fix_missing_locations(tree)
    return compile(tree, filename, "exec", dont_inherit=True)


# --- Modules and pages ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    """A module of the package under test: its dotted name, file and whether it is a package."""

    name: str
    path: Path
    package: bool


def modules_of(root: Path, package: str) -> list[Module]:
    """Every module of the package, in a stable order."""
    found = []
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found.append(Module(".".join(parts), path, is_package))
    return found


def _imports(module: Module, names: set[str]) -> set[str]:
    """The modules of the package whose objects ``module`` holds after importing them."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"))
    base = module.name if module.package else module.name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if alias.asname:  # binds the module itself
                    found.add(alias.name)
                else:  # binds the top package and reaches the module through its parents
                    found |= {".".join(parts[:n]) for n in range(1, len(parts) + 1)}
        elif isinstance(node, ast.ImportFrom):
            origin = node.module or ""
            if node.level:
                anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                origin = f"{anchor}.{origin}" if origin else anchor
            found |= {origin} | {f"{origin}.{alias.name}" for alias in node.names}
    return (found & names) - {module.name}


def dependents(modules: Sequence[Module], changed: str) -> set[str]:
    """The changed module and every module that imports it, directly or not."""
    names = {module.name for module in modules}
    imports = {module.name: _imports(module, names) for module in modules}
    stale = {changed}
    while True:
        more = {name for name, used in imports.items() if used & stale} - stale
        if not more:
            return stale
        stale |= more


def page_for(module: Module, docs: Path) -> tuple[list[Path], bool]:
    """The pages that test a module, and whether it is shared (tested by every page with examples).

    A system's module is tested by the system's page; a module without one by every page.
    """
    parts = module.name.split(".")
    if len(parts) > 1:
        page = docs / (parts[1].replace("_", "-") + ".md")
        if page.exists():
            return [page], False
    return [page for page in sorted(docs.rglob("*.md")) if _has_examples(page)], True


def _has_examples(page: Path) -> bool:
    return any(True for _ in _parse(page))


def _parse(page: Path) -> list[object]:
    return list(Sybil(parsers=[PythonCodeBlockParser()]).parse(page))


# --- Running one mutant in a forked child --------------------------------------------------------


class _ServeMutant(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """An import hook that serves the mutated code for one module and leaves the rest alone."""

    def __init__(self, module: Module, code: CodeType) -> None:
        self.module = module
        self.code = code

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        if fullname != self.module.name:
            return None
        locations = [str(self.module.path.parent)] if self.module.package else None
        return importlib.util.spec_from_file_location(
            fullname, self.module.path, loader=self, submodule_search_locations=locations
        )

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, module.__dict__)  # running the mutant is the point


KILLED, IMPORT_FAILED, CRASHED = 1, 2, 3


def _child(
    module: Module,
    source: str,
    mutant: Mutant | None,
    *,
    stale: set[str],
    examples: list[object],
    out: int,
) -> None:
    """In the forked child: install the mutant, re-import, run the examples; never returns."""
    status = CRASHED
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        limit = 2 * 1024**3
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        order = [name for name in sys.modules if name in stale]
        for name in order:
            del sys.modules[name]
        try:
            if mutant is not None:
                code = mutated_code(source, str(module.path), mutant.index)
                sys.meta_path.insert(0, _ServeMutant(module, code))
            for name in order:
                importlib.import_module(name)
            for name in order:
                parent, _, child = name.rpartition(".")
                if parent in sys.modules:
                    setattr(sys.modules[parent], child, sys.modules[name])
        except BaseException as error:  # a mutant may break the import in any way
            os.write(out, _short(f"import fails: {type(error).__name__}: {error}", 300).encode())
            status = IMPORT_FAILED
            return
        for example in examples:
            try:
                example.evaluate()  # type: ignore[attr-defined]
            except BaseException as error:  # any failure kills the mutant
                where = f"{Path(example.path).name}:{example.line}"  # type: ignore[attr-defined]
                os.write(out, _short(f"{where}: {type(error).__name__}: {error}", 300).encode())
                status = KILLED
                return
        status = 0
    except BaseException:
        os.write(out, _short(traceback.format_exc(), 300).encode())
    finally:
        os._exit(status)


@dataclass
class Outcome:
    """What became of one mutant: killed (and how) or survived."""

    mutant: Mutant | None
    killed: bool
    how: str
    seconds: float


@dataclass
class _Running:
    mutant: Mutant | None
    pid: int
    pipe: int
    started: float
    deadline: float
    output: bytearray = field(default_factory=bytearray)


def run_mutants(
    module: Module,
    source: str,
    mutants: Sequence[Mutant | None],
    stale: set[str],
    pages: list[Path],
    *,
    jobs: int,
    timeout: float,
) -> list[Outcome]:
    """Run each mutant (``None`` runs the module unchanged) in a forked child, ``jobs`` at a time."""
    examples = [example for page in pages for example in _parse(page)]  # parsed once, run by each child
    waiting = list(mutants)
    running: dict[int, _Running] = {}
    outcomes: list[Outcome] = []
    while waiting or running:
        while waiting and len(running) < jobs:
            mutant = waiting.pop(0)
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read)
                _child(module, source, mutant, stale=stale, examples=examples, out=write)
            os.close(write)
            now = time.monotonic()
            running[read] = _Running(mutant, pid, read, now, now + timeout)
        wait = max(0.0, min(job.deadline for job in running.values()) - time.monotonic())
        ready, _, _ = select.select(list(running), [], [], wait)
        for pipe in ready:
            job = running[pipe]
            chunk = os.read(pipe, 4096)
            if chunk:
                job.output += chunk
                continue
            os.close(pipe)
            del running[pipe]
            _, status = os.waitpid(job.pid, 0)
            outcomes.append(_outcome(job, status))
        now = time.monotonic()
        for pipe, job in list(running.items()):
            if now >= job.deadline:
                os.kill(job.pid, signal.SIGKILL)
                os.waitpid(job.pid, 0)
                os.close(pipe)
                del running[pipe]
                hung = Outcome(job.mutant, True, f"timeout after {timeout:.1f} s", now - job.started)
                outcomes.append(hung)
    order = {id(mutant): n for n, mutant in enumerate(mutants)}
    return sorted(outcomes, key=lambda outcome: order[id(outcome.mutant)])


def _outcome(job: _Running, status: int) -> Outcome:
    seconds = time.monotonic() - job.started
    message = job.output.decode(errors="replace")
    if os.WIFSIGNALED(status):
        return Outcome(job.mutant, True, f"crashed: signal {os.WTERMSIG(status)}", seconds)
    code = os.WEXITSTATUS(status)
    if code == 0:
        return Outcome(job.mutant, False, "survived", seconds)
    if code == CRASHED:
        return Outcome(job.mutant, True, f"crashed: {message}", seconds)
    return Outcome(job.mutant, True, message, seconds)


# --- The command ---------------------------------------------------------------------------------


@dataclass
class Score:
    """The outcome for one module; ``not_counted`` mutants are in site-only code and were not run."""

    module: Module
    pages: list[Path]
    outcomes: list[Outcome]
    shared: bool
    not_counted: int = 0

    @property
    def total(self) -> int:
        return len(self.outcomes)

    @property
    def killed(self) -> int:
        return sum(outcome.killed for outcome in self.outcomes)

    @property
    def survivors(self) -> list[Mutant]:
        return [outcome.mutant for outcome in self.outcomes if not outcome.killed and outcome.mutant]


def _percent(killed: int, total: int) -> str:
    return f"{100 * killed / total:5.1f}%" if total else "    -"


def score_module(
    module: Module,
    modules: Sequence[Module],
    root: Path,
    docs: Path,
    *,
    jobs: int,
    timeout: float | None,
) -> Score:
    """Run every mutant of one module against its page(s); the unchanged module must pass first."""
    source = module.path.read_text(encoding="utf-8")
    path = str(module.path.relative_to(root))
    every = mutants_of(path, source)
    mutants = [mutant for mutant in every if not mutant.site_only]
    not_counted = len(every) - len(mutants)
    pages, shared = page_for(module, docs)
    if not pages:
        outcomes = [Outcome(mutant, False, "no page", 0.0) for mutant in mutants]
        return Score(module, pages, outcomes, shared, not_counted)
    if not mutants:
        return Score(module, pages, [], shared, not_counted)
    stale = dependents(modules, module.name)
    (baseline,) = run_mutants(module, source, [None], stale, pages, jobs=1, timeout=timeout or 60.0)
    if baseline.killed:
        msg = f"{path}: the pages fail even without a mutant: {baseline.how}"
        raise SystemExit(msg)
    limit = timeout or max(2.0, 10 * baseline.seconds)
    outcomes = run_mutants(module, source, mutants, stale, pages, jobs=jobs, timeout=limit)
    return Score(module, pages, outcomes, shared, not_counted)


def _select(modules: list[Module], root: Path, wanted: list[str]) -> list[Module]:
    if not wanted:
        return modules
    chosen = []
    for text in wanted:
        target = (root / text).resolve() if "/" in text or text.endswith(".py") else None
        matches = [
            module for module in modules
            if module.name == text or module.name.startswith(text + ".")
            or (target is not None and (module.path == target or target in module.path.parents))
        ]
        if not matches:
            msg = f"--module {text!r}: no module of the package matches"
            raise SystemExit(msg)
        chosen += [module for module in matches if module not in chosen]
    return chosen


def _line(score: Score, root: Path) -> str:
    if not score.pages:
        tested_by = "NO PAGE: every mutant survives"
    elif score.shared:
        tested_by = f"every page: {len(score.pages)}"
    else:
        tested_by = str(score.pages[0].relative_to(root))
    extra = f"; {score.not_counted} site-only not counted" if score.not_counted else ""
    return (f"{_percent(score.killed, score.total)}  {score.killed:4}/{score.total:<4} "
            f"{score.module.path.relative_to(root)}  ({tested_by}{extra})")


def main(argv: Sequence[str] | None = None) -> int:
    """Score every module (or those asked for); print the scores and, with --list, the survivors."""
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        epilog="Each survivor prints as file:line: original -> mutant.",
    )
    parser.add_argument("--module", action="append", default=[],
                        help="a module or package to mutate, as a path or dotted name (repeatable)")
    parser.add_argument("--list", action="store_true", help="list every surviving mutant")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds before a mutant counts as killed by a hang (default 10x the clean run)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the project (default: this repository); the package and docs/ are in it")
    parser.add_argument("--package", default="rules", help="the package to mutate (default: rules)")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    docs = root / "docs"
    sys.path.insert(0, str(root))
    started = time.monotonic()
    modules = modules_of(root, args.package)
    for module in modules:
        importlib.import_module(module.name)  # the parent holds every clean module; children fork from it

    scores = []
    for module in _select(modules, root, args.module):
        score = score_module(module, modules, root, docs, jobs=args.jobs, timeout=args.timeout)
        scores.append(score)
        print(_line(score, root), flush=True)
        if args.list:
            for mutant in score.survivors:
                print(f"    survived: {mutant}", flush=True)

    killed = sum(score.killed for score in scores)
    total = sum(score.total for score in scores)
    not_counted = sum(score.not_counted for score in scores)
    seconds = time.monotonic() - started
    print(f"{_percent(killed, total)}  {killed:4}/{total:<4} overall: {total - killed} survived "
          f"in {len(scores)} modules; {not_counted} site-only mutants not counted; "
          f"{seconds:.0f} s with {args.jobs} jobs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
