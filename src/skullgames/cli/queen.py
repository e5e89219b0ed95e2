"""Skull Queen at the command line: rule flags, narration of a game, the human's turn."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skullgames import queen
from skullgames.errors import InvalidNotationError
from skullgames.plugins.cli import GameCli, ask_for_move, number_list, whole_number
from skullgames.queen import Phase, Place, Plank, Play, State, TrickResult, side_values

Write = Callable[[str], None]


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Add one flag per option of :class:`skullgames.queen.Config` but the shared ones.

    ``--players`` and ``--rounds`` are shared with the other games.
    """
    rules = parser.add_argument_group("Skull Queen rules")
    flag = functools.partial(rules.add_argument, default=argparse.SUPPRESS)
    flag("--plank-values", metavar="V,V,V,V,V",
         help="the five spaces of the front side, bottom to top [1,2,3,5,8]")
    flag("--set-aside-center-pair", action="store_true",
         help="two leftover centre cards of one colour are set aside at once")
    flag("--set-aside-center-specials", action="store_true",
         help="a leftover Monkey or First Mate is set aside at once")


RULE_FLAGS = ("plank_values", "set_aside_center_pair", "set_aside_center_specials")
"""The destinations of :func:`add_rule_flags`, one per option of the Config."""


def config_from(options: Mapping[str, Any]) -> queen.Config:
    """The :class:`~skullgames.queen.Config` of the flags given; may raise ``ConfigError``.

    ``options`` holds the flags given, by destination, as ``argparse`` left them;
    ``--rounds`` is a number here, as many as players when not given.
    """
    settings = dict(options)
    if "rounds" in settings:
        rounds = settings["rounds"].strip()
        settings["rounds"] = None if rounds == "standard" else whole_number(rounds, "--rounds")
    if "plank_values" in settings:
        settings["plank_values"] = number_list(settings["plank_values"], "--plank-values")
    return queen.Config(**settings)


def cards(hand: Sequence[queen.Card]) -> str:
    """Cards as their texts, or a dash when none."""
    return " ".join(map(str, hand)) or "-"


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    """``seat 2``, ``seat 0 (you)`` for the human, the Pirate King for the ghost (``None``)."""
    if seat is None:
        return "the Pirate King"
    if seat < len(names) and names[seat] == "you":
        return f"seat {seat} (you)"
    return f"seat {seat}"


def plank_text(plank: Plank, values: Sequence[int]) -> str:
    """A plank as its side and each pawn's space and points: ``front R 8, Y 3, G water``."""
    points = side_values(plank.side, values)
    pawns = []
    for color, space in zip(queen.Color, plank.spaces, strict=True):
        where = "water" if space is None else f"{space} ({points[space]})"
        pawns.append(f"{color.value} {where}")
    return f"{plank.side.value}: " + ", ".join(pawns)


def placement_text(place: Place, values: Sequence[int]) -> str:
    """A placement with the points of each space: ``front 0 1 2 4 (R 1, Y 2, G 3, B 8)``."""
    points = side_values(place.side, values)
    pawns = ", ".join(f"{color.value} {points[s]}"
                      for color, s in zip(queen.Color, place.spaces, strict=True))
    return f"{place} ({pawns})"


def describe_trick(number: int, result: TrickResult, names: Sequence[str]) -> list[str]:
    """The lines that tell a finished trick: the cards, the centre, the pawns that move."""
    plays = ", ".join(f"{seat_name(s, names)} {c}" for s, c in result.plays)
    lines = [f"  trick {number}: {plays}"]
    if result.center_before:
        lines[0] += f"; centre {cards(result.center_before)}"
    if len(result.trick_colors) > 1:
        lines.append("    the Pirate King's " + str(result.plays[0][1]) + " counts in "
                     + " and ".join(c.label for c in result.trick_colors))
    if result.evaluated:
        lines.append("    evaluated: " + ", ".join(c.label for c in result.evaluated)
                     + f" (set aside {cards(result.set_aside)})")
    else:
        lines.append("    no colour has two cards: nothing is evaluated")
    for m in result.movements:
        way = "up" if m.steps > 0 else "down"
        extreme = "highest" if m.steps > 0 else "lowest"
        if _already_in_water(result, m.seat, m.color):
            lines.append(f"    {seat_name(m.seat, names)}'s {m.color.label} pawn would move "
                         f"{way} ({m.card} is the {extreme} {m.color.label}), but it is "
                         "already in the water")
            continue
        text = (f"    {seat_name(m.seat, names)} moves {m.color.label} {abs(m.steps)} {way}: "
                f"{m.card} is the {extreme} {m.color.label}")
        if m.doubled_by is not None:
            effect = "Aye, Ma'am!" if m.steps > 0 else "Quick Snack"
            text += f", doubled by {m.doubled_by} ({effect})"
        lines.append(text)
    for seat, color in result.falls:
        lines.append(f"    {seat_name(seat, names)}'s {color.label} pawn falls into the water!")
    if result.to_center:
        lines.append(f"    to the centre as singles: {cards(result.to_center)}")
    if result.next_leader is not None:
        lines.append(f"    {seat_name(result.next_leader, names)} played the highest card "
                     "and leads next")
    return lines


