"""skullgames.review: every decision valued by the expert from what its seat could see (issue 48).

Each property is checked under every option set of both games (2 players with Graybeard,
8 players, every rule option: ``tests/support/option_sets.py``), with a small budget.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from skullgames import (
    ConfigError,
    IllegalMoveError,
    Review,
    king,
    queen,
    review,
    review_picture,
    to_dict,
    to_json,
)
from skullgames.registry import GAMES, registered
from skullgames.schemas import schema_named
from tests.support import skull_jack as support
from tests.support.option_sets import every_option_set

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs

CASES = pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                                ids=[f"{g}-{n}" for g, n, _ in every_option_set()])


@functools.cache
def played(game: str, config: Any, seed: int = 1) -> Any:
    """A finished game of ``config``, every seat played by the random bot."""
    entry: Any = GAMES[game]
    state = entry.new_game(config, seed=seed)
    bots = [entry.bots["random"](random.Random(seat)) for seat in range(config.players)]
    while not entry.is_over(state):
        seat = entry.current_player(state)
        state = entry.apply(state, bots[seat].choose(entry.observe(state, seat)))
    return state


@functools.cache
def reviewed(game: str, config: Any) -> Review:
    return review(played(game, config), worlds=2, seed=7)


def observations(game: str, state: Any) -> dict[int, Any]:
    """The observation of each decision of ``state``'s history, by its index."""
    entry: Any = GAMES[game]
    now = entry.new_game(state.config, seed=state.seed, auto_deal=state.auto_deal)
    found = {}
    for index, move in enumerate(state.history):
        if state.auto_deal and type(move) is entry.Deal:
            continue
        seat = entry.current_player(now)
        found[index] = entry.observe(now, seat)
        now = entry.apply(now, move)
    return found


@CASES
def test_every_decision_of_every_seat_is_reviewed_with_losses_from_the_values(
        game: str, name: str, config: Any) -> None:
    state = played(game, config)
    result = reviewed(game, config)
    seen = observations(game, state)
    assert [d.index for d in result.decisions] == sorted(seen)
    assert result.finished and result.moves == len(state.history)
    for d in result.decisions:
        observation = seen[d.index]
        assert d.move == state.history[d.index]
        assert d.seat == observation.seat and d.round == observation.round_number
        if observation.phase.value in ("bid", "place"):  # the phases of one kind of move
            assert d.kind == observation.phase.value
        assert d.loss >= 0
        # a decision with one legal move is marked forced, and only such a decision
        assert d.forced == (len(observation.legal_moves) == 1)
        if d.forced:
            assert d.values == () and d.best == d.move and d.loss == 0
            continue
        values = {v.move: v.value for v in d.values}
        assert d.move in values and d.best in values
        assert all(v.move in observation.legal_moves for v in d.values)
        top = max(values.values())
        # the best move's loss is 0: it has the top value, and the loss is measured from it
        assert values[d.best] == top
        assert d.loss == pytest.approx(top - values[d.move])
        assert (d.loss == 0) == (values[d.move] == top)
        assert (d.best == d.move) == (d.loss == 0)


@CASES
def test_each_seat_sums_its_decisions(game: str, name: str, config: Any) -> None:
    result = reviewed(game, config)
    assert [s.seat for s in result.seats] == list(range(config.players))
    for summary in result.seats:
        mine = [d for d in result.decisions if d.seat == summary.seat]
        assert summary.decisions == len(mine) > 0
        assert summary.total_loss == pytest.approx(sum(d.loss for d in mine))
        assert summary.mean_loss == pytest.approx(summary.total_loss / len(mine))
        assert sum(dict(summary.loss_by_kind).values()) == pytest.approx(summary.total_loss)
        assert {p for p, _ in summary.loss_by_kind} == {d.kind for d in mine}
        assert [d.loss for d in summary.costliest] == sorted(
            (d.loss for d in mine), reverse=True)[:3]


@CASES
def test_the_json_matches_its_schema(game: str, name: str, config: Any) -> None:
    data = json.loads(reviewed(game, config).to_json())
    jsonschema.Draft202012Validator(schema_named("review-result")).validate(data)
    assert all({"seat", "move", "best", "loss"} <= set(d) for d in data["decisions"])


