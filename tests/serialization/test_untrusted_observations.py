"""Observations from outside are checked against their config and against themselves.

An observation read by :func:`skullgames.from_dict` or :func:`skullgames.from_json` is one
a bot may be handed, so a loaded observation that no game could give (round 99 of a
10-round game, nobody to move while bidding, a bid for a seat that is not at the table)
is refused with a :class:`~skullgames.SerializationError` at the path of the field, never
left for a bot to crash on. Every phase of random games of both games under several
configurations (2 players, the most players, options) is spoiled field by field; every
real observation of those games still loads and round-trips exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from skullgames import SerializationError, from_dict, from_json, king, queen, to_dict, to_json
from skullgames.registry import GAMES

CONFIGS: dict[str, dict[str, Any]] = {
    "king": {
        "2 players": king.Config(players=2, rounds=(1, 2, 3)),
        "8 players": king.Config(players=8, rounds=(1, 8)),
        "everything": king.Config(loot=True, kraken=True, white_whale=True,
                                  scoring=king.Scoring.RASCAL, cannonball=True,
                                  pirate_abilities=True, rounds=(2, 3)),
        "classic, hand cap": king.Config(players=3, edition=king.Edition.CLASSIC,
                                         rounds=(2, 4), hand_cap=3),
        "2 players, abilities": king.Config(players=2, pirate_abilities=True, loot=True,
                                            rounds=(4, 5)),
    },
    "queen": {
        "2 players": queen.Config(players=2, rounds=2),
        "6 players": queen.Config(players=6, rounds=1),
        "options": queen.Config(players=3, rounds=2, set_aside_center_pair=True,
                                set_aside_center_specials=True,
                                plank_values=(1, 2, 3, 4, 5)),
    },
}
CASES = [(game, name) for game, configs in CONFIGS.items() for name in configs]

NOBODY_MOVES = {"deal", "over"}  # the phases whose observations have no seat to move


def every_state(game_name: str, config: Any, seed: int) -> Iterator[Any]:
    """Every state of a random game, its deals made by hand so that the deal phase is in."""
    game = GAMES[game_name]
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    replayed = game.new_game(config, seed=seed, auto_deal=False)
    yield replayed
    for move in state.history:
        replayed = game.apply(replayed, move)
        yield replayed


def observations(game_name: str, config: Any) -> list[Any]:
    """Every seat's observation of every state of two random games."""
    game = GAMES[game_name]
    return [game.observe(state, seat) for seed in (1, 2)
            for state in every_state(game_name, config, seed)
            for seat in range(config.players)]


Spoiler = Callable[[dict[str, Any], Any], "dict[str, Any] | None"]
"""A spoiled copy of an observation's data, or None when the field cannot be spoiled there."""


def per_seat_fields(game_name: str) -> tuple[str, ...]:
    if game_name == "king":
        return ("hand_sizes", "bids", "has_bid", "shots", "has_shot", "tricks_won",
                "wagers", "totals")
    return ("hand_sizes", "placements", "has_placed", "planks", "totals")


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**data, **fields}


