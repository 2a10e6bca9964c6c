"""Variable Resistance shared by allies: one shift for every ally with the ability.

A use by any of them gives all of them the new Resist and Vulnerable lines and ends
the previous ones (§ruling-variable-resistance-shared). A `SharedShift` is never
changed: `use` returns a new one.

Examples:
    >>> import random
    >>> band = SharedShift(("Barlgura", "Vrock"))
    >>> band = band.use("Vrock", ["fire"], random.Random(3))
    >>> band.traits_of("Barlgura")
    ('Resist Fire', 'Vulnerable Cold')

"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from rules.checks import collection, nonblank, settle
from rules.errors import RulesError, shown
from rules.monsters.data import ELEMENTAL
from rules.monsters.groups import variable_resistance
from rules.resistances import DamageType, Resist, Vulnerable
from rules.vocabulary import name_key

__all__ = ["SharedShift"]


@dataclass(frozen=True, slots=True)
class SharedShift:
    """The Resist and Vulnerable that Variable Resistance gives a band of allies.

    Attributes:
        holders: The allies that have the ability, by name; a name given twice in another
            case or spacing is one holder (§ruling-one-vocabulary), kept as first written.
        resisted: The type they resist, or ``None`` before the first use.
        vulnerable: The type they are vulnerable to, or ``None`` before the first use.
        user: Who used it last, or ``None``.

    """

    holders: tuple[str, ...]
    resisted: DamageType | None = None
    vulnerable: DamageType | None = None
    user: str | None = None

    def __post_init__(self) -> None:
        names = tuple(
            nonblank(name, "A holder of Variable Resistance", such_as="a name such as 'Vrock'")
            for name in collection(self.holders, "holders")
        )
        if not names:
            msg = "Variable Resistance is shared by one or more holders, not none"
            raise RulesError(msg)
        first: dict[str, str] = {}
        for name in names:
            first.setdefault(name_key(name), name)
        holders = tuple(first.values())
        resisted = None if self.resisted is None else DamageType.parse(self.resisted)
        vulnerable = None if self.vulnerable is None else DamageType.parse(self.vulnerable)
        shifted = tuple(kind for kind in (resisted, vulnerable) if kind is not None)
        if len(shifted) == 1 or len(set(shifted)) != len(shifted) or not set(shifted) <= set(ELEMENTAL):
            msg = (
                "A shift resists one elemental type and is vulnerable to another elemental type "
                f"({', '.join(kind.value for kind in ELEMENTAL)}), both or neither, "
                f"not {shown(self.resisted)} and {shown(self.vulnerable)}"
            )
            raise RulesError(msg)
        settle(self, holders=holders, resisted=resisted, vulnerable=vulnerable)
        if self.user is not None:
            such_as = "a holder's name such as 'Vrock'"
            user = nonblank(self.user, "The user of Variable Resistance", such_as=such_as)
            settle(self, user=self._held(user, self._keys()))

    @property
    def traits(self) -> tuple[str, ...]:
        """The lines every holder has now: ``("Resist Fire", "Vulnerable Cold")``, or none."""
        if self.resisted is None or self.vulnerable is None:
            return ()
        return (str(Resist(self.resisted)), str(Vulnerable(self.vulnerable)))

    def traits_of(self, name: str) -> tuple[str, ...]:
        """The lines one creature has from the shift: none unless it holds the ability."""
        return self.traits if self._holder(name, self._keys()) in self.holders else ()

    def _keys(self) -> dict[str, str]:
        """Each holder by the key its name is compared by (§ruling-one-vocabulary)."""
        return {name_key(holder): holder for holder in self.holders}

    def _held(self, name: object, keys: dict[str, str]) -> str:
        """A holder's name as the band writes it; anyone else is refused, as `use` refuses them."""
        holder = self._holder(name, keys)
        if name_key(holder) not in keys:
            held = ", ".join(self.holders)
            msg = f"{shown(name)} does not hold this Variable Resistance (held by {held})"
            raise RulesError(msg)
        return holder

    def use(
        self,
        users: str | Iterable[str],
        triggering_types: Iterable[DamageType | str] | DamageType | str,
        rng: random.Random,
    ) -> SharedShift:
        """The shift after a use, which ends the previous one for every holder.

        Args:
            users: The holder the damage triggered it for; if one event triggered it for
                several holders at once, all of them, and one chosen at random uses it.
            triggering_types: The types of the damage that triggered it.
            rng: A seeded ``random.Random``.

        Raises:
            RulesError: A user who does not hold the ability, or no elemental type.

        """
        named = (users,) if isinstance(users, str) else collection(users, "users")
        keys = self._keys()
        triggered = tuple(dict.fromkeys(self._held(name, keys) for name in named))
        if not triggered:
            msg = "users must name the holder that Variable Resistance triggered for"
            raise RulesError(msg)
        user = triggered[0] if len(triggered) == 1 else rng.choice(triggered)
        resisted, vulnerable = variable_resistance(triggering_types, rng)
        return SharedShift(self.holders, resisted, vulnerable, user)

    @staticmethod
    def _holder(name: object, keys: dict[str, str]) -> str:
        """The name as written among the holders when it is one of them (case and spacing aside)."""
        given = nonblank(name, "A holder of Variable Resistance", such_as="a name such as 'Vrock'")
        return keys.get(name_key(given), given)
