"""Nothing a seat may not see reaches it, through any tool, at any step.

The technique: *twins*. From a random game (every deal a shuffled deck dealt as
OpenSpiel deals it, then random legal moves), a twin is the same game with something the
viewing seat may not see changed:

- **cards**: two hidden cards swap places in a round's deal (another seat's hand, the
  ghost's face-down stack, the undealt cards; RESEARCH.md §3.2, §3.11, §1.4, §1.9);
- **stock order**: the top two undealt cards swap (Skull King's pirate abilities):
  Juanita Jade shows which cards are undealt, not their order, and Bendt the Bandit
  draws both (K12), so no seat ever tells the two apart in that round;
- **moves**: another seat's hidden moves are made differently: its bids while the
  bidding runs (K13), its Grapeshot / Cannonball choice (K11, RESEARCH.md §3.6), Bendt
  the Bandit's discards (K12, RESEARCH.md §3.8), its Skull Queen placement (Q2), its
  card face down in a two-player Skull Queen trick (Q7).

The twin runs, move for move, for as long as the change is hidden by the rules as this
file states them (independently of the library): until a swapped card is played or seen,
until the bidding, the choosing, the placing or the trick is complete. At every step of
that window every tool must tell the seat exactly the same in the game and its twin:
``observe`` and its JSON, ``observe_move`` (and ``observe_move`` of every earlier move as
known at that step), the command line's narration for the seat, the RL narration, the RL
readers and the environments' incremental tensors, OpenSpiel's information state and
observation (strings and tensors), and the SVG of the seat's view. A separate check
looks for the game's seed in every tool's output while the game runs.

Each check is shown to fail on a deliberately leaking tool at the end of this file.
"""

from __future__ import annotations

import importlib
import random
import zlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest

from skullgames import GAMES, king, queen, svg, to_json
from skullgames.cli.king import Narrator as KingNarrator
from skullgames.cli.queen import Narrator as QueenNarrator

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import skullgames.rl as rl  # noqa: E402
from skullgames.rl import openspiel  # noqa: E402
from skullgames.rl._incremental import SeatVectors  # noqa: E402
from skullgames.rl._narration import Narration  # noqa: E402
from skullgames.rl._table import Table  # noqa: E402
from skullgames.rl.openspiel._deals import deal_plan  # noqa: E402
from skullgames.rl.tensors import encoder_for, steps_for  # noqa: E402

_RASCAL = king.Scoring.RASCAL

CONFIGS = [
    pytest.param("king", king.Config(players=4, rounds=(1, 2, 3)), id="king-4"),
    pytest.param("king", king.Config(players=2, rounds=(2, 3)), id="king-2-graybeard"),
    pytest.param("king", king.Config(players=8, rounds=(2, 3)), id="king-8"),
    pytest.param("king", king.Config(players=3, edition=king.Edition.CLASSIC, rounds=(2, 3)),
                 id="king-classic"),
    pytest.param("king", king.Config(players=5, loot=True, kraken=True, white_whale=True,
                                     rounds=(3, 4)), id="king-advanced-cards"),
    pytest.param("king", king.Config(players=4, scoring=_RASCAL, cannonball=True,
                                     rounds=(2, 3)), id="king-rascal-cannonball"),
    pytest.param("king", king.Config(players=4, pirate_abilities=True, rounds=(3, 4, 5)),
                 id="king-abilities"),
    pytest.param("king", king.Config(players=3, pirate_abilities=True, scoring=_RASCAL,
                                     cannonball=True, loot=True, kraken=True,
                                     white_whale=True, round_bonus=False,
                                     rounds=(4, 5)), id="king-everything"),
    pytest.param("king", king.Config(players=2, pirate_abilities=True, scoring=_RASCAL,
                                     cannonball=True, rounds=(3, 4)),
                 id="king-2-abilities-cannonball"),
    pytest.param("queen", queen.Config(players=2), id="queen-2-ghost"),
    pytest.param("queen", queen.Config(players=3, rounds=1), id="queen-3"),
    pytest.param("queen", queen.Config(players=4, rounds=2), id="queen-4-centre"),
    pytest.param("queen", queen.Config(players=6, rounds=1), id="queen-6"),
]


# -- Games as steps, and their replay ------------------------------------------------------


@attrs.frozen
class Step:
    """A deal (its chance cards, in the order OpenSpiel deals them) or a seat's move."""

    cards: tuple[Any, ...] | None
    move: Any


