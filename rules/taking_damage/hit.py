"""Taking one hit: prevention, reduction, the pools one for one, then at most one wound."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from rules.checks import flag, whole_number
from rules.explain import Explained, Step
from rules.tables import Table
from rules.taking_damage import rulebook as rb
from rules.taking_damage.defender import (
    DEFAULT_ORDER,
    NON_STACKING,
    Defender,
    Location,
    OneTime,
    Pool,
    effect_word,
    read_defender,
)

__all__ = ["MONSTROUS_TO", "HitResult", "in_doubt", "non_stacking_table", "order_table", "take_hit"]

NO_EFFECT = "No Effect"
MONSTROUS_TO = 1
"""What the monstrous rule reduces the damage reaching monstrous armor to (§ruling-monstrous-reduces-to-one).

The one place the number is stated: the step texts and the pages' sentences read it here."""
POOL_RULES = MappingProxyType({
    Pool.MAGIC_ARMOR: rb.MAGIC,
    Pool.MONSTROUS_ARMOR: rb.MONSTROUS_ARMOR,
    Pool.PHYSICAL_ARMOR: rb.PHYSICAL,
    Pool.NATURAL_ARMOR: rb.NATURAL,
    Pool.BODY: rb.BODY,
})


@dataclass(frozen=True, slots=True)
class HitResult(Explained):
    """What one hit did: the defender afterwards, the call, the wound and the steps.

    Attributes:
        defender: The defender after the hit (the one passed in is unchanged).
        call: ``"No Effect"`` when nothing got through, else ``None``.
        wound: The location wounded by this hit, or ``None``.
        absorbed: Where each point of the hit went, e.g. ``(("magic armor", 2), ("body", 2))``:
            a prevention effect, the monstrous rule, a pool or the wound.
        steps: The rules applied, in order.
        before: The defender as the hit found it.

    """

    defender: Defender
    call: str | None
    wound: Location | None
    absorbed: tuple[tuple[str, int], ...]
    steps: tuple[Step, ...]
    before: Defender

    @property
    def answer(self) -> Location | None:
        """The wound this hit dealt, if any: `wound`.

        Its figure is the points of the hit still to be taken: ``start`` is the damage,
        each step that takes points (a prevention, the monstrous rule, a pool, the wound)
        carries them as a negative change, and every point is taken, so ``end`` is 0.
        """
        return self.wound

    @property
    def outcome(self) -> str:
        """The hit in one line: the call, or each pool that changed and the wound."""
        if self.call:
            return self.call
        changes = [
            f"{pool.value} {self.before.pool(pool)} -> {self.defender.pool(pool)}"
            for pool in DEFAULT_ORDER
            if self.before.pool(pool) != self.defender.pool(pool)
        ]
        if self.wound is not None:
            changes.append(f"{self.wound.value} wound")
        return ", ".join(changes)


def take_hit(
    defender: Defender,
    amount: int,
    *,
    effect: str | None = None,
    pierce: bool = False,
    location: Location | str = "torso",  # pragma: no mutate ("TORSO" reads the same: words are case-blind)
) -> HitResult:
    """Apply one hit that landed on a legal location, in the order of the rules.

    Args:
        defender: The character hit.
        amount: The damage called, a whole number of 0 or more.
        effect: The effect the call carries, e.g. ``"poison"`` for "4 Poison";
            ``None`` for plain damage.
        pierce: Whether the call has the Pierce trait (it bypasses every armor pool).
        location: Where the hit landed: right leg, left leg, right arm, left arm or torso.

    Returns:
        The defender afterwards, the call (``"No Effect"`` or ``None``), the wound and the steps.

    Raises:
        RulesError: Negative or non-whole damage, an empty effect, an unknown location.

    """
    defender = read_defender(defender)
    damage = whole_number(amount, "amount")
    kind = None if effect is None else effect_word(effect)
    where = Location.parse(location)
    pierce = flag(pierce, "pierce")
    hit = _call(damage, kind, pierce)
    situation = f"{hit} to the {where.value}, against {defender}"

    steps: list[Step] = []
    if damage == 0:
        steps.append(Step(rb.ZERO_HIT, f"{hit} takes nothing and uses nothing up"))
        return _no_effect(defender, defender, (), steps, situation)
    prevented = _ongoing_prevention(defender, hit, damage, kind, steps)
    if prevented:
        return _no_effect(defender, defender, ((prevented, damage),), steps, situation, damage)
    after = _one_time_prevention(defender, kind, damage, steps)
    if after is not defender:
        absorbed = (("one-time effect", damage),)
        return _no_effect(defender, after, absorbed, steps, situation, damage)
    _damage_reduction(defender, pierce, steps)
    after, left, taken = _pools(defender, damage, pierce, steps)
    wound = _wound(after, left, where, steps)
    if wound is not None:
        after = replace(after, wounds=(*after.wounds, wound))
        taken.append(("wound", left))
    return HitResult(
        after, None, wound, tuple(taken), tuple(steps), defender,
        situation=situation, start=damage,
    )


