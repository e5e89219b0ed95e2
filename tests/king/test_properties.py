"""Property tests over random seeded games: the rules hold at every step of every game.

Each example plays a whole game (3 to 8 players, both editions, every advanced card, every
round plan) with random legal moves and checks the invariants after each move.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import IllegalMoveError, from_json, to_json
from skullgames.king import (
    Bid,
    Config,
    Deal,
    Edition,
    Kind,
    Move,
    Observation,
    Phase,
    Play,
    Scoring,
    State,
    Suit,
    apply,
    card,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
    scores,
    winners,
)
from skullgames.king.cards import Card
from tests.support.king.invariants import check_state, legal_cards, suit_to_follow
from tests.support.king.oracle import expected, round_points
from tests.support.king.strategies import configs, play_out, seeds

ANY_MOVE: Any = Move  # a Union: from_json accepts it, but a type checker wants a class


def random_deal(state: State, rng: random.Random) -> Deal:
    """A shuffled deal for a game that waits for one."""
    config = state.config
    deck = list(config.deck)
    rng.shuffle(deck)
    size = config.hand_sizes[state.round_index]
    return Deal([deck[seat * size:(seat + 1) * size] for seat in range(config.players)])


def plays_of(c: Card) -> list[Play]:
    if c.kind is Kind.TIGRESS:
        return [Play(c, as_pirate=True), Play(c, as_pirate=False)]
    return [Play(c)]


def assert_illegal(state: State, move: object, why: str | None = None) -> None:
    with pytest.raises(IllegalMoveError, match=why):
        apply(state, move)  # type: ignore[arg-type]


def check_moves(state: State, rng: random.Random, *, refusals: bool = True
                ) -> tuple[Move, ...]:
    """Legal moves match the rules; a sample of illegal moves is refused (if ``refusals``)."""
    config = state.config
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    deal = random_deal(state, rng) if state.phase is Phase.DEAL else Deal([[]])
    if state.phase is Phase.OVER:
        assert moves == ()
        assert current_player(state) is None
        for move in (Bid(0), deal, Play(card("ESC"))):
            assert_illegal(state, move, "over")
        return moves
    if state.phase is Phase.DEAL:
        assert moves == ()
        assert current_player(state) is None
        assert_illegal(state, Bid(0), "Deal")
        assert_illegal(state, Play(card("ESC")), "Deal")
        hands = [list(h) for h in deal.hands]
        hands[0][0] = hands[1][0] = card("SK")  # the one Skull King dealt twice
        assert_illegal(state, Deal(hands), "more often than the deck holds it")
        assert_illegal(state, Deal(deal.hands[1:]), "hands")
        assert_illegal(state, Deal([h[1:] for h in deal.hands]) if deal.hands[0][1:]
                       else Deal([[*h, *h] for h in deal.hands]), "deals")
        return (deal,)
    assert moves, "legal_moves is empty before the end"
    seat = current_player(state)
    assert seat is not None
    hand = state.hands[seat]
    size = config.hand_sizes[state.round_index]
    if state.phase is Phase.BID:
        assert moves == tuple(Bid(n) for n in range(size + 1))
        if not refusals:
            return moves
        for bad in (Bid(size + 1), Bid(-1), Bid(max(15, size + 1))):
            assert_illegal(state, bad, "bid")
        assert_illegal(state, Play(hand[0]) if hand[0].kind is not Kind.TIGRESS
                       else Play(hand[0], as_pirate=True), "bidding")
        assert_illegal(state, deal, "bidding")
        return moves
    classic = config.edition is Edition.CLASSIC
    plays = [p for _, p in state.trick]
    allowed = legal_cards(hand, plays, classic=classic)
    assert sorted(moves, key=str) == sorted(
        (p for c in set(allowed) for p in plays_of(c)), key=str)
    if not refusals:
        return moves
    suit = suit_to_follow(plays, classic=classic)
    for c in set(hand) - allowed:
        assert suit is not None
        assert_illegal(state, Play(c), f"must follow {suit.label}: you hold ")
    absent = [c for c in config.deck if c not in hand]
    for c in rng.sample(absent, min(3, len(absent))):
        assert_illegal(state, plays_of(c)[0], "not in your hand")
    foreign = card("R5") if not classic else card("G5")
    assert_illegal(state, Play(foreign), "not in your hand")
    assert_illegal(state, Bid(0), "not a Play")
    assert_illegal(state, deal, "not a Play")
    return moves


def check_trick(before: State, after: State) -> bool:
    """A trick that just ended was resolved as RESEARCH.md §3.4 says (``True`` if one did)."""
    finished = after.last_trick
    config = before.config
    if finished is None or before.phase is not Phase.PLAY \
            or len(before.trick) != config.players - 1 + config.has_ghost:
        return False
    seats = [seat for seat, _ in finished.plays]
    plays = [p for _, p in finished.plays]
    want = expected(plays, seats, classic=before.config.edition is Edition.CLASSIC,
                    whale_cancels_loot=before.config.whale_cancels_loot)
    assert finished.winner == (None if want.winner is None else seats[want.winner])
    assert finished.next_leader == seats[want.next_leader]
    assert finished.bonus == want.bonus
    assert finished.loot_alliances == want.alliances
    return True


def check_round(before: State, after: State) -> None:
    """A round that just ended was scored as RESEARCH.md §3.5 / §3.6 say."""
    if len(after.rounds) == len(before.rounds):
        return
    result = after.rounds[-1]
    config = after.config
    n = config.players
    tricks = [sum(t.winner == seat for t in result.tricks) for seat in range(n)]
    bonuses = [sum(t.bonus for t in result.tricks if t.winner == seat) for seat in range(n)]
    alliances = [a for t in result.tricks for a in t.loot_alliances]
    want = round_points(result.bids, tricks, bonuses, alliances,
                        cards_dealt=result.cards_dealt, round_number=result.round_number,
                        rascal=config.scoring is Scoring.RASCAL,
                        round_bonus=config.round_bonus,
                        classic=config.edition is Edition.CLASSIC)
    assert list(result.points) == want
    assert all(s.tricks == t for s, t in zip(result.scores, tricks, strict=True))
    # The next round is dealt by the next seat to the left, whose left neighbour leads.
    if not is_over(after):
        assert after.dealer == (before.dealer + 1) % n
        if after.phase is Phase.BID:
            assert current_player(after) == (after.dealer + 1) % n


@settings(max_examples=80, deadline=None)
@given(config=configs(), seed=seeds, choices=st.randoms(use_true_random=False),
       manual=st.booleans())
def test_random_games_follow_the_rules(config: Config, seed: int, choices: random.Random,
                                       manual: bool) -> None:
    """Invariants, legal and illegal moves, trick winners and scores at every step."""
    state = new_game(config, seed=None if manual else seed, auto_deal=not manual)
    rng = random.Random(seed)
    steps = 0
    while True:
        check_state(state)
        moves = check_moves(state, rng, refusals=rng.random() < 0.3)
        if not moves:
            break
        for move in moves:  # every legal move applies
            apply(state, move)
        move = choices.choice(moves)
        if rng.random() < 0.02:  # apply does not mutate its input
            frozen, text = copy.deepcopy(state), to_json(state)
            after = apply(state, move)
            assert state == frozen
            assert to_json(state) == text
        else:
            after = apply(state, move)
        check_trick(state, after)
        check_round(state, after)
        state = after
        steps += 1
    check_moves(state, rng)
    assert is_over(state)
    assert len(state.rounds) == len(config.hand_sizes)
    assert scores(state) == tuple(map(sum, zip(*(r.points for r in state.rounds), strict=True)))
    best = max(scores(state))
    assert winners(state) == tuple(s for s in range(config.players) if scores(state)[s] == best)
    assert len(state.history) == steps + (0 if manual else len(state.rounds))


@settings(max_examples=40, deadline=None)
@given(config=configs(), seed=seeds, choices=seeds)
def test_the_same_seed_gives_the_same_game(config: Config, seed: int, choices: int) -> None:
    first = play_out(new_game(config, seed=seed), random.Random(choices))
    second = play_out(new_game(config, seed=seed), random.Random(choices))
    assert first == second
    assert first.history == second.history
    assert new_game(config, seed=seed) == new_game(config, seed=seed)
    other = new_game(config, seed=seed ^ 1)  # another seed, within the range
    assert [new_game(config, seed=seed).deal] != [other.deal] or config.hand_sizes[0] == 1


def stop_after(k: int) -> object:
    count = Counter[str]()

    def stop(_: State) -> bool:
        count["moves"] += 1
        return count["moves"] > k
    return stop


@settings(max_examples=80, deadline=None)
@given(config=configs(), seed=seeds, choices=seeds, length=st.integers(0, 600),
       manual=st.booleans())
def test_json_and_replay_rebuild_the_state(config: Config, seed: int, choices: int,
                                           length: int, manual: bool) -> None:
    """``from_json(to_json(s)) == s`` and ``replay(config, s.history, seed=s.seed) == s``."""
    rng = random.Random(choices)
    state = new_game(config, seed=None if manual else seed, auto_deal=not manual)
    for _ in range(length):
        if is_over(state):
            break
        moves = legal_moves(state) or (random_deal(state, rng),)
        state = apply(state, rng.choice(moves))
    assert from_json(to_json(state), State) == state
    assert from_json(to_json(config), Config) == config
    assert replay(config, state.history, seed=state.seed) == state
    # The same moves with the deals taken from the history, not from a seed.
    manual_replay = replay(config, state.history)
    assert manual_replay.seed is None
    assert manual_replay.auto_deal is False
    assert manual_replay.hands == state.hands
    assert manual_replay.undealt == state.undealt
    assert manual_replay.rounds == state.rounds
    assert manual_replay.totals == state.totals
    assert manual_replay.trick == state.trick
    assert manual_replay.history == state.history
    for move in state.history:
        assert from_json(to_json(move), ANY_MOVE) == move
        assert from_json(to_json(move), type(move)) == move


def _voids(state: State) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks this round (played off-suit when following)."""
    classic = state.config.edition is Edition.CLASSIC
    voids: dict[int, set[Suit]] = {seat: set() for seat in range(state.config.players)}
    for plays in [t.plays for t in state.tricks] + [state.trick]:
        for k, (seat, p) in enumerate(plays):
            suit = suit_to_follow([q for _, q in plays[:k]], classic=classic)
            if seat is not None and suit is not None and p.card.suit not in (None, suit):
                voids[seat].add(suit)
    return voids


