import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def _strict_viktory_bots(monkeypatch):
    """Every test sees a Viktory bot's error: in play a bot whose heuristics fail still makes a
    legal move (engine/viktory/bots.py), which would hide the error from the random-game tests."""
    from engine.viktory import bots

    monkeypatch.setattr(bots.ViktoryBot, "strict", True)
