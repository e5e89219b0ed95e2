"""Hypothesis profiles: ``default`` for the suite, ``dev`` (no shrinking) to debug fast.

Select one with ``pytest --hypothesis-profile=dev``.
"""

from __future__ import annotations

from hypothesis import Phase, settings

collect_ignore = ["data"]  # a copy of the shared floor script, not a test module

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile(
    "dev", deadline=None, print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.load_profile("default")
