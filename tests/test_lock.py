"""requirements.lock: every package pinned with hashes, as pyproject.toml asks, on every admitted Python.

scripts/lock regenerates it (uv pip compile); scripts/setup installs it with --require-hashes.
"""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

pytestmark = pytest.mark.tooling  # left out of scripts/test --fast

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
_PIN = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?:\s*;\s*(?P<marker>[^\\]+?))?\s*\\?$")
# The oldest Pythons that requires-python admits, and Debian 12's own python3.
PYTHONS = ["3.11.0", "3.11.2", "3.12.0", "3.13.0"]


def _pins() -> dict[str, list[tuple[Version, str | None, int]]]:
    """Each locked package: its versions, the marker each applies under, and how many hashes each has."""
    pins: dict[str, list[tuple[Version, str | None, int]]] = {}
    entries = re.split(r"\n(?=\S)", LOCK.read_text(encoding="utf-8"))
    for entry in entries:
        first = entry.splitlines()[0] if entry.strip() else ""
        if not first or first.startswith("#"):
            continue
        match = _PIN.match(first)
        assert match, f"requirements.lock: not a pinned requirement: {first!r} (regenerate: scripts/lock)"
        pins.setdefault(canonicalize_name(match["name"]), []).append(
            (Version(match["version"]), match["marker"], entry.count("--hash=sha256:")))
    return pins


def _version_for(name: str, python: str) -> Version | None:
    environment = {"python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
                   "platform_python_implementation": "CPython", "sys_platform": "linux"}
    for version, marker, _ in _pins().get(canonicalize_name(name), []):
        if marker is None or Marker(marker).evaluate(environment):
            return version
    return None


def test_every_pin_has_hashes_and_pip_and_setuptools_are_pinned():
    pins = _pins()
    unhashed = [name for name, versions in pins.items() if any(count == 0 for *_, count in versions)]
    assert not unhashed, f"requirements.lock: pins without --hash: {unhashed}; regenerate: scripts/lock"
    assert {"pip", "setuptools"} <= pins.keys(), "the lock must pin pip and setuptools: scripts/lock"


def test_the_lock_satisfies_every_dependency_of_pyproject_on_every_admitted_python():
    wanted = [Requirement(text) for extra in PROJECT["optional-dependencies"].values() for text in extra]
    wanted += [Requirement(text) for text in PROJECT["dependencies"]]
    problems = []
    for python in PYTHONS:
        for requirement in wanted:
            version = _version_for(requirement.name, python)
            if version is None or version not in requirement.specifier:
                problems.append(f"Python {python}: {requirement} -> locked {version}")
    assert not problems, (
        "pyproject.toml and requirements.lock disagree (run scripts/lock after changing a dependency):\n"
        + "\n".join(problems)
    )


def test_every_locked_package_installs_on_the_oldest_admitted_python_and_on_debian_12():
    """Each installed package's Requires-Python admits 3.11.0 and 3.11.2 (pymdown-extensions 13 did not)."""
    refused = []
    for name, versions in _pins().items():
        try:
            installed = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # locked for another Python or platform only (e.g. pyyaml-ft on 3.13)
        assert any(Version(installed.version) == version for version, *_ in versions), (
            f"{name} {installed.version} is installed but {[str(v) for v, *_ in versions]} is locked: "
            "run scripts/setup"
        )
        needs = SpecifierSet(installed.metadata.get("Requires-Python") or "")
        refused += [f"{name} {installed.version} needs Python {needs}, so not {python}"
                    for python in ("3.11.0", "3.11.2") if Version(python) not in needs]
    assert not refused, "requirements.lock has packages that do not install on every admitted Python:\n" + (
        "\n".join(refused))