def random_game(name: str, config: Any, rng: random.Random) -> list[Step]:
    """A whole game of random legal moves, each round dealt from a shuffled deck."""
    game = GAMES[name]
    state = game.new_game(config, auto_deal=False)
    steps = []
    while not game.is_over(state):
        if game.current_player(state) is None:
            plan = deal_plan(GAMES[name], config, state.round_index)
            deck = list(config.deck)
            rng.shuffle(deck)
            cards = tuple(deck[:plan.cards])
            step = Step(cards, plan.make(cards))
        else:
            step = Step(None, rng.choice(game.legal_moves(state)))
        steps.append(step)
        state = game.apply(state, step.move)
    return steps


def deal_step(name: str, config: Any, round_index: int, cards: Sequence[Any]) -> Step:
    """The step that deals ``cards`` (chance order) in round ``round_index``."""
    return Step(tuple(cards), deal_plan(GAMES[name], config, round_index).make(cards))


def replay(name: str, config: Any, steps: Sequence[Step]) -> list[Any]:
    """The states of ``steps`` from a new game, first to last, until a step is illegal."""
    game = GAMES[name]
    state = game.new_game(config, auto_deal=False)
    states = [state]
    for step in steps:
        try:
            state = game.apply(state, step.move)
        except Exception:  # the twin broke a rule here: its window ends
            break
        states.append(state)
    return states


# -- What a seat may see, as the rules say (this file's oracle) ----------------------------


def played_this_round(state: Any) -> list[Any]:
    """The cards played in the round so far, face up or down (finished tricks, the trick)."""
    cards = [play.card for trick in state.tricks for _, play in trick.plays]
    return cards + [play.card for _, play in state.trick]


def card_seen(name: str, state: Any, viewer: int, card: Any) -> bool:
    """Whether ``card`` is where ``viewer`` may have seen it: its hand, played, peeked."""
    if card in state.hands[viewer] or card in played_this_round(state):
        return True
    if name == "king":  # Juanita Jade showed it undealt (where in the stock, she did not)
        peeked = state.peeked[viewer]
        return peeked is not None and card in peeked
    return card in state.center or card in state.set_aside


def hidden_positions(name: str, config: Any, viewer: int, size: int) -> list[int]:
    """The positions of a deal's chance cards the viewer does not see dealt.

    Other seats' hands (round robin: card ``k`` to seat ``k % players``), the ghost's
    face-down stack and the top undealt cards; not the viewer's hand nor Skull Queen's
    face-up centre (RESEARCH.md §1.4).
    """
    players = config.players
    hands = players * size
    positions = [k for k in range(hands) if k % players != viewer]
    ghost = size if config.has_ghost else 0
    positions += range(hands, hands + ghost)
    if name == "king" and config.pirate_abilities:
        positions += range(hands + ghost, hands + ghost + 2)
    return positions


@attrs.frozen
class Twin:
    """A game and its twin, the same to ``viewer`` for their first ``length`` steps."""

    real: list[Step]
    twin: list[Step]
    length: int
    what: str


def card_twins(name: str, config: Any, steps: list[Step], viewer: int,
               rng: random.Random) -> Iterator[Twin]:
    """Per round, a twin whose deal swaps two cards the viewer does not see.

    One card from another seat's hand, the ghost's stack or the top undealt cards; the
    other from those or from the undealt rest of the deck (same suit preferred, so that
    the plays before stay legal longer). The window ends before either card shows.
    """
    deals = [i for i, step in enumerate(steps) if step.cards is not None]
    deck = list(config.deck)
    for round_index, at in enumerate(deals):
        step = steps[at]
        assert step.cards is not None
        cards = list(step.cards)
        size = len(deal_plan(GAMES[name], config, round_index).make(cards).hands[0])
        positions = [p for p in hidden_positions(name, config, viewer, size)
                     if p < len(cards) and deck.count(cards[p]) == 1]
        if not positions:
            continue
        first = rng.choice(positions)
        rest = list(deck)
        for c in cards:
            rest.remove(c)
        undealt = [c for c in dict.fromkeys(rest) if deck.count(c) == 1]
        others = [("deal", p) for p in positions if p != first] + [("rest", c) for c in undealt]
        suit = _suit(cards[first])
        alike = [o for o in others if _suit(cards[o[1]] if o[0] == "deal" else o[1]) == suit]
        kind, where = rng.choice(alike or others)
        twin_cards = list(cards)
        if kind == "deal":
            assert isinstance(where, int)
            twin_cards[first], twin_cards[where] = cards[where], cards[first]
            swapped = (cards[first], cards[where])
        else:
            twin_cards[first] = where
            swapped = (cards[first], where)
        twin = list(steps)
        twin[at] = deal_step(name, config, round_index, twin_cards)
        yield Twin(steps, twin, _cards_window(name, config, steps, twin, at, viewer, swapped),
                   f"round {round_index + 1}: {swapped[0]} <-> {swapped[1]}")


