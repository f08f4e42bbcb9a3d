"""Shared test configuration: hypothesis profiles.

Profiles: ``default`` (fast, the README's test command), ``ci`` (the same, derandomized
and without deadlines), ``thorough`` (long fuzzing: ``--hypothesis-profile=thorough``
or ``TOOLWIRE_HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

# test helpers (corpus_data) are plain modules beside this file (importlib import mode)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(  # tools/mutation.py: each mutant runs its tests again
    "mutation", max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
settings.register_profile(
    "thorough",
    max_examples=20_000,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("TOOLWIRE_HYPOTHESIS_PROFILE", "default"))
