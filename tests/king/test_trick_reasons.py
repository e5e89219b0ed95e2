"""Why a trick went as it did: :attr:`TrickResult.reason`, the rule that decided it.

Each case names the rule it proves, from RESEARCH.md (§3.4 the trick winner, §3.7 the
advanced cards, §2.4 the classic edition) and DECISIONS.md (K4-K7). The engine, the
plain-value :func:`decide` and the command line's explanation must agree on it.
"""

from __future__ import annotations

import json
import random

import pytest

from skullgames import from_json, to_json
from skullgames._records import replace
from skullgames.cli.king import why
from skullgames.king import (
    Config,
    Outcome,
    Reason,
    TrickResult,
    apply,
    is_over,
    legal_moves,
    new_game,
)
from skullgames.king.tricks import decide, trick_winner
from tests.support.king.helpers import trick

REASONS = [
    ("Y12 Y5 P14", 0, Reason.LEAD_SUIT, "§3.4: highest of the lead suit, a 14 off-suit loses"),
    ("B5 Y14 B9", 2, Reason.LEAD_SUIT, "§3.3/§3.4: black led is the suit led"),
    ("ESC G5 G13", 2, Reason.LEAD_SUIT, "K4: the first number card after an escape sets it"),
    ("Y12 Y5 B2", 2, Reason.TRUMP, "§3.4: black trumps the led suit"),
    ("ESC Y3 B1", 2, Reason.TRUMP, "§3.4: black trumps the suit of the first number card"),
    ("ESC ESC TIG escape", 0, Reason.FIRST_CARD, "K5 / §3.10: only escapes, the first wins"),
    ("Y1 B14 ROSIE", 2, Reason.PIRATE, "§3.4: a pirate beats every number card"),
    ("B14 TIG pirate MER", 1, Reason.PIRATE, "§3.10: the Tigress as a pirate is a pirate"),
    ("ROSIE SK BENDT", 1, Reason.SKULL_KING, "§3.4: the Skull King beats pirates"),
    ("B14 MER ESC", 1, Reason.MERMAID, "§3.4: a mermaid beats numbers"),
    ("Y14 ROSIE SK MER", 3, Reason.MERMAID_TAKES_SKULL_KING,
     "§3.4: the mermaid takes the Skull King, pirates or not"),
    ("MER SK", 0, Reason.MERMAID_TAKES_SKULL_KING, "§3.4: ... whatever the order"),
]


@pytest.mark.parametrize(("cards", "winner", "reason", "rule"), REASONS,
                         ids=[c for c, *_ in REASONS])
def test_the_reason_names_the_rule_that_decided_the_trick(cards: str, winner: int,
                                                          reason: Reason, rule: str) -> None:
    result = trick(*_split(cards))
    assert (result.outcome, result.winner, result.reason) == (Outcome.WON, winner, reason), rule
    assert decide(result.plays) == (winner, reason), rule
    assert trick_winner(result.plays) == winner, rule


CREATURES = [
    ("Y12 KRAKEN B3", Outcome.DESTROYED, None, Reason.KRAKEN, "K6: the Kraken destroys it"),
    ("Y12 B3 WHALE KRAKEN", Outcome.DESTROYED, None, Reason.KRAKEN,
     "K7: with both, the second played acts (the Kraken here)"),
    ("B2 ROSIE Y14 SK WHALE", Outcome.WON, 2, Reason.WHITE_WHALE,
     "K7 / §3.7: the White Whale, the highest number wins whatever its suit"),
    ("Y9 KRAKEN WHALE", Outcome.WON, 0, Reason.WHITE_WHALE,
     "K7: with both, the second played acts (the White Whale here)"),
    ("SK ROSIE WHALE", Outcome.DISCARDED, None, Reason.WHITE_WHALE,
     "K7: the White Whale with only special cards discards the trick"),
]


@pytest.mark.parametrize(("cards", "outcome", "winner", "reason", "rule"), CREATURES,
                         ids=[c for c, *_ in CREATURES])
def test_the_creature_that_acts_is_the_reason(cards: str, outcome: Outcome, winner: int | None,
                                              reason: Reason, rule: str) -> None:
    result = trick(*_split(cards), advanced=True)
    assert (result.outcome, result.winner, result.reason) == (outcome, winner, reason), rule
    assert decide(result.plays) == (winner, reason), rule


def test_classic_edition_reasons() -> None:
    """§2.4: the classic trick winner has the same reasons (no creatures)."""
    assert trick("R3", "B1", "R13", classic=True).reason is Reason.TRUMP
    assert trick("SK", "MER", classic=True).reason is Reason.MERMAID_TAKES_SKULL_KING
    assert trick("TIG escape", "ESC", classic=True).reason is Reason.FIRST_CARD


def test_every_trick_of_random_games_agrees_with_decide() -> None:
    """The engine's reason is :func:`decide`'s, at every trick of random advanced games."""
    rng = random.Random(5)
    seen: set[Reason] = set()
    for seed in range(40):
        config = Config(players=rng.choice([2, 3, 4, 5]), loot=True, kraken=True,
                        white_whale=True, rounds=(6, 8, 10))
        state = new_game(config, seed=seed)
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
        for result in (t for r in state.rounds for t in r.tricks):
            index, reason = decide(result.plays)
            assert result.reason is reason
            assert result.winner == (None if index is None else result.plays[index][0])
            seen.add(reason)
    # Only escapes in a whole trick is rare with random hands: the cases above cover it.
    assert seen == set(Reason) - {Reason.FIRST_CARD}


def test_the_reason_is_saved_and_an_older_document_without_it_still_loads() -> None:
    result = trick("Y12", "Y5", "B2")
    doc = json.loads(to_json(result))
    assert doc["reason"] == "trump"
    assert from_json(json.dumps(doc), TrickResult) == result
    del doc["reason"]  # written before the reason existed: worked out again from the plays
    assert from_json(json.dumps(doc), TrickResult).reason is Reason.TRUMP


def test_the_command_line_explains_a_trick_by_its_reason() -> None:
    """``why`` reads the reason rather than working it out again: change it, and it follows."""
    result = trick("Y12", "Y5", "B2")
    assert why(result) == "black trumps yellow"
    assert why(replace(result, reason=Reason.LEAD_SUIT)) == "highest black, the suit led"
    whale = trick("SK", "ROSIE", "WHALE", advanced=True)
    assert why(whale) == "the White Whale with only special cards: the trick is discarded"
    texts = {why(replace(result, reason=reason)) for reason in Reason}
    assert len(texts) == len(Reason)


def _split(cards: str) -> list[str]:
    out: list[str] = []
    for word in cards.split():
        if word in ("pirate", "escape"):
            out[-1] += " " + word
        else:
            out.append(word)
    return out
