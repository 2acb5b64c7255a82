"""The build step that puts the bundled maps and scenarios inside the package (pyproject.toml
holds everything else): `logistics/_bundled/maps` and `logistics/_bundled/scenarios` in the
wheel, read by logistics/bundled.py."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithBundledData(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "logistics" / "_bundled"
        for name in ("maps", "scenarios"):
            shutil.copytree(ROOT / name, target / name, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithBundledData})
