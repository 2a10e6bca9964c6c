"""What the calculators run on in the browser, written where the site build copies it.

``write()`` puts into ``docs/assets/calculator/`` (gitignored, like ``assets/vendor/``):

- the Python runtime, Pyodide, from the npm package pinned by ``package-lock.json``
  (``node_modules/pyodide/``): only the five files a page needs to run pure Python;
- the project's own pure-Python wheel: the ``rules`` and ``calculators`` packages, written
  with ``zipfile`` (no build isolation, no network), byte for byte the same for the same
  sources, and named with its content hash so no browser keeps a stale copy. The tools page
  offers it for download: it carries the rules' data (``docs/rules.json``, written first by
  `rulesite.data`) as ``calculators/rules.json`` and the ``rules-reference`` command;
- the templating libraries the worked-example card needs (``libraries-HASH.zip``: Jinja2
  and MarkupSafe's pure-Python modules, from this interpreter's copies, the versions
  ``requirements.lock`` pins), apart from the wheel, which installs with no dependency: the
  calculator's worker draws its answer with the pages' own templates (``calculators/card.py``);
- a memory snapshot of the runtime with both packages and the libraries imported
  (``snapshot-HASH.gz``, made by ``scripts/calculator-snapshot.mjs`` under Node, named by the
  hash of the runtime, the rules' code and the libraries): the browser restores it instead
  of starting Python and importing the rules.
  Without Node, or if Pyodide cannot make it, there is none and the calculator starts the
  slow way (the wheel); a snapshot that does not restore falls back the same way.

The builders (MkDocs, ProperDocs, Zensical) copy the folder as any other asset; the
``calculator`` fence (``rulesite/calculator.py``) reads it to say which wheel to load,
or that the calculator is not available in a build made without ``node_modules``
(building the site needs no npm). ``scripts/calculator-assets`` runs this; ``scripts/setup``,
``scripts/test``, ``scripts/serve`` and the tests' own build call it. Fast when up to date.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

from rulesite.data import CURRENT as RULES_DATA
from rulesite.data import write as write_rules_data

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "assets" / "calculator"
PYODIDE = ROOT / "node_modules" / "pyodide"
# What loadPyodide() fetches to run pure Python, and nothing else (no packages).
RUNTIME_FILES = (
    "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
PACKAGES = ("rules", "calculators")
# What the card's templates run on (calculators/card.py): pure Python, MarkupSafe without its C speedups.
LIBRARIES = ("jinja2", "markupsafe")
_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Assets:
    """What ``write()`` left in the folder, and what a calculator downloads.

    The wheel's file name, whether the runtime is there, and the size in bytes of each
    file the first calculator of a visit fetches (the runtime's five and the wheel).
    """

    wheel: str
    runtime: bool
    sizes: tuple[tuple[str, int], ...] = ()
    snapshot: str = ""
    libraries: str = ""

    @property
    def download(self) -> int:
        """Bytes a player downloads on opening the first calculator of a visit."""
        return sum(size for _, size in self.sizes)


def write(root: Path = ROOT) -> Assets:
    """Copy the runtime (if npm installed it) and write the wheel; remove anything stale."""
    folder = root / "docs" / "assets" / "calculator"
    folder.mkdir(parents=True, exist_ok=True)
    runtime = _copy_runtime(root / "node_modules" / "pyodide", folder)
    write_rules_data(root)  # the rules' data, which the wheel ships
    wheel = write_wheel(folder, root)
    libraries = write_libraries(folder)
    snapshot = write_snapshot(folder, wheel, root, libraries) if runtime else ""
    sizes = _sizes(folder, wheel, snapshot, libraries) if runtime else ()
    _write_if_changed(folder / "files.json", json.dumps({"files": dict(sizes)}, sort_keys=True) + "\n")
    return Assets(wheel=wheel, runtime=runtime, sizes=sizes, snapshot=snapshot, libraries=libraries)


def _write_if_changed(path: Path, text: str) -> None:
    """Write ``files.json`` (what the calculators download, by name and size) if it changed.

    The offer to save the calculators for offline use reads it (assets/js/offline.js); it is
    rewritten only when it changes, as the folder is watched by the live server.
    """
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def present(folder: Path | None = None) -> Assets | None:
    """The assets a build will ship, or ``None`` if the runtime or the wheel is missing."""
    folder = folder or FOLDER
    wheels = sorted(folder.glob("*.whl"))
    libraries = sorted(folder.glob("libraries-*.zip"))
    if not wheels or not libraries or not all((folder / name).is_file() for name in RUNTIME_FILES):
        return None
    snapshots = sorted(folder.glob("snapshot-*.gz"))  # write() leaves only the current one
    snapshot = snapshots[-1].name if snapshots else ""
    sizes = _sizes(folder, wheels[-1].name, snapshot, libraries[-1].name)
    return Assets(wheel=wheels[-1].name, runtime=True, sizes=sizes, snapshot=snapshot,
                  libraries=libraries[-1].name)


def _sizes(folder: Path, wheel: str, snapshot: str, libraries: str) -> tuple[tuple[str, int], ...]:
    """What the first calculator fetches: the runtime and the snapshot, else the wheel and the libraries."""
    names = (*RUNTIME_FILES, snapshot) if snapshot else (*RUNTIME_FILES, wheel, libraries)
    return tuple((name, (folder / name).stat().st_size) for name in names)


def _snapshot_name(folder: Path, root: Path, libraries: str) -> str:
    """``snapshot-HASH.gz``: named by the runtime's files, the rules' code and the libraries it imported.

    Not by the wheel's bytes: the wheel also carries the rules' data (for the command line),
    which changes with every page edit, and the browser never reads it; a snapshot remade for
    it would cost the build seconds and each player the whole download again.
    """
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256((folder / name).read_bytes()).digest())
    for path, data in _code(root):
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    digest.update(libraries.encode())  # named by its content's hash
    return f"snapshot-{digest.hexdigest()[:16]}.gz"


def write_snapshot(folder: Path, wheel: str, root: Path = ROOT, libraries: str = "") -> str:
    """Make the runtime's memory snapshot with the rules imported (once per content); its name, or ``""``.

    Node runs Pyodide (a few seconds, more on a loaded machine); without Node, or if the
    snapshot fails, the site ships none and says why on stderr: the calculators still work.
    """
    libraries = libraries or write_libraries(folder)
    name = _snapshot_name(folder, root, libraries)
    for old in folder.glob("snapshot-*.gz"):
        if old.name != name:
            old.unlink()
    if (folder / name).is_file():
        return name
    node = shutil.which("node")
    if node is None:
        print("[calculator] no snapshot: Node is not installed (the calculators start slower)",
              file=sys.stderr)
        return ""
    script = root / "scripts" / "calculator-snapshot.mjs"
    made = subprocess.run(
        [node, str(script), str(folder), wheel, str(folder / name), libraries],
        capture_output=True, text=True, check=False,
    )
    if made.returncode != 0 or not (folder / name).is_file():
        last = (made.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"[calculator] no snapshot: {last[:300]} (the calculators start slower)", file=sys.stderr)
        return ""
    return name


def _copy_runtime(source: Path, folder: Path) -> bool:
    if not all((source / name).is_file() for name in RUNTIME_FILES):
        for name in RUNTIME_FILES:
            (folder / name).unlink(missing_ok=True)
        return False
    for name in RUNTIME_FILES:
        target = folder / name
        if not target.is_file() or target.read_bytes() != (source / name).read_bytes():
            shutil.copyfile(source / name, target)
    return True


def write_wheel(folder: Path, root: Path = ROOT) -> str:
    """Write the wheel of ``rules`` and ``calculators`` into ``folder`` (once per content); its file name."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name = project["name"].replace("-", "_")
    version = project["version"]
    files = _sources(root)
    digest = hashlib.sha256()
    for path, data in files:
        digest.update(path.encode() + b"\0" + data)
    version = f"{version}+{digest.hexdigest()[:12]}"  # a local version: the sources' hash
    info = f"{name}-{version}.dist-info"
    wheel_name = f"{name}-{version}-py3-none-any.whl"
    target = folder / wheel_name
    for old in folder.glob("*.whl"):
        if old != target:
            old.unlink()
    if target.is_file():
        return wheel_name
    metadata = (
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {version}\n"
        f"Summary: {project['description']}\nLicense: MIT\nRequires-Python: {project['requires-python']}\n"
    )
    scripts = "".join(f"{name} = {target}\n" for name, target in project.get("scripts", {}).items())
    wheel = (
        "Wheel-Version: 1.0\nGenerator: rulesite.calculator_assets\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    files += [(f"{info}/METADATA", metadata.encode()), (f"{info}/WHEEL", wheel.encode())]
    files += [(f"{info}/entry_points.txt", f"[console_scripts]\n{scripts}".encode())] if scripts else []
    record = "".join(f"{path},sha256={_hash(data)},{len(data)}\n" for path, data in files)
    files.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    _zip(target, files)
    return wheel_name


def _zip(target: Path, files: list[tuple[str, bytes]]) -> None:
    """An archive of ``files`` (path, bytes), byte for byte the same for the same files."""
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            entry = zipfile.ZipInfo(path, _EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    partial.replace(target)


def write_libraries(folder: Path) -> str:
    """Write Jinja2 and MarkupSafe's modules into ``libraries-HASH.zip`` (once per content); its file name.

    The copies this interpreter imports (the versions the lock pins), their ``.py`` files only:
    MarkupSafe falls back to its pure-Python escaping where its C speedups are missing.
    """
    files = []
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        assert spec is not None and spec.submodule_search_locations, f"{library} is not installed"
        base = Path(next(iter(spec.submodule_search_locations)))
        files += [(f"{library}/{path.relative_to(base).as_posix()}", path.read_bytes())
                  for path in sorted(base.rglob("*.py"))]
    digest = hashlib.sha256()
    for path, data in files:
        digest.update(path.encode() + b"\0" + data)
    name = f"libraries-{digest.hexdigest()[:12]}.zip"
    for old in folder.glob("libraries-*.zip"):
        if old.name != name:
            old.unlink()
    if not (folder / name).is_file():
        _zip(folder / name, files)
    return name


def _sources(root: Path) -> list[tuple[str, bytes]]:
    files = _code(root)
    rules_data = root / "docs" / RULES_DATA
    if rules_data.is_file():  # the rule text `rules-reference rule ANCHOR` prints
        files.append((f"calculators/{RULES_DATA}", rules_data.read_bytes()))
    return files


def _code(root: Path) -> list[tuple[str, bytes]]:
    """The packages' modules, ``py.typed`` and the card's templates, by path inside the wheel."""
    files = []
    for package in PACKAGES:
        base = root / package
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and (path.suffix in {".py", ".html"} or path.name == "py.typed"):
                files.append((path.relative_to(root).as_posix(), path.read_bytes()))
    return files


def _hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(arguments: list[str]) -> None:
    """Write the assets and say what the site will ship (``--quiet``: say nothing)."""
    assets = write()
    if "--quiet" in arguments:
        return
    runtime = (
        f"the Pyodide runtime ({assets.download / 1e6:.1f} MB to download with the wheel)"
        if assets.runtime else "no runtime (npm has not installed pyodide)"
    )
    print(f"[calculator] docs/assets/calculator/: {assets.wheel} and {runtime}")


if __name__ == "__main__":
    main(sys.argv[1:])
