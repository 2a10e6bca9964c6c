"""How the worked examples are collected: one Sybil setup for pytest, scripts/accept and the checks.

On top of Sybil's own Markdown and docstring parsers, this module:

- reports each ``>>>`` example at its real line and column, also inside an indented block such as
  a ruling box (Sybil numbers those by the stripped block, one or two lines too high);
- refuses ``# doctest:`` directives (``+SKIP`` would hide a wrong value, ``+ELLIPSIS`` would let
  ``...`` match anything): the example fails with a message saying so;
- refuses, as a failing example at its line, every fence Sybil would silently leave out: a
  ``pycon``/``py``/``doctest`` fence, a ``python`` fence with attributes (a title), any other fence
  holding ``>>>`` prompts, and prompts outside any fence;
- records what an example really printed, so scripts/accept can write it in place;
- checks each number a sentence states with a ``<!-- states: ... -->`` comment against the rules,
  in its place among the page's examples (``rulesite/stated.py``).

These checks run at collection, so ``pytest docs/x.md`` applies the same rules as the full run.
"""

from __future__ import annotations

import ast
import copy
import doctest
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from sybil import Document, Example, Region, Sybil
from sybil.document import (  # type: ignore[attr-defined]  # LineNumberOffsets
    DOCSTRING_PUNCTUATION,
    LineNumberOffsets,
    PythonDocStringDocument,
)
from sybil.evaluators.doctest import DocTestEvaluator, DocTestRunner
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown import PythonCodeBlockParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer
from sybil.parsers.rest import DocTestParser

from rulesite import stated

ROOT = Path(__file__).resolve().parent.parent
HIDING_LANGUAGES = {"pycon", "py", "python3", "py3", "doctest", "python-repl", "pyrepl"}
_DIRECTIVE = re.compile(r"#\s*doctest\s*:", re.IGNORECASE)


class _RecordingRunner(DocTestRunner):
    """Sybil's doctest runner, remembering what the last example printed and whether it raised.

    A failure is reported with the example as the page writes it (``shown``), not as it ran.
    """

    got: str | None = None
    output: str = ""
    raised: bool = False
    error: BaseException | None = None
    shown: doctest.Example | None = None

    def report_success(self, out, test, example, got):  # type: ignore[no-untyped-def]
        self.got, self.output, self.raised = None, got, False

    def report_failure(self, out, test, example, got):  # type: ignore[no-untyped-def]
        self.got, self.output = got, got
        self.raised = example.exc_msg is not None or got.startswith("Traceback")
        super().report_failure(out, test, self.shown or example, got)

    def report_unexpected_exception(self, out, test, example, exc_info):  # type: ignore[no-untyped-def]
        self.got, self.output, self.raised = None, "", True
        self.error = exc_info[1]
        super().report_unexpected_exception(out, test, self.shown or example, exc_info)


KEEPER = "__rulesite_kept__"
"""The name under which a line being run finds the `Kept` that records its values."""


