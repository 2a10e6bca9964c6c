"""The rule systems of the reference, one module each, and the machinery they share.

Import a system's module for its full API (``rules.affinity``); the names below
are the ones every system shares. Importing the package loads every system, so
`Rule.cited()` lists every rule any result can cite.
"""

from rules import affinity, conditions, monsters, resistances, taking_damage, typed_damage
from rules.errors import NotationError, RulesError, RulesTypeError
from rules.explain import Explained, Rule, Step

SYSTEMS = (resistances, monsters, affinity, conditions, typed_damage, taking_damage)

__all__ = ["SYSTEMS", "Explained", "NotationError", "Rule", "RulesError", "RulesTypeError", "Step"]
