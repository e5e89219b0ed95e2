"""What every state record must be, in both builds: a value (one check for both games)."""

from __future__ import annotations

import copy
import pickle
from typing import Any


def assert_a_value(record: Any) -> None:
    """``record`` pickles, deep-copies, compares and hashes by its fields, as attrs wrote it."""
    for copied in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record)):
        assert type(copied) is type(record)
        assert copied == record and (copied != record) is False
        assert hash(copied) == hash(record)
        assert repr(copied) == repr(record)
    assert record != object() and (record == object()) is False
    assert repr(record).startswith(f"{type(record).__name__}(")