def stock_twins(name: str, config: Any, steps: list[Step]) -> Iterator[Twin]:
    """Per round, a twin whose top two undealt cards swap (Skull King's abilities, K12).

    Nobody sees the order of the stock: Juanita Jade shows which cards are undealt, and
    Bendt the Bandit draws the top two together, so the window is the whole round.
    """
    if name != "king" or not config.pirate_abilities:
        return
    deals = [i for i, step in enumerate(steps) if step.cards is not None]
    for round_index, at in enumerate(deals):
        cards = list(steps[at].cards or ())
        deal = deal_plan(GAMES[name], config, round_index).make(cards)
        top = config.players * len(deal.hands[0]) + len(deal.ghost)
        if top + 1 >= len(cards) or cards[top] == cards[top + 1]:
            continue
        cards[top], cards[top + 1] = cards[top + 1], cards[top]
        twin = list(steps)
        twin[at] = deal_step(name, config, round_index, cards)
        end = deals[round_index + 1] if round_index + 1 < len(deals) else len(steps)
        yield Twin(steps, twin, end, f"round {round_index + 1}: the top two undealt cards "
                                     f"{cards[top + 1]} and {cards[top]} swap")


def _suit(card: Any) -> Any:
    return getattr(card, "suit", None) or getattr(card, "color", None)


def _cards_window(name: str, config: Any, real: list[Step], twin: list[Step], start: int,
                  viewer: int, swapped: tuple[Any, Any]) -> int:
    """How many steps the twin stays the same to the viewer: until a swapped card shows."""
    real_states = replay(name, config, real)
    twin_states = replay(name, config, twin)
    for length in range(start + 1, min(len(real_states), len(twin_states))):
        if any(card_seen(name, states[length], viewer, c)
               for states in (real_states, twin_states) for c in swapped):
            return length - 1
    return min(len(real_states), len(twin_states)) - 1


def _hidden_move(name: str, config: Any, state: Any, move: Any, viewer: int) -> str | None:
    """What hides ``move`` (made in ``state``) from the viewer as the rules say, if anything."""
    game = GAMES[name]
    mover = game.current_player(state)
    if mover is None or mover == viewer:
        return None
    kind = type(move)
    if kind is king.Bid:
        return "bidding"  # K13
    if kind is king.Shot:
        return "shooting"  # K11
    if kind is king.Discard:
        return "discard"  # K12: face down, for good
    if kind is queen.Place:
        return "placing"  # Q2
    if kind is queen.Play and config.has_ghost:
        return "trick"  # Q7
    return None


def _still_hidden(name: str, what: str, made_in: Any, now: Any) -> bool:
    """Whether a hidden move of kind ``what`` made in ``made_in`` is still hidden ``now``."""
    same_round = now.round_index == made_in.round_index
    if what == "bidding":
        return same_round and now.phase is king.Phase.BID
    if what == "shooting":
        return same_round and now.phase in (king.Phase.BID, king.Phase.SHOT)
    if what == "placing":
        return same_round and now.phase is queen.Phase.PLACE
    if what == "trick":
        return same_round and now.phase is queen.Phase.PLAY and len(now.tricks) == len(
            made_in.tricks)
    return True  # a discard