def alternative(state: State, seat: int, rng: random.Random) -> State | None:
    """A state with the same public history and the same hand for ``seat``, but other
    hidden cards: the others' hands and the undealt cards are redealt among themselves
    (keeping every suit a seat has shown it lacks), and bids still hidden are changed."""
    config = state.config
    n = config.players
    history = state.history
    at = max(i for i, m in enumerate(history) if isinstance(m, Deal))
    deal = history[at]
    assert isinstance(deal, Deal)
    voids = _voids(state)
    pool = [c for j in range(n) if j != seat for c in state.hands[j]] + list(state.undealt)
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for j in sorted((j for j in range(n) if j != seat), key=lambda j: -len(voids[j])):
        fits = [i for i, c in enumerate(pool) if c.suit not in voids[j]]
        if len(fits) < len(state.hands[j]):
            return None
        taken = set(fits[:len(state.hands[j])])
        hands[j] = [pool[i] for i in taken]
        pool = [c for i, c in enumerate(pool) if i not in taken]
    played = Counter[int]()
    originally = [list(h) for h in deal.hands]
    for j in range(n):
        if j == seat:
            hands[j] = originally[j]
        else:
            still = Counter(state.hands[j])
            hands[j] += list((Counter(originally[j]) - still).elements())
            played[j] = len(originally[j]) - len(state.hands[j])
    rest = list(history[at + 1:])
    for k, move in enumerate(rest):
        if isinstance(move, Bid) and state.phase is Phase.BID:
            bidder = (state.dealer + 1 + k) % n
            if bidder != seat:
                rest[k] = Bid(rng.randint(0, len(originally[0])))
    return replay(config, [*history[:at], Deal(hands), *rest])


