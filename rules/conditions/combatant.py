"""A combatant's condition instances, kept one by one; every change returns a new `Combatant`.

Examples:
    >>> hero = Combatant("Ari").add("grabbed", source="ogre").add("grabbed", source="troll")
    >>> hero.sources("grabbed")
    ('ogre', 'troll')
    >>> print(hero.escape("ogre"))
    Ari: grabbed (grabber: troll)

"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.checks import collection, nonblank, settle
from rules.conditions.vocabulary import Condition
from rules.errors import RulesError, RulesTypeError, shown
from rules.vocabulary import name_key, same_name

__all__ = ["ESCAPABLE", "Combatant", "Instance", "read_combatant"]

ESCAPABLE = (Condition.GRABBED, Condition.SWALLOWED)
"""The conditions an escape check ends."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One instance of a condition, with the source that imposed it (if any)."""

    condition: Condition
    source: str | None = None

    def __post_init__(self) -> None:
        settle(self, condition=Condition.parse(self.condition), source=_source(self.source))
        if self.source is None and self.condition.source_name is not None:
            kind = self.condition
            msg = (
                f"{kind.title} needs a source: name the {kind.source_name}, "
                f"e.g. Instance({shown(kind.value)}, source='ogre')"
            )
            raise RulesError(msg)

    def __str__(self) -> str:
        if self.source is None:
            return self.condition.value
        role = self.condition.source_name or "source"
        return f"{self.condition.value} ({role}: {self.source})"