class Kept:
    """What one ``>>>`` line computed: the value the line is about, and what it raised."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.error: BaseException | None = None

    def keep(self, value: Any) -> Any:
        """Record the value the line is about, and hand it on unchanged."""
        self.values.append(value)
        return value

    def raised(self, error: BaseException) -> None:
        """Record what the line raised (it is raised on, as doctest expects)."""
        self.error = error


def printed(expr: ast.expr) -> tuple[ast.expr, bool] | None:
    """For ``print(x)`` or ``print(x.explain())``: ``x`` and whether it is explained."""
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "print"):
        return None
    if len(expr.args) != 1 or expr.keywords:
        return None
    arg = expr.args[0]
    if (
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Attribute)
        and arg.func.attr == "explain"
        and not arg.args
        and not arg.keywords
    ):
        return arg.func.value, True
    return arg, False


def attributes_of_one(expr: ast.expr) -> bool:
    """``r.final, r.mitigated``: a tuple of attributes of one name."""
    if not isinstance(expr, ast.Tuple) or not expr.elts:
        return False
    bases = {ast.dump(item.value) for item in expr.elts if isinstance(item, ast.Attribute)}
    return len(bases) == 1 and all(isinstance(item, ast.Attribute) for item in expr.elts)


def asked(expr: ast.expr, namespace: dict[str, Any]) -> ast.expr | None:
    """For ``bool(x)``: ``x``, the value whose truth is asked."""
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "bool"):
        return None
    if len(expr.args) != 1 or expr.keywords or namespace.get("bool", bool) is not bool:
        return None
    return expr.args[0]


def subject(expr: ast.expr, namespace: dict[str, Any]) -> ast.expr:
    """The part of a one-expression line whose value a worked example shows.

    What ``print`` prints (or explains), the thing whose attributes are read, what ``bool`` asks
    about; else the whole expression.
    """
    shown = printed(expr)
    if shown is not None:
        return shown[0]
    if isinstance(expr, ast.Attribute):
        return expr.value
    if attributes_of_one(expr):
        return expr.elts[0].value  # type: ignore[attr-defined, no-any-return]
    return asked(expr, namespace) or expr


def keeping(source: str, namespace: dict[str, Any], refused: bool) -> str | None:
    """A line's source that also records, as it runs, its subject's value (and what it raises).

    The subject (see `subject`) is handed to ``__rulesite_kept__.keep`` where it stands, so the
    line runs once, as written. A line that expects a refusal (``refused``) runs inside ``try``,
    which records the exception and raises it on (an expression statement there still shows its
    value: doctest compiles each line as the interactive prompt does). ``None`` if it does not parse.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr):
        source = _kept_where_it_stands(source, subject(tree.body[0].value, namespace))
    if not refused:
        return source
    error = "__rulesite_error__"
    record = ast.Attribute(ast.Name(KEEPER, ast.Load()), "raised", ast.Load())
    handler = ast.ExceptHandler(
        ast.Name("BaseException", ast.Load()),
        error,
        [ast.Expr(ast.Call(record, [ast.Name(error, ast.Load())], [])), ast.Raise()],
    )
    wrapped = ast.Module([ast.Try(ast.parse(source).body, [handler], [], [])], [])
    return ast.unparse(ast.fix_missing_locations(wrapped)) + "\n"


def _kept_where_it_stands(source: str, node: ast.expr) -> str:
    """The source with ``node`` (by its place) handed to the line's keeper as it is computed."""
    lines = source.splitlines(keepends=True)

    def offset(line: int, column: int) -> int:  # ast columns count UTF-8 bytes
        return sum(map(len, lines[: line - 1])) + len(lines[line - 1].encode()[:column].decode())

    start = offset(node.lineno, node.col_offset)
    end = offset(node.end_lineno or node.lineno, node.end_col_offset or 0)
    return f"{source[:start]}{KEEPER}.keep(({source[start:end]})){source[end:]}"


