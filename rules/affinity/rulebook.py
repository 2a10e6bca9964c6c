"""The rules and rulings of ``affinity.md`` that a step of `calculate` cites, one `Rule` each."""

from __future__ import annotations

from rules.explain import Rule

PAGE = "affinity.md"

INITIAL = Rule(PAGE, "initial-affinity", "Step 1: initial affinity")
LOCKS = Rule(PAGE, "affinity-locks", "Locks")
GUARDING = Rule(PAGE, "guarding", "Step 2: guarding")
MODIFIERS = Rule(PAGE, "attack-modifiers", "Step 3: attack modifiers")
IGNORE = Rule(PAGE, "ignore-flags", "Step 4: ignore flags")
MULTIPLIER = Rule(PAGE, "multipliers", "Step 5: multiplier")
FINAL = Rule(PAGE, "final-damage", "Step 6: final damage")
SAVE = Rule(PAGE, "save-state", "Step 7: save the state")
UNTYPED = Rule(PAGE, "ruling-untyped-affinity", "Ruling: the affinity of untyped damage")
REMOVE_ABSENT = Rule(PAGE, "ruling-remove-absent", "Ruling: removing an affinity that is not there")
