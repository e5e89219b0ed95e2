"""The game engine: deal, placing, following, leading, rounds and scores.

Positions cite RESEARCH.md §1 and DECISIONS.md Q1–Q9.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import skullgames
from skullgames import IllegalMoveError, queen, svg
from skullgames.history import cells_of
from skullgames.queen import (
    PLACES,
    Config,
    Deal,
    Phase,
    Place,
    Plank,
    Play,
    Side,
    State,
    apply,
    card,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
    score_round,
    scores,
    seeded_deal,
    winners,
)
from skullgames.queen.scoring import winners_of
from skullgames.queen.state import (
    _STATE_CLASSES,
    Match,
    Placing,
    Playing,
    Round,
    RoundResult,
    Table,
)
from tests.support.queen.helpers import (
    BLUE,
    GREEN,
    MATE,
    MONKEY,
    RED,
    THREE_HANDS,
    YELLOW,
    cards,
    dealt,
    four_hands,
    moves,
    steps,
)
from tests.support.type_errors import raises_wrong_type
from tests.support.values import assert_a_value

THREE = Config(players=3)


def placed_three(*placements: str) -> State:
    state = dealt(THREE, THREE_HANDS)
    return moves(state, *placements)


def plays(*texts: str) -> tuple[Play, ...]:
    return tuple(Play(card(t)) for t in texts)


# -- The deal (RESEARCH §1.4) ------------------------------------------------------------

@pytest.mark.parametrize(("players", "hand", "center", "deck"),
                         [(2, 14, 0, 42), (3, 14, 0, 42), (4, 12, 2, 50), (5, 10, 0, 50),
                          (6, 8, 2, 50)])
def test_deal_by_player_count(players: int, hand: int, center: int, deck: int) -> None:
    state = new_game(Config(players=players), seed=3)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.center) == center
    assert len(state.ghost) == (14 if players == 2 else 0)
    dealt_cards = [c for h in state.hands for c in h] + list(state.center) + list(state.ghost)
    assert sorted(dealt_cards, key=lambda c: c.index) == list(Config(players=players).deck)
    assert len(dealt_cards) == deck
    if players <= 3:  # the 1s and 12s stay out
        assert not any(c.value in (1, 12) for c in dealt_cards)


def test_rounds_as_many_as_players_and_the_dealer_rotates() -> None:
    # §1.4, DECISIONS Q8: rounds = players; the dealer moves clockwise; trick 1 is led
    # from the left of the dealer.
    state = new_game(Config(players=3), seed=11)
    seen = []
    while not is_over(state):
        if state.phase is Phase.PLACE and all(p is None for p in state.placements):
            seen.append((state.round_number, state.dealer, current_player(state)))
        if state.phase is Phase.PLAY and not state.tricks and not state.trick:
            assert current_player(state) == (state.dealer + 1) % 3
        state = apply(state, legal_moves(state)[0])
    assert seen == [(1, 0, 1), (2, 1, 2), (3, 2, 0)]
    assert len(state.rounds) == 3


def test_rounds_option() -> None:
    assert Config(players=5, rounds=2).rounds == 2
    state = new_game(Config(players=5, rounds=1), seed=1)
    while not is_over(state):
        state = apply(state, legal_moves(state)[-1])
    assert len(state.rounds) == 1


def test_seeded_deals_differ_by_round_and_seed_and_repeat() -> None:
    config = Config()
    assert seeded_deal(config, 5, 0) == seeded_deal(config, 5, 0)
    assert seeded_deal(config, 5, 0) != seeded_deal(config, 5, 1)
    assert seeded_deal(config, 5, 0) != seeded_deal(config, 6, 0)
    assert new_game(config, seed=5).deal == seeded_deal(config, 5, 0)


def test_a_game_without_seed_draws_and_records_one() -> None:
    state = new_game()
    assert isinstance(state.seed, int)
    assert new_game(seed=state.seed) == state


def test_auto_deal_false_waits_for_a_deal() -> None:
    state = new_game(THREE, auto_deal=False)
    assert state.phase is Phase.DEAL
    assert legal_moves(state) == ()
    assert current_player(state) is None
    with pytest.raises(IllegalMoveError, match="waits for a Deal"):
        apply(state, PLACES[0])


@pytest.mark.parametrize(
    ("hands", "center", "ghost", "message"),
    [
        (THREE_HANDS[:2], "", "", "deal 3 hands"),
        ((THREE_HANDS[0] + " B2", THREE_HANDS[1], THREE_HANDS[2]), "", "", "14 cards"),
        ((THREE_HANDS[0].replace("R2", "R3"), *THREE_HANDS[1:]), "", "", "R3 is dealt twice"),
        ((THREE_HANDS[0].replace("R2", "R1"), *THREE_HANDS[1:]), "", "", "not in the 42"),
        (THREE_HANDS, "", "R2", "no ghost stack"),
        (THREE_HANDS, "R2", "", "0 cards go to the centre"),
    ],
)
def test_deals_are_checked(hands: tuple[str, ...], center: str, ghost: str,
                           message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        dealt(THREE, hands, center, ghost)


def test_four_players_need_the_two_leftovers_in_the_centre() -> None:
    config = Config(players=4)
    hands = four_hands("Y4 B3")
    with pytest.raises(IllegalMoveError, match="2 cards go to the centre"):
        dealt(config, hands)
    state = dealt(config, hands, "B3 Y4")
    assert state.center == cards("Y4 B3")  # canonical order


# -- Placing (DECISIONS Q1, Q2) ------------------------------------------------------------

def test_placement_in_seat_order_from_left_of_dealer_hidden_until_all_are_in() -> None:
    state = dealt(THREE, THREE_HANDS)
    assert state.phase is Phase.PLACE
    assert current_player(state) == 1
    assert legal_moves(state) is PLACES
    assert len(set(PLACES)) == 1250
    state = moves(state, "front 4 3 2 1")
    assert current_player(state) == 2
    view = observe(state, 2)
    assert view.placements == (None, None, None)
    assert view.has_placed == (False, True, False)
    assert observe(state, 1).placements[1] == Place(Side.FRONT, (4, 3, 2, 1))
    state = moves(state, "back 0 0 0 0")
    assert current_player(state) == 0
    assert state.planks == ()
    state = moves(state, "front 2 2 2 2")
    # All in: revealed to everyone, and the planks are set up.
    assert state.phase is Phase.PLAY
    assert current_player(state) == 1
    assert observe(state, 0).placements == (
        Place(Side.FRONT, (2, 2, 2, 2)), Place(Side.FRONT, (4, 3, 2, 1)),
        Place(Side.BACK, (0, 0, 0, 0)))
    assert state.planks[2] == Plank(Side.BACK, (0, 0, 0, 0))


def test_a_place_built_by_the_caller_is_accepted_and_checked() -> None:
    state = dealt(THREE, THREE_HANDS)
    state = apply(state, Place(Side.BACK, [1, 2, 3, 4]))
    assert state.placements[1] == Place(Side.BACK, (1, 2, 3, 4))
    with pytest.raises(IllegalMoveError, match=r"spaces 0\.\.4"):
        Place(Side.FRONT, (0, 1, 2, 5))
    with pytest.raises(IllegalMoveError, match="four pawns"):
        Place(Side.FRONT, (0, 1, 2))
    with raises_wrong_type("the side is Side.FRONT or Side.BACK"):
        Place("front", (0, 1, 2, 3))  # type: ignore[arg-type]


def test_placing_refuses_plays_and_playing_refuses_placements() -> None:
    state = dealt(THREE, THREE_HANDS)
    with pytest.raises(IllegalMoveError, match="being placed"):
        apply(state, Play(card("Y6")))
    state = moves(state, "front 2 2 2 2", "front 2 2 2 2", "front 2 2 2 2")
    with pytest.raises(IllegalMoveError, match="cards are being played"):
        apply(state, PLACES[0])


# -- Playing (RESEARCH §1.5, §1.7) ----------------------------------------------------------

def test_follow_the_trick_colour_when_able() -> None:
    # §1.5: you must play the trick colour if you hold it; otherwise anything.
    state = moves(placed_three(), "front 2 2 2 2", "front 2 2 2 2", "front 2 2 2 2", "Y6")
    # Seat 2 has no yellow: the whole hand is legal.
    assert legal_moves(state) == plays(*THREE_HANDS[2].split())
    state = moves(state, "G10")
    # Seat 0 holds Y2..Y5 and no special: only those.
    assert legal_moves(state) == plays("Y2", "Y3", "Y4", "Y5")
    with pytest.raises(IllegalMoveError, match="must follow yellow: you hold Y2, Y3, Y4, Y5"):
        apply(state, Play(card("R7")))


def test_monkey_and_first_mate_may_always_be_played() -> None:
    # §1.5: they may be played even when the player could follow.
    state = moves(placed_three(), *["front 2 2 2 2"] * 3, "G2")
    assert legal_moves(state) == plays("G10", "G11", "MONKEY", "MATE")
    with pytest.raises(IllegalMoveError, match="must follow green: you hold G10, G11"):
        apply(state, Play(card("B2")))
    state = moves(state, "MONKEY")
    assert state.trick_color is GREEN


def test_cards_not_in_hand_are_refused() -> None:
    state = moves(placed_three(), *["front 2 2 2 2"] * 3)
    with pytest.raises(IllegalMoveError, match=r"R2 is not in your hand \(Y6, "):
        apply(state, Play(card("R2")))


def test_a_trick_through_the_engine_with_doubles_and_falls_at_both_ends() -> None:
    # Seat 1 leads Y6, seat 2 plays the First Mate (takes yellow, highest: up 1 from the
    # top space: falls), seat 0 follows with Y5, the Quick Snack and the lowest: down 2
    # from space 1: falls too.
    state = moves(placed_three(), "front 2 2 2 2", "front 2 4 2 2", "front 2 1 2 2",
                  "Y6", "MATE", "Y5")
    trick = state.tricks[0]
    assert steps(trick) == [(2, YELLOW, 1), (0, YELLOW, -2)]
    assert trick.falls == ((2, YELLOW), (0, YELLOW))
    assert state.planks[0].spaces == (2, None, 2, 2)
    assert state.planks[2].spaces == (2, None, 2, 2)
    assert state.planks[1].spaces == (2, 2, 2, 2)
    assert state.set_aside == (card("Y5"), card("Y6"), MATE)
    assert current_player(state) == 2
    assert state.leader == 2


def test_monkey_lead_lets_the_next_card_set_the_colour_and_ties_go_to_the_last() -> None:
    # §1.5 / DECISIONS Q5; §1.7 / DECISIONS Q6.
    state = moves(placed_three(), *["front 2 2 2 2"] * 3, "Y6", "MATE", "Y2", "MONKEY")
    assert state.trick_color is None
    assert legal_moves(state) == plays(*THREE_HANDS[0].split()[:10], "Y3", "Y4", "Y5")
    state = moves(state, "R2")
    assert state.trick_color is RED
    # Seat 1 holds no red: free. G2 ties the R2 at 2 and is played last: seat 1 leads.
    state = moves(state, "G2")
    trick = state.tricks[1]
    assert steps(trick) == [(0, RED, 1), (2, RED, -1)]
    assert trick.center == cards("G2")
    assert state.center == cards("G2")
    assert current_player(state) == 1


def test_a_special_led_then_the_other_special_third_card_sets_the_colour() -> None:
    # E4 / DECISIONS Q5 in the engine: after the Monkey and the First Mate, the next
    # card is free and sets the colour for the rest of the trick.
    config = Config(players=4)
    state = dealt(config, four_hands("R1 Y1"), "R1 Y1")
    assert state.hands[0][-1] == MONKEY
    assert state.hands[1][-1] == MATE
    # Trick 1: the 2s tie and seat 0 played the last of them: seat 0 leads trick 2.
    state = moves(state, *["front 2 2 2 2"] * 4, "Y2", "G1", "B1", "R2")
    assert current_player(state) == 0
    state = moves(state, "MONKEY")
    assert legal_moves(state) == tuple(Play(c) for c in state.hands[1])
    state = moves(state, "MATE")
    assert state.trick_color is None
    assert legal_moves(state) == tuple(Play(c) for c in state.hands[2])
    state = moves(state, "G7")
    assert state.trick_color is GREEN
    state = moves(state, "B3")  # seat 3 holds no green
    # Green: First Mate up, Monkey down. Blue: the B3 meets trick 1's single B1 from
    # the centre and is the higher of the two.
    assert state.tricks[0].center == cards("G1 B1")
    assert steps(state.tricks[0]) == [(0, RED, 1), (1, YELLOW, 1)]  # over R1 and Y1
    assert steps(state.tricks[1]) == [(1, GREEN, 1), (0, GREEN, -1), (3, BLUE, 1)]
    assert current_player(state) == 1


def test_dealer_and_first_leader_in_round_two() -> None:
    state = new_game(THREE, seed=2)
    while state.round_index == 0:
        state = apply(state, legal_moves(state)[0])
    assert state.dealer == 1
    assert current_player(state) == 2


# -- Centre cards at the deal (E1–E3, DECISIONS Q3, Q4) ------------------------------------

def test_e3_a_leftover_monkey_takes_trick_1s_colour_in_the_engine() -> None:
    config = Config(players=4)
    state = dealt(config, four_hands("MONKEY B3"), "MONKEY B3")
    state = moves(state, *["front 2 2 2 2"] * 4, "Y6", "G3", "B4", "R6")
    trick = state.tricks[0]
    assert steps(trick) == [(1, YELLOW, 1), (3, BLUE, 1)]
    assert state.center == cards("R6 G3")
    assert state.set_aside == (card("Y6"), card("B3"), card("B4"), MONKEY)


def test_e3_option_sets_leftover_specials_aside_at_the_deal() -> None:
    config = Config(players=4, set_aside_center_specials=True)
    state = dealt(config, four_hands("MONKEY B3"), "MONKEY B3")
    assert state.center == cards("B3")
    assert state.set_aside == (MONKEY,)
    state = moves(state, *["front 2 2 2 2"] * 4, "Y6", "G3", "B4", "R6")
    assert steps(state.tricks[0]) == [(3, BLUE, 1)]  # nothing for the lone Y6
    assert state.center == cards("R6 Y6 G3")


def test_e2_a_centre_pair_of_one_colour_is_evaluated_in_trick_1() -> None:
    config = Config(players=4)
    state = dealt(config, four_hands("Y4 Y9"), "Y4 Y9")
    state = moves(state, *["front 2 2 2 2"] * 4, "MONKEY", "G5", "B7", "R1")
    trick = state.tricks[0]
    # green: G5 highest (seat 2 up 1), the Monkey lowest with the Quick Snack: down 2.
    assert steps(trick) == [(2, GREEN, 1), (1, GREEN, -2)]
    assert trick.evaluated == (YELLOW, GREEN)
    assert cards("Y4 Y9") == tuple(c for c in state.set_aside if c.color is YELLOW)
    assert state.center == cards("R1 B7")


def test_e2_option_sets_a_centre_pair_aside_at_the_deal() -> None:
    config = Config(players=4, set_aside_center_pair=True)
    state = dealt(config, four_hands("Y4 Y9"), "Y4 Y9")
    assert state.center == ()
    assert state.set_aside == cards("Y4 Y9")
    specials = dealt(config, four_hands("MONKEY MATE"), "MONKEY MATE")  # no colour: kept
    assert specials.center == (MONKEY, MATE)
    other = dealt(config, four_hands("Y4 B9"), "Y4 B9")
    assert other.center == cards("Y4 B9")
    assert other.set_aside == ()


# -- Round end and scores (RESEARCH §1.8, DECISIONS Q9) -------------------------------------

def test_round_scores_are_the_planks_and_totals_add_up() -> None:
    state = new_game(Config(players=4), seed=8)
    while not is_over(state):
        state = apply(state, legal_moves(state)[len(legal_moves(state)) // 2])
    for result in state.rounds:
        assert result.points == score_round(result.planks, state.config)
        assert result.planks == result.tricks[-1].planks
    assert scores(state) == tuple(sum(r.points[s] for r in state.rounds) for s in range(4))
    assert current_player(state) is None
    assert legal_moves(state) == ()
    with pytest.raises(IllegalMoveError, match="over"):
        apply(state, PLACES[0])


def test_score_round_uses_the_config_plank_values_and_the_side() -> None:
    planks = [Plank(Side.FRONT, (0, 1, 2, 4)), Plank(Side.BACK, (0, 1, 2, 4))]
    assert score_round(planks) == (1 + 2 + 3 + 8, 8 + 5 + 3 + 1)
    config = Config(players=2, plank_values=(1, 2, 4, 5, 8))
    assert score_round(planks, config) == (1 + 2 + 4 + 8, 8 + 5 + 4 + 1)
    with pytest.raises(IllegalMoveError, match="2 players"):
        score_round(planks[:1], config)


def test_score_round_rulebook_example_15() -> None:
    # §1.8: red on 8, yellow on 5, green on 2, blue fallen: 15.
    assert score_round([Plank(Side.FRONT, (4, 3, 1, None))]) == (15,)
    assert score_round([Plank(Side.BACK, (0, 1, 3, None))]) == (15,)


def test_nobody_wins_before_the_end() -> None:
    # Issue 35: all on 0 before anyone scores is no three-way win; winners is () until
    # the game is over, for a state and an observation alike, as in Skull King.
    state = new_game(Config(players=3), seed=1)
    assert winners(state) == () == winners(observe(state, 0))
    while not is_over(state):
        state = apply(state, legal_moves(state)[0])
        if not is_over(state):
            assert winners(state) == () == winners(observe(state, 1))
    assert winners(state) != ()


def test_winners_of_totals_is_the_rule_winners_plays() -> None:
    # DECISIONS Q9: the highest total wins, every tied seat with it; winners reads the
    # totals of a state or an observation through this one rule.
    assert winners_of((31, 40, 12, 40)) == (1, 3)
    assert winners_of((-4, -9)) == (0,)
    state = new_game(THREE, seed=2)
    while not is_over(state):
        state = apply(state, legal_moves(state)[-1])
    assert winners(state) == winners_of(scores(state))
    assert winners(observe(state, 2)) == winners_of(observe(state, 2).totals)


def test_queen_modules_import_nothing_inside_functions() -> None:
    # An import inside a function hid the circle game <-> observation (issue 11).
    package = Path(queen.__file__).parent
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                allowed = node.name == "_repr_svg_"  # svg imports the engine: drawing only
                assert allowed or not inner, f"{path.name}: {node.name} imports inside"


def test_replay_without_seed_uses_the_recorded_deals() -> None:
    state = new_game(THREE, seed=4)
    for _ in range(40):
        state = apply(state, legal_moves(state)[0])
    again = replay(THREE, state.history)
    assert again.hands == state.hands
    assert again.planks == state.planks
    assert replay(THREE, state.history, seed=4) == state
    other = seeded_deal(THREE, 5, 0)
    with pytest.raises(IllegalMoveError, match="differs"):
        replay(THREE, (other,), seed=4)


def test_deal_is_refused_during_play() -> None:
    state = new_game(THREE, seed=4)
    with pytest.raises(IllegalMoveError, match="being placed"):
        apply(state, Deal(state.hands))


def states_of_every_phase() -> list[State]:
    """A state of each phase, with finished rounds."""
    found: dict[type[State], State] = {type(new_game(THREE, auto_deal=False)): new_game(
        THREE, auto_deal=False)}
    state = new_game(THREE, seed=9)
    while not is_over(state):
        found.setdefault(type(state), state)
        if state.rounds:
            found[type(state)] = state
        state = apply(state, legal_moves(state)[0])
    found[type(state)] = state
    return list(found.values())


STATES = states_of_every_phase()


def records_of(state: State) -> list[Any]:
    """The state and every record of skullgames.queen.state it holds."""
    stage = state.stage
    records: list[Any] = [state, state.match, *state.rounds]
    if isinstance(stage, (Placing, Playing)):
        records.append(stage.round)
    if isinstance(stage, Playing):
        records.append(stage.table)
    return records


def test_the_states_cover_every_phase_and_record() -> None:
    assert {type(s) for s in STATES} == set(_STATE_CLASSES)
    assert {type(r) for s in STATES for r in records_of(s)} >= {Match, Round, Table, RoundResult}


@pytest.mark.parametrize("record", [r for s in STATES for r in records_of(s)],
                         ids=lambda r: type(r).__name__)
def test_a_record_pickles_copies_compares_and_hashes_by_its_fields(record: Any) -> None:
    assert_a_value(record)


@pytest.mark.parametrize("state", STATES, ids=lambda s: type(s).__name__)
def test_a_state_compares_its_moves_and_leaves_them_out_of_its_repr(state: State) -> None:
    assert "log=" not in repr(state)
    assert repr(state).startswith(f"{type(state).__name__}(match={state.match!r}, ")
    values = dict(state.__reduce__()[1][1])
    values["log"] = cells_of((*state.history, PLACES[0]))  # one move more
    longer = type(state)(**values)
    assert longer != state and longer.history == (*state.history, PLACES[0])


def test_records_print_as_attrs_did() -> None:
    deal = Deal(((card("R1"),),) * 3)
    assert repr(Round(index=0, dealer=1, deal=deal)) == f"Round(index=0, dealer=1, deal={deal!r})"
    with pytest.raises(TypeError):
        Round(0, 1, deal)  # type: ignore[call-arg]  # keyword-only, as before


def test_the_compiled_build_refuses_assignment() -> None:
    # The pure build enforces it statically (Final, mypy --strict; docs/architecture.md).
    state = STATES[-1]
    if not skullgames.COMPILED:
        assert not hasattr(state, "__dict__")
        return
    with pytest.raises(AttributeError, match="not writable"):
        state.match = state.match  # type: ignore[misc]
    with pytest.raises(AttributeError, match="not writable"):
        state.match.seed = None  # type: ignore[misc]


def test_an_observation_remembers_the_finished_rounds() -> None:
    # §1.8: after a round, every player knows its placements, the planks as they ended
    # and the points each scored; an observation keeps them as summaries.
    state = new_game(THREE, seed=4)
    while state.round_number == 1:
        state = apply(state, legal_moves(state)[0])
    first = state.rounds[0]
    for seat in range(3):
        summaries = observe(state, seat).rounds
        assert len(summaries) == 1
        summary = summaries[0]
        assert (summary.round_number, summary.placements, summary.planks, summary.points) == (
            1, first.placements, first.planks, first.points)


def test_an_observation_draws_as_the_svg_table() -> None:
    view = observe(new_game(THREE, seed=3), 2)
    assert view._repr_svg_() == svg.table(view)
