"""The build backend (PEP 517) of the dlx-embed Python package.

``pip install ./python`` and ``pip wheel ./python`` call it: it builds libdlx with
cargo (the crate is the repository root, or ``rust/`` inside an sdist) and packs it
with the ``dlx`` package into a wheel. The wheel is tagged ``py3-none-<platform>``:
the library is plain C ABI, so one wheel serves every Python 3 of the platform.

Nothing is written into the source tree: cargo builds in a temporary directory
(or in CARGO_TARGET_DIR when set, to reuse an existing build) and the wheel goes
where pip asks. The only requirement is Rust's cargo on PATH (or in $CARGO).

Why not setuptools-rust or maturin: maturin packs Python extension modules (pyo3,
cffi, uniffi) or programs, not a plain C library for ctypes; setuptools writes
build/ and *.egg-info into the source tree and tags the wheel for one CPython
version. This file has no dependency besides tomli on Python < 3.11.
"""

import base64
import hashlib
import importlib.util
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIST_NAME = "dlx-embed"  # on the package index; the import name is `dlx`
PACKAGE = "dlx"
# Python caches this module's bytecode in __pycache__ beside it while importing it;
# drop it so that building leaves the source tree exactly as it was.
sys.dont_write_bytecode = True
try:
    _cache = Path(importlib.util.cache_from_source(__file__))
    _cache.unlink()
    _cache.parent.rmdir()  # only when empty
except (OSError, NotImplementedError, ValueError):
    pass

if sys.version_info >= (3, 11):
    import tomllib as _toml
else:  # pragma: no cover - older Pythons get tomli from get_requires_*
    try:
        import tomli as _toml
    except ImportError:
        _toml = None


def _read_toml(path: Path) -> dict:
    if _toml is None:
        raise RuntimeError("building dlx-embed on Python < 3.11 needs tomli")
    with open(path, "rb") as f:
        return _toml.load(f)


def _crate_dir() -> Path:
    """The cargo package: rust/ in an sdist, the repository root in a checkout."""
    for d in (HERE / "rust", HERE.parent):
        if (d / "Cargo.toml").is_file() and (d / "src" / "ffi").is_dir():
            return d
    raise RuntimeError(f"the libdlx crate (Cargo.toml) is neither in {HERE / 'rust'} "
                       f"nor in {HERE.parent}")


def _metadata() -> dict:
    project = _read_toml(HERE / "pyproject.toml")["project"]
    version = _read_toml(_crate_dir() / "Cargo.toml")["package"]["version"]
    return {"project": project, "version": version}


def _dist(meta: dict) -> str:
    return f"{DIST_NAME.replace('-', '_')}-{meta['version']}"


