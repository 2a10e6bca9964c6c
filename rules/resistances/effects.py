"""Effects other than damage: Condition Immunity and Nondamage Immunity (`check_effect`).

Examples:
    >>> check_effect("push", ["Swarm"]).ignored
    True
    >>> check_effect("push", ["Swarm"], area=True).ignored
    False

"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import collection
from rules.explain import Explained, Step
from rules.resistances import rulebook as rb
from rules.resistances.attack import Circumstances
from rules.resistances.resolve import expand_sets, read_traits
from rules.resistances.traits import ConditionImmunity, NondamageImmunity, Trait
from rules.resistances.vocabulary import CharacterCondition, Keyword

__all__ = ["EffectCheck", "check_effect"]


@dataclass(frozen=True, slots=True)
class EffectCheck(Explained):
    """Whether a creature ignores an effect other than damage, and why."""

    ignored: bool
    steps: tuple[Step, ...]

    @property
    def answer(self) -> bool:
        """Whether the effect is ignored: `ignored`."""
        return self.ignored

    @property
    def outcome(self) -> str:
        """``"ignored"`` or ``"applies"``."""
        return "ignored" if self.ignored else "applies"


def check_effect(
    effect: CharacterCondition | str | None,
    traits: Iterable[Trait | str] | str,
    *,
    keywords: Iterable[Keyword | str] = (),
    advantage: bool = False,
    critical: bool = False,
    ongoing: bool = False,
    silvered: bool = False,
    attacker_level: int = 1,
    area: bool = False,
    environmental: bool = False,
    circumstances: Circumstances | None = None,
) -> EffectCheck:
    """Decide whether a creature ignores one effect of an attack that is not damage.

    Args:
        effect: A condition (``"stunned"``), forced movement (``"push"``, ``"pull"``,
            ``"slide"`` or ``"forced movement"``), or ``None`` for any other effect.
        traits: The creature's traits, as stat-block lines or trait objects.
        keywords: The attack's keywords, e.g. ``{"charm"}`` or ``{"poison"}``.
        advantage: The attack has Combat Advantage.
        critical: The attack is a critical hit.
        ongoing: The effect comes with ongoing damage.
        silvered: The attack uses a silvered weapon or implement.
        attacker_level: The attacker's level.
        area: The attack is a burst or blast.
        environmental: The effect comes from the environment, not from an attack.
        circumstances: The seven facts above as one `Circumstances` value, instead of
            the separate flags.

    Returns:
        Whether the effect is ignored, with the steps that decided it.

    Raises:
        RulesError: An unknown condition or keyword, or a trait line that cannot be read.

    """
    circumstances = Circumstances.given(circumstances, Circumstances(
        advantage, critical, ongoing, silvered, attacker_level, area, environmental
    ))
    wanted = None if effect is None else CharacterCondition.parse(effect)
    marks = tuple(dict.fromkeys(
        Keyword.parse(keyword) for keyword in collection(keywords, "keywords")
    ))
    steps: list[Step] = []
    given = read_traits(traits)
    held = expand_sets(given, steps)
    situation = _situation(wanted, given, marks, circumstances)
    for trait in held:
        if isinstance(trait, NondamageImmunity) and trait.keyword in marks:
            text = f"{trait}: every effect but damage of a {trait.keyword.value} attack is ignored"
            steps.append(Step(rb.NONDAMAGE_IMMUNITY, text))
            return EffectCheck(True, tuple(steps), situation=situation)
    for trait in held:
        if not isinstance(trait, ConditionImmunity) or trait.condition is not wanted:
            continue
        if trait.when is not None and not circumstances.meets(trait.when):
            fact = circumstances.describe(trait.when)
            steps.append(Step(rb.CONDITIONS, f"{trait} does not apply: the effect is {fact}"))
            continue
        # The step's title already reads "Condition Immune"; a condition on the line is told.
        met = "" if trait.when is None else f" ({trait} applies)"
        steps.append(Step(rb.CONDITION_IMMUNITY, f"{wanted.value} is ignored{met}"))
        return EffectCheck(True, tuple(steps), situation=situation)
    what = "the effect" if wanted is None else wanted.value
    steps.append(Step(rb.CONDITION_IMMUNITY, f"not immune to {what}: it applies"))
    return EffectCheck(False, tuple(steps), situation=situation)


def _situation(
    wanted: CharacterCondition | None,
    traits: tuple[Trait, ...],
    keywords: tuple[Keyword, ...],
    circumstances: Circumstances,
) -> str:
    """``"Forced Movement against Swarm (a burst or blast)"``."""
    what = "An effect other than damage" if wanted is None else wanted.value
    against = ", ".join(map(str, traits)) or "no traits"
    facts = [*(f"{keyword.value} attack" for keyword in keywords), *circumstances.words]
    more = f" ({', '.join(facts)})" if facts else ""
    return f"{what} against {against}{more}"
