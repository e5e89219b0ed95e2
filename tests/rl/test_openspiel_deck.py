"""The cards OpenSpiel's chance deals are the game's ``Dealing.deck``, not a config attribute.

A game's ``Config`` need have no ``deck``: the OpenSpiel game asks the game's ``openspiel``
part (:class:`skullgames.plugins.openspiel.Dealing`) which card each chance outcome deals
(issue 36). Here Skull Jack's part deals from its deck reversed.
"""

from __future__ import annotations

import attrs
import pytest

from skullgames.registry import registered
from tests.support import skull_jack as support

support.import_source()

from skull_jack import Config  # noqa: E402
from skull_jack.entry import ENTRY  # noqa: E402

pyspiel = pytest.importorskip("pyspiel")  # the openspiel extra, which CI installs
from skullgames.rl.openspiel import load_game  # noqa: E402

# Its own title: pyspiel keeps every game it registered by the title's name for good, and
# other tests register a renamed Skull King called Skull Jack.
JACK_REVERSED = attrs.evolve(ENTRY, name="jack_reversed", title="Skull Jack Reversed",
                             parts={**ENTRY.parts,
                                    "openspiel": "tests.support.reversed_deal:DEALING"})


def test_chance_deals_the_cards_of_the_game_s_own_deck() -> None:
    config = Config(players=2, suits=1, hand_size=2, rounds=1)
    dealt = tuple(reversed(config.deck))
    with registered(JACK_REVERSED):
        game = load_game(config)
        assert game.get_type().short_name == "python_skull_jack_reversed"
        state = game.new_initial_state()
        assert game.max_chance_outcomes() == len(dealt)
        assert [state.action_to_string(pyspiel.PlayerId.CHANCE, action)
                for action in range(len(dealt))] == [f"deal {card}" for card in dealt]
        for action in (0, 1, 2, 3):
            state.apply_action(action)
        engine = state.engine
        assert [sorted(str(card) for card in hand) for hand in engine.hands] == [
            sorted(str(card) for card in dealt[0:4:2]), sorted(str(card) for card in dealt[1:4:2])]
