"""The package as users meet it: version, documentation, and (in CI, with
DLX_TEST_WHEEL=1) the installed wheel with its bundled libdlx."""
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dlx

REPO = Path(__file__).resolve().parent.parent.parent


def test_version_is_the_library_version():
    assert dlx.__version__ == dlx.library_version()
    assert dlx._lib.dlx_version().decode() == dlx.__version__
    assert dlx.__version__.count(".") == 2


def test_every_public_name_is_documented():
    assert dlx.__doc__
    for name in dlx.__all__:
        obj = getattr(dlx, name)
        if name == "__version__":
            continue
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__iter__"):
                    continue
                if callable(member) or isinstance(member, property):
                    assert inspect.getdoc(member), f"{name}.{attr}"


def test_public_functions_have_type_hints():
    for cls in (dlx.Problem, dlx.Sudoku):
        for attr, member in vars(cls).items():
            if attr.startswith("_") or not inspect.isfunction(member):
                continue
            hints = member.__annotations__
            assert "return" in hints, f"{cls.__name__}.{attr}"
            params = [p for p in inspect.signature(member).parameters if p != "self"]
            assert all(p in hints for p in params), f"{cls.__name__}.{attr}"


wheel_only = pytest.mark.skipif(os.environ.get("DLX_TEST_WHEEL") != "1",
                                reason="checks the installed wheel (DLX_TEST_WHEEL=1)")


@wheel_only
def test_the_installed_wheel_is_under_test():
    from importlib.metadata import version

    package = Path(dlx.__file__).resolve().parent
    assert REPO not in package.parents, f"imported from the source tree: {package}"
    assert Path(dlx._library_path).resolve().parent == package  # the bundled copy
    assert version("dlx-embed") == dlx.__version__


@wheel_only
def test_dlx_library_overrides_the_bundled_copy():
    def run(path):
        env = dict(os.environ, DLX_LIBRARY=path)
        return subprocess.run([sys.executable, "-c", "import dlx; print(dlx._library_path)"],
                              env=env, capture_output=True, text=True, cwd="/")

    bundled = dlx._library_path
    ok = run(bundled)
    assert ok.returncode == 0 and ok.stdout.strip() == bundled
    missing = run("/nonexistent/libdlx.so")  # no silent fallback to the bundled copy
    assert missing.returncode != 0
    assert "/nonexistent/libdlx.so" in missing.stderr and "DLX_LIBRARY" in missing.stderr
