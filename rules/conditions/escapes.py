"""Escape checks, and forced movement that would pull a grabbed combatant away from its grabbers.

Examples:
    >>> ogre = {"reflex": 14, "fortitude": 18}
    >>> hero = Combatant("Ari").add("grabbed", source="ogre")
    >>> escape_check(hero, "ogre", "acrobatics", 14, ogre).escaped
    True

"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from rules.checks import collection, distinct, flag, nonblank, whole_number
from rules.conditions import rulebook as rb
from rules.conditions.combatant import ESCAPABLE, Combatant, read_combatant
from rules.conditions.effects import EFFECTS
from rules.conditions.vocabulary import Condition, Defense, Skill
from rules.errors import RulesError, RulesTypeError, shown
from rules.explain import Explained, Step
from rules.vocabulary import among, name_key

__all__ = ["EscapeResult", "ForcedMovement", "escape_check", "forced_movement"]


@dataclass(frozen=True, slots=True)
class EscapeResult(Explained):
    """The outcome of one escape check, and the combatant afterwards."""

    escaped: bool
    combatant: Combatant
    steps: tuple[Step, ...]

    @property
    def answer(self) -> bool:
        """Whether it escapes: `escaped`."""
        return self.escaped

    @property
    def outcome(self) -> str:
        """``"escapes"`` or ``"still held"``, with the conditions left."""
        return f"{'escapes' if self.escaped else 'still held'}: {self.combatant}"


def escape_check(
    combatant: Combatant,
    source: str,
    skill: Skill | str,
    check: int,
    defenses: Mapping[Defense | str, int],
) -> EscapeResult:
    """Make an escape check against one grabber or swallower.

    Args:
        combatant: The grabbed or swallowed combatant.
        source: The grabber or swallower it tries to escape.
        skill: ``"acrobatics"`` (against Reflex) or ``"athletics"`` (against Fortitude).
        check: The check's total.
        defenses: The source's defenses; the one the skill targets must be given.

    Raises:
        RulesError: The source holds no instance; an unknown skill; the defense is missing.

    """
    freed = read_combatant(combatant, "combatant").escape(source)  # refuses a source holding nothing
    source = source.strip()
    chosen = Skill.parse(skill)
    check = whole_number(check, "check", minimum=None)
    scores = _scores(defenses)
    defense = chosen.against
    if defense not in scores:
        msg = f"An {chosen.value} escape check needs {source}'s {defense.title}: none given"
        raise RulesError(msg)
    target = scores[defense]
    compared = f"{chosen.value.capitalize()} {check} vs {source}'s {defense.title} {target}"
    situation = f"{combatant} tries to escape {source}: {compared}"
    steps = [Step(rb.ESCAPE, f"{chosen.value.capitalize()} targets {defense.title}")]
    if check >= target:
        rule = rb.ESCAPE_TIES if check == target else rb.ESCAPE
        steps.append(Step(rule, f"{compared}: success"))
        held = [c.value for c in ESCAPABLE if among(source, combatant.sources(c))]
        steps.append(Step(rb.ESCAPE_SOURCE, f"ends every instance {source} holds: {', '.join(held)}"))
        return EscapeResult(True, freed, tuple(steps), situation=situation)
    steps.append(Step(rb.ESCAPE, f"{compared}: failure"))
    return EscapeResult(False, combatant, tuple(steps), situation=situation)


def _scores(defenses: object) -> dict[Defense, int]:
    if not isinstance(defenses, Mapping):
        msg = (
            "defenses must map the source's defenses to scores, e.g. {'reflex': 14}, "
            f"not {shown(defenses)}"
        )
        raise RulesTypeError(msg)
    checked = {
        name: whole_number(score, f"The {name} score", minimum=None) for name, score in defenses.items()
    }
    return distinct(checked, "defenses", Defense.parse)


@dataclass(frozen=True, slots=True)
class ForcedMovement(Explained):
    """Whether forced movement moves the combatant, and the combatant afterwards."""

    moves: bool
    combatant: Combatant
    steps: tuple[Step, ...]

    @property
    def answer(self) -> bool:
        """Whether it moves: `moves`."""
        return self.moves

    @property
    def outcome(self) -> str:
        """``"moves"`` or ``"negated"``, with the conditions left."""
        return f"{'moves' if self.moves else 'negated'}: {self.combatant}"


def forced_movement(
    target: Combatant,
    *,
    away_from: Iterable[str] = (),
    escapes: Mapping[str, bool] | None = None,
) -> ForcedMovement:
    """Resolve forced movement (a push, pull or slide) of a possibly grabbed or restrained target.

    Args:
        target: The combatant being moved.
        away_from: The creatures the movement would leave non-adjacent.
        escapes: For each grabber left behind, whether the free escape check against it
            succeeded; a grabber not listed means no check was taken.

    """
    target = read_combatant(target, "target")
    leaving = {_name(who, "away_from") for who in collection(away_from, "away_from")}
    results = _escapes(escapes)
    situation = f"Forced movement of {target}" + (
        f", away from {', '.join(sorted(leaving))}" if leaving else ""
    )
    steps = []
    if target.has(Condition.RESTRAINED):
        steps.append(Step(EFFECTS[Condition.RESTRAINED].rule, "restrained: ignores forced movement"))
        return ForcedMovement(False, target, tuple(steps), situation=situation)
    away = {name_key(who) for who in leaving}  # names compared regardless of case, each once
    left_behind = [who for who in target.sources(Condition.GRABBED) if name_key(who) in away]
    moves = True
    freed: set[str] = set()
    for grabber in left_behind:
        if results.get(name_key(grabber)):
            freed.add(name_key(grabber))
            steps.append(Step(rb.FORCED_MOVEMENT, f"free escape check against {grabber} succeeds"))
        else:
            taken = "fails" if name_key(grabber) in results else "is not taken"
            steps.append(Step(rb.FORCED_MOVEMENT, f"escape check against {grabber} {taken}"))
            moves = False
    if len(left_behind) > 1:
        verdict = "every check succeeded: moves" if moves else "one grabber holds: negated"
        steps.append(Step(rb.SEVERAL_GRABBERS_MOVED, verdict))
    elif not left_behind:
        steps.append(Step(rb.FORCED_MOVEMENT, "no grabber is left behind: moves"))
    elif not moves:
        steps.append(Step(rb.FORCED_MOVEMENT, "the forced movement is negated"))
    # Each successful check ends what that grabber holds, as an escape does: one pass for all.
    kept = tuple(
        i
        for i in target.instances
        if not (i.condition in ESCAPABLE and i.source is not None and name_key(i.source) in freed)
    )
    return ForcedMovement(moves, replace(target, instances=kept), tuple(steps), situation=situation)


def _escapes(value: object) -> dict[str, bool]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        msg = f"escapes must map each grabber to True or False (did its check succeed?), not {shown(value)}"
        raise RulesTypeError(msg)
    read = {_name(who, "escapes"): flag(done, f"escapes[{shown(who)}]") for who, done in value.items()}
    return distinct(read, "escapes", name_key)


def _name(value: object, what: str) -> str:
    return nonblank(value, f"The names in {what}", such_as="names such as 'ogre'")
