"""A hatchling build hook: the sdist ships no version-control files.

hatchling always copies ``.gitignore`` into an sdist (it force-includes the files it reads
exclusion patterns from); a user building or testing from the sdist has no use for it.
"""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VCS_FILES = (".gitignore", ".hgignore")


class NoVcsFilesHook(BuildHookInterface):  # type: ignore[misc]
    """Drops ``.gitignore`` (and ``.hgignore``) from what the sdist force-includes."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Remove the version-control files before the sdist is written."""
        if self.target_name == "sdist":
            build_data["force_include"] = {
                source: target for source, target in build_data["force_include"].items()
                if target not in VCS_FILES
            }