def test_to_json_writes_a_review_and_its_parts_as_their_own_json() -> None:
    # skullgames.to_json / to_dict take a review as any other value of the library (it
    # raised NameError from cattrs, which could not read the records' annotations).
    result = reviewed("king", king.Config(players=2, rounds=(1, 2)))
    assert json.loads(to_json(result)) == json.loads(result.to_json()) == result.to_dict()
    assert to_dict(result.decisions[0]) == result.decisions[0].to_dict()
    assert to_dict(result.seats[0]) == result.seats[0].to_dict()
    assert to_dict([result.decisions[0].values[0]]) == [result.decisions[0].values[0].to_dict()]


def test_the_schema_refuses_a_negative_loss() -> None:
    data = reviewed("king", king.Config(players=2, rounds=(1, 2))).to_dict()
    data["decisions"][0]["loss"] = -1.0
    assert not jsonschema.Draft202012Validator(schema_named("review-result")).is_valid(data)


@pytest.mark.parametrize(("game", "config"), [
    ("king", king.Config(players=3, rounds=(2,))),
    ("queen", queen.Config(players=2, rounds=1)),
])
def test_the_same_seed_gives_the_same_review_with_any_jobs(game: str, config: Any) -> None:
    state = played(game, config, seed=4)
    first = review(state, worlds=2, seed=11)
    assert review(state, worlds=2, seed=11) == first
    assert review(state, worlds=2, seed=11, jobs=2) == first
    assert review(state, worlds=2, seed=11).to_json() == first.to_json()


def test_the_seats_chosen_are_the_only_ones_reviewed() -> None:
    state = played("king", king.Config(players=3, rounds=(2,)))
    result = review(state, seats=[2], worlds=2)
    assert {d.seat for d in result.decisions} == {2}
    assert [s.seat for s in result.seats] == [2]
    assert review(state, seats=2, worlds=2) == result
    with pytest.raises(KeyError):
        result.seat(0)


# -- Only what the seat could see: twin games --------------------------------------------

def _redealt(game: str, deal: Any, hands: list[list[Any]], undealt: list[Any]) -> Any:
    if game == "king":
        return king.Deal(hands, deal.ghost, undealt if deal.stock else ())
    return queen.Deal(hands, deal.center, deal.ghost)


def twins(game: str, config: Any, seat: int, seed: int) -> tuple[Any, Any]:
    """Two games that differ only in cards ``seat`` could not see.

    The same game up to ``seat``'s first card of the last round, where the other seats'
    cards not yet played are dealt among them again (the same count each); dealt by hand
    (``auto_deal=False``), both; in Skull King, with the undealt cards too.
    """
    entry: Any = GAMES[game]
    history = played(game, config, seed).history
    last = max(i for i, m in enumerate(history) if type(m) is entry.Deal)
    state = entry.new_game(config, auto_deal=False)
    for move in history[:last + 1]:
        state = entry.apply(state, move)
    stop = None
    for index in range(last + 1, len(history)):
        observation = entry.observe(state, entry.current_player(state))
        if observation.seat == seat and observation.phase.value == "play":
            stop = index
            break
        state = entry.apply(state, history[index])
    assert stop is not None
    deal = history[last]
    tail = history[last + 1:stop + 1]
    cards = [getattr(m, "card", None) for m in tail]
    rng = random.Random(seed)
    for _ in range(200):
        hands = [list(h) for h in deal.hands]
        loose = [c for s, h in enumerate(hands) if s != seat for c in h if c not in cards]
        if game == "king":  # the undealt cards: nobody sees them
            dealt = Counter(c for h in hands for c in h) + Counter(deal.ghost)
            loose += list((Counter(config.deck) - dealt).elements())
        rng.shuffle(loose)
        for s, hand in enumerate(hands):
            if s != seat:
                hands[s] = [c if c in cards else loose.pop() for c in hand]
        if [Counter(h) for h in hands] == [Counter(h) for h in deal.hands]:
            continue
        twin = _redealt(game, deal, hands, loose)
        games = []
        for dealt in (deal, twin):
            state = entry.new_game(config, auto_deal=False)
            try:
                for move in (*history[:last], dealt, *tail):
                    state = entry.apply(state, move)
            except IllegalMoveError:  # an earlier card no longer follows suit
                break
            games.append(state)
        if len(games) == 2:
            return games[0], games[1]
    raise AssertionError("no twin found")


