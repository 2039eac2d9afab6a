"""Packages are found, not listed, so a new puzzle type folder ships without editing this file.

layouts/ sits at the top level as the design asks and ships inside the package as
pipeline.layouts, which pyproject.toml alone cannot express next to automatic discovery.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["pipeline", "pipeline.*"]) + ["pipeline.layouts"],
    package_dir={"pipeline.layouts": "layouts"},
)