@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=seeds, choices=seeds, length=st.integers(0, 400))
def test_observations_reveal_nothing_hidden(config: Config, seed: int, choices: int,
                                            length: int) -> None:
    """Another deal of the hidden cards, and other hidden bids, give the same observation."""
    rng = random.Random(choices)
    state = play_out(new_game(config, seed=seed), rng, stop=stop_after(length))  # type: ignore[arg-type]
    if is_over(state):
        return
    for seat in range(config.players):
        view: Observation = observe(state, seat)
        assert view.hand == state.hands[seat]
        assert view.legal_moves == (legal_moves(state) if current_player(state) == seat else ())
        for _ in range(3):
            other = alternative(state, seat, rng)
            if other is not None:
                check_state(other)
                assert other.hands[seat] == state.hands[seat]
                assert observe(other, seat) == view


@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=seeds, choices=seeds)
def test_bids_are_hidden_until_all_are_in(config: Config, seed: int, choices: int) -> None:
    """DECISIONS K13: each bid is hidden from the other seats until every seat has bid."""
    rng = random.Random(choices)
    state = new_game(config, seed=seed)
    n = config.players
    made: dict[int, int] = {}
    while state.phase is Phase.BID:
        for seat in range(n):
            view = observe(state, seat)
            assert view.bids == tuple(made.get(seat) if s == seat else None for s in range(n))
            assert view.has_bid == tuple(s in made for s in range(n))
        bidder = current_player(state)
        assert bidder is not None
        bid = rng.choice(legal_moves(state))
        assert isinstance(bid, Bid)
        made[bidder] = bid.n
        state = apply(state, bid)
    for seat in range(n):
        assert observe(state, seat).bids == tuple(made[s] for s in range(n))