TWIN_CASES: list[tuple[str, Any, int]] = [
    ("king", king.Config(rounds=(3,)), 1),
    ("king", king.Config(players=2, rounds=(2, 4)), 0),
    ("king", king.Config(players=8, rounds=(1, 3)), 5),
    ("king", king.Config(loot=True, kraken=True, white_whale=True, rounds=(3,)), 2),
    ("queen", queen.Config(rounds=1), 2),
    ("queen", queen.Config(players=3, rounds=2), 1),
    ("queen", queen.Config(players=6, rounds=1), 4),
]


@pytest.mark.parametrize(("game", "config", "seat"), TWIN_CASES,
                         ids=[f"{g}-{c.players}p-{s}" for g, c, s in TWIN_CASES])
def test_twin_games_give_the_seat_the_same_review(game: str, config: Any, seat: int) -> None:
    first, second = twins(game, config, seat, seed=3)
    entry: Any = GAMES[game]
    assert first.hands != second.hands  # the twins differ...
    assert entry.observe(first, seat) == entry.observe(second, seat)  # ...where seat can't see
    one = review(first, seats=[seat], worlds=3, seed=2)
    other = review(second, seats=[seat], worlds=3, seed=2)
    assert one == other
    assert [d.kind for d in one.decisions][-1] == "play"
    assert {d.round for d in one.decisions} == set(range(1, one.decisions[-1].round + 1))


def test_a_review_of_another_seat_sees_the_cards_that_differ() -> None:
    """The twins are a test that can fail: a seat that holds the changed cards is valued
    differently."""
    first, second = twins("king", king.Config(rounds=(3,)), 1, seed=3)
    changed = next(s for s in range(4) if first.hands[s] != second.hands[s])
    one = review(first, seats=[changed], worlds=3, seed=2)
    other = review(second, seats=[changed], worlds=3, seed=2)
    assert one.decisions[-1].values != other.decisions[-1].values


# -- Bad input -----------------------------------------------------------------------------

def test_bad_input_is_refused_in_one_clear_error() -> None:
    state = played("king", king.Config(players=3, rounds=(1,)))
    with pytest.raises(ConfigError, match="seat 3 is out of range"):
        review(state, seats=[3])
    with pytest.raises(ConfigError, match="worlds"):
        review(state, worlds=0)
    with pytest.raises(ConfigError, match="seconds"):
        review(state, seconds=-1.0)
    with pytest.raises(ConfigError, match="jobs"):
        review(state, jobs=0)
    with pytest.raises(TypeError, match="a game's State"):
        review(king.observe(state, 0))
    with pytest.raises(TypeError, match="a game's State"):
        review("a game")


def test_a_game_without_an_expert_is_refused_in_one_line() -> None:
    support.import_source()
    from skull_jack.entry import ENTRY

    with registered(ENTRY) as jack:
        state = jack.new_game(jack.Config(players=3), seed=1)
        seat = jack.current_player(state)
        state = jack.apply(state, jack.legal_moves(state)[0])
        assert seat is not None
        with pytest.raises(ConfigError, match=r"^Skull Jack has no expert bot to review with$"):
            review(state)


def test_an_unfinished_game_is_reviewed_up_to_where_it_stops() -> None:
    state = king.new_game(king.Config(players=2, rounds=(2,)), seed=3)
    state = king.apply(king.apply(state, king.Bid(1)), king.Bid(0))
    result = review(state, worlds=2)
    assert not result.finished
    assert [str(d.move) for d in result.decisions] == ["bid 1", "bid 0"]


def test_a_budget_in_seconds_still_reviews_every_move() -> None:
    state = played("queen", queen.Config(players=2, rounds=1))
    result = review(state, seats=[0], seconds=0.001)
    assert result.seconds == 0.001
    assert all(d.forced or d.values for d in result.decisions)


# -- The picture ---------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "config"), [
    ("king", king.Config(players=3, rounds=(2,))),
    ("queen", queen.Config(players=3, rounds=1)),
])
def test_the_picture_of_a_decision_is_the_seats_view_then(game: str, config: Any) -> None:
    from skullgames import svg

    state = played(game, config)
    result = reviewed(game, config)
    decision = result.seats[1].costliest[0]
    seen = observations(game, state)[decision.index]
    assert review_picture(state, decision) == svg.table(seen)
    wrong = attrs.evolve(decision, seat=(decision.seat + 1) % config.players)
    with pytest.raises(ValueError, match="no decision"):
        review_picture(state, wrong)
