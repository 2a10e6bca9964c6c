"""The ``rules-reference`` command: a calculator's situation answered, or a rule printed, from a shell.

The same `calculators.answer` the pages' calculators call answers each situation, so the
command, the pages and the browser agree::

    rules-reference resistances --damage 17 --types fire --traits "Resist Fire"
    rules-reference resistances damage=17 types=fire "traits=Resist Fire" --json
    rules-reference rule trait-resist

Each system is a subcommand whose options are its calculator's fields (``--help`` lists
them); ``name=value`` pairs say the same. A field of several lines (a stat block's traits)
takes one line per option or pair. Exit status: 0 answered, 1 refused (the rules' message on
standard error, or the refusal as JSON with ``--json``), 2 a command it cannot read.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import sys
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from calculators import CALCULATORS, answer
from calculators.fields import Calculator, Field

__all__ = ["main", "rules_data"]

_DATA = "rules.json"
_JOINED = {"lines": "\n", "choices": ","}  # fields given several times: one line, or one choice, each
_SOURCE_DATA = Path(__file__).resolve().parent.parent / "docs" / _DATA  # a source checkout's copy


def rules_data() -> dict[str, Any]:
    """The rules as data: the wheel's copy, else a source checkout's (scripts/calculator-assets writes it)."""
    shipped = resources.files("calculators").joinpath(_DATA)
    if shipped.is_file():
        data: dict[str, Any] = json.loads(shipped.read_text(encoding="utf-8"))
        return data
    if _SOURCE_DATA.is_file():
        data = json.loads(_SOURCE_DATA.read_text(encoding="utf-8"))
        return data
    msg = f"the rules' text is not installed: {_DATA} is in neither the package nor {_SOURCE_DATA.parent}"
    raise FileNotFoundError(msg)


def _field_help(field: Field) -> str:
    words = [field.label]
    if field.choices:
        values = ", ".join(value for value, _ in field.choices)
        words.append(
            f"{'any of' if field.kind == 'choices' else 'one of'}: {values}"
            + (" (joined with commas, or one each time it is given)" if field.kind == "choices" else "")
        )
    if field.kind == "lines":
        words.append("one line each time it is given")
    if field.hint:
        words.append(field.hint)
    if field.default and field.kind != "flag":
        words.append(f"default: {field.default!r}")
    return "; ".join(words).replace("%", "%%")


def _add_field(parser: argparse.ArgumentParser, field: Field) -> None:
    option = f"--{field.name}"
    if field.kind == "flag":
        parser.add_argument(
            option,
            dest=field.name,
            action=argparse.BooleanOptionalAction,
            default=None,
            help=_field_help(field) + (" (on by default)" if field.default == "yes" else ""),
        )
    elif field.kind in _JOINED:
        metavar = "LINE" if field.kind == "lines" else "CHOICE"
        parser.add_argument(
            option, dest=field.name, action="append", metavar=metavar, help=_field_help(field)
        )
    else:
        parser.add_argument(option, dest=field.name, metavar=field.kind.upper(), help=_field_help(field))


def _system_parser(commands: Any, calculator: Calculator) -> None:
    names = ", ".join(field.name for field in calculator.fields)
    parser = commands.add_parser(
        calculator.system,
        help=f"{calculator.title}: {calculator.intro}",
        description=f"{calculator.title}. {calculator.intro} Fields: {names}.",
        epilog="Fields not given take their default. Example: rules-reference "
        f"{calculator.system} {_example(calculator)}",
    )
    for field in calculator.fields:
        _add_field(parser, field)
    parser.add_argument("pairs", nargs="*", metavar="name=value", help="fields as name=value pairs")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON, as the pages get it")


def _example(calculator: Calculator) -> str:
    if not calculator.presets:
        return ""
    _, values = calculator.presets[0]
    return " ".join(
        f"{name}={value!r}" if " " in value else f"{name}={value}"
        for name, value in values.items()
        if value and "\n" not in value
    )


@functools.cache
def parser() -> argparse.ArgumentParser:
    """The command's parser: one subcommand per system, and ``rule`` (built once: parsing changes nothing)."""
    systems = "\n".join(
        f"  {calculator.system}: {', '.join(field.name for field in calculator.fields)}"
        for calculator in CALCULATORS.values()
    )
    main_parser = argparse.ArgumentParser(
        prog="rules-reference",
        description="Answer a situation with the rules of the Damage & Defense Rules Reference, "
        "or print a rule or ruling by its anchor.",
        epilog=f"Systems and their fields (rules-reference SYSTEM --help says more):\n{systems}\n\n"
        "Print a rule: rules-reference rule ANCHOR (without ANCHOR: every rule's anchor).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = main_parser.add_subparsers(dest="command", required=True, metavar="SYSTEM|rule")
    for calculator in CALCULATORS.values():
        _system_parser(commands, calculator)
    rule = commands.add_parser(
        "rule",
        help="print a rule or ruling by its anchor",
        description="Print a rule or ruling by its anchor, e.g. trait-resist.",
    )
    rule.add_argument("anchor", nargs="?", help="the rule's anchor (without it: every anchor and title)")
    rule.add_argument("--json", action="store_true", help="print the rule as JSON, as rules.json holds it")
    return main_parser


def values_given(
    calculator: Calculator, options: argparse.Namespace, pairs: Sequence[str]
) -> dict[str, str]:
    """The fields' text, from the options then the pairs: lines and choices add up, others come once."""
    values: dict[str, str] = {}
    lines: dict[str, list[str]] = {}
    kinds = {field.name: field.kind for field in calculator.fields}

    def give(name: str, value: str) -> None:
        if kinds.get(name) in _JOINED:
            lines.setdefault(name, []).append(value)
        elif name in values:
            msg = f"{name!r} is given twice: give each field once"
            raise ValueError(msg)
        else:
            values[name] = value

    for field in calculator.fields:
        given = getattr(options, field.name)
        if given is None:
            continue
        if field.kind == "flag":
            give(field.name, "yes" if given else "")
        elif field.kind in _JOINED:
            for line in given:
                give(field.name, line)
        else:
            give(field.name, given)
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals:
            example = f"{calculator.fields[0].name}=..."
            msg = f"{pair!r} is not name=value: write each field as name=value, e.g. {example}"
            raise ValueError(msg)
        give(name.strip(), value)
    return {**values, **{name: _JOINED[kinds[name]].join(given) for name, given in lines.items()}}


def answer_text(found: Mapping[str, Any]) -> str:
    """An answer as a player reads it: the situation, each step with its rule, the result, the odds."""
    lines = [f"Situation: {found['situation']}"] if found.get("situation") else []
    for number, step in enumerate(found["steps"], 1):
        lines.append(f"{number}. {step['title']} ({step['anchor']}): {step['text']}")
    lines.append(f"Result: {found['outcome']}")
    odds = found.get("odds")
    if odds:
        lines.append(f"{odds['title']}:")
        for bar in odds["bars"]:
            share = 100 * bar["numerator"] / bar["denominator"]
            lines.append(f"  {bar['label']}: {bar['numerator']}/{bar['denominator']} ({share:.1f}%)")
    return "\n".join(lines)


def rule_text(rule: Mapping[str, Any]) -> str:
    """A rule as plain text: title, kind, address, words, examples, citations and release."""
    lines = [f"{rule['title']} ({rule['kind']}, {rule['system']}): {rule['url']}", ""]
    if rule["text"]:
        lines += [rule["text"], ""]
    if rule["examples"]:
        lines.append("Examples:")
        lines += [
            f"- {e['situation']}: {e['result']}" if e["situation"] else f"- {e['result']}"
            for e in rule["examples"]
        ]
        lines.append("")
    if rule["cites"]:
        lines.append(f"Cites: {', '.join(rule['cites'])}")
    changed = rule["changed_in"]
    lines.append(f"Last changed in release {changed}" if changed else "Changed since the latest release")
    return "\n".join(lines)


def _rule(anchor: str | None, as_json: bool) -> int:
    data = rules_data()
    rules = {rule["id"]: rule for rule in data["rules"]}
    if anchor is None:
        print("\n".join(f"{rule['id']}: {rule['title']}" for rule in rules.values()))
        return 0
    rule = rules.get(anchor)
    if rule is None:
        close = difflib.get_close_matches(anchor, rules, n=3)
        hint = (
            f" Did you mean {' or '.join(close)}?" if close else " rules-reference rule lists every anchor."
        )
        print(f"rules-reference: no rule or ruling has the anchor {anchor!r}.{hint}", file=sys.stderr)
        return 1
    print(json.dumps(rule, ensure_ascii=False) if as_json else rule_text(rule))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status (0 answered, 1 refused, 2 not understood)."""
    the_parser = parser()
    # Pairs may come between options (argparse reads one run of positionals): the rest are pairs too.
    options, rest = the_parser.parse_known_args(argv)
    unknown = [item for item in rest if item.startswith("-") or options.command == "rule"]
    if unknown:
        the_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if options.command == "rule":
        return _rule(options.anchor, options.json)
    calculator = CALCULATORS[options.command]
    try:
        values = values_given(calculator, options, [*options.pairs, *rest])
    except ValueError as error:
        the_parser.exit(2, f"rules-reference {calculator.system}: {error}\n")
    found = answer(calculator.system, values)
    if options.json:
        print(json.dumps(found, ensure_ascii=False))
    elif found["ok"]:
        print(answer_text(found))
    else:
        where = f"{found['field']}: " if found.get("field") else ""
        print(f"rules-reference {calculator.system}: {where}{found['message']}", file=sys.stderr)
    return 0 if found["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
