"""The Python examples of README.md and python/README.md run as printed."""
import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
READMES = [ROOT / "README.md", ROOT / "python" / "README.md"]


def python_blocks(path: Path):
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"),
                      flags=re.S | re.M)


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run_and_print_what_their_comments_say(readme):
    if not readme.is_file():
        pytest.skip(f"{readme} is not here")
    blocks = python_blocks(readme)
    assert blocks, f"{readme} has no Python example"
    for code in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(readme), "exec"), {})
        printed = iter(out.getvalue().splitlines())
        for line in code.splitlines():
            if line.startswith("print(") and "#" in line:
                want = line.split("#", 1)[1].split(":")[0].strip()
                assert next(printed) == want, line
            elif line.startswith("print("):
                next(printed)
