"""Worked examples as a player reads them, from the values the examples really return.

Every ```` ```python ```` fence of ``>>>`` lines on a page is a doctest that Sybil runs. The
build runs each page's examples once, by Sybil with the parsers and evaluator the tests use
(`rulesite.doctests`), and this superfences formatter (listed in ``mkdocs.yml`` for ``python``
fences) reads what each line recorded as it ran, and shows:

- for each result (anything with ``steps`` and ``outcome``), a worked example: the
  situation in game words, each step with its rule's title linked to the rule, and the
  result;
- for any other value, the value in words (an enum member as its value, ``True`` as
  "yes", a table as a table);
- for refused input, the rule's message in plain words;

with the Python one tap away ("Show as Python"), highlighted as a console session. A
block of imports shows only that toggle. Nothing the player reads is typed by hand: if
a value differs from the block's expected output, or a line fails, the strict build
fails with the page and line.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import logging
import random
import re
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from html import escape
from typing import Any

from markdown import Markdown
from sybil.example import SybilFailure

from calculators import card
from calculators.card import Markup
from rules.charts import Bars, Chart
from rules.tables import Table
from rulesite import charts
from rulesite.build import Conversion, context_of, converts_a_docstring, docs_of, holds_all, rule_href
from rulesite.doctests import asked as asked_of
from rulesite.doctests import attributes_of_one, examples_of, printed
from rulesite.extension import PYTHON_TEMPLATE
from rulesite.model import Fence, Page, plain

log = logging.getLogger("mkdocs.rulesite")


@dataclass(frozen=True, slots=True)
class Shown:
    """What one ``>>>`` line shows a player: a result, a value, or a refusal, with its words."""

    label: str = ""
    result: Any = None
    values: tuple[tuple[str, object], ...] = ()
    refusal: str = ""
    text: str = ""
    answers: tuple[tuple[str, object], ...] = ()
    """Several answers, each with the situation it answers (a list of results' figures)."""
    failed: tuple[str, ...] = ()
    """Where the line is, what the page expects and what the rules now give, when they differ: the
    page shows it in a banner at the example (the strict build fails on it too)."""
    context: str = ""
    """What the line asks, for the release record where the card shows no question (printed text, a
    refusal without a label): the situation of the results it reads, else its call in words, else its code."""


@dataclass
class _Run:
    """One block's run: what it showed and what went wrong."""

    where: str
    namespace: dict[str, Any]
    shown: list[Shown] = field(default_factory=list)
    results_seen: set[int] = field(default_factory=set)


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """Superfences formatter for ``python`` fences: an example as a worked example, else code."""
    fences = md.preprocessors["fenced_code_block"]
    shown = shown_by(src, md)
    if not src.lstrip().startswith(">>>"):
        return _highlighted(fences, src, "python", options=options, md=md, kwargs=kwargs)
    if holds_all(md):  # the print page: no Python to highlight
        return render(shown, "", md)
    code = _highlighted(fences, src, "pycon", options=options, md=md, kwargs=kwargs)
    return render(shown, code, md)


# How and when examples run: each page's examples once per build, by Sybil (the parsers and
# evaluator the tests use, `rulesite.doctests`), whichever conversion asks first (the page
# itself, or the print page that holds every system page); a block is found by its place.


def shown_by(src: str, md: Any) -> list[Shown]:
    """What a block shows: its page's run of it, or, for a block no page holds, a run here and now."""
    context = context_of(md)
    found = _next_fence(src, context.conversion)
    if found is None:  # a fragment's example (a test's, a docstring's): run in this conversion's namespace
        document = examples_of(f"```python\n{src.rstrip()}\n```\n", "an example")
        document.namespace = context.conversion.namespace
        return _run(document, [(1, 10**9)], "an example").get(1, [])
    page, fence = found
    runs: dict[str, dict[int, list[Shown]]] = context.build(md).runs
    if page.src not in runs:
        runs[page.src] = run_page(page)
    return runs[page.src][fence.line]


def _next_fence(src: str, conversion: Conversion) -> tuple[Page, Fence] | None:
    """The page's next ``python`` fence, in the order the conversion formats them.

    Its text confirms the place: a fence the formatter is not given (inside another block) is
    passed over; a block no page holds (a docstring's) leaves the page's fences as they are.
    """
    text = src.strip()
    at = next((n for n, (_, fence) in enumerate(conversion.fences) if fence.source.strip() == text), None)
    if at is None:
        return None
    found = conversion.fences[at]
    del conversion.fences[: at + 1]
    return found


def run_page(page: Page) -> dict[int, list[Shown]]:
    """Every ``python`` block of a page in its order, in one namespace, by Sybil as the tests run them.

    Returns what each block shows, by the line of its opening fence.
    """
    fences = [(fence.line, fence.end) for fence in page.fences if fence.language == "python"]
    return _run(examples_of(page.text, f"docs/{page.src}"), fences, f"docs/{page.src}")


def _run(document: Any, fences: list[tuple[int, int]], where: str) -> dict[int, list[Shown]]:
    """Run a document's examples; what each fence shows, by its opening line."""
    runs = {line: _Run(where, document.namespace) for line, _ in fences}
    with contextlib.redirect_stdout(io.StringIO()):
        for example in document.examples():
            failure = _evaluate(example)
            if not isinstance(example.parsed, doctest.Example):
                if failure:
                    log.warning("%s, line %d: the code block failed: %s", where, example.line, failure)
                continue
            run = next((runs[line] for line, end in fences if line < example.line <= end), None)
            run = run or _Run(where, document.namespace)  # outside every fence: the tests refuse it
            _show_example(example, failure, run, f"{where}, line {example.line}")
    return {line: run.shown for line, run in runs.items()}


def _evaluate(example: Any) -> str:
    """Run one example through Sybil; what went wrong, if anything."""
    try:
        example.evaluate()
    except SybilFailure as failure:
        return str(failure.result)
    except Exception as error:  # a code block's failure: the build must say where
        return repr(error)
    return ""


def _show_example(example: Any, failure: str, run: _Run, line: str) -> None:
    """What one ``>>>`` line shows, from what its one run recorded; a failure is logged and shown."""
    parsed: doctest.Example = example.parsed
    error = getattr(example, "error", None)
    if not hasattr(example, "kept"):  # refused before it ran (a directive)
        log.warning("%s: %s", line, failure)
        run.shown.append(Shown(failed=(line, parsed.want.strip(), failure.strip())))
        return
    tree = ast.parse(parsed.source)
    if error is not None and (parsed.exc_msg is None or failure):
        got = traceback.format_exception_only(type(error), error)[-1]
        log.warning("%s: the example raised %s", line, got.strip())
        expected = parsed.exc_msg.strip() if parsed.exc_msg else parsed.want.strip()
        run.shown.append(Shown(failed=(line, expected, got.strip())))
        return
    if error is not None:
        refused = Shown(label=_label(tree), refusal=str(error))
        run.shown.append(_with_context(refused, tree, parsed.source, run))
        return
    if parsed.exc_msg is not None:
        log.warning("%s: expected %s, but nothing was raised", line, parsed.exc_msg.strip())
        got = example.output.strip() or "nothing raised"
        run.shown.append(Shown(failed=(line, parsed.exc_msg.strip(), got)))
    elif failure:
        log.warning("%s: the example did not evaluate as expected:\nExpected:\n%sGot:\n%s",
                    line, parsed.want, example.output)
        run.shown.append(Shown(failed=(line, parsed.want.strip(), example.output.strip())))
    shown = _read(tree, example, run)
    if shown:
        run.shown.append(_with_context(asked(shown, tree, run.namespace), tree, parsed.source, run))


def _read(tree: ast.Module, example: Any, run: _Run) -> Shown | None:
    """What the player is shown of a line that ran: read from what it printed and what it kept."""
    output: str = example.output
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return Shown(text=output) if output.strip() else None
    expr = tree.body[0].value
    value = example.kept[0] if example.kept else None
    inner = printed(expr)
    if inner is not None:
        return _show(inner[0], value, run)
    if isinstance(expr, ast.Attribute) or attributes_of_one(expr):
        return _show_attributes(expr, value, run)
    question = asked_of(expr, run.namespace)
    shown_value = value if question is None else bool(value)
    before = output.removesuffix(f"{shown_value!r}\n") if shown_value is not None else output
    if before:  # printed more than one value: the player reads what was printed
        return Shown(text=before)
    if question is not None:
        return _show(question, value if _is_result(value) else bool(value), run)
    return _show(expr, value, run)


def _highlighted(
    fences: Any, src: str, language: str, *, options: Any, md: Any, kwargs: dict[str, Any]
) -> str:
    """The block's code highlighted, once per build for the pages (a docstring's is done each time)."""

    def highlight() -> str:
        return str(fences.highlight(src=src, language=language, options=dict(options), md=md, **kwargs))

    if converts_a_docstring(md):  # mkdocstrings gives a docstring's code ids of its own
        return highlight()
    key = (src, language, repr(sorted(dict(options).items())), repr(sorted(kwargs.items())))
    done = context_of(md).build(md).highlighted
    if key not in done:
        done[key] = highlight()
    return done[key]


def _eval(expr: ast.expr, namespace: dict[str, Any]) -> Any:
    return eval(compile(ast.Expression(expr), "<example>", "eval"), namespace)


def _show_attributes(expr: ast.expr, base: Any, run: _Run) -> Shown | None:
    items = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    base_expr = items[0].value  # type: ignore[attr-defined]
    values = tuple((_figure_name(item), getattr(base, item.attr)) for item in items)  # type: ignore[attr-defined]
    if _is_result(base) and id(base) not in run.results_seen:
        run.results_seen.add(id(base))
        # One attribute that is the answer itself: the result line already says it in words.
        if len(values) == 1 and values[0][1] == getattr(base, "answer", object()):
            values = ()
        return Shown(label=_label_of(base_expr), result=base, values=values)
    return Shown(values=values)


def _show(expr: ast.expr, value: Any, run: _Run) -> Shown | None:
    if value is None:
        return None
    if _is_result(value):
        if id(value) in run.results_seen:
            return Shown(values=(("result", value.outcome),))
        run.results_seen.add(id(value))
        return Shown(label=_label_of(expr), result=value)
    return Shown(label=_label_of(expr), values=(("", value),))


def _is_result(value: object) -> bool:
    return hasattr(value, "steps") and hasattr(value, "outcome") and hasattr(value, "explain")


def _label(tree: ast.Module) -> str:
    if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr):
        return _label_of(tree.body[0].value)
    return ""


