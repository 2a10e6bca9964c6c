"""The closed vocabularies of monster design: roles, defenses, grades and monster groups.

Each parses the words a stat block or a designer writes, in any case (`rules.words.parse_word`).

Examples:
    >>> Role.parse("Skirmishers"), Defense.parse("Fort"), MonsterGroup.parse("undead")
    (<Role.SKIRMISHER: 'Skirmisher'>, <Defense.FORTITUDE: 'fortitude'>, <MonsterGroup.UNDEAD: 'Undead'>)

"""

from __future__ import annotations

from enum import Enum

from rules.errors import RulesError, RulesTypeError, shown
from rules.words import choices, normalise, parse_word

__all__ = ["Defense", "Grade", "MonsterGroup", "Role", "read_role"]

# Words of a stat block's role line that are not the role (§ruling-rank-is-not-role).
RANK_WORDS = ("minion", "standard", "elite", "solo", "leader", "(leader)")


class Role(Enum):
    """A monster role, as the Monster Manual names it; the role table has one row per role."""

    SOLDIER = "Soldier"
    BRUTE = "Brute"
    SKIRMISHER = "Skirmisher"
    CONTROLLER = "Controller"
    LURKER = "Lurker"
    ARTILLERY = "Artillery"

    @classmethod
    def parse(cls, value: Role | str) -> Role:
        """Read one role, e.g. ``"brute"`` or ``"Soldiers"``, in any case."""
        plurals = {member.value.casefold() + "s": member for member in cls}  # pragma: no mutate (case-blind)
        return parse_word(cls, value, "monster role", aliases=plurals)


def read_role(value: Role | str) -> tuple[Role, tuple[str, ...]]:
    """Read a role line such as ``"Elite Soldier (Leader)"``: the role, and the other words.

    Examples:
        >>> read_role("Elite Soldier (Leader)")
        (<Role.SOLDIER: 'Soldier'>, ('elite', '(leader)'))

    """
    if isinstance(value, Role):
        return value, ()
    if not isinstance(value, str):
        msg = f"A monster role is a word such as 'Soldier', not {shown(value)}"
        raise RulesTypeError(msg)
    words = normalise(value).split()
    others = tuple(word for word in words if word in RANK_WORDS)
    rest = " ".join(word for word in words if word not in RANK_WORDS)  # pragma: no mutate (one-word roles)
    try:
        return Role.parse(rest), others
    except RulesError:
        msg = f"Unknown monster role {shown(value)}: use one of {choices(Role)}"
        raise RulesError(msg) from None


class Defense(Enum):
    """A defense the role table grades: Fortitude, Reflex or Will (never AC)."""

    FORTITUDE = "fortitude"
    REFLEX = "reflex"
    WILL = "will"

    @classmethod
    def parse(cls, value: Defense | str) -> Defense:
        """Read a defense: ``"Fortitude"``, ``"fort"``, ``"Ref"``, ``"will"``..."""
        if isinstance(value, str) and normalise(value) in ("ac", "armor class", "armour class"):
            msg = (
                f"{shown(value)} is not graded by role: AC stays as the monster's level and role "
                "give it, and takes no variety modifier (§ruling-no-ac-in-role-table)"
            )
            raise RulesError(msg)
        aliases = {"fort": cls.FORTITUDE, "ref": cls.REFLEX}  # pragma: no mutate (aliases match case-blind)
        return parse_word(cls, value, "defense", aliases=aliases)

    @property
    def title(self) -> str:
        """The defense as a heading writes it: ``"Fortitude"``."""
        return self.value.capitalize()


class Grade(Enum):
    """How a role's defense compares with the average: strong, average or weak."""

    STRONG = "Strong"
    AVERAGE = "Average"
    WEAK = "Weak"

    @property
    def modifier(self) -> int:
        """What the grade adds to the average defense: +1, 0 or -1."""
        return {Grade.STRONG: 1, Grade.AVERAGE: 0, Grade.WEAK: -1}[self]


class MonsterGroup(Enum):
    """A monster group whose members share resistances and vulnerabilities.

    Fire, Cold and Water are the elemental creatures of that element; Blind is the
    group of monsters without sight.
    """

    UNDEAD = "Undead"
    FEY = "Fey"
    IMMORTAL = "Immortal"
    SHADOW = "Shadow"
    ABERRANT = "Aberrant"
    DEVIL = "Devil"
    CONSTRUCT = "Construct"
    BLIND = "Blind"
    FIRE = "Fire"
    COLD = "Cold"
    OOZE = "Ooze"
    PLANT = "Plant"
    WATER = "Water"
    TIEFLING = "Tiefling"
    ELADRIN = "Eladrin"
    DWARF = "Dwarf"
    SWARM = "Swarm"

    @classmethod
    def parse(cls, value: MonsterGroup | str) -> MonsterGroup:
        """Read a group, e.g. ``"undead"`` or ``"Devils"``, in any case."""
        if isinstance(value, MonsterGroup):
            return value
        plurals = {member.value.casefold() + "s": member for member in cls}  # pragma: no mutate (case-blind)
        plurals["dwarves"] = cls.DWARF  # pragma: no mutate (aliases match case-blind)
        return parse_word(cls, value, "monster group", aliases=plurals)
