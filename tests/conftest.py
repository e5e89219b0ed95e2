"""Hypothesis profiles: ``default`` for the suite, ``dev`` (no shrinking) to debug fast.

Select one with ``pytest --hypothesis-profile=dev``.
"""

from __future__ import annotations

from hypothesis import Phase, settings

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile(
    "dev", deadline=None, print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.load_profile("default")
