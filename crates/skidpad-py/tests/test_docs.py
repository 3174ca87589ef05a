"""The package docstring's example and the README's Python example run as written."""

import doctest
import re

import skidpad


def test_package_doctest():
    r = doctest.testmod(skidpad)
    assert r.attempted >= 5 and r.failed == 0


def test_readme_example_runs(repo_root, capsys):
    text = (repo_root / "README.md").read_text()
    block = re.search(r"## Python\n.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    mean_speed = float(capsys.readouterr().out.split()[-1])
    # 1000 sedans from 5–30 m/s (mean 17.5), half throttle and a little steer for 2 s.
    assert 17.5 < mean_speed < 25.0