def move_twins(name: str, config: Any, steps: list[Step], viewer: int,
               rng: random.Random) -> Iterator[Twin]:
    """Twins whose other seats make some hidden moves differently (the first one surely).

    The window ends before the first changed move shows (K13, K11, Q2, Q7; a discard
    never shows) or a later move of the game breaks a rule in the twin.
    """
    game = GAMES[name]
    states = replay(name, config, steps)
    hidden = [i for i, step in enumerate(steps)
              if _hidden_move(name, config, states[i], step.move, viewer) is not None]
    starts = hidden if len(hidden) <= 6 else sorted(rng.sample(hidden, 6))
    for first in starts:
        twin = list(steps[:first])
        state = states[first]
        changed: list[tuple[int, str]] = []
        for i in range(first, len(steps)):
            move = steps[i].move
            what = _hidden_move(name, config, state, move, viewer)
            if what is not None and (i == first or rng.random() < 0.5):
                alike = [m for m in game.legal_moves(state) if type(m) is type(move)
                         and m != move]
                if alike:
                    move = rng.choice(alike)
                    changed.append((i, what))
            twin.append(Step(None, move))
            try:
                state = game.apply(state, move)
            except Exception:
                break
        if not changed or changed[0][0] != first:
            continue
        twin_states = replay(name, config, twin)
        end = min(len(states), len(twin_states))
        length = next((k for k in range(first + 1, end) if not all(
            _still_hidden(name, what, states[i], states[k])
            and _still_hidden(name, what, twin_states[i], twin_states[k])
            for i, what in changed if i < k)), end)
        yield Twin(steps, twin, length - 1, f"moves changed at steps {[i for i, _ in changed]}")


# -- The tools, each as a probe that tells what the seat is told at each step --------------


class Probe:
    """One tool in lockstep with a game: what it shows ``viewer`` after each step."""

    def __init__(self, name: str, config: Any, viewer: int) -> None:
        self.name, self.config, self.viewer = name, config, viewer
        self.game = GAMES[name]

    def start(self, state: Any) -> None:
        """The game's first state (before its first deal)."""

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        """What the seat is told once ``move`` took ``before`` to ``after``."""
        raise NotImplementedError


class Observe(Probe):
    """``observe`` and its JSON; ``observe_move`` of the move."""

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        view = self.game.observe(after, self.viewer)
        seen = self.game.observe_move(before, move, self.viewer)
        return view, to_json(view), seen, to_json(seen)


class Remembered(Probe):
    """``observe_move`` of every move so far, as the seat knows it now."""

    def start(self, state: Any) -> None:
        self.moves: list[tuple[Any, Any]] = []

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        self.moves.append((before, move))
        return [self.game.observe_move(b, m, self.viewer, after) for b, m in self.moves]


class Narrated(Probe):
    """The command line's narration for the seat (``skullgames play``)."""

    def start(self, state: Any) -> None:
        self.lines: list[str] = []
        narrator = KingNarrator if self.name == "king" else QueenNarrator
        names = [f"p{s}" for s in range(self.config.players)]
        self.narrator = narrator(self.lines.append, names, [self.viewer])
        self.narrator.start(state)

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        self.narrator.step(before, move, after)
        return list(self.lines)


class RlNarrated(Probe):
    """The RL environments' narration for the seat (Gymnasium's ``render``)."""

    def start(self, state: Any) -> None:
        self.narration = Narration(self.game, [f"p{s}" for s in range(self.config.players)],
                                   self.viewer)
        self.narration.start(state)
        self.told: list[str] = []

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        self.narration.step(before, move, after)
        self.told.append(self.narration.text())
        return list(self.told)


class Tensors(Probe):
    """The RL reader's inputs, and the environments' incremental table of tensors.

    The table is driven as the environments drive it: the game's steps write a move's
    changes, or every seat's tensor is written whole from the reader (``observe`` where
    the reader leaves it).
    """

    def start(self, state: Any) -> None:
        self.encoder = encoder_for(self.name, self.config)
        self.read = self.encoder.reader()
        players = self.config.players
        self.table = Table(self.encoder, players)
        self.steps = steps_for(GAMES[self.name], self.encoder, self.table)
        self.vectors = SeatVectors(self.encoder, players)
        self.table_of = state if self.steps.start(state) else None

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        if not (self.table_of is before and self.steps(before, after)):
            to_move = self.game.current_player(after)
            vectors = []
            for seat in range(self.config.players):
                inputs = self.read(after, seat, to_move)
                if inputs is None:
                    inputs = self.encoder.inputs(self.game.observe(after, seat))
                vectors.append(self.vectors.vector(seat, inputs))
            self.table.scatter(vectors)
        self.table_of = after
        vector = self.table.vector(self.viewer)
        assert vector.tobytes() == rl.encode(self.game.observe(after, self.viewer)).tobytes()
        inputs = self.read(after, self.viewer, self.game.current_player(after))
        return vector.tobytes(), inputs