class RefusingEvaluator(DocTestEvaluator):
    """Runs a doctest example; refuses directives; keeps what it printed and computed on the example.

    Each line runs once, through doctest as Sybil runs it; the build's worked examples read what it
    recorded on the Sybil example: ``output`` (what it printed), ``kept`` (its subject's value, see
    `subject`), ``error`` (what it raised); and, for ``scripts/accept``, ``got`` and ``raised``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.runner: _RecordingRunner = _RecordingRunner(0)

    def __call__(self, sybil_example: Example) -> str:
        """Run one example; its failure message, or an empty string."""
        __tracebackhide__ = True
        example = sybil_example.parsed
        if example.options or _DIRECTIVE.search(example.source):
            return (
                f"`# doctest:` directives are not allowed: {example.source.strip()!r}\n"
                "Remove the directive; an example must run and show its real, whole output "
                "(see docs/editing.md)."
            )
        self.runner.got, self.runner.output, self.runner.raised, self.runner.error = None, "", False, None
        kept = Kept()
        namespace = sybil_example.namespace
        running = copy.copy(sybil_example)
        source = keeping(example.source, namespace, refused=example.exc_msg is not None)
        if source is not None:
            running.parsed = doctest.Example(
                source, example.want, example.exc_msg, example.lineno, example.indent, example.options
            )
        namespace[KEEPER], self.runner.shown = kept, example
        try:
            result = super().__call__(running)
        finally:
            del namespace[KEEPER]
            self.runner.shown = None
        sybil_example.got = self.runner.got  # type: ignore[attr-defined]
        sybil_example.raised = self.runner.raised  # type: ignore[attr-defined]
        sybil_example.output = self.runner.output  # type: ignore[attr-defined]
        sybil_example.kept = tuple(kept.values[:1])  # type: ignore[attr-defined]
        sybil_example.error = kept.error or self.runner.error  # type: ignore[attr-defined]
        return result


def _line_starts(text: str) -> list[int]:
    return [0] + [match.end() for match in re.finditer("\n", text)]


def _to_document(position: int, source: str, first_line: int, text: str, starts: list[int]) -> int:
    """Map a position in a block's prefix-stripped source to the same character in the page."""
    line = source.count("\n", 0, position)
    column = position - (source.rfind("\n", 0, position) + 1)
    source_line = source.split("\n")[line]
    page_line_start = starts[first_line + line]
    page_line_end = text.find("\n", page_line_start)
    page_line = text[page_line_start:] if page_line_end == -1 else text[page_line_start:page_line_end]
    return page_line_start + len(page_line) - len(source_line) + column


class PagePythonParser(PythonCodeBlockParser):
    """Sybil's Markdown parser for python fences, placing examples in indented blocks at their real line."""

    def __init__(self) -> None:
        super().__init__()
        self.doctest_parser = DocTestStringParser(RefusingEvaluator())

    def __call__(self, document: Document) -> Iterable[Region]:
        """Each region of the page's python fences, a ``>>>`` fence as one region per example."""
        starts = _line_starts(document.text)
        for region in self.codeblock_parser(document):
            source = region.parsed
            if not source.startswith(">>>"):
                yield region
                continue
            first_line = document.text.count("\n", 0, region.start + source.offset)
            for example in self.doctest_parser(source, document.path):
                example.start = _to_document(example.start, source, first_line, document.text, starts)
                example.end = _to_document(example.end, source, first_line, document.text, starts)
                yield example


def _refusal(message: str) -> Callable[[Example], str]:
    def evaluate(example: Example) -> str:
        return message

    return evaluate


class HiddenExampleParser:
    """Turns every fence or prompt that would not run into a failing example at its line."""

    lexer = FencedCodeBlockLexer(language=r"[^\n]*", mapping={"language": "info", "source": "source"})

    def __call__(self, document: Document) -> Iterator[Region]:
        """A failing region for each fence or prompt of the page that would never run."""
        fences = list(self.lexer(document))
        runs = [(f.start, f.end) for f in fences if f.lexemes["info"].strip() == "python"]
        prompts = [m.end() - 3 for m in re.finditer(r"^[ \t]*(?:>[ \t]*)*>>>", document.text, re.MULTILINE)]
        for fence in fences:
            info = fence.lexemes["info"].strip()
            language, _, attributes = info.partition(" ")
            inside = [p for p in prompts if fence.start < p < fence.end]
            hidden = [p for p in inside if not any(start < p < end for start, end in runs)]
            if language.lower() in HIDING_LANGUAGES or (language == "python" and attributes.strip()):
                why = f"the fence ```{info} is never run: write it as a plain ```python fence"
            elif hidden and language != "python":
                why = f"the fence ```{info} holds >>> prompts that never run: make it a plain ```python fence"
            else:
                continue
            yield Region(fence.start, fence.start + 3, why, _refusal(why))
        for prompt in prompts:
            if not any(fence.start < prompt < fence.end for fence in fences):
                why = "a >>> prompt outside any fence is never run: put it in a ```python fence"
                yield Region(prompt, prompt + 3, why, _refusal(why))


def _check_stated(example: Example) -> str | None:
    memory = example.namespace.setdefault("__stated__", {})  # names bound with := by the page's comments
    return stated.check(example.parsed, example.namespace, memory)


