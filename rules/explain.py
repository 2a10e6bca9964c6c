"""Explained results: every figure the rules compute says which rules produced it.

A system's main function returns a result that carries the final figure and the
`Step`s taken; each step cites the `Rule` it applied by its anchor, and
`explain()` prints the steps so a player can follow them and look each rule up.

Anchors are unique across the whole site, so a citation such as §guarding names
one rule; the site turns each citation in an example's output into a link to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

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

    registry: ClassVar[dict[str, Rule]] = {}

    def __post_init__(self) -> None:
        known = Rule.registry.setdefault(self.anchor, self)
        if known != self:
            msg = f"Anchor {self.anchor!r} is cited by two rules: {known} and {self}"
            raise ValueError(msg)

    @property
    def link(self) -> str:
        """The rule's address relative to the docs, e.g. ``"affinity.md#guarding"``."""
        return f"{self.page}#{self.anchor}"

    @classmethod
    def cited(cls) -> tuple[Rule, ...]:
        """Every rule that a step of any loaded system can cite, sorted by link."""
        return tuple(sorted(cls.registry.values(), key=lambda rule: rule.link))


@dataclass(frozen=True, slots=True)
class Step:
    """One application of one rule: what it did, in a player's words."""

    rule: Rule
    text: str

    def __str__(self) -> str:
        return f"{self.rule.title} (§{self.rule.anchor}): {self.text}"


class Explained:
    """Mixin for results: ``steps`` in the order applied and a one-line ``outcome``."""

    __slots__ = ()

    steps: tuple[Step, ...]

    @property
    def outcome(self) -> str:
        """The result in one line, e.g. ``"6 damage"``."""
        raise NotImplementedError

    @property
    def rules_used(self) -> tuple[Rule, ...]:
        """The rules applied, each once, in the order first applied."""
        return tuple(dict.fromkeys(step.rule for step in self.steps))

    def explain(self) -> str:
        """The steps as numbered lines a player can follow, ending with the outcome."""
        lines = [f"{number}. {step}" for number, step in enumerate(self.steps, start=1)]
        lines.append(f"= {self.outcome}")
        return "\n".join(lines)