def _label_of(expr: ast.expr) -> str:
    """A call in words, e.g. "Choose damage type: physical; including physical: yes".

    From ``choose_damage_type("physical", including_physical=True)``; a variable's name gives nothing.
    """
    if isinstance(expr, ast.Attribute):
        return _label_of(expr.value)
    if isinstance(expr, ast.Compare):
        return _question(expr)
    if not isinstance(expr, ast.Call):
        return ""
    name = expr.func.attr if isinstance(expr.func, ast.Attribute) else getattr(expr.func, "id", "")
    if name in _WRAPPERS and expr.args:  # bool(...), sorted(...): the call inside says what is asked
        return _label_of(expr.args[0])
    if name in _ASKED:
        return _asked_in_words(expr, *_asked_of(expr, name))
    parts = [_literal_words(arg) for arg in expr.args]
    parts += [
        f"{keyword.arg.replace('_', ' ')}: {_literal_words(keyword.value)}"
        for keyword in expr.keywords
        if keyword.arg
    ]
    words = name.replace("_", " ").strip()
    words = words[:1].upper() + words[1:]
    return f"{words}: {'; '.join(parts)}" if parts else words


# The calls the worked examples ask about most, as a player would put the question (issue 46),
# so a card reads "Healer takes a hit of 2 damage", not "Take hit: healer; 2". Each is the names
# of its positional parameters and a sentence naming them: {self} is the one whose method it is,
# {keywords} the keywords' words; a part in [brackets] goes when a name in it was not given; a
# keyword the sentence does not name is added after it ("level 33"; "new rules: no" as "without
# new rules"). Any other call keeps the plain "Name: argument; argument".
_ASKED: dict[str, tuple[tuple[str, ...], str]] = {
    "answer": (("system", "situation"), "The {system} calculator, given {situation}"),
    "take_hit": (("defender", "amount"), "{defender} takes a hit of {amount} damage[ carrying {effect}]"),
    "Defender": ((), "a defender with {keywords}"),
    "dice_pool": (("weapon", "armor", "margin"),
                  "Dice rolled by {weapon} against {armor}[ with a margin of {margin}]"),
    "damage": (("weapon", "armor", "faces", "margin"),
               "Damage of {weapon} against {armor}, rolling {faces}[ with a margin of {margin}]"),
    "expected_damage": (("weapon", "armor", "margin"),
                        "Expected damage of {weapon} against {armor}[ with a margin of {margin}]"),
    "distribution": (("weapon", "armor", "margin"),
                     "Chance of each damage of {weapon} against {armor}[ with a margin of {margin}]"),
    "stack_penalties": (("penalties",), "Penalties {penalties} together"),
    "traits_for": (("groups", "level"), "Traits of a monster of {groups}[ at level {level}]"),
    "role_defenses": (("role",), "Defenses of a {role}"),
    "group_traits": (("group",), "Traits of the {group} group"),
    "vary_defenses": (("role", "plus", "minus"), "Defenses of a {role}[, +1 to {plus}][, -1 to {minus}]"),
    "design_defenses": (("role", "average", "plus", "minus"),
                        "Defenses designed for a {role} of average {average}"
                        "[, +1 to {plus}][, -1 to {minus}]"),
    "parse_trait": (("text",), "Reading the trait '{text}'"),
    "parse_armor": (("text",), "Reading the armor '{text}'"),
    "parse_weapon": (("text",), "Reading the weapon '{text}'"),
    "take_damage": (("amount", "types", "traits"), "{amount} {types} damage against {traits}"),
    "choose_damage_type": (("choice",), "Choosing {choice} as the damage type"),
    # A combatant's methods read as what the combatant is afterwards, so they chain:
    # ari.add("grabbed", "ogre").escape("ogre") is "Ari with grabbed from ogre after escaping ogre".
    "Combatant": (("name",), "{name}"),
    "has": (("condition",), "Is {condition} on {self}?"),
    "sources": (("condition",), "What put {condition} on {self}"),
    "count": (("condition",), "How many times {self} is {condition}"),
    "add": (("condition", "source"), "{self} with {condition}[ from {source}]"),
    "save": (("condition", "source"), "{self} after a save against {condition}[ from {source}]"),
    "end": (("condition",), "{self} after {condition} ends"),
    "escape": (("source",), "{self} after escaping {source}"),
    "no_longer_adjacent": (("source",), "{self} once {source} is no longer adjacent"),
    "allowed_actions": (("combatant",), "What {combatant} may do on a turn"),
    "movement": (("combatant",), "How {combatant} may move"),
    "calculate": (("base_damage", "damage_type", "native"),
                  "{base_damage} {damage_type} damage against native {native}"),
    "modifier": (("kind", "affinity"), "A modifier to {kind} {affinity}"),
    "variable_resistance": (("types", "rng"), "the Variable Resistance triggered by {types}[ on roll {rng}]"),
    "Random": (("number",), "{number}"),
    "Modifier": (("kind", "affinity"), "A modifier to {kind} {affinity}"),
    "Attack": (("amount", "types"), "an attack of {amount}[ {types}]"),
    "gains": (("types",), "{self} gaining {types}"),
    "becomes": (("types",), "{self} turned to {types}"),
    "plus": (("amount", "types"), "{self} plus {amount}[ {types}]"),
    "traits_of": (("name",), "Traits of {name} in {self}"),
    "gain": (("defender", "effect"), "{defender} gaining {effect}"),
    "Immunity": (("name",), "the immunity {name}"),
    "OneTime": (("name",), "the one-time effect {name}"),
    "in_doubt": (("defender",), "{defender} when in doubt"),
    "violates_mark": (("attacker", "attack"), "Does {attacker} violate a mark with {attack}?"),
    "average_modifiers": ((), "Average modifier of each defense over the roles' shares"),
    "population_table": ((), "The monster population's shares"),
    "multiplier_chart": ((), "The expected damage multiplier of each damage type, before and after"),
    "cyrus_chart": ((), "Cyrus's shortsword with a margin of 2 against each armor of his examples"),
    "non_stacking_table": ((), "The effects that may not stack with each other"),
    "expire": (("duration",), "What stays saved once effects lasting '{duration}' end"),
}
# A call whose first argument is a list asks something else: Attack(["wizard"]) is an attack on a wizard.
_ASKED_OF_A_LIST: dict[str, tuple[tuple[str, ...], str]] = {
    "Attack": (("targets",), "an attack on {targets}"),
}