def one_too_many(name: str) -> Spoiler:
    def spoil(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
        entries = data[name]
        if not entries:
            return None
        return changed(data, **{name: [*entries, entries[0]]})
    return spoil


def one_too_few(name: str) -> Spoiler:
    def spoil(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
        entries = data[name]
        return changed(data, **{name: entries[:-1]}) if entries else None
    return spoil


def shots_without_cannonball(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    if view.config.cannonball:
        return None
    return changed(data, shots=[None] * view.config.players)


def round_beyond(data: dict[str, Any], view: Any) -> dict[str, Any]:
    return changed(data, round_number=view.config.round_count + 1)


def seat_beyond(name: str) -> Spoiler:
    def spoil(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
        return changed(data, **{name: view.config.players})
    return spoil


def other_cards_dealt(data: dict[str, Any], view: Any) -> dict[str, Any]:
    dealt = data["cards_dealt"]
    return changed(data, cards_dealt=dealt - 1 if dealt else dealt + 1)


def hand_not_its_size(data: dict[str, Any], view: Any) -> dict[str, Any]:
    sizes = list(data["hand_sizes"])
    sizes[view.seat] += -1 if sizes[view.seat] else 1
    return changed(data, hand_sizes=sizes)


def another_hand_a_card_more(data: dict[str, Any], view: Any) -> dict[str, Any]:
    sizes = list(data["hand_sizes"])
    sizes[(view.seat + 1) % len(sizes)] += 1
    return changed(data, hand_sizes=sizes)


def card_too_many(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    spare = [str(c) for c in view.config.deck if c not in view.hand]
    return changed(data, hand=[*data["hand"], spare[0]])


def card_too_few(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    return changed(data, hand=data["hand"][:-1]) if data["hand"] else None


def to_move_wrongly_none(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    return None if view.phase.value in NOBODY_MOVES else changed(data, to_move=None)


def to_move_where_nobody_moves(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    return changed(data, to_move=view.seat) if view.phase.value in NOBODY_MOVES else None


def moves_for_a_seat_not_to_move(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    if view.to_move == view.seat or "legal_moves" not in data:
        return None  # a Skull Queen placement leaves legal_moves out
    return changed(data, legal_moves=[MOVE_TEXT[type(view).__module__.split(".")[1]]])


def no_moves_for_the_seat_to_move(data: dict[str, Any], view: Any
                                  ) -> dict[str, Any] | None:
    if view.to_move != view.seat or "legal_moves" not in data:
        return None
    return changed(data, legal_moves=[])


def bid_above_the_cards_dealt(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    if view.bids[view.seat] is None:
        return None
    bids = list(data["bids"])
    bids[view.seat] = view.cards_dealt + 1
    return changed(data, bids=bids)


def pending_outside_its_phase(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    if view.phase is king.Phase.ABILITY:
        return changed(data, pending=None)
    return changed(data, pending={"pirate": "HARRY", "seat": view.seat})


def pending_for_another_seat(data: dict[str, Any], view: Any) -> dict[str, Any] | None:
    if view.pending is None:
        return None
    other = (view.pending.seat + 1) % view.config.players
    return changed(data, pending={**data["pending"], "seat": other})


MOVE_TEXT = {"king": "bid 0", "queen": "Y1"}  # a move in each game's notation


def spoilers(game_name: str) -> dict[str, tuple[Spoiler, str]]:
    """Each way of spoiling an observation, with the path that must be refused."""
    table: dict[str, tuple[Spoiler, str]] = {
        "round beyond the config": (round_beyond, "$.round_number"),
        "dealer beyond the table": (seat_beyond("dealer"), "$.dealer"),
        "leader beyond the table": (seat_beyond("leader"), "$.leader"),
        "to_move beyond the table": (seat_beyond("to_move"), "$.to_move"),
        "nobody to move": (to_move_wrongly_none, "$.to_move"),
        "to move where nobody moves": (to_move_where_nobody_moves, "$.to_move"),
        "hand_sizes not the hand": (hand_not_its_size, "$.hand"),
        "a card too many": (card_too_many, "$.hand"),
        "a card too few": (card_too_few, "$.hand"),
        "moves for a seat not to move": (moves_for_a_seat_not_to_move, "$.legal_moves"),
        "no moves for the seat to move": (no_moves_for_the_seat_to_move, "$.legal_moves"),
    }
    table["another hand a card more"] = (another_hand_a_card_more, "$.hand_sizes[{}]")
    for name in per_seat_fields(game_name):
        table[f"{name}: one too many"] = (one_too_many(name), f"$.{name}")
        table[f"{name}: one too few"] = (one_too_few(name), f"$.{name}")
    if game_name == "king":
        table["other cards dealt"] = (other_cards_dealt, "$.cards_dealt")
        table["shots without the cannonball"] = (shots_without_cannonball, "$.shots")
        table["bid above the cards dealt"] = (bid_above_the_cards_dealt, "$.bids[{seat}]")
        table["pending outside its phase"] = (pending_outside_its_phase, "$.pending")
        table["pending for another seat"] = (pending_for_another_seat, "$.pending.seat")
    return table


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{n}" for g, n in CASES])
def case(request: pytest.FixtureRequest) -> tuple[str, Any, list[Any]]:
    game_name, name = request.param
    config = CONFIGS[game_name][name]
    return game_name, config, observations(game_name, config)


def test_every_phase_is_observed(case: tuple[str, Any, list[Any]]) -> None:
    """The games reach every phase their options have, so every phase is spoiled."""
    game_name, config, views = case
    module = king if game_name == "king" else queen
    expected = set(module.Phase)
    if game_name == "king":
        if not config.cannonball:
            expected.discard(king.Phase.SHOT)
        if not config.pirate_abilities:
            expected.discard(king.Phase.ABILITY)
    assert {view.phase for view in views} == expected


def test_real_observations_load_and_round_trip(case: tuple[str, Any, list[Any]]) -> None:
    _, _, views = case
    cls = type(views[0])
    for view in views:
        assert from_dict(to_dict(view), cls) == view
        assert from_json(to_json(view), cls) == view


def test_spoiled_observations_are_refused_at_their_path(
        case: tuple[str, Any, list[Any]]) -> None:
    game_name, _, views = case
    cls = type(views[0])
    tried = dict.fromkeys(spoilers(game_name), 0)
    for i, view in enumerate(views):
        if i % 3 and view.phase.value == "play":
            continue  # a third of the plays, the many; every other phase's observation
        data = to_dict(view)
        for name, (spoil, path) in spoilers(game_name).items():
            spoiled = spoil(data, view)
            if spoiled is None:
                continue
            tried[name] += 1
            with pytest.raises(SerializationError) as refused:
                from_dict(spoiled, cls)
            expected = path.format((view.seat + 1) % view.config.players, seat=view.seat)
            assert refused.value.path == expected, (name, str(refused.value))
    never = {name for name, count in tried.items() if count == 0}
    if game_name == "king":  # shots are per seat with the Cannonball, and none without
        if not views[0].config.pirate_abilities:
            never.discard("pending for another seat")
        never -= ({"shots without the cannonball"} if views[0].config.cannonball else
                  {f"{name}: one too {more}" for name in ("shots", "has_shot")
                   for more in ("many", "few")})
    assert not never, f"spoilers never tried: {sorted(never)}"


@pytest.mark.parametrize("game_name", sorted(CONFIGS))
def test_the_reported_observations_are_refused(game_name: str) -> None:
    """The defect as reported: round 99 of a 10-round game, nobody to move while bidding."""
    module = king if game_name == "king" else queen
    state = module.new_game(module.Config(players=4), seed=3)
    data = to_dict(module.observe(state, module.current_player(state)))
    for field, value in (("round_number", 99), ("to_move", None)):
        with pytest.raises(SerializationError, match=f"^\\$\\.{field}: "):
            from_dict(changed(data, **{field: value}), module.Observation)
