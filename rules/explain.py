"""Explained results: every figure the rules compute says which rules produced it.

Every system's result has one shape, `Explained`: the ``answer``, the ``situation`` it
answers (the input in a player's words, one line), the `Step`s taken, and ``explain()``.
Each step cites the `Rule` it applied by its anchor; a step that changed the figure
carries the change, as a signed ``change``, so the figure's ``start`` plus the changes
is the ``end`` figure (Foundry pf2e records its damage adjustments the same way).

Anchors are unique across the whole site, so a citation such as §guarding names
one rule; the site turns each citation in an example's output into a link to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from rules.errors import shown

__all__ = ["Explained", "Rule", "Step"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule or ruling of the site, named by the page it is on and its stable anchor.

    Attributes:
        page: The Markdown page under ``docs/`` that states the rule, e.g. ``"affinity.md"``.
        anchor: The rule's explicit id on that page, e.g. ``"guarding"``.
        title: A short name for the rule, as its heading says it.

    """

    page: str
    anchor: str
    title: str

    registry: ClassVar[Mapping[str, Rule]]
    """Every rule created so far, by anchor: a read-only view (only a new `Rule` adds to it)."""

    def __post_init__(self) -> None:
        known = _REGISTERED.get(self.anchor)
        if known is not None and known != self:
            msg = f"Anchor {shown(self.anchor)} is cited by two rules: {known} and {self}"
            raise ValueError(msg)
        _REGISTERED[self.anchor] = self

    @property
    def link(self) -> str:
        """The rule's address relative to the docs, e.g. ``"affinity.md#guarding"``."""
        return f"{self.page}#{self.anchor}"

    @classmethod
    def cited(cls) -> tuple[Rule, ...]:
        """Every rule that a step of any loaded system can cite, sorted by link."""
        return tuple(sorted(cls.registry.values(), key=lambda rule: rule.link))


_REGISTERED: dict[str, Rule] = {}
Rule.registry = MappingProxyType(_REGISTERED)


@dataclass(frozen=True, slots=True)
class Step:
    """One application of one rule: what it did, in a player's words.

    Attributes:
        rule: The rule applied.
        text: What it did.
        change: The signed change it made to the result's figure (``-5`` for 5 damage
            resisted), or ``None`` if it changed no figure. Not part of the text.

    """

    rule: Rule
    text: str
    change: int | None = field(default=None, repr=False, compare=False, kw_only=True)

    def __str__(self) -> str:
        return f"{self.rule.title} (§{self.rule.anchor}): {self.text}"


@dataclass(frozen=True, slots=True)
class Explained:
    """The shape of every system's result.

    A result keeps its system's own attributes (``final``, ``total``, ``defender``...)
    and adds, through this base, ``answer``, ``situation``, ``steps``, ``explain()``
    and the figure the steps change (``start``, ``changes``, ``end``).

    Attributes:
        situation: The input in the game's words, one line, e.g.
            ``"17 Fire damage against Resist Fire, Vulnerable Fire 5"``.
        start: The figure before any step changed it, e.g. the damage dealt.

    """

    situation: str = field(default="", repr=False, compare=False, kw_only=True)
    start: int = field(default=0, repr=False, compare=False, kw_only=True)

    if TYPE_CHECKING:  # each result stores its steps as its own field

        @property
        def steps(self) -> tuple[Step, ...]:
            """The steps taken, in the order applied."""

    @property
    def answer(self) -> object:
        """The answer to the question the system was asked, e.g. the damage taken."""
        raise NotImplementedError

    @property
    def outcome(self) -> str:
        """The result in one line, e.g. ``"6 damage"``."""
        raise NotImplementedError

    @property
    def changes(self) -> tuple[int, ...]:
        """The signed change of each step that changed the figure, in order."""
        return tuple(step.change for step in self.steps if step.change is not None)

    @property
    def end(self) -> int:
        """The figure after every step: ``start`` plus the ``changes``."""
        return self.start + sum(self.changes)

    @property
    def rules_used(self) -> tuple[Rule, ...]:
        """The rules applied, each once, in the order first applied."""
        return tuple(dict.fromkeys(step.rule for step in self.steps))

    def explain(self) -> str:
        """The steps as numbered lines a player can follow, ending with the outcome."""
        lines = [f"{number}. {step}" for number, step in enumerate(self.steps, start=1)]
        lines.append(f"= {self.outcome}")
        return "\n".join(lines)