def stated_numbers(document: Document) -> Iterator[Region]:
    """Each number a sentence states (``<!-- states: ... -->``), checked where it stands on the page."""
    for found in stated.find(document.text):
        yield Region(found.start, found.end, found, _check_stated)


class RefusingDocTestParser(DocTestParser):
    """Sybil's docstring doctest parser, refusing ``# doctest:`` directives as the pages do."""

    def __init__(self) -> None:
        super().__init__()
        self.string_parser = DocTestStringParser(RefusingEvaluator())


def _statements(tree: ast.Module) -> Iterator[ast.AST]:
    """The module and every statement in it, however nested: the only places a docstring can be."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            stack.extend(child for child in getattr(node, field, ()) if isinstance(child, ast.AST))


class DocstringDocument(PythonDocStringDocument):
    """Sybil's document of a module's docstrings, found by walking statements only.

    Sybil walks every node of the syntax tree (each name, call and constant); a docstring can
    only open a module, class or function body, so this finds the same ones several times faster.
    """

    @staticmethod
    def extract_docstrings(python_source_code: str) -> Iterator[tuple[int, int, str]]:
        """Each docstring of the source: where its text starts and ends, and the text."""
        line_offsets = LineNumberOffsets(python_source_code)
        for node in _statements(ast.parse(python_source_code)):
            if not isinstance(node, (ast.AsyncFunctionDef, ast.FunctionDef, ast.ClassDef, ast.Module)):
                continue
            first = node.body[0] if node.body else None
            if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
                continue
            docstring = first.value
            if not isinstance(docstring.value, str):
                continue
            node_start = line_offsets.get(docstring.lineno - 1, docstring.col_offset)
            node_end = line_offsets.get((docstring.end_lineno or 1) - 1, docstring.end_col_offset or 0)
            punctuation = DOCSTRING_PUNCTUATION.match(python_source_code, node_start, node_end)
            assert punctuation is not None  # a string constant opens with a quote
            size = len(punctuation.group(1))
            yield punctuation.end(), node_end - size, docstring.value


class PageDocument(Document):
    """Sybil's document of a page, giving each example its real column also when it shares a line.

    Sybil looks for the line's start only after the previous example's start, so a second
    example on one line (two ``states:`` comments) would get its offset in the page as column.
    """

    def examples(self) -> Iterator[Example]:
        """The page's examples in order, each with its column on its own line."""
        for example in super().examples():
            example.column = example.region.start - self.text.rfind("\n", 0, example.region.start)
            yield example


def page_parsers() -> list[Any]:
    """The parsers of a page: its examples, the fences that would hide one, its stated numbers."""
    return [PagePythonParser(), HiddenExampleParser(), stated_numbers]


def examples_of(text: str, path: str) -> PageDocument:
    """A page's text (or a fragment's) as Sybil's document of its examples, as the build runs them.

    Only its ``python`` fences: the fences that would hide an example and the numbers sentences
    state are the tests' to check.
    """
    document = PageDocument(text, path)
    for region in PagePythonParser()(document):
        document.add(region)
    return document


def pages_sybil(path: str | Path = ROOT / "docs") -> Sybil:
    """The Sybil that collects the pages' examples (and the fences that would hide one)."""
    return Sybil(
        parsers=page_parsers(),
        path=str(path),
        patterns=["*.md", "**/*.md"],
        document_types={".md": PageDocument},
        name="docs",
    )


def docstrings_sybil(package: str = "rules") -> Sybil:
    """The Sybil that collects the doctests in a package's docstrings (the rules, or the calculators)."""
    return Sybil(
        parsers=[RefusingDocTestParser()],
        path=str(ROOT / package),
        patterns=["*.py", "**/*.py"],
        document_types={".py": DocstringDocument},
        name="docstrings" if package == "rules" else f"docstrings-{package}",
    )


def doctest_examples(page: Path) -> list[Example]:
    """The ``>>>`` examples of one page, in order, as collected."""
    return [example for example in pages_sybil(page.parent).parse(page)
            if isinstance(example.parsed, doctest.Example)]
