"""Hypothesis profiles: ``default`` for the suite, ``dev`` (no shrinking) to debug fast.

Select one with ``pytest --hypothesis-profile=dev``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import Phase, settings

collect_ignore = ["data"]  # a copy of the shared floor script, not a test module

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile(
    "dev", deadline=None, print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.load_profile("default")


# Mutation testing (tests/support/mutation.py) runs the tests of a rule once per mutant: there, each
# property test tries a few examples only (the rule tests, positions, must kill mutants).
MUTATION_MAX_EXAMPLES = 5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``SKULLGAMES_MUTATION=1``, cap every property test at a few examples."""
    if not os.environ.get("SKULLGAMES_MUTATION"):
        return
    for item in items:
        test = getattr(item, "obj", None)
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is not None and current.max_examples > MUTATION_MAX_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                current, max_examples=MUTATION_MAX_EXAMPLES)
