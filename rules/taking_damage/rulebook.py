"""The rules and rulings of ``taking-damage.md`` that a step can cite, one `Rule` each."""

from __future__ import annotations

from rules.explain import Rule

PAGE = "taking-damage.md"

ONGOING = Rule(PAGE, "ongoing-prevention", "Ongoing prevention")
REQUIREMENT = Rule(PAGE, "damage-requirements", "Damage requirements")
NO_EFFECT = Rule(PAGE, "no-effect-call", "The No Effect call")
ONE_TIME = Rule(PAGE, "one-time-prevention", "One-time prevention")
ONE_TIME_ORDER = Rule(PAGE, "one-time-order", "Which one-time effect goes first")
REDUCTION = Rule(PAGE, "damage-reduction", "Damage reduction")
MONSTROUS = Rule(PAGE, "monstrous-rule", "The monstrous rule")
MAGIC = Rule(PAGE, "pool-magic-armor", "Magic armor")
MONSTROUS_ARMOR = Rule(PAGE, "pool-monstrous-armor", "Monstrous armor")
PHYSICAL = Rule(PAGE, "pool-physical-armor", "Physical armor")
NATURAL = Rule(PAGE, "pool-natural-armor", "Natural armor")
BODY = Rule(PAGE, "pool-body", "Body")
PIERCE = Rule(PAGE, "pierce-trait", "Pierce")
WOUND = Rule(PAGE, "hit-wound", "The wound")
NEXT_HIT = Rule(PAGE, "next-hit-redirection", "Next hit")
CHANGED_ORDER = Rule(PAGE, "changed-damage-order", "Changing the order")
IN_DOUBT = Rule(PAGE, "when-in-doubt", "When in doubt")
NO_INVULNERABILITY = Rule(PAGE, "no-invulnerability", "No invulnerability")
NON_STACKING = Rule(PAGE, "non-stacking-effects", "Effects that do not stack")
GAINED = Rule(PAGE, "gaining-defenses", "Gaining defenses")

BODY_AT_ZERO = Rule(PAGE, "ruling-body-at-zero", "Ruling: body at exactly 0")
ZERO_HIT = Rule(PAGE, "ruling-zero-damage-hit", "Ruling: a hit for 0")