def _asked_of(expr: ast.Call, name: str) -> tuple[tuple[str, ...], str]:
    if name in _ASKED_OF_A_LIST and expr.args and isinstance(expr.args[0], ast.List):
        return _ASKED_OF_A_LIST[name]
    return _ASKED[name]


_PLACES = re.compile(r"\{(\w+)\}")
_OPTIONAL = re.compile(r"\[([^\]]*)\]")


def _asked_in_words(expr: ast.Call, names: tuple[str, ...], sentence: str, *, first: bool = True) -> str:
    """The call as its sentence; ``first``: it starts the caption (else it is a phrase in another)."""
    given = {name: _argument_words(arg) for name, arg in zip(names, expr.args, strict=False)}
    given |= {keyword.arg: _literal_words(keyword.value) for keyword in expr.keywords if keyword.arg}
    if isinstance(expr.func, ast.Attribute):
        who = _literal_words(expr.func.value)
        given["self"] = who[:1].upper() + who[1:]
    named = set(_PLACES.findall(sentence)) | {"self"}
    rest = [_keyword_words(name, value) for name, value in given.items() if name not in named]
    given["keywords"] = ", ".join(rest)
    def kept(part: re.Match[str]) -> str:  # an optional part whose names were all given
        return part[1] if set(_PLACES.findall(part[1])) <= set(given) else ""

    sentence = _OPTIONAL.sub(kept, sentence)
    if not set(_PLACES.findall(sentence)) <= set(given):
        return ""
    said = sentence.format_map(given)
    if rest and "{keywords}" not in sentence:
        said += f" ({', '.join(rest)})"
    said = re.sub(r"\b([Aa]) (?=[AEIOUaeiou])", r"\1n ", said)  # an Elite Soldier, an Ooze
    return said[:1].upper() + said[1:] if first else said