def in_doubt(defender: Defender) -> HitResult:
    """Take the wound the rules ask for when you do not know how much damage you took.

    Every pool goes to 0 and you take a torso wound (§ruling-in-doubt-empties-pools).
    """
    defender = read_defender(defender)
    emptied = defender.with_pools(dict.fromkeys(Pool, 0))
    after = replace(emptied, wounds=(*defender.wounds, Location.TORSO))
    step = Step(rb.IN_DOUBT, "unsure of the damage: every pool to 0 and a torso wound")
    situation = f"A hit of unknown damage, against {defender}"
    return HitResult(after, None, Location.TORSO, (), (step,), defender, situation=situation)


def _call(damage: int, kind: str | None, pierce: bool) -> str:
    """Write the hit as it is called: ``4 damage``, ``4 Poison``, ``4 Pierce``."""
    words = [kind.title()] if kind else []
    words += ["Pierce"] if pierce else []
    return " ".join([str(damage), *(words or ["damage"])])


def _no_effect(  # noqa: PLR0917 - the hit's parts, as `HitResult` keeps them
    before: Defender,
    after: Defender,
    absorbed: tuple[tuple[str, int], ...],
    steps: list[Step],
    situation: str,
    damage: int = 0,
) -> HitResult:
    steps.append(Step(rb.NO_EFFECT, 'nothing got through: call "No Effect"'))
    return HitResult(
        after, NO_EFFECT, None, absorbed, tuple(steps), before, situation=situation, start=damage
    )


def _ongoing_prevention(
    defender: Defender, hit: str, damage: int, kind: str | None, steps: list[Step]
) -> str:
    """Step 1: an immunity, then a damage requirement, may stop the hit outright."""
    for immunity in defender.immunities:
        if immunity.stops(kind):
            steps.append(Step(rb.ONGOING, f"{immunity.name} stops {hit}", change=-damage))
            return "immunity"
    steps.append(Step(rb.ONGOING, f"no immunity stops {hit}"))
    if not defender.requires:
        return ""
    needed = " or ".join(sorted(defender.requires))
    if kind in defender.requires:
        steps.append(Step(rb.REQUIREMENT, f"{hit} meets the requirement ({needed})"))
        return ""
    text = f"{hit} does not meet the requirement ({needed})"
    steps.append(Step(rb.REQUIREMENT, text, change=-damage))
    return "damage requirement"


def _one_time_prevention(
    defender: Defender, kind: str | None, damage: int, steps: list[Step]
) -> Defender:
    """Step 2: the first one-time effect that applies stops the hit and is used up."""
    usable = [effect for effect in defender.one_time if effect.stops(kind)]
    if not usable:
        steps.append(Step(rb.ONE_TIME, "no one-time effect applies"))
        return defender
    # Higher level first, then the more limited; a full tie keeps the order received.
    usable.sort(key=lambda effect: (-effect.level, effect.reach))
    used = usable[0]
    if len(usable) > 1:
        others = ", ".join(_described(effect) for effect in usable[1:])
        steps.append(Step(rb.ONE_TIME_ORDER, f"{_described(used)} goes before {others}"))
    text = f"{used.name} prevents the hit and is used up"
    steps.append(Step(rb.ONE_TIME, text, change=-damage))
    rest = list(defender.one_time)
    rest.remove(used)
    return replace(defender, one_time=tuple(rest))


def _described(effect: OneTime) -> str:
    limit = " or ".join(sorted(effect.against)) if effect.against else "any hit"
    return f"{effect.name} (level {effect.level}, {limit})"


