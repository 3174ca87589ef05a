"""Shared fixtures: the repository root and the `skidpad` command line binary (to compare
Python's numbers with the CLI's `summary.json` bit for bit)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def repo_root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def skidpad_cli() -> str:
    """The `skidpad` binary: $SKIDPAD_CLI, or built here with `cargo build --release -p
    skidpad-cli` (CI builds it before pytest, so this is a no-op there)."""
    exe = os.environ.get("SKIDPAD_CLI")
    if exe:
        return exe
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "skidpad-cli"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return str(pathlib.Path(target) / "release" / "skidpad")
