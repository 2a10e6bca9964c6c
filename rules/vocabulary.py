"""The vocabulary several systems share: the seventeen conditions, and what an immunity can name.

A leaf module (it imports only `rules.words`), so every system can import it without
importing another system: the conditions system uses `Condition`, the resistances
system's Condition Immunity uses `CharacterCondition`, which names each condition by
the same member (its value is the condition's title) plus forced movement.

Examples:
    >>> Condition.parse("removed from game"), CharacterCondition.parse("push")
    (<Condition.EXILED: 'exiled'>, <CharacterCondition.FORCED_MOVEMENT: 'Forced Movement'>)
    >>> CharacterCondition.of(Condition.PRONE)
    <CharacterCondition.PRONE: 'Prone'>
    >>> CharacterCondition.parse("Removed from Game")
    <CharacterCondition.EXILED: 'Exiled'>
    >>> bare_effect_name("The Rare Arcane Antiviral Ritual"), bare_effect_name("Poison Immunity Spell")
    ('arcane antiviral', 'poison immunity')
    >>> same_name("Fighter", " fighter "), name_key("The  Ogre")
    (True, 'the ogre')

"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from types import MappingProxyType

from rules.errors import RulesError
from rules.words import normalise, parse_word

__all__ = ["CharacterCondition", "Condition", "among", "bare_effect_name", "name_key", "same_name"]


def name_key(name: str) -> str:
    """A combatant's or a source's name as every system compares it: case and spacing aside.

    The name itself is kept as written for explanations; only comparisons use the key.
    """
    return normalise(name)


def same_name(first: str, second: str) -> bool:
    """Whether two names name the same combatant: ``"Fighter"`` is ``"fighter"``."""
    return name_key(first) == name_key(second)


_LEADING = frozenset({"the", "rare"})
_TRAILING = frozenset({"spell", "ritual", "magic", "item", "items"})


def bare_effect_name(name: str) -> str:
    """An effect's name without what kind of thing it is: ``"The Rare X Ritual"`` is ``"x"``.

    A leading "the" or "rare" and a trailing "spell", "ritual" or "magic item(s)" go, so
    the seed's "Poison Immunity Spell" reads as "poison immunity" wherever an effect's
    name is read (what an immunity stops, the non-stacking list).
    """
    words = normalise(name).split()
    while len(words) > 1 and words[0] in _LEADING:
        words.pop(0)
    while len(words) > 1 and words[-1] in _TRAILING:
        words.pop()
    return " ".join(words)


def among(name: str, names: Iterable[str]) -> bool:
    """Whether ``name`` is one of ``names``, compared as `same_name` compares two."""
    key = name_key(name)
    return any(name_key(other) == key for other in names)


class Condition(Enum):
    """The seventeen conditions; the value is the name players write."""

    BLINDED = "blinded"
    DAZED = "dazed"
    DEAFENED = "deafened"
    DOMINATED = "dominated"
    EXILED = "exiled"
    GRABBED = "grabbed"
    HELPLESS = "helpless"
    IMMOBILIZED = "immobilized"
    MARKED = "marked"
    PETRIFIED = "petrified"
    PRONE = "prone"
    RESTRAINED = "restrained"
    SLOWED = "slowed"
    STUNNED = "stunned"
    SWALLOWED = "swallowed"
    UNCONSCIOUS = "unconscious"
    WEAKENED = "weakened"

    @classmethod
    def parse(cls, value: Condition | CharacterCondition | str) -> Condition:
        """Read a condition: ``"Prone"``, ``"removed from game"`` (the old name of exiled)...

        A `CharacterCondition` (what a ``Condition Immune:`` line names) is its condition,
        so the immunity's condition reads here as its name does (§ruling-one-vocabulary);
        forced movement is no condition and is refused.
        """
        if isinstance(value, CharacterCondition):
            if value.condition is None:
                msg = f"{value.value} is no condition a combatant can have: use one of the seventeen"
                raise RulesError(msg)
            return value.condition
        return parse_word(cls, value, "condition", aliases=_CONDITION_ALIASES)

    @property
    def title(self) -> str:
        """The condition's name as a heading writes it, e.g. ``"Prone"``."""
        return self.value.capitalize()

    @property
    def source_name(self) -> str | None:
        """What the source of this condition is called (``"grabber"``), or None if it needs none."""
        return SOURCE_NAMES.get(self)


_CONDITION_ALIASES = {
    "removed from game": Condition.EXILED,
    "immobilised": Condition.IMMOBILIZED,
    "slow": Condition.SLOWED,
    "stun": Condition.STUNNED,
    "daze": Condition.DAZED,
    "blind": Condition.BLINDED,
    "deaf": Condition.DEAFENED,
    "weaken": Condition.WEAKENED,
}

SOURCE_NAMES = MappingProxyType({
    Condition.DOMINATED: "dominator",
    Condition.GRABBED: "grabber",
    Condition.MARKED: "marker",
    Condition.SWALLOWED: "swallower",
})
"""The source-dependent conditions and what their source is called."""


class CharacterCondition(Enum):
    """A condition a Condition Immunity can name: the conditions, or forced movement.

    Each member but forced movement is the `Condition` of the same name, titled.
    """

    BLINDED = Condition.BLINDED.title
    DAZED = Condition.DAZED.title
    DEAFENED = Condition.DEAFENED.title
    DOMINATED = Condition.DOMINATED.title
    EXILED = Condition.EXILED.title
    GRABBED = Condition.GRABBED.title
    HELPLESS = Condition.HELPLESS.title
    IMMOBILIZED = Condition.IMMOBILIZED.title
    MARKED = Condition.MARKED.title
    PETRIFIED = Condition.PETRIFIED.title
    PRONE = Condition.PRONE.title
    RESTRAINED = Condition.RESTRAINED.title
    SLOWED = Condition.SLOWED.title
    STUNNED = Condition.STUNNED.title
    SWALLOWED = Condition.SWALLOWED.title
    UNCONSCIOUS = Condition.UNCONSCIOUS.title
    WEAKENED = Condition.WEAKENED.title
    FORCED_MOVEMENT = "Forced Movement"

    @classmethod
    def parse(cls, value: CharacterCondition | Condition | str) -> CharacterCondition:
        """Read a condition or forced movement; push, pull and slide are forced movement."""
        if isinstance(value, Condition):
            return cls.of(value)
        return parse_word(cls, value, "character condition", aliases=_IMMUNITY_WORDS)

    @property
    def condition(self) -> Condition | None:
        """The one of the seventeen conditions this names; ``None`` for forced movement."""
        return None if self is CharacterCondition.FORCED_MOVEMENT else Condition[self.name]

    @classmethod
    def of(cls, condition: Condition) -> CharacterCondition:
        """The member naming one of the seventeen conditions."""
        return cls[condition.name]


_IMMUNITY_WORDS = {
    **{word: CharacterCondition.FORCED_MOVEMENT for word in ("push", "pull", "slide")},
    # The conditions' other names ("Removed from Game" is Exiled) read the same in an immunity.
    **{word: CharacterCondition.of(condition) for word, condition in _CONDITION_ALIASES.items()},
    **{condition.value: CharacterCondition.of(condition) for condition in Condition},
}

if {member.name for member in Condition} != {member.name for member in CharacterCondition} - {
    "FORCED_MOVEMENT"
}:  # pragma: no cover - guards an edit that adds a condition to one enum only
    _msg = "CharacterCondition must name each Condition once, plus forced movement"
    raise ImportError(_msg)