def _call_in_words(node: ast.Call) -> str:
    """A call inside another's caption: its phrase in lower case where it has one ("a defender with ...")."""
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    return _asked_in_words(node, *_asked_of(node, name), first=False) if name in _ASKED else _label_of(node)


def _argument_words(node: ast.expr) -> str:
    """An argument in words; a character by name ("Healer"); a list of pairs as "cover -2 and power -2"."""
    if isinstance(node, ast.Name):
        return node.id[:1].upper() + node.id[1:].replace("_", " ")
    pairs = [item.elts for item in getattr(node, "elts", ()) if isinstance(item, ast.Tuple)]
    if isinstance(node, ast.List | ast.Tuple) and pairs and len(pairs) == len(node.elts):
        return " and ".join(" ".join(map(_literal_words, pair)) for pair in pairs)
    return _literal_words(node)


def _keyword_words(name: str, value: str) -> str:
    words = name.replace("_", " ")
    return {"yes": words, "no": f"without {words}"}.get(value, f"{words} {value}")


_QUESTIONS: dict[type[ast.cmpop], str] = {
    ast.Eq: "Is {left} the same as {right}?",
    ast.NotEq: "Does {left} differ from {right}?",
    ast.In: "Does {right} include {left}?",
    ast.NotIn: "Does {right} leave out {left}?",
}


