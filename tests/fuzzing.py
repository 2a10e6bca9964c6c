"""What every fuzz test of a system shares: nasty inputs, and the one thing they check.

Every public function and constructor that takes user input either answers or raises a
`RulesError` whose message names the input: it quotes a value given (as `shown` writes it,
shortened when long) or names the parameter, and never echoes a long input whole.
Hypothesis draws each argument from valid values, near-valid notation and plain nasty
values (huge and negative numbers, floats, bytes, text, lists nested thousands deep).
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rules.errors import RulesError, shown

FUZZ = settings(
    max_examples=min(30, settings().max_examples),  # fewer under the quick "dev" profile
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Few examples per function, no deadline: the suite stays fast and never flaky."""

LONGEST_MESSAGE = 2000
"""No message is longer: a long input is shortened, never echoed whole."""

NOTATION = "-*+EBX()/:,HAbvs. 0123456789\u00b2\uff11\t"  # with a superscript and a full-width digit


def _nest(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.integers(min_value=-(10**130), max_value=10**130),
    st.sampled_from([10**5000, -(10**5000), 10**100, 10**101, -1, 0]),
    st.floats(),
    st.fractions(max_denominator=10),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.text(alphabet=NOTATION, max_size=25),
)
nasty = st.one_of(
    scalars,
    st.lists(scalars, max_size=4),
    st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-3, 3)), scalars, max_size=3),
    st.integers(min_value=2, max_value=3000).map(_nest),
    st.integers(min_value=10**4, max_value=2 * 10**5).map(lambda size: "Resist " + "9" * size),
    st.integers(min_value=10**4, max_value=2 * 10**5).map(lambda size: "-" * size),
    st.just(Fraction(1, 3)),
)


def either(*valid: object) -> st.SearchStrategy[Any]:
    """A valid value (one of those given) or a nasty one, about half the time each."""
    return st.one_of(st.sampled_from(valid), nasty) if valid else nasty


def _pieces(value: object, depth: int = 0) -> list[object]:
    found = [value]
    if depth >= 3:
        return found
    if isinstance(value, Mapping):
        for key, item in list(value.items())[:20]:
            found += _pieces(key, depth + 1) + _pieces(item, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value)[:20]:
            found += _pieces(item, depth + 1)
    return found


def _names_input(
    message: str, call: Callable[..., Any], args: Sequence[object], kwargs: Mapping[str, object]
) -> bool:
    try:
        names = list(inspect.signature(call).parameters)
    except (TypeError, ValueError):
        names = []
    words = [*names, *kwargs]
    pieces = [piece for value in (*args, *kwargs.values()) for piece in _pieces(value)]
    quoted = [shown(piece) for piece in pieces]
    words_of = [piece.value if isinstance(piece, enum.Enum) else piece for piece in pieces]  # by its word
    texts = [piece.strip() for piece in words_of if isinstance(piece, str) and piece.strip()]
    trimmed = [shown(" ".join(text.split())) for text in texts] + [shown(text) for text in texts]
    folded = message.casefold()  # "radiant" is named as the rules write it, "Radiant"
    return any(word.casefold() in folded for word in (*words, *quoted, *texts, *trimmed))


def _fits(value: object, hint: object) -> bool:
    """Whether a field's value has its declared type (the plain cases: classes, unions, tuples)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, option) for option in typing.get_args(hint))
    if origin in (tuple, frozenset):
        return isinstance(value, origin)
    if isinstance(hint, type):
        return isinstance(value, hint) and not (hint is int and isinstance(value, bool))
    return True


def well_built(value: object) -> None:
    """A constructed value holds what its fields declare: a constructor checks its input."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return
    hints = typing.get_type_hints(type(value))
    for field in dataclasses.fields(value):
        held = getattr(value, field.name)
        assert _fits(held, hints[field.name]), f"{type(value).__name__}.{field.name} holds {shown(held)}"


def answers_or_refuses(call: Callable[..., Any], *args: object, **kwargs: object) -> None:
    """Call: an answer must be well built; an error must be a `RulesError` naming its input, briefly."""
    try:
        answer = call(*args, **kwargs)
        if isinstance(call, type):
            well_built(answer)
    except RulesError as error:
        message = str(error)
        assert message, f"{call.__name__} raised an empty RulesError"
        assert len(message) <= LONGEST_MESSAGE, f"{call.__name__}: a message of {len(message)} characters"
        assert _names_input(message, call, args, kwargs), f"{call.__name__}: {message!r} names no input"


def call_with_drawn_inputs(targets: dict[str, Any], name: str, data: st.DataObject) -> None:
    """Draw the inputs of ``targets[name]`` (a call, positional and keyword strategies), then call it."""
    call, positional, keywords = targets[name]
    args = [
        data.draw(strategy, label=f"{name} argument {number}") for number, strategy in enumerate(positional)
    ]
    kwargs = {
        key: data.draw(strategy, label=key) for key, strategy in keywords.items() if data.draw(st.booleans())
    }
    answers_or_refuses(call, *args, **kwargs)
