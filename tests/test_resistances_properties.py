"""Invariants of the resistance rules, checked on generated creatures and attacks (hypothesis)."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import NotationError, shown
from rules.resistances import (
    CharacterCondition,
    Circumstances,
    Condition,
    ConditionImmunity,
    DamageImmunity,
    DamageTrigger,
    DamageType,
    Keyword,
    NondamageImmunity,
    Resist,
    Scope,
    TraitSet,
    Vulnerable,
    check_effect,
    parse_trait,
    take_damage,
)
from rules.resistances.traits import Template

TYPES = list(DamageType)
amounts = st.integers(min_value=0, max_value=200)
kinds = st.sampled_from(TYPES)
type_lists = st.lists(kinds, min_size=1, max_size=4)
targets = st.one_of(kinds, st.sampled_from(list(Scope)))
limits = st.one_of(st.none(), st.integers(min_value=1, max_value=60))
conditions = st.one_of(st.none(), st.sampled_from(list(Condition)))
resists = st.builds(Resist, targets, limits, conditions)
vulnerables = st.builds(Vulnerable, targets, limits, conditions)
immunities = st.builds(DamageImmunity, kinds)
everything = st.one_of(
    resists,
    vulnerables,
    immunities,
    st.builds(ConditionImmunity, st.sampled_from(list(CharacterCondition)), conditions),
    st.builds(NondamageImmunity, st.sampled_from(list(Keyword))),
    st.builds(DamageTrigger, kinds, st.text(min_size=1).filter(str.strip)),
    st.builds(TraitSet, st.sampled_from(list(Template))),
)
circumstances = st.fixed_dictionaries(
    {},
    optional={
        "advantage": st.booleans(),
        "critical": st.booleans(),
        "ongoing": st.booleans(),
        "silvered": st.booleans(),
        "attacker_level": st.integers(min_value=1, max_value=30),
        "area": st.booleans(),
    },
)


@given(amounts, type_lists, st.lists(st.one_of(resists, vulnerables), max_size=6), circumstances)
def test_a_resistance_never_mitigates_more_than_half_nor_a_vulnerability_adds_more(
    amount, types, traits, when
):
    result = take_damage(amount, types, traits, **when)
    assert result.mitigated <= amount // 2
    assert result.added <= amount // 2


@given(amounts, targets, limits, type_lists, circumstances)
def test_a_resistance_and_a_vulnerability_together_count_as_each_alone(amount, target, limit, types, when):
    traits = [Resist(target, limit), Vulnerable(target, limit)]
    kinds = types if isinstance(target, Scope) else [target]
    resisted = take_damage(amount, kinds, traits[:1], **when).mitigated
    added = take_damage(amount, kinds, traits[1:], **when).added
    assert take_damage(amount, kinds, traits, **when).final == max(0, amount - resisted + added)


@given(amounts, type_lists, st.lists(everything, max_size=8), circumstances, st.booleans())
def test_damage_is_never_negative_nor_more_than_a_vulnerability_adds(amount, types, traits, when, hazard):
    if hazard:
        when = {key: value for key, value in when.items() if key in ("ongoing", "attacker_level", "area")}
    result = take_damage(amount, types, traits, environmental=hazard, **when)
    assert 0 <= result.final <= amount + Vulnerable("all").amount(amount)
    assert result.final == max(amount - result.mitigated + result.added, 0)


@given(amounts, kinds, st.lists(resists, min_size=1, max_size=5), circumstances)
def test_only_the_best_resistance_applies(amount, kind, traits, when):
    result = take_damage(amount, kind, traits, **when)
    live = [trait for trait in traits if trait.covers(kind) and _met(trait, when)]
    assert result.mitigated == max((trait.amount(amount) for trait in live), default=0)


def _met(trait, when):
    return Circumstances(**when).meets(trait.condition)


@given(amounts, type_lists, st.lists(st.one_of(resists, vulnerables, immunities), max_size=6))
def test_several_types_match_a_plain_count_of_the_two_best(amount, types, traits):
    """Check the several-types rule against a direct enumeration (no conditions met or not)."""
    plain = [trait for trait in traits if getattr(trait, "condition", None) is None]
    kinds = list(dict.fromkeys(types))
    removed, added = [], []
    for kind in kinds:
        immune = DamageImmunity(kind) in plain
        graded = [trait for trait in plain if not isinstance(trait, DamageImmunity) and trait.covers(kind)]
        best_resist = max((t.amount(amount) for t in graded if isinstance(t, Resist)), default=0)
        best_vulnerable = max((t.amount(amount) for t in graded if isinstance(t, Vulnerable)), default=0)
        removed.append(amount if immune else best_resist)
        added.append(0 if immune else best_vulnerable)
    if len(kinds) > 1:
        mitigated = sum(sorted(removed)[-2:]) // 2
        extra = sum(sorted(added)[-2:]) // 2
    else:
        mitigated, extra = removed[0], added[0]
    result = take_damage(amount, types, plain)
    assert (result.mitigated, result.added) == (mitigated, extra)


@given(
    amounts,
    type_lists,
    st.lists(st.one_of(everything, everything.map(str)), max_size=6),
    st.dictionaries(kinds.map(lambda kind: kind.value.lower()), st.integers(1, 20), max_size=3),
)
def test_inputs_are_never_changed_in_place(amount, types, traits, reduction):
    before = copy.deepcopy((types, traits, reduction))
    first = take_damage(amount, types, traits, reduction=reduction)
    assert (types, traits, reduction) == before
    assert take_damage(amount, types, traits, reduction=reduction) == first


@given(everything)
def test_a_printed_trait_reads_back_to_the_same_trait(trait):
    assert parse_trait(str(trait)) == trait


@given(resists, st.sampled_from(["{word} {limit} {type}", "{word} {type} {limit}"]))
def test_the_limit_reads_on_either_side_of_the_type(trait, layout):
    if trait.limit is None:
        return
    condition = "" if trait.condition is None else f" ({trait.condition.value})"
    line = layout.format(word="resist", limit=trait.limit, type=trait.damage_type.value.upper())
    assert parse_trait(line + condition) == trait


# --- fuzzing the parser: it reads a trait or raises NotationError, nothing else ---------

TOKENS = [
    "Resist",
    "Vulnerable",
    "Damage",
    "Immune",
    "Immune:",
    "Condition",
    "Nondamage",
    "Trigger",
    "Insubstantial",
    "Swarm",
    "Regiment",
    "Fire",
    "all",
    "non-physical",
    "physical",
    "Poison",
    "Forced",
    "Movement",
    "Stunned",
    "Charm",
    "5",
    "10",
    "0",
    "(",
    ")",
    "(Critical)",
    "(no burst/blast)",
    "(No Advantage)",
    ":",
    ",",
    "-",
    "Fyre",
    "\t",
    "\u00e9",
    "\u017f",
    "\u212a",
    "\u0661\u0660",  # e-acute, long s, Kelvin sign, Arabic 10
]


def _parses_or_refuses(text):
    try:
        trait = parse_trait(text)
    except NotationError as error:
        assert error.text == text
        assert 0 <= error.position <= len(text)
        assert shown(text) in str(error)
    else:
        assert parse_trait(str(trait)) == trait


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_a_notation_error(text):
    _parses_or_refuses(text)


@given(st.lists(st.sampled_from(TOKENS), max_size=8), st.sampled_from([" ", "", "  "]))
def test_near_miss_lines_parse_or_raise_a_notation_error(tokens, glue):
    _parses_or_refuses(glue.join(tokens))


@given(everything, st.integers(min_value=0, max_value=40), st.text(max_size=3))
def test_a_damaged_trait_line_parses_or_raises_a_notation_error(trait, cut, noise):
    line = str(trait)
    _parses_or_refuses(line[:cut] + noise + line[cut:])


reductions = st.one_of(
    st.none(),
    st.dictionaries(
        kinds.filter(lambda kind: kind is not DamageType.PHYSICAL), st.integers(1, 30), max_size=3
    ),
)
graded = st.lists(st.one_of(resists, vulnerables, immunities), max_size=5)


# hits on a few types, each perhaps resisted, perhaps with a vulnerability of its own and a
# reduction against it: where the two promises of §ruling-reduction-several-types meet
FEW = [DamageType.FIRE, DamageType.COLD, DamageType.ACID, DamageType.THUNDER]
few = st.sampled_from(FEW)
small_limits = st.one_of(st.none(), st.integers(min_value=1, max_value=12))


@st.composite
def meeting_hits(draw):
    """(amount, types, traits, reduction) where traits and reductions meet on the same types."""
    types = draw(st.lists(few, min_size=1, max_size=4, unique=True))
    traits, reduction = [], {}
    for kind in types:
        if draw(st.booleans()):
            traits.append(Resist(kind, draw(small_limits)))
        if draw(st.booleans()):
            traits.append(Vulnerable(kind, draw(small_limits)))
        if draw(st.booleans()):
            reduction[kind] = draw(st.integers(1, 12))
    return draw(st.integers(0, 60)), types, traits, reduction


def _positive(reduction):
    return {kind: value for kind, value in reduction.items() if value > 0}


def _raised(base, more):
    return _positive({kind: (base or {}).get(kind, 0) + more.get(kind, 0) for kind in {*(base or {}), *more}})


more_reduction = st.dictionaries(few, st.integers(0, 12), max_size=4)


@given(amounts, st.integers(0, 100), type_lists, graded, reductions)
def test_more_damage_in_never_gives_less_out(amount, more, types, traits, reduction):
    low = take_damage(amount, types, traits, reduction=reduction)
    high = take_damage(amount + more, types, traits, reduction=reduction)
    assert high.final >= low.final


@given(amounts, type_lists, graded, resists, reductions, circumstances)
def test_adding_a_resistance_never_raises_the_damage_taken(amount, types, traits, extra, reduction, facts):
    before = take_damage(amount, types, traits, reduction=reduction, **facts)
    after = take_damage(amount, types, [*traits, extra], reduction=reduction, **facts)
    assert after.final <= before.final


@given(meeting_hits(), st.one_of(st.builds(Resist, few, small_limits), st.builds(DamageImmunity, few)))
def test_a_resistance_never_adds_damage_where_a_reduction_meets_it(hit, extra):
    """§ruling-reduction-several-types, first promise: a resistance (or an immunity) never adds damage."""
    amount, types, traits, reduction = hit
    before = take_damage(amount, types, traits, reduction=reduction)
    after = take_damage(amount, types, [*traits, extra], reduction=reduction)
    assert after.final <= before.final


@given(amounts, type_lists, graded, vulnerables, reductions, circumstances)
def test_adding_a_vulnerability_never_lowers_the_damage_taken(amount, types, traits, extra, reduction, facts):
    before = take_damage(amount, types, traits, reduction=reduction, **facts)
    after = take_damage(amount, types, [*traits, extra], reduction=reduction, **facts)
    assert after.final >= before.final


@given(meeting_hits(), more_reduction, circumstances)
def test_more_resistance_reduction_never_lowers_the_damage_taken(hit, more, facts):
    """§ruling-reduction-several-types, second promise: a reduction may help or do nothing, never hurt."""
    amount, types, traits, reduction = hit
    before = take_damage(amount, types, traits, reduction=reduction, **facts)
    after = take_damage(amount, types, traits, reduction=_raised(reduction, more), **facts)
    assert after.final >= before.final


@given(st.one_of(meeting_hits(), st.tuples(amounts, type_lists, graded, reductions)))
def test_resistance_reduction_matches_a_plain_count(hit):
    """The reduction ruling against a direct count: one type as written, several off the resistance."""
    amount, types, traits, reduction = hit
    plain = [trait for trait in traits if getattr(trait, "condition", None) is None]
    kinds = list(dict.fromkeys(types))
    removed, added = [], []
    for kind in kinds:
        graded_here = [t for t in plain if not isinstance(t, DamageImmunity) and t.covers(kind)]
        resist = max((t for t in graded_here if isinstance(t, Resist)),
                     key=lambda t: (t.limit is None, t.limit), default=None)
        own = max((t.amount(amount) for t in graded_here if isinstance(t, Vulnerable)), default=0)
        value = (reduction or {}).get(kind)
        gained = 0
        if resist is not None and value is not None:
            limit = value if resist.limit is None else min(value, resist.limit)
            gained = Vulnerable(kind, limit).amount(amount)
        if DamageImmunity(kind) in plain:
            removed.append(amount)
            added.append(0)
        elif len(kinds) == 1:
            removed.append(resist.amount(amount) if resist else 0)
            added.append(max(own, gained))
        else:
            removed.append((resist.amount(amount) if resist else 0) - gained)
            added.append(own)
    if len(kinds) > 1:
        mitigated, extra = sum(sorted(removed)[-2:]) // 2, sum(sorted(added)[-2:]) // 2
    else:
        mitigated, extra = removed[0], added[0]
    result = take_damage(amount, types, plain, reduction=reduction)
    assert (result.mitigated, result.added) == (mitigated, extra)


@given(amounts, type_lists, graded, st.one_of(resists, immunities))
def test_adding_a_resistance_never_raises_environmental_damage(amount, types, traits, extra):
    before = take_damage(amount, types, traits, environmental=True)
    after = take_damage(amount, types, [*traits, extra], environmental=True)
    assert after.final <= before.final


def test_the_issue_case_a_resistance_with_reduction_adds_no_damage():
    kinds3 = ["fire", "cold", "thunder"]
    without = take_damage(6, kinds3, ["Resist Fire", "Resist Cold"], reduction={"thunder": 2})
    with_it = take_damage(
        6, kinds3, ["Resist Fire", "Resist Cold", "Resist Thunder"], reduction={"thunder": 2}
    )
    assert with_it.final == without.final


def test_no_limit_ranks_above_any_limit_however_large():
    huge = 10**40
    result = take_damage(huge, "fire", ["Resist Fire", f"Resist Fire {10**30}"])
    unlimited = Resist("fire").amount(huge)
    assert unlimited > 10**30
    assert result.final == huge - unlimited
    assert take_damage(huge, "fire", [f"Resist Fire {10**30}"]).final == huge - 10**30


def test_results_and_public_tables_are_read_only():
    result = take_damage(17, "fire", ["Resist Fire"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.final = 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        check_effect("push", ["Swarm"]).ignored = False
    assert isinstance(result.steps, tuple)
    assert isinstance(result.per_type, tuple)