def _question(expr: ast.Compare) -> str:
    """A comparison as the question its yes or no answers, in the words of its two sides.

    ``role_defenses("Elite Soldier") == role_defenses("Soldier")`` asks "Is role defenses:
    Elite Soldier the same as role defenses: Soldier?"; a chain, or a side with no words
    (a variable), asks nothing and the answer stands alone.
    """
    if len(expr.ops) != 1 or type(expr.ops[0]) not in _QUESTIONS:
        return ""
    left, right = _phrase(expr.left), _phrase(expr.comparators[0])
    if not (left and right):
        return ""
    return _QUESTIONS[type(expr.ops[0])].format(left=left, right=right)


def _phrase(node: ast.expr) -> str:
    """One side of a comparison in words: a call as its label, a literal as the player writes it."""
    if isinstance(node, ast.Call | ast.Attribute):
        label = _label_of(node)
        return label[:1].lower() + label[1:]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return f"'{node.value}'"
    return ""


_WRAPPERS = frozenset({"bool", "int", "str", "list", "tuple", "set", "sorted", "len", "repr", "float"})


def _literal_words(node: ast.expr) -> str:
    try:
        return words(ast.literal_eval(node))
    except ValueError:
        if isinstance(node, ast.List | ast.Tuple | ast.Set):  # [OneTime("Ward")]: each item in words
            return ", ".join(_literal_words(item) for item in node.elts) or "none"
        if isinstance(node, ast.Call):
            return _call_in_words(node)
        if isinstance(node, ast.Attribute):  # blocked.defender: the defender
            return node.attr.replace("_", " ")
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            return str(node.slice.value)  # SAMPLE_ARMOR["Leather"]: Leather, as the table names it
        return ast.unparse(node).replace("_", " ")


def words(value: object) -> str:  # noqa: PLR0911 - one return per kind of value
    """A value as a player reads it: enum members by their value, yes and no, lists with commas."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return words(value.value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return "; ".join(f"{words(key)}: {words(item)}" for key, item in value.items()) or "none"
    if isinstance(value, tuple | list | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return ", ".join(words(item) for item in items) or "none"
    if _is_result(value):
        return str(value.outcome)  # type: ignore[attr-defined]
    return str(value)


def render(shown: list[Shown], code: str, md: Any) -> str:
    """The player's view of a block, then its Python behind a toggle.

    The print page leaves the Python out (it says so, and would only hide it when printed).
    """
    cards = [_render_one(item, md) for item in shown]
    in_print = holds_all(md)
    if not cards:
        return "" if in_print else python_toggle(code, "Python: the names the examples use", "example-setup")
    toggle = "" if in_print else python_toggle(code, "Show as Python")
    return str(card.render("worked-examples.html", cards=cards, toggle=Markup(toggle)))


def python_toggle(code: str, summary: str, kind: str = "") -> str:
    """The highlighted Python behind a toggle, inert until a player opens it.

    The code sits in a ``<template>``, which ``rulesite.extension`` turns into one escaped
    text once the page's HTML is complete: the browser neither builds, styles nor lays out
    its elements (a system page holds some 200 of these, one element per token), and the
    search pass skips it; ``assets/js/player.js`` puts it in place when the toggle is
    opened, or the page is printed.
    """
    classes = f"example-python {kind}".strip()
    parts = {"classes": classes, "summary": summary, "start": Markup(PYTHON_TEMPLATE), "code": Markup(code)}
    return str(card.render("python-toggle.html", **parts))


def _render_one(item: Shown, md: Any) -> Markup:
    return card.render("worked-example.html", card=_card(item, md))


def _card(item: Shown, md: Any) -> dict[str, object]:
    """What one shown line's card holds, for ``calculators/templates/worked-example.html``.

    A failing example's card is a banner: what the page says, what the rules give. Only a build
    that goes on past the failure shows it (``scripts/serve``, which rebuilds on every save): the
    strict build fails on the same example, naming the page and line, so no published page
    carries one.
    """
    if item.failed:
        where, expected, actual = item.failed
        return {"kind": "failed", "where": where, "expected": expected, "actual": actual}
    if item.refusal:
        return {"kind": "refused", "situation": item.label, "message": cited(item.refusal, md)}
    if item.text:
        return {"kind": "text", "text": cited(item.text.rstrip(), md)}
    if item.answers:
        answers = [(situation, cited(words(value), md)) for situation, value in item.answers]
        return {"kind": "answers", "situation": item.label, "answers": answers}
    alone = len(item.values) == 1 and not item.values[0][0]  # one value with no name: a block of its own
    values = [(name, _value(value, md) if alone else card.value(cited(words(value), md)))
              for name, value in item.values]
    if item.result is None:
        return {"kind": "values", "situation": item.label, "values": values}
    result = item.result
    docs = docs_of(md)
    steps = [
        {"title": step.rule.title, "href": rule_href(step.rule.anchor, md, docs),
         "text": cited(str(getattr(step, "text", step)), md)}
        for step in result.steps
    ]
    # "Try with your numbers" closes the card: the result and its values read as one answer.
    return {"kind": "result", "situation": str(_situation(result) or item.label), "steps": steps,
            "outcome": str(result.outcome), "odds": [], "values": values, "try_link": _try_link(result, md)}


def _try_link(result: Any, md: Any) -> Markup:
    """The card's "Try with your numbers", if its page's calculator can take its situation."""
    from rulesite.calculator import try_link  # noqa: PLC0415 - the calculator's assets import this module

    return Markup(try_link(result, md))


def _situation(result: Any) -> str:
    """The result's own account of its situation in game words, where its system gives one."""
    try:
        return str(result.situation or "")
    except (AttributeError, NotImplementedError):
        return ""


