"""A figure for each of Fortitude, Reflex and Will: what the defense functions return.

`ByDefense` is a read-only mapping keyed by `Defense`, always in the order Fortitude,
Reflex, Will. A lookup also takes the words a designer writes (``"fort"``, ``"Will"``),
and it prints as it is built:

Examples:
    >>> modifiers = ByDefense(fortitude=1, reflex=-1, will=0)
    >>> modifiers
    ByDefense(fortitude=1, reflex=-1, will=0)
    >>> modifiers[Defense.REFLEX], modifiers["Will"], list(modifiers)[0]
    (-1, 0, <Defense.FORTITUDE: 'fortitude'>)

"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

from rules.errors import RulesError
from rules.monsters.data import DEFENSES
from rules.monsters.vocabulary import Defense

__all__ = ["ByDefense"]

V = TypeVar("V")


class ByDefense(Mapping[Defense, V], Generic[V]):
    """Fortitude, Reflex and Will, each with its figure: a modifier, a score or an average."""

    __slots__ = ("_figures",)

    _figures: tuple[V, V, V]

    def __init__(self, *, fortitude: V, reflex: V, will: V) -> None:
        object.__setattr__(self, "_figures", (fortitude, reflex, will))

    @classmethod
    def of(cls, figures: Mapping[Defense, V]) -> ByDefense[V]:
        """The figures of a mapping that gives each of the three defenses by its member."""
        return cls(
            fortitude=figures[Defense.FORTITUDE], reflex=figures[Defense.REFLEX], will=figures[Defense.WILL]
        )

    def __getitem__(self, key: Defense | str) -> V:
        try:
            defense = Defense.parse(key)
        except RulesError:  # not a defense, or AC: not in the mapping
            raise KeyError(key) from None
        return self._figures[DEFENSES.index(defense)]

    def __iter__(self) -> Iterator[Defense]:
        return iter(DEFENSES)

    def __len__(self) -> int:
        return len(DEFENSES)

    def __setattr__(self, name: str, value: object) -> None:
        msg = f"A ByDefense never changes: build a new one rather than set {name}"
        raise AttributeError(msg)

    def __reduce__(self) -> tuple[object, tuple[V, V, V]]:
        return _rebuilt, self._figures  # copy and pickle build it anew, as it never changes

    def __hash__(self) -> int:
        return hash(self._figures)  # pragma: no mutate (any constant is a valid hash, only slower)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ByDefense):
            return self._figures == other._figures
        return super().__eq__(other)

    def __repr__(self) -> str:
        fortitude, reflex, will = self._figures
        return f"ByDefense(fortitude={fortitude!r}, reflex={reflex!r}, will={will!r})"


def _rebuilt(fortitude: V, reflex: V, will: V) -> ByDefense[V]:
    return ByDefense(fortitude=fortitude, reflex=reflex, will=will)