class Narrator:
    """Tells a Skull Queen game as it goes, move by move, for a person to follow.

    ``show_hands`` ``None`` tells the whole table, every hand and the seed (watching
    bots); one seat, ``[seat]``, tells the game as that seat sees it (playing): its own
    hand, each other seat's move as :func:`~skullgames.queen.observe_move` shows it (a
    placement stays hidden until all are in, a captain's card face down until the trick
    is complete), and the seed only once the game is over. Placements are told once
    revealed.
    """

    def __init__(self, write: Write, names: Sequence[str],
                 show_hands: Sequence[int] | None = None) -> None:
        self.write = write
        self.names = names
        self.show_hands = show_hands
        self.viewer: int | None = show_hands[0] if show_hands is not None and len(
            show_hands) == 1 else None
        """The seat the game is told to, or ``None`` for the whole table."""

    def start(self, state: State) -> None:
        """Tell the table and the first deal."""
        config = state.config
        ghost = ", with the ghost Pirate King" if config.has_ghost else ""
        seed = f", seed {state.seed}" if self.viewer is None else ""
        self.write(f"Skull Queen, {config.players} players{ghost}, {config.rounds} "
                   f"round{'s' if config.rounds > 1 else ''}, plank "
                   f"{','.join(map(str, config.plank_values))}{seed}")
        if any(self.names):
            self.write("Seats: " + ", ".join(f"{s} {n}" for s, n in enumerate(self.names)))
        if state.phase is Phase.PLACE:
            self._deal(state)

    def step(self, before: State, move: queen.Move, after: State) -> bool:
        """Tell what ``move`` did to ``before``; ``True`` when it finished a trick."""
        finished = False
        values = before.config.plank_values
        viewer = self.viewer
        mover = before.to_move
        if viewer is not None and mover is not None and mover != viewer:
            seen = queen.observe_move(before, move, viewer)
            self.write(f"  {seat_name(mover, self.names)}: {seen}")
        if before.phase is Phase.PLACE and after.phase is Phase.PLAY:
            self.write("  placements revealed:")
            placements = (after.placements if viewer is None
                          else queen.observe(after, viewer).placements)
            for seat, place in enumerate(placements):
                if place is not None:
                    self.write(f"    {seat_name(seat, self.names)}: "
                               f"{placement_text(place, values)}")
        if type(move) is Play and len(after.trick) < len(before.trick) + 1:
            result = after.last_trick
            if result is not None:
                finished = True
                number = len(before.tricks) + 1
                for line in describe_trick(number, result, self.names):
                    self.write(line)
        if len(after.rounds) > len(before.rounds):
            self._round_end(after)
        if after.phase is Phase.PLACE and (before.phase is not Phase.PLACE
                                           or after.round_index != before.round_index):
            self._deal(after)
        if after.phase is Phase.OVER:
            self.end(after)
        return finished

    def where(self, state: State) -> str:
        """Where a game stands, for "You left the game ...": ``in round 3``."""
        return f"in round {state.round_number}"

    def end(self, state: State) -> None:
        """Tell the final scores and the winners."""
        totals = ", ".join(f"{seat_name(s, self.names)} {t}" for s, t in
                           enumerate(state.totals))
        won = queen.winners(state)
        self.write(f"\nGame over. Final scores: {totals}")
        self.write(f"Winner{'s' if len(won) > 1 else ''}: "
                   + " and ".join(seat_name(s, self.names) for s in won))
        if self.viewer is not None and state.seed is not None:  # hidden while it ran
            self.write(f"The game's seed was {state.seed}.")

    def _deal(self, state: State) -> None:
        n = len(state.hands[0])
        leads = ("the Pirate King leads every trick" if state.config.has_ghost
                 else f"{seat_name(state.leader, self.names)} places first and leads")
        self.write(f"\n== Round {state.round_number}: {n} cards each, "
                   f"{seat_name(state.dealer, self.names)} deals, {leads} ==")
        if state.center:
            self.write(f"  centre: {cards(state.center)}")
        if state.set_aside:
            self.write(f"  set aside at once: {cards(state.set_aside)}")
        if self.viewer is not None:
            hands: tuple[tuple[int, tuple[queen.Card, ...]], ...] = (
                (self.viewer, queen.observe(state, self.viewer).hand),)
        else:
            seats = range(state.config.players) if self.show_hands is None else self.show_hands
            hands = tuple((seat, state.hands[seat]) for seat in seats)
        for seat, hand in hands:
            self.write(f"  {seat_name(seat, self.names)} holds {cards(hand)}")

    def _round_end(self, state: State) -> None:
        result = state.rounds[-1]
        values = state.config.plank_values
        self.write(f"  round {result.round_number} scores:")
        for seat, points in enumerate(result.points):
            self.write(f"    {seat_name(seat, self.names)}: "
                       f"{plank_text(result.planks[seat], values)} -> {points:+d}, "
                       f"total {state.totals[seat]}")