def _value(value: object, md: Any) -> dict[str, object]:
    """A value standing alone: a table (its cells' Markdown as HTML), a chart, else its words."""
    if isinstance(value, Table):
        rows = [[_inline(cell, md) for cell in row] for row in value.rows]
        return card.value(table={"headers": [_inline(cell, md) for cell in value.headers], "rows": rows})
    if isinstance(value, Chart | Bars):
        return card.value(figure=Markup(charts.figure(value)))
    return card.value(cited(words(value), md))


_INLINE = Markdown()


def _inline(cell: str, md: Any) -> Markup:
    """A table cell's Markdown (links, code, emphasis) as HTML, its rule citations linked by title."""
    html = str(_INLINE.reset().convert(cell))
    return Markup(link_citations(html.removeprefix("<p>").removesuffix("</p>"), md))


# Rule citations in what a player reads: "Locks (§affinity-locks): ..." names the rule by its title,
# linked, never by its anchor.

_CITED = re.compile(r"(?P<before>[^()<>]*?)\s*\(§(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)\)")


def cited(text: str, md: Any) -> Markup:
    """Plain text as HTML for a player, each ``(§anchor)`` citation a link titled by its rule."""
    return Markup(link_citations(escape(text), md))


def link_citations(html: str, md: Any) -> str:
    """Each ``Title (§anchor)`` of HTML as a link on the title; a lone ``(§anchor)`` as the rule's title.

    An anchor no page has is left as it is, for the build to report.
    """
    docs = docs_of(md)

    def link(match: re.Match[str]) -> str:
        anchor, before = match["anchor"], match["before"]
        heading = docs.heading(anchor)
        href = rule_href(anchor, md, docs)
        if heading is None or href is None:
            return match.group()
        title = plain(heading.name)
        for name in (title, escape(title)):
            if name and before.endswith(name):
                return f'{before[: len(before) - len(name)]}<a class="we-rule" href="{href}">{name}</a>'
        return f'{before} (<a class="we-rule" href="{href}">{escape(title)}</a>)'

    return _CITED.sub(link, html)


# The question a line answers, from the values it proves: a line that shows bare figures
# (``[calculate(10, kind, drake).final for kind in ...]``, ``flash.final, str(flash.state)``)
# is asked about the results it reads, so each answer stands under its result's own situation.


def asked(shown: Shown, tree: ast.Module, namespace: dict[str, Any]) -> Shown:
    """A shown line with the question it answers, where the line's results give one."""
    if (
        shown.refusal
        or shown.text
        or shown.answers
        or shown.label
        or (shown.result is not None and _situation(shown.result))
    ):
        return shown
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return shown
    own = _printed_label(tree.body[0].value, shown)
    if own is not None:
        return own
    expr = _unprinted(tree.body[0].value)
    answers = _each_answered(expr, shown, namespace) or _each_labelled(expr, shown)
    if answers:
        return replace(shown, values=(), answers=answers)
    subjects = _subjects(expr)
    situations = [s for s in dict.fromkeys(_situations(subjects, namespace)) if s]
    if situations:
        return replace(shown, label="; ".join(situations), values=_named_figures(expr, shown))
    return replace(shown, label=_named_subject(subjects, shown, namespace) or _each_of(expr, namespace))


