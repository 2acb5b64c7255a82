"""The README's set-up commands are the ones CI runs."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_ci_runs_the_readme_test_command_word_for_word():
    test_command = next(c for c in _commands() if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_readme_main_job_names_files_that_exist():
    main_job = next(c for c in _commands() if "logistics " in c)
    paths = re.findall(r"logistics \w+ (\S+)", main_job)
    assert paths and all((ROOT / p).exists() for p in paths)