def _damage_reduction(defender: Defender, pierce: bool, steps: list[Step]) -> None:
    """Step 3: say whether the monstrous rule will reduce this hit, and where."""
    if not defender.monstrous_armor:
        text = "no monstrous armor: nothing reduces the damage"
    elif pierce:
        text = "Pierce bypasses monstrous armor, so the monstrous rule does not apply"
    else:
        text = "the monstrous rule applies where the damage reaches monstrous armor"
    steps.append(Step(rb.REDUCTION, text))


def _pool_order(defender: Defender, steps: list[Step]) -> tuple[Pool, ...]:
    order = defender.order
    if order != DEFAULT_ORDER:
        names = ", ".join(pool.value for pool in order)
        steps.append(Step(rb.CHANGED_ORDER, f"an effect sets the order: {names}"))
    if defender.next_hit is not None:
        first = defender.next_hit
        order = (first, *(pool for pool in order if pool is not first))
        text = f"this hit goes to {first.value} first, then the usual order"
        steps.append(Step(rb.NEXT_HIT, text))
    return order


def _pools(
    defender: Defender, damage: int, pierce: bool, steps: list[Step]
) -> tuple[Defender, int, list[tuple[str, int]]]:
    """Step 4 to 8: each pool in order takes what it can, one point per point of damage."""
    order = _pool_order(defender, steps)
    left = damage
    points = {pool: defender.pool(pool) for pool in Pool}
    absorbed: list[tuple[str, int]] = []
    if pierce:
        skipped = ", ".join(f"{p.value} {points[p]}" for p in order if p.is_armor and points[p])
        steps.append(Step(rb.PIERCE, f"bypasses every armor pool ({skipped or 'none up'})"))
    for pool in order:
        if left == 0 or points[pool] == 0 or (pierce and pool.is_armor):
            continue
        if pool is Pool.MONSTROUS_ARMOR and left > MONSTROUS_TO:
            # Whatever reaches monstrous armor becomes MONSTROUS_TO (§ruling-monstrous-reduces-to-one).
            text = f"the {left} damage reaching monstrous armor becomes {MONSTROUS_TO}"
            steps.append(Step(rb.MONSTROUS, text, change=MONSTROUS_TO - left))
            absorbed.append(("monstrous rule", left - MONSTROUS_TO))
            left = MONSTROUS_TO
        taken = min(left, points[pool])
        left -= taken
        absorbed.append((pool.value, taken))
        was, points[pool] = points[pool], points[pool] - taken
        rest = f"{left} damage left" if left else "no damage left"
        text = f"takes {taken} ({was} -> {points[pool]}); {rest}"
        steps.append(Step(POOL_RULES[pool], text, change=-taken))
    after = replace(defender.with_pools(points), next_hit=None)
    return after, left, absorbed


def _wound(after: Defender, left: int, where: Location, steps: list[Step]) -> Location | None:
    """Step 9: damage left with every pool gone is one wound at the location hit."""
    if left:
        text = f"{left} damage left and nothing to take it: one {where.value} wound"
        steps.append(Step(rb.WOUND, text, change=-left))
        return where
    if after.body == 0 and any(step.rule is rb.BODY for step in steps):
        steps.append(Step(rb.BODY_AT_ZERO, "body is at 0 with no damage left over: no wound yet"))
    return None


def order_table() -> Table:
    """Return the order a hit is resolved in, pools in their usual order, as the page shows it."""
    rows = [
        ("1", "Ongoing prevention", "immunities, damage requirements"),
        ("2", "One-time prevention", "e.g. spirit shield; used up"),
        ("3", "Damage reduction", "the monstrous rule, at monstrous armor"),
    ]
    rows += [
        (str(step), pool.value.capitalize(), "Pierce skips it" if pool.is_armor else "one for one")
        for step, pool in enumerate(DEFAULT_ORDER, start=4)
    ]
    rows.append((str(len(rows) + 1), "Wound", "at most one, at the location hit"))
    return Table.of(("Step", "What", "Notes"), rows)


def non_stacking_table() -> Table:
    """Return the effects that may not stack with each other."""
    return Table.of(("Effect", "What it is"), NON_STACKING)