def _named_figures(expr: ast.expr, shown: Shown) -> tuple[tuple[str, object], ...]:
    """A tuple of one result's figures, each under its name; anything else is left as it is.

    ``flash.final, str(flash.state)`` shows "final 20, state fire: RS locked (scene)".
    """
    values = [value for _, value in shown.values]
    if not (isinstance(expr, ast.Tuple) and len(values) == 1 and isinstance(values[0], tuple)):
        return shown.values
    names = [_figure_name(item) for item in expr.elts]
    if len(names) != len(values[0]) or not all(names) or len(set(names)) != len(names):
        return shown.values
    return tuple(zip(names, values[0], strict=True))


def _figure_name(node: ast.expr) -> str:
    """The name of the figure an expression reads: ``str(hit.state)`` reads "state"."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _WRAPPERS:
        return _figure_name(node.args[0]) if len(node.args) == 1 else ""
    if isinstance(node, ast.Attribute):
        if node.attr == "value":  # result.affinity.value reads the affinity; a call's .value, the answer
            return node.value.attr.replace("_", " ") if isinstance(node.value, ast.Attribute) else ""
        return node.attr.replace("_", " ")
    return ""


def _each_of(expr: ast.expr, namespace: dict[str, Any]) -> str:
    """A list comprehension of one call in words: "Dice pool: Knife: 2+; margin, for each margin: 0, 1, 2"."""
    if not (isinstance(expr, ast.ListComp) and len(expr.generators) == 1):
        return ""
    label, loop = _label_of(expr.elt), expr.generators[0]
    values = _quietly(loop.iter, namespace)
    if not label or values is None or loop.ifs or not isinstance(loop.target, ast.Name):
        return ""
    return f"{label}, for each {loop.target.id.replace('_', ' ')}: {words(list(values))}"


def _named_subject(subjects: list[ast.expr], shown: Shown, namespace: dict[str, Any]) -> str:
    """For figures read off one thing of the rules (``chainmail.slashing, ...``): that thing as written."""
    if len({ast.dump(subject) for subject in subjects}) != 1:
        return ""
    if isinstance(subjects[0], ast.Call):  # choose_damage_type("Cold").value: the call in words
        return _label_of(subjects[0])
    value = _quietly(subjects[0], namespace)
    if not type(value).__module__.startswith("rules."):  # a weapon, an armor, a track: not a number
        return ""
    text = words(value)
    return "" if any(mark in text for mark in ("=", "<", "\n")) else text


def _printed_label(expr: ast.expr, shown: Shown) -> Shown | None:
    """A line that prints its own question (``print(f"1 damage: {track.status}")``) or a drawing.

    Text the example writes before a colon is its question; a value of several lines (a wound
    track) is shown as the example printed it, lines aligned.
    """
    if len(shown.values) != 1 or printed(expr) is None:
        return None
    value = shown.values[0][1]
    text = words(value)
    if "\n" in text:
        return Shown(text=text)
    inner = _unprinted(expr)
    labelled = isinstance(inner, ast.JoinedStr | ast.Constant)
    if labelled and ": " in text:
        question, answer = text.split(": ", 1)
        answer = {"True": "yes", "False": "no", "None": "none"}.get(answer, answer)
        return replace(shown, label=question, values=(("", answer),))
    return None


def _unprinted(expr: ast.expr) -> ast.expr:
    inner = printed(expr)
    return inner[0] if inner else expr


def _subjects(node: ast.expr) -> list[ast.expr]:
    """The names and calls whose values a line reads: ``flash`` in ``flash.final, str(flash.state)``."""
    wrapped = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _WRAPPERS
    if isinstance(node, ast.Name) or (
        isinstance(node, ast.Call) and not isinstance(node.func, ast.Attribute) and not wrapped
    ):
        return [node]
    return [subject for part in _parts(node) for subject in _subjects(part)]


def _parts(node: ast.expr) -> list[ast.expr]:
    """The parts of an expression whose values it reads (a method's object, a loop's list)."""
    if isinstance(node, ast.Attribute | ast.Subscript | ast.Starred):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List):
        return list(node.elts)
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        return [loop.iter for loop in node.generators]
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.Call):  # a method: what it is called on; a wrapper: what it wraps
        return [node.func.value] if isinstance(node.func, ast.Attribute) else list(node.args)
    return []


def _situations(subjects: list[ast.expr], namespace: dict[str, Any]) -> list[str]:
    found = []
    for subject in subjects:
        value = _quietly(subject, namespace)
        if _is_result(value):
            found.append(_situation(value))
    return found


def _quietly(node: ast.expr, namespace: dict[str, Any]) -> Any:
    """A part of a line evaluated again, if that cannot change what the line showed; else ``None``.

    A name is read; a call is made again only if no argument is a source of chance (a
    ``random.Random`` would move on and change the next line's roll).
    """
    if isinstance(node, ast.Call) and any(
        isinstance(namespace.get(name.id), random.Random)
        for name in ast.walk(node)
        if isinstance(name, ast.Name)
    ):
        return None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return _eval(node, namespace)
    except Exception:  # a part that does not stand alone (a comprehension's variable)
        return None


def _each_answered(expr: ast.expr, shown: Shown, namespace: dict[str, Any]) -> tuple[tuple[str, object], ...]:
    """Each figure of a list or tuple under its own result's situation, if each has a result of its own.

    ``[calculate(10, kind, drake).final for kind in ...]`` and ``hit.final, miss.final`` qualify.
    """
    values = [value for _, value in shown.values]
    if len(values) != 1 or not isinstance(values[0], list | tuple):
        return ()
    figures = list(values[0])
    results = _results_of_each(expr, namespace)
    if len(results) != len(figures) or len({id(result) for result in results}) < 2:
        return ()
    situations = [_situation(result) if _is_result(result) else "" for result in results]
    return tuple(zip(situations, figures, strict=True)) if all(situations) else ()


def _each_labelled(expr: ast.expr, shown: Shown) -> tuple[tuple[str, object], ...]:
    """Each figure of a tuple of calls under its call in words: ``dice_pool("6B", vest), ...``."""
    values = [value for _, value in shown.values]
    if not (isinstance(expr, ast.Tuple) and len(values) == 1 and isinstance(values[0], tuple)):
        return ()
    labels = [_label_of(item) for item in expr.elts]
    if len(labels) != len(values[0]) or not all(labels):
        return ()
    return tuple(zip(labels, values[0], strict=True))


def _results_of_each(expr: ast.expr, namespace: dict[str, Any]) -> list[Any]:
    """The value each item of a list comprehension or tuple reads its figure from."""
    if isinstance(expr, ast.ListComp) and len(expr.generators) == 1:
        subjects = _subjects(expr.elt)
        if len(subjects) == 1:
            each = ast.copy_location(ast.ListComp(subjects[0], expr.generators), expr)
            found = _quietly(ast.fix_missing_locations(each), namespace)
            return found if isinstance(found, list) else []
    if isinstance(expr, ast.Tuple):
        per_item = [_subjects(item) for item in expr.elts]
        if all(len(subjects) == 1 for subjects in per_item):
            return [_quietly(subjects[0], namespace) for subjects in per_item]
    return []


def _with_context(shown: Shown, tree: ast.Module, source: str, run: _Run) -> Shown:
    """The line's question for the record, where its card shows none (it is not shown to players).

    The situations of the results it reads, else its call in words, else what a loop goes through
    ("for each native: VU, Normal, RS"), else its code.
    """
    if shown.label or shown.answers or (shown.result is not None and _situation(shown.result)):
        return shown
    context = ""
    statement = tree.body[0] if len(tree.body) == 1 else None
    if isinstance(statement, ast.Expr):
        expr = _unprinted(statement.value)
        situations = [s for s in dict.fromkeys(_situations(_subjects(expr), run.namespace)) if s]
        called = isinstance(expr, ast.Call) and getattr(expr.func, "id", "") == "print"
        context = "; ".join(situations) or ("" if called else _label_of(expr))
    elif isinstance(statement, ast.For) and isinstance(statement.target, ast.Name):
        try:
            each = f": {words(list(ast.literal_eval(statement.iter)))}"
        except ValueError:
            each = ""
        context = f"For each {statement.target.id.replace('_', ' ')}{each}"
    return replace(shown, context=context or " ".join(source.split()))


def page_outcomes(page: Page) -> dict[int, tuple[Shown, ...]]:
    """What each executed example of a page shows, by its fence's line.

    The page's one run by Sybil (`run_page`), kept to the examples: a release records it.
    """
    examples = {fence.line for fence in page.fences if fence.is_example}
    return {line: tuple(shown) for line, shown in run_page(page).items() if line in examples}


def situations_and_results(item: Shown) -> tuple[tuple[str, str], ...]:
    """One shown line as a player reads it: each situation in game words with its result, none empty.

    A line of several answers gives one pair per answer; printed text gives one pair per line, a
    line's own question being the words before its first colon.
    """
    if item.failed:  # a failing example records nothing: a release refuses it, the build fails on it
        return ()
    asked = item.label or item.context
    if item.refusal:
        return ((asked, f"not allowed: {item.refusal}"),)
    if item.answers:
        return tuple((situation or asked, words(value) or "none") for situation, value in item.answers)
    if item.text:
        lines = [line.rstrip() for line in item.text.strip().splitlines() if line.strip()]
        pairs = [tuple(line.split(": ", 1)) if ": " in line.strip(": ") else (asked, line) for line in lines]
        return tuple((situation.strip() or asked, result.strip() or "none") for situation, result in pairs)
    values = "; ".join(f"{name} {words(value)}".strip() for name, value in item.values)
    if item.result is None:
        return ((asked, values or "none"),)
    result = str(item.result.outcome) + (f" ({values})" if values else "")
    return ((str(_situation(item.result) or asked), result),)