@settings(max_examples=150, deadline=None)
@given(config=configs(players=st.just(2)), seed=seeds)
def test_two_player_games_resolve_every_trick_by_the_rules(config: Config, seed: int) -> None:
    """Two players, with Graybeard in the modern edition: every trick against the model,
    his lead after a trick nobody won included (DECISIONS K16)."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    tricks = 0
    while not is_over(state):
        after = apply(state, rng.choice(legal_moves(state)))
        tricks += check_trick(state, after)
        state = after
    assert tricks == sum(len(r.tricks) for r in state.rounds)


@settings(max_examples=1000, deadline=None)
@given(config=configs(), seed=seeds)
def test_many_games_resolve_every_trick_by_the_rules(config: Config, seed: int) -> None:
    """A thousand more whole games, checked more lightly: every trick against the model of
    RESEARCH.md §3.4, every round's score against §3.5 / §3.6, the cards at each deal."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    deck = Counter(map(str, config.deck))
    while not is_over(state):
        if state.phase is Phase.BID and not any(b is not None for b in state.bids):
            dealt = Counter(str(c) for h in state.hands for c in h)
            assert dealt + Counter(map(str, state.undealt)) == deck
        after = apply(state, rng.choice(legal_moves(state)))
        check_trick(state, after)
        check_round(state, after)
        state = after
    assert scores(state) == tuple(map(sum, zip(*(r.points for r in state.rounds), strict=True)))