class Spiel(Probe):
    """OpenSpiel's information state and observation, strings and tensors."""

    def start(self, state: Any) -> None:
        self.spiel_game = openspiel.load_game(self.config)
        self.state = self.spiel_game.new_initial_state()
        self.outcome = {c: i for i, c in reversed(list(enumerate(self.config.deck)))}
        self.index = self.game.action_space(self.config).index

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        if made.cards is not None:
            for card in made.cards:
                self.state.apply_action(self.outcome[card])
        else:
            self.state.apply_action(self.index(move))
        if self.state.is_terminal():
            return None
        v, state = self.viewer, self.state
        return (state.information_state_string(v), state.information_state_tensor(v),
                state.observation_string(v), state.observation_tensor(v))


class Pictures(Probe):
    """The SVG of the seat's view, from its observation and from the state."""

    def step(self, before: Any, move: Any, after: Any, made: Step) -> object:
        return svg.table(after, seat=self.viewer), svg.table(self.game.observe(after,
                                                                               self.viewer))


PROBES: list[type[Probe]] = [Observe, Remembered, Narrated, RlNarrated, Tensors, Spiel,
                             Pictures]


def check_twin(name: str, config: Any, twin: Twin, viewer: int,
               probes: Sequence[type[Probe]] = PROBES) -> int:
    """Every probe tells ``viewer`` the same in the game and its twin, step by step.

    Returns the number of steps compared.
    """
    game = GAMES[name]
    runs = []
    for steps in (twin.real, twin.twin):
        state = game.new_game(config, auto_deal=False)
        tools = [probe(name, config, viewer) for probe in probes]
        for tool in tools:
            tool.start(state)
        runs.append((steps, state, tools))
    compared = 0
    for k in range(twin.length):
        told = []
        for index, (steps, state, tools) in enumerate(runs):
            made = steps[k]
            after = game.apply(state, made.move)
            told.append([tool.step(state, made.move, after, made) for tool in tools])
            runs[index] = (steps, after, tools)
        for probe, real, other in zip(probes, told[0], told[1], strict=True):
            if not _same(real, other):
                raise AssertionError(f"{probe.__name__} tells seat {viewer} apart from its "
                                     f"twin ({twin.what}) at step {k}: {real!r:.300}")
        compared += 1
    return compared


def _same(a: object, b: object) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b))
    return a == b


def twins_of(name: str, config: Any, seed: int) -> Iterator[tuple[int, Twin]]:
    """The twins of one random game, for every seat."""
    rng = random.Random(seed)
    steps = random_game(name, config, rng)
    for viewer in range(config.players):
        yield from ((viewer, t) for t in card_twins(name, config, steps, viewer, rng))
        yield from ((viewer, t) for t in move_twins(name, config, steps, viewer, rng))
        yield from ((viewer, t) for t in stock_twins(name, config, steps))


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_no_tool_tells_a_seat_apart_from_its_twins(name: str, config: Any) -> None:
    compared = kinds = 0
    for viewer, twin in twins_of(name, config, seed=zlib.crc32(repr(config).encode())):
        compared += check_twin(name, config, twin, viewer)
        kinds += 1
    assert kinds >= config.players and compared > 0  # the check did look


# -- The seed ------------------------------------------------------------------------------

SEED = 7_351_209_468_531
"""A seed whose digits no other number of a game spells."""


@pytest.mark.parametrize(("name", "config"), [CONFIGS[0], CONFIGS[7], CONFIGS[9]])
def test_the_seed_reaches_no_seat_while_the_game_runs(name: str, config: Any) -> None:
    """The seed deals every round: a seat that knew it would know every hand."""
    game = GAMES[name]
    rng = random.Random(1)
    state = game.new_game(config, seed=SEED)
    narrators = [Narrated(name, config, seat) for seat in range(config.players)]
    rl_narrators = [RlNarrated(name, config, seat) for seat in range(config.players)]
    for probe in (*narrators, *rl_narrators):
        probe.start(state)
    secret = str(SEED)
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        after = game.apply(state, move)
        for seat in range(config.players):
            view = game.observe(after, seat)
            told = [to_json(view), to_json(game.observe_move(state, move, seat)),
                    svg.table(view), repr(view)]
            told += narrators[seat].step(state, move, after, Step(None, move))  # type: ignore[arg-type]
            told += rl_narrators[seat].step(state, move, after, Step(None, move))  # type: ignore[arg-type]
            if not game.is_over(after):
                assert not any(secret in text for text in told), (seat, move)
        state = after
    # Once the game is over the seed is told, so that the game can be replayed.
    assert secret in narrators[0].lines[-1]