@dataclass(frozen=True, slots=True)
class Combatant:
    """A character and the condition instances on it, in the order they were applied.

    A combatant is never changed: `add`, `save`, `end`, `escape` and
    `no_longer_adjacent` return a new one.

    Attributes:
        name: What to call the character in explanations and errors.
        instances: The condition instances on it, oldest first.

    """

    name: str = "the character"
    instances: tuple[Instance, ...] = ()

    def __post_init__(self) -> None:
        settle(
            self,
            name=nonblank(self.name, "A combatant's name", such_as="a name such as 'Ari'"),
            instances=tuple(map(_instance, collection(self.instances, "instances"))),
        )
        swallowers = self.sources(Condition.SWALLOWED)
        if len(swallowers) > 1:  # the same check for add() and for a combatant built whole
            held, who = swallowers[:2]
            msg = f"{self.name} is swallowed by {shown(held)}: cannot be swallowed by {shown(who)} too"
            raise RulesError(msg)

    def __str__(self) -> str:
        listed = ", ".join(map(str, self.instances)) or "no conditions"
        return f"{self.name}: {listed}"

    def add(self, condition: Condition | str, source: str | None = None) -> Combatant:
        """Return a new combatant with one more instance of ``condition``.

        Args:
            condition: The condition, e.g. ``"prone"``.
            source: Who imposes it; required for dominated, grabbed, marked and swallowed.

        Raises:
            RulesError: An unknown condition, a missing source, or a second swallower.

        """
        kind = Condition.parse(condition)
        who = _source(source)
        if who is None and kind.source_name is not None:
            msg = (
                f"{kind.title} needs a source: name the {kind.source_name}, "
                f"e.g. add({shown(kind.value)}, source='ogre')"
            )
            raise RulesError(msg)
        added: tuple[Instance, ...] = (Instance(kind, who),)
        if kind is Condition.UNCONSCIOUS:
            added += (Instance(Condition.PRONE),)  # falling unconscious knocks prone
        return replace(self, instances=self.instances + added)

    def save(self, condition: Condition | str, source: str | None = None) -> Combatant:
        """Return a new combatant with one instance of ``condition`` ended (a save, a duration).

        Without a source, the newest instance ends (§ruling-save-ends-newest); with one,
        the newest instance from that source.

        Raises:
            RulesError: An unknown condition, or no such instance to end.

        """
        kind = Condition.parse(condition)
        who = _source(source)
        for index in reversed(range(len(self.instances))):
            instance = self.instances[index]
            if instance.condition is kind and (who is None or _by(instance, who)):
                return replace(self, instances=self.instances[:index] + self.instances[index + 1 :])
        where = "" if who is None else f" from {shown(who)}"
        another_name = isinstance(condition, str) and condition.strip().casefold() != kind.value
        given = f" ({shown(condition)})" if another_name else ""
        msg = f"{self.name} has no instance of {kind.value}{given}{where} to end"
        raise RulesError(msg)

    def end(self, condition: Condition | str) -> Combatant:
        """Return a new combatant with every instance of ``condition`` ended (the type ends)."""
        kind = Condition.parse(condition)
        kept = tuple(instance for instance in self.instances if instance.condition is not kind)
        return replace(self, instances=kept)

    def escape(self, source: str) -> Combatant:
        """Return a new combatant freed of every grabbed and swallowed instance held by ``source``.

        Raises:
            RulesError: ``source`` grabs and swallows nothing of this combatant.

        """
        who = _source(source)
        if not any(i.condition in ESCAPABLE and _by(i, who) for i in self.instances):
            holders = sorted({*self.sources(Condition.GRABBED), *self.sources(Condition.SWALLOWED)})
            held_by = ", ".join(map(repr, holders)) if holders else "nobody"
            msg = (
                f"{self.name} cannot escape from {shown(who)}: it holds no grabbed or swallowed "
                f"instance (held by {held_by})"
            )
            raise RulesError(msg)
        kept = tuple(
            i for i in self.instances if not (i.condition in ESCAPABLE and _by(i, who))
        )
        return replace(self, instances=kept)

    def no_longer_adjacent(self, grabber: str) -> Combatant:
        """Return a new combatant without the grabbed instances of a grabber no longer adjacent."""
        who = _source(grabber)
        kept = tuple(
            i for i in self.instances if not (i.condition is Condition.GRABBED and _by(i, who))
        )
        return replace(self, instances=kept)

    def has(self, condition: Condition | str) -> bool:
        """Whether at least one instance of ``condition`` is on the combatant."""
        kind = Condition.parse(condition)
        return any(instance.condition is kind for instance in self.instances)

    def count(self, condition: Condition | str) -> int:
        """How many instances of ``condition`` are on the combatant."""
        kind = Condition.parse(condition)
        return sum(instance.condition is kind for instance in self.instances)

    def sources(self, condition: Condition | str) -> tuple[str, ...]:
        """Return the sources of ``condition``'s instances, each once, oldest first.

        Names are compared regardless of case (`rules.vocabulary.same_name`): the first
        spelling given is the one returned.
        """
        kind = Condition.parse(condition)
        found: dict[str, str] = {}
        for instance in self.instances:
            if instance.condition is kind and instance.source is not None:
                found.setdefault(name_key(instance.source), instance.source)
        return tuple(found.values())

    @property
    def conditions(self) -> tuple[Condition, ...]:
        """The conditions the combatant has, each once, in the order of the condition list."""
        return tuple(condition for condition in Condition if self.has(condition))


def _instance(value: object) -> Instance:
    if not isinstance(value, Instance):
        msg = f"instances must be Instance(...) values (add() adds a condition), not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def read_combatant(value: object, what: str) -> Combatant:
    """Accept a `Combatant`; anything else (a name, a dict) is refused, naming the input."""
    if not isinstance(value, Combatant):
        msg = f"{what} must be a Combatant(...), such as Combatant('Ari').add('prone'), not {shown(value)}"
        raise RulesTypeError(msg)
    return value


def _by(instance: Instance, who: str | None) -> bool:
    """Whether the instance was imposed by ``who`` (names compared regardless of case)."""
    return who is not None and instance.source is not None and same_name(instance.source, who)


def _source(source: object) -> str | None:
    if source is None:
        return None
    return nonblank(source, "A condition source", such_as="a name such as 'ogre'")
