"""Shorthands for writing Skull King positions the way the rulebook prints them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from skullgames.king import (
    Bid,
    Config,
    Deal,
    Edition,
    Play,
    State,
    TrickResult,
    apply,
    card,
    new_game,
    parse_move,
    resolve_trick,
)
from skullgames.king.cards import Card


def play(text: str) -> Play:
    """A play from its text: ``"Y12"``, ``"TIG pirate"``, ``"TIG escape"``."""
    move = parse_move(text)
    assert isinstance(move, Play), text
    return move


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated text: ``"Y3 Y9 SK"``."""
    return tuple(card(word) for word in text.split())


def trick(*texts: str, classic: bool = False, advanced: bool = False,
          first: int = 0) -> TrickResult:
    """Resolve a trick whose cards are played by seats ``first``, ``first + 1``, ... in turn.

    The table has as many players as the trick has cards (at least 3); ``advanced`` adds
    Loot, Kraken and White Whale to the modern deck, ``classic`` plays the 2013 edition.
    """
    players = max(len(texts), 3)
    if classic:
        config = Config(players=players, edition=Edition.CLASSIC)
    else:
        config = Config(players=players, loot=advanced, kraken=advanced, white_whale=advanced)
    plays = [((first + i) % players, play(text)) for i, text in enumerate(texts)]
    return resolve_trick(plays, config)


def bonus_texts(result: TrickResult) -> list[str]:
    """The bonus items of a trick as text, ``["+10 for Y14"]``."""
    return [str(b) for b in result.bonus_items]


def position(hands: Sequence[str], *, config: Config | None = None,
             bids: Sequence[int] | None = None, plays: Iterable[str] = ()) -> State:
    """A one-round game dealt ``hands`` (seat 0 first), bid and played up to now.

    The game has a single round of as many cards as the hands hold, so seat 0 deals,
    seat 1 bids first and leads the first trick. ``bids`` default to 0 for everyone and
    are made in bidding order (seat 1, 2, ..., 0), given here by seat.
    """
    dealt = [cards(hand) for hand in hands]
    base = config or Config()
    config = Config(
        players=len(hands), edition=base.edition, loot=base.loot, kraken=base.kraken,
        white_whale=base.white_whale, scoring=base.scoring, cannonball=base.cannonball,
        rounds=(len(dealt[0]),), round_bonus=base.round_bonus,
    )
    state = apply(new_game(config, auto_deal=False), Deal(dealt))
    seat_bids = [0] * len(hands) if bids is None else list(bids)
    for k in range(len(hands)):
        state = apply(state, Bid(seat_bids[(1 + k) % len(hands)]))
    for text in plays:
        state = apply(state, play(text))
    return state


def multiset(items: Iterable[Card]) -> Counter[Card]:
    """Cards as a multiset."""
    return Counter(items)