def _metadata_text(meta: dict) -> str:
    p = meta["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {DIST_NAME}",
        f"Version: {meta['version']}",
        f"Summary: {p['description']}",
        f"Requires-Python: {p['requires-python']}",
        f"License: {p['license']['text']}",
    ]
    for key, url in p.get("urls", {}).items():
        lines.append(f"Project-URL: {key}, {url}")
    for c in p.get("classifiers", []):
        lines.append(f"Classifier: {c}")
    readme = p.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        body = "\n" + (HERE / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n" + body


def _library_name() -> str:
    if sys.platform == "win32":
        return "dlx.dll"
    if sys.platform == "darwin":
        return "libdlx.dylib"
    return "libdlx.so"


def _platform_tag() -> str:
    plat = sysconfig.get_platform()
    if plat.startswith("macosx-"):  # cargo builds for this machine's architecture only
        major, minor = (plat.split("-")[1].split(".") + ["0"])[:2]
        return f"macosx_{major}_{minor}_{platform.machine()}"
    return plat.replace("-", "_").replace(".", "_")


def _cargo() -> str:
    found = os.environ.get("CARGO") or shutil.which("cargo")
    if not found:
        home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
        candidate = home / "bin" / ("cargo.exe" if sys.platform == "win32" else "cargo")
        if candidate.is_file():
            found = str(candidate)
    if not found:
        raise RuntimeError("building dlx-embed needs Rust's cargo on PATH "
                           "(install it with rustup: https://rustup.rs)")
    return found


def _build_library(scratch: Path) -> Path:
    """Builds the cdylib in release mode and returns its path."""
    crate = _crate_dir()
    target = os.environ.get("CARGO_TARGET_DIR") or str(scratch / "target")
    cmd = [_cargo(), "rustc", "--release", "--lib", "--crate-type", "cdylib",
           "--manifest-path", str(crate / "Cargo.toml"), "--target-dir", target,
           "--message-format", "json-render-diagnostics"]
    env = dict(os.environ)
    env.pop("DLX_UPDATE_HEADER", None)  # never rewrite include/dlx.h from an install
    print("building libdlx:", " ".join(cmd), file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True)
    built = None
    for line in proc.stdout.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "dlx":
            for f in msg.get("filenames", []):
                if Path(f).name == _library_name():
                    built = Path(f)
    if proc.returncode != 0 or built is None:
        raise RuntimeError(f"cargo failed to build libdlx (exit status {proc.returncode})")
    return built


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _package_files():
    """(path in the archive, file) for the Python package's own files."""
    for path in sorted((HERE / PACKAGE).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (
                ".py", ".typed", ".pyi"):
            yield path.relative_to(HERE).as_posix(), path


def _license_files():
    crate = _crate_dir()
    for name in sorted(os.listdir(crate)):
        if name.startswith(("LICENSE", "COPYING")) and (crate / name).is_file():
            yield name, crate / name


def _zip_time():
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01
    return max(epoch, 315532800)


def _write_wheel(wheel_directory: Path, meta: dict, library: Path) -> str:
    dist = _dist(meta)
    tag = f"py3-none-{_platform_tag()}"
    name = f"{dist}-{tag}.whl"
    info = f"{dist}.dist-info"
    entries = [(arc, path.read_bytes(), 0o644) for arc, path in _package_files()]
    entries.append((f"{PACKAGE}/{_library_name()}", library.read_bytes(), 0o755))
    entries += [(f"{info}/{n}", p.read_bytes(), 0o644) for n, p in _license_files()]
    entries.append((f"{info}/METADATA", _metadata_text(meta).encode(), 0o644))
    wheel = (f"Wheel-Version: 1.0\nGenerator: {DIST_NAME} _dlx_build\n"
             f"Root-Is-Purelib: false\nTag: {tag}\n")
    entries.append((f"{info}/WHEEL", wheel.encode(), 0o644))
    record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data, _ in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode(), 0o644))

    stamp = time.gmtime(_zip_time())[:6]
    out = Path(wheel_directory) / name
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arc, data, mode in entries:
            zi = zipfile.ZipInfo(arc, date_time=stamp)
            zi.external_attr = (0o100000 | mode) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return name


# --- PEP 517 hooks --------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings=None):
    return [] if sys.version_info >= (3, 11) else ["tomli>=1.1"]


def get_requires_for_build_sdist(config_settings=None):
    return get_requires_for_build_wheel(config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    meta = _metadata()
    with tempfile.TemporaryDirectory(prefix="dlx-embed-build-") as scratch:
        library = _build_library(Path(scratch))
        return _write_wheel(Path(wheel_directory), meta, library)


# The crate files an sdist needs to build the library (cargo checks that the
# declared benches exist, so they come along; they are small).
_CRATE_FILES = ("Cargo.toml", "Cargo.lock", "build.rs", "cbindgen.toml", "README.md")
_CRATE_DIRS = ("src", "benches")


def build_sdist(sdist_directory, config_settings=None):
    """A self-contained source archive: this directory plus the crate under rust/."""
    meta = _metadata()
    dist = _dist(meta)
    crate = _crate_dir()
    files = [(f"{dist}/{n}", HERE / n) for n in ("pyproject.toml", "_dlx_build.py")]
    readme = meta["project"].get("readme")
    if readme:
        files.append((f"{dist}/{readme}", HERE / readme))
    files += [(f"{dist}/{arc}", p) for arc, p in _package_files()]
    files += [(f"{dist}/rust/{n}", crate / n) for n in _CRATE_FILES if (crate / n).is_file()]
    files += [(f"{dist}/rust/{n}", p) for n, p in _license_files()]
    for d in _CRATE_DIRS:
        for p in sorted((crate / d).rglob("*")):
            if p.is_file():
                files.append((f"{dist}/rust/{p.relative_to(crate).as_posix()}", p))
    name = f"{dist}.tar.gz"
    mtime = _zip_time()

    def add(tar, arc, data, mode=0o644):
        ti = tarfile.TarInfo(arc)
        ti.size, ti.mtime, ti.mode = len(data), mtime, mode
        tar.addfile(ti, io.BytesIO(data))

    with tarfile.open(Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        add(tar, f"{dist}/PKG-INFO", _metadata_text(meta).encode())
        for arc, p in files:
            add(tar, arc, p.read_bytes())
    return name
