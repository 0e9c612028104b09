"""Test set-up.

CI runs these tests against the installed wheel (`pip install ./python`, then pytest
from outside python/), with DLX_TEST_WHEEL=1 so that test_package.py also checks that
the installed copy (and its bundled libdlx) is the one under test.

From a checkout without installing: `cargo build --release`, then
`python -m pytest python/tests`; when no `dlx` is installed, the package is imported
from this source tree and finds target/release/libdlx.so (or DLX_LIBRARY).
"""
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("dlx") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