def test_gymnasium_renders_no_seed_and_no_other_hand() -> None:
    """The learning seat's narration (Gymnasium's ``render``) shows its own hand only."""
    import gymnasium

    env = gymnasium.make("skullgames/SkullKing-v0", config=king.Config(players=3, rounds=(3,)),
                         render_mode="ansi")
    env.reset(seed=4)
    inner: Any = env.unwrapped
    state = inner.game_state if hasattr(inner, "game_state") else inner._state
    text = env.render()
    assert isinstance(text, str) and str(state.seed) not in text
    others = [c for seat in (1, 2) for c in state.hands[seat]]
    mine = king.observe(state, 0).hand
    assert f"holds {' '.join(map(str, mine))}" in text
    assert not any(f"seat {seat} holds" in text for seat in (1, 2)), others


# -- PettingZoo, as a learner meets it ---------------------------------------------------


@pytest.mark.parametrize(("name", "config"), [CONFIGS[5], CONFIGS[9], CONFIGS[11]])
def test_pettingzoo_observations_hide_the_other_seats_hidden_moves(name: str,
                                                                    config: Any) -> None:
    """Two tables dealt alike, where other seats make their hidden moves differently:
    the viewer's observation is the same until the rules reveal the moves."""
    assert check_pettingzoo_twins(name, config) > 20


def check_pettingzoo_twins(name: str, config: Any) -> int:
    """The check above; returns the number of observations compared."""
    from skullgames.rl.pettingzoo import raw_env

    game = GAMES[name]
    space = game.action_space(config)
    rng = random.Random(5)
    compared = 0
    for viewer in range(config.players):
        real, twin = raw_env(name, config), raw_env(name, config)
        real.reset(seed=viewer)
        twin.reset(seed=viewer)
        agent = real.possible_agents[viewer]
        changed: list[tuple[Any, Any, str]] = []  # (made in: real, twin; what hides it)
        while not game.is_over(real.game_state) and len(changed) < 40:
            before, other = real.game_state, twin.game_state
            move = rng.choice(game.legal_moves(before))
            what = _hidden_move(name, config, before, move, viewer)
            twin_move = move
            if what is not None:
                alike = [m for m in game.legal_moves(other) if type(m) is type(move)
                         and m != move]
                if alike:
                    twin_move = rng.choice(alike)
                    changed.append((before, other, what))
            real.step(space.index(move))
            try:
                twin.step(space.index(twin_move))
            except Exception:
                break
            if not all(_still_hidden(name, w, made, real.game_state)
                       and _still_hidden(name, w, made_twin, twin.game_state)
                       for made, made_twin, w in changed):
                changed.clear()  # revealed: the tables differ from here on
                twin = _copy_env(real, name, config)
                continue
            seen_real = real.observe(agent)["observation"]
            assert seen_real.tobytes() == twin.observe(agent)["observation"].tobytes(), (
                f"PettingZoo tells {agent} apart from its twin")
            compared += 1
    return compared


def _copy_env(env: Any, name: str, config: Any) -> Any:
    """A new table at ``env``'s state: the same moves replayed from the same seed."""
    from skullgames.rl.pettingzoo import raw_env

    copy = raw_env(name, config)
    copy.reset(seed=0)
    copy._state = env.game_state  # the game as it stands; its tensors written whole
    copy._table_of = None
    to_move = GAMES[name].current_player(env.game_state)
    assert to_move is not None
    copy._to_move = to_move
    copy.agent_selection = copy.possible_agents[to_move]
    return copy


# -- Each check fails on a tool that leaks -----------------------------------------------


def _leaks(monkeypatch: pytest.MonkeyPatch, name: str, config: Any,
           probes: Sequence[type[Probe]], seed: int = 3) -> str:
    """The message of the first check that fails (the tool is patched to leak)."""
    for viewer, twin in twins_of(name, config, seed):
        try:
            check_twin(name, config, twin, viewer, probes)
        except AssertionError as error:
            return str(error)
    return ""


_unpatched_table = svg.table
_observe_queen = queen.observe