HELP = """Type your move and press Enter:
  a placement:  the side and the space of each pawn in colour order (red, yellow,
                green, blue), 0 the bottom (wide end) to 4 the top (narrow end):
                'front 0 1 2 4', 'back 2222'. The front side is worth
                {front} from bottom to top, the back side the reverse.
  a card:       its text, case-insensitive: R7 (red), Y12 (yellow), G3 (green),
                B8 (blue), MONKEY, MATE
Other commands: 'hand' (show the table again), 'scores', 'help', 'quit'."""


def show_turn(state: State, seat: int, names: Sequence[str], write: Write) -> None:
    """Show the human what they may see on their turn: hand, planks, trick, legal moves."""
    view = queen.observe(state, seat)
    values = view.config.plank_values
    write("")
    if view.phase is Phase.PLACE:
        done = [seat_name(s, names) for s, p in enumerate(view.has_placed) if p and s != seat]
        write(f"Round {view.round_number}: choose a side and place your four pawns. "
              f"Already placed (hidden): {', '.join(done) or 'nobody'}")
        front = ", ".join(map(str, side_values(queen.Side.FRONT, values)))
        back = ", ".join(map(str, side_values(queen.Side.BACK, values)))
        write(f"Front side, bottom to top: {front}; back side: {back}")
        write(f"Centre: {cards(view.center)}")
        write(f"Your hand: {cards(view.hand)}")
        write("Type e.g. 'front 1 2 3 2' (red, yellow, green, blue).")
        return
    write(f"Round {view.round_number}, trick {len(view.tricks) + 1}:")
    for s, plank in enumerate(view.planks):
        write(f"  {seat_name(s, names)}: {plank_text(plank, values)}")
    write(f"Centre: {cards(view.center)}")
    if view.trick:
        follow = ""
        if view.trick_color is not None:
            follow = f" (follow {view.trick_color.label} if you can)"
        write("Trick so far: " + ", ".join(f"{seat_name(s, names)} {c}"
                                            for s, c in view.trick) + follow)
    else:
        write("You lead this trick.")
    write(f"Your hand: {cards(view.hand)}")
    write("Legal moves: " + ", ".join(map(str, view.legal_moves)))


def read_move(text: str, state: State) -> queen.Move:
    """The move the human typed; raises a ``SkullgamesError`` saying what is wrong."""
    words = text.strip()
    if not words:
        raise InvalidNotationError("type a move, or 'help'")
    move = queen.parse_move(words)
    if state.phase is Phase.PLACE and type(move) is not Place:
        raise InvalidNotationError("place your pawns first, as in 'front 1 2 3 2'")
    if state.phase is Phase.PLAY and type(move) is Place:
        raise InvalidNotationError("the pawns are placed: play a card from your hand")
    if move not in queen.legal_moves(state):
        queen.apply(state, move)  # raises IllegalMoveError saying why
        raise InvalidNotationError(f"{move} is not a legal move now")
    return move


def human_turn(state: State, seat: int, names: Sequence[str], write: Write,
               ask: Callable[[str], str]) -> queen.Move | None:
    """Ask until the human gives a legal move; ``None`` when they quit."""
    return ask_for_move(
        show=lambda: show_turn(state, seat, names, write),
        read=lambda text: read_move(text, state),
        help_text=HELP.format(front=", ".join(map(str, state.config.plank_values))),
        scores=lambda: "Scores: " + ", ".join(f"{seat_name(s, names)} {t}"
                                              for s, t in enumerate(state.totals)),
        hint=lambda: ("a placement such as 'front 1 2 3 2'" if state.phase is Phase.PLACE
                      else ", ".join(map(str, queen.legal_moves(state)))),
        write=write, ask=ask,
    )


def _already_in_water(result: queen.TrickResult, seat: int, color: queen.Color) -> bool:
    """True when the rules move a pawn that had fallen before this trick (E10)."""
    if result.planks is None or (seat, color) in result.falls:
        return False
    return result.planks[seat].space(color) is None


CLI = GameCli(rule_flags=RULE_FLAGS, add_rule_flags=add_rule_flags, config=config_from,
              narrator=Narrator, human_turn=human_turn,
              players_help="number of players: 2-6 [4]",
              rounds_help="a number of rounds [as many as players]",
              moves_help="Type a placement as 'front 0 1 2 4' and a card as its text (R7, "
                         "MATE).")
"""Skull Queen at the command line."""
