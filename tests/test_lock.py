"""The hash-locked dependencies stay in step with the requirements they are compiled from."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;\\]+)")


def pins(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = PIN.match(line.strip())
        if m:
            out[re.sub(r"[-_.]+", "-", m.group(1)).lower()] = m.group(2)
    return out


def test_every_requirement_is_locked_at_its_version():
    lock = pins(ROOT / "requirements.lock")
    for name in ("requirements.txt", "requirements-dev.txt"):
        for package, version in pins(ROOT / name).items():
            assert lock.get(package) == version, f"{name}: {package}=={version}, lock: {lock.get(package)} (make lock)"


def test_every_locked_package_has_hashes():
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.strip())
    assert len(blocks) == len(pins(ROOT / "requirements.lock"))
    for block in blocks:
        assert "--hash=sha256:" in block, block.splitlines()[0]