def _always(value: object) -> Callable[..., object]:
    return lambda *args, **kwargs: value


LEAKS: list[Any] = [
    pytest.param("skullgames.king.visibility:_revealed", _always(True), "king",
                 CONFIGS[0].values[1], [Observe], id="observe_move-shows-bids"),
    pytest.param("skullgames.king.visibility:_own_only", lambda values, seat: values, "king",
                 CONFIGS[5].values[1], [Observe], id="observe-shows-bids-and-shots"),
    pytest.param("skullgames.king.observation:undealt_seen",
                 lambda state, seat: state.undealt, "king", CONFIGS[6].values[1], [Observe],
                 id="observe-shows-the-undealt-cards"),
    pytest.param("skullgames.queen.visibility:plays_face_down", _always(False), "queen",
                 CONFIGS[9].values[1], [Observe], id="observe-shows-face-down-cards"),
    pytest.param("skullgames.king:observe_move", lambda state, move, seat, now=None: move,
                 "king", CONFIGS[0].values[1], [Narrated], id="narration-shows-bids"),
    pytest.param("skullgames.cli.queen:queen.observe",
                 lambda state, seat: _observe_queen(state, (seat + 1) % state.config.players),
                 "queen", CONFIGS[10].values[1], [RlNarrated], id="narration-shows-a-hand"),
    pytest.param("skullgames.rl.king:bids_seen", lambda state, seat: state.bids, "king",
                 CONFIGS[0].values[1], [Tensors], id="tensor-reader-shows-bids"),
    pytest.param("skullgames.rl.queen:placements_seen", lambda state, seat: state.placements,
                 "queen", CONFIGS[10].values[1], [Tensors], id="tensor-reader-shows-placements"),
    pytest.param("skullgames.rl.openspiel._game:hidden_positions", _always([]), "king",
                 CONFIGS[0].values[1], [Spiel], id="openspiel-history-shows-bids"),
    pytest.param("skullgames.svg:table",
                 lambda value, seat=None: _unpatched_table(value), "king",
                 CONFIGS[0].values[1], [Pictures], id="svg-shows-every-hand"),
]



@pytest.mark.parametrize(("target", "leak", "name", "config", "probes"), LEAKS)
def test_each_check_fails_on_a_leaking_tool(monkeypatch: pytest.MonkeyPatch, target: str,
                                            leak: Any, name: str, config: Any,
                                            probes: list[type[Probe]]) -> None:
    assert not _leaks(monkeypatch, name, config, probes)  # the tool as it is: no leak
    module, _, path = target.partition(":")
    owner: Any = importlib.import_module(module)
    *parents, attribute = path.split(".")
    for parent in parents:
        owner = getattr(owner, parent)
    monkeypatch.setattr(owner, attribute, leak)
    message = _leaks(monkeypatch, name, config, probes)
    assert message.startswith(f"{probes[0].__name__} tells seat")


def test_the_stock_twins_catch_a_look_that_shows_the_stocks_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Juanita Jade's look as it was before issue 35: the undealt cards in the stock's
    order, which tells her player which two Bendt the Bandit will draw (K12)."""
    name, config = "king", CONFIGS[7].values[1]
    seed = zlib.crc32(repr(config).encode())  # the seed of the twins test above
    assert not _leaks(monkeypatch, name, config, [Observe], seed)
    monkeypatch.setattr("skullgames.king.observation.undealt_seen",
                        lambda state, seat: state.peeked[seat] and state.undealt)
    message = _leaks(monkeypatch, name, config, [Observe], seed)
    assert message.startswith("Observe tells seat") and "top two undealt cards" in message


def test_the_pettingzoo_check_fails_on_a_table_that_shows_a_bid(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The environments' incremental table written as if a bid were public at once."""
    from skullgames.rl.king_steps import KingSteps

    name, config = "king", CONFIGS[5].values[1]
    assert check_pettingzoo_twins(name, config) > 20
    own_bid = KingSteps._own_bid

    def shown_to_all(self: Any, seat: int, bid: int | None) -> None:
        own_bid(self, seat, bid)
        self._main[self._encoder.bids + seat] = (bid or 0) / self._hand_most
        self._main[self._encoder.bid_shown + seat] = 1.0

    monkeypatch.setattr(KingSteps, "_own_bid", shown_to_all)
    with pytest.raises(AssertionError, match="PettingZoo tells"):
        check_pettingzoo_twins(name, config)
