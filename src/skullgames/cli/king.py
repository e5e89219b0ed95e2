"""Skull King at the command line: rule flags, narration of a game, the human's turn."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from skullgames import king
from skullgames.errors import InvalidNotationError
from skullgames.king import Outcome, Phase, Play, Reason, State, TrickResult
from skullgames.king.tricks import decide
from skullgames.plugins.cli import GameCli, ask_for_move, number_list, whole_number

Write = Callable[[str], None]


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Add one flag per option of :class:`skullgames.king.Config` but the shared ones.

    ``--players`` and ``--rounds`` are shared with the other games.
    """
    rules = parser.add_argument_group("Skull King rules")
    flag = functools.partial(rules.add_argument, default=argparse.SUPPRESS)
    flag("--edition", choices=[e.value for e in king.Edition],
         help="modern (Grandpa Beck's 2021, 70 cards) or classic (2013) [modern]")
    flag("--loot", action="store_true", help="add the two Loot cards")
    flag("--kraken", action="store_true", help="add the Kraken")
    flag("--white-whale", action="store_true", help="add the White Whale")
    flag("--scoring", choices=[s.value for s in king.Scoring],
         help="Skull King's scoring or Rascal's [standard]")
    flag("--cannonball", action="store_true",
         help="Rascal's Cannonball option (with --scoring rascal)")
    flag("--pirate-abilities", action="store_true",
         help="the advanced abilities of the five named pirates")
    flag("--round-bonus", action="store_true",
         help="add 10 x the round number to a correct non-zero bid")
    flag("--kraken-leader", choices=[k.value for k in king.KrakenLeader],
         help="who leads after the Kraken destroys a trick [would_have_won]")
    flag("--whale-leader", choices=[w.value for w in king.WhaleLeader],
         help="who leads after a White Whale trick of only special cards [whale_player]")
    flag("--character-ends-choice", action=argparse.BooleanOptionalAction,
         help="after an escape lead, a character ends the choice of suit (--no-...: "
              "the next number card still sets it) [on]")
    flag("--hand-cap", metavar="N",
         help="the most cards dealt to a hand [8 with 8 players, else what the deck gives]")
    if _HAS_WHALE_CANCELS_LOOT:
        flag("--whale-cancels-loot", action="store_true",
             help="a Loot in a White Whale trick forms no alliance")


_HAS_WHALE_CANCELS_LOOT = "whale_cancels_loot" in attrs.fields_dict(king.Config)

RULE_FLAGS = ("edition", "loot", "kraken", "white_whale", "scoring", "cannonball",
              "pirate_abilities", "round_bonus", "kraken_leader", "whale_leader",
              "character_ends_choice", "hand_cap",
              *(("whale_cancels_loot",) if _HAS_WHALE_CANCELS_LOOT else ()))
"""The destinations of :func:`add_rule_flags`, one per option of the Config."""

_ENUMS: dict[str, Callable[[str], object]] = {
    "edition": king.Edition, "scoring": king.Scoring, "kraken_leader": king.KrakenLeader,
    "whale_leader": king.WhaleLeader,
}


def config_from(options: Mapping[str, Any]) -> king.Config:
    """The :class:`~skullgames.king.Config` of the flags given; may raise ``ConfigError``.

    ``options`` holds the flags given, by destination, as ``argparse`` left them.
    """
    settings = dict(options)
    if "rounds" in settings:
        text = settings["rounds"].strip()
        if any(c.isdigit() or c == "," for c in text):  # else a preset's name, checked by Config
            settings["rounds"] = number_list(text, "--rounds")
        else:
            settings["rounds"] = text
    if "hand_cap" in settings:
        settings["hand_cap"] = whole_number(settings["hand_cap"], "--hand-cap")
    for name, kind in _ENUMS.items():
        if name in settings:
            settings[name] = kind(settings[name])
    return king.Config(**settings)


def cards(hand: Sequence[king.Card]) -> str:
    """A hand as card texts, or a dash when empty."""
    return " ".join(map(str, hand)) or "-"


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    """``seat 2``, ``seat 0 (you)`` for the human, Graybeard for his ghost (``None``)."""
    if seat is None:
        return "Graybeard"
    if seat < len(names) and names[seat] == "you":
        return f"seat {seat} (you)"
    return f"seat {seat}"


def why(result: TrickResult) -> str:
    """Why the trick went as it did, in the words of the rules.

    It reads the trick's :class:`~skullgames.king.Reason`, as the engine recorded it.
    """
    reason = result.reason if result.reason is not None else decide(result.plays)[1]
    if reason is Reason.LEAD_SUIT or reason is Reason.TRUMP:
        card = result.winning_card
        assert card is not None
        assert card.suit is not None
        if reason is Reason.TRUMP:
            lead = result.lead_suit
            return "black trumps" + (f" {lead.label}" if lead is not None else "")
        return f"highest {card.suit.label}, the suit led"
    if reason is Reason.WHITE_WHALE and result.outcome is Outcome.DISCARDED:
        return "the White Whale with only special cards: the trick is discarded"
    return _WHY[reason]


_WHY = {
    Reason.FIRST_CARD: "only escapes: the first card played wins",
    Reason.MERMAID: "the first mermaid beats every number card",
    Reason.PIRATE: "the first pirate beats mermaids and number cards",
    Reason.SKULL_KING: "the Skull King beats pirates, number cards and a lone mermaid",
    Reason.MERMAID_TAKES_SKULL_KING: "a mermaid captures the Skull King",
    Reason.KRAKEN: "the Kraken destroys the trick",
    Reason.WHITE_WHALE: "the White Whale: the highest number wins, whatever its suit",
}


def describe_trick(number: int, result: TrickResult, names: Sequence[str]) -> list[str]:
    """The lines that tell a finished trick: the cards, the taker and why, the bonuses."""
    plays = ", ".join(f"{seat_name(s, names)} {p}" for s, p in result.plays)
    if result.outcome is Outcome.WON:
        taker = f"{seat_name(result.winner, names)} takes it with {result.winning_card}"
    else:
        taker = "nobody takes it"
    lines = [f"  trick {number}: {plays}", f"    -> {taker} ({why(result)})"]
    if result.outcome is not Outcome.WON:
        # Who leads after a trick nobody takes depends on the rule options (K6, K7, K16):
        # the engine's next_leader says who, and the narration does not restate why.
        lines[-1] += f"; {seat_name(result.next_leader, names)} leads next"
    if result.bonus_items:
        lines.append("    bonus: " + ", ".join(map(str, result.bonus_items))
                     + " (counts only if the bid is exact)")
    return lines


class Narrator:
    """Tells a Skull King game as it goes, move by move, for a person to follow.

    ``show_hands`` ``None`` tells the whole table, every hand and the seed (watching
    bots); one seat, ``[seat]``, tells the game as that seat sees it (playing): its own
    hand, each other seat's move as :func:`~skullgames.king.observe_move` shows it (a bid
    stays hidden until all are in), and the seed only once the game is over.
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
        rounds = config.round_count
        seed = f", seed {state.seed}" if self.viewer is None else ""
        self.write(f"Skull King, {config.players} players, {config.edition.value} edition, "
                   f"{rounds} round{'s' if rounds > 1 else ''}{seed}")
        if any(self.names):
            self.write("Seats: " + ", ".join(f"{s} {n}" for s, n in enumerate(self.names)))
        if state.phase is Phase.BID:
            self._deal(state)

    def step(self, before: State, move: king.Move, after: State) -> bool:
        """Tell what ``move`` did to ``before``; ``True`` when it finished a trick."""
        finished = False
        viewer = self.viewer
        mover = before.to_move
        if viewer is not None and mover is not None and mover != viewer:
            seen = king.observe_move(before, move, viewer)
            self.write(f"  {seat_name(mover, self.names)}: {seen}")
        if before.phase is Phase.BID and after.phase is not Phase.BID:
            bids = after.bids if viewer is None else king.observe(after, viewer).bids
            self.write("  bids: " + ", ".join(
                f"{seat_name(s, self.names)} bids {b}" for s, b in enumerate(bids)))
        if before.phase is Phase.SHOT and after.phase is not Phase.SHOT:
            shots = after.shots if viewer is None else king.observe(after, viewer).shots
            self.write("  shots: " + ", ".join(
                f"{seat_name(s, self.names)} {king.Shot(c)}" for s, c in enumerate(shots)
                if c is not None))
        if type(move) is Play and len(after.trick) < len(before.trick) + 1:
            result = after.last_trick
            if result is not None:
                finished = True
                tricks = before.tricks
                for line in describe_trick(len(tricks) + 1, result, self.names):
                    self.write(line)
        if len(after.rounds) > len(before.rounds):
            self._round_end(after)
        if after.phase is Phase.BID and (before.phase is not Phase.BID
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
        won = " and ".join(seat_name(s, self.names) for s in king.winners(state))
        self.write(f"\nGame over. Final scores: {totals}")
        self.write(f"Winner{'s' if len(king.winners(state)) > 1 else ''}: {won}")
        if self.viewer is not None and state.seed is not None:  # hidden while it ran
            self.write(f"The game's seed was {state.seed}.")

    def _deal(self, state: State) -> None:
        n = state.cards_dealt
        self.write(f"\n== Round {state.round_number}: {n} card{'s' if n > 1 else ''} each, "
                   f"{seat_name(state.dealer, self.names)} deals, "
                   f"{seat_name(state.leader, self.names)} leads ==")
        if self.viewer is not None:
            hands: tuple[tuple[int, tuple[king.Card, ...]], ...] = (
                (self.viewer, king.observe(state, self.viewer).hand),)
        else:
            seats = range(state.config.players) if self.show_hands is None else self.show_hands
            hands = tuple((seat, state.hands[seat]) for seat in seats)
        for seat, hand in hands:
            self.write(f"  {seat_name(seat, self.names)} holds {cards(hand)}")

    def _round_end(self, state: State) -> None:
        result = state.rounds[-1]
        self.write(f"  round {result.round_number} scores:")
        for seat, score in enumerate(result.scores):
            mark = "exact" if score.exact else "missed"
            extra = f", bonus {score.bonus:+d}" if score.bonus else ""
            extra += f", loot {score.loot:+d}" if score.loot else ""
            self.write(f"    {seat_name(seat, self.names)}: bid {score.bid}, took "
                       f"{score.tricks} ({mark}{extra}) {score.total:+d}, "
                       f"total {state.totals[seat]}")


HELP = """Type your move and press Enter:
  a bid:          a number, or 'bid 2'
  a card:         its text, case-insensitive: Y12 (yellow), G7 (green), P3 (purple),
                  B14 (black), R/U (red, blue: classic edition), ESC, SK, MER, LOOT,
                  KRAKEN, WHALE, ROSIE, BENDT, RASCAL, JUANITA, HARRY
  the Tigress:    'TIG pirate' or 'TIG escape'
Other commands: 'hand' (show the table again), 'scores', 'help', 'quit'."""


def show_turn(state: State, seat: int, names: Sequence[str], write: Write) -> None:
    """Show the human what they may see on their turn: hand, trick, bids, legal moves."""
    view = king.observe(state, seat)
    write("")
    if view.phase is Phase.BID:
        done = [seat_name(s, names) for s, b in enumerate(view.has_bid) if b and s != seat]
        write(f"Round {view.round_number}: bid 0 to {view.cards_dealt} tricks. "
              f"Already bid (hidden): {', '.join(done) or 'nobody'}")
    else:
        bids = ", ".join(f"{seat_name(s, names)} bid {b}, took {view.tricks_won[s]}"
                         for s, b in enumerate(view.bids))
        write(f"Round {view.round_number}, trick {len(view.tricks) + 1} of {view.cards_dealt}: "
              f"{bids}")
        if view.trick:
            follow = ""
            if view.lead_suit is not None:
                follow = f" (follow {view.lead_suit.label} if you can)"
            write("Trick so far: " + ", ".join(f"{seat_name(s, names)} {p}"
                                                for s, p in view.trick) + follow)
        elif view.phase is Phase.ABILITY and view.pending is not None:
            write(f"{view.pending.pirate.full_name}'s ability: choose one of the moves below.")
        elif view.phase is Phase.PLAY:
            write("You lead this trick.")
    write(f"Your hand: {cards(view.hand)}")
    write("Legal moves: " + ", ".join(map(str, view.legal_moves)))


def read_move(text: str, state: State) -> king.Move:
    """The move the human typed; raises a ``SkullgamesError`` saying what is wrong."""
    words = text.strip()
    if state.phase is Phase.BID and words.isdigit():
        words = f"bid {words}"
    if not words:
        raise InvalidNotationError("type a move, or 'help'")
    move = king.parse_move(words)
    if move not in king.legal_moves(state):
        king.apply(state, move)  # raises IllegalMoveError saying why
        raise InvalidNotationError(f"{move} is not a legal move now")
    return move


def human_turn(state: State, seat: int, names: Sequence[str], write: Write,
               ask: Callable[[str], str]) -> king.Move | None:
    """Ask until the human gives a legal move; ``None`` when they quit."""
    return ask_for_move(
        show=lambda: show_turn(state, seat, names, write),
        read=lambda text: read_move(text, state),
        help_text=HELP,
        scores=lambda: "Scores: " + ", ".join(f"{seat_name(s, names)} {t}"
                                              for s, t in enumerate(state.totals)),
        hint=lambda: ", ".join(map(str, king.legal_moves(state))),
        write=write, ask=ask,
    )


CLI = GameCli(rule_flags=RULE_FLAGS, add_rule_flags=add_rule_flags, config=config_from,
              narrator=Narrator, human_turn=human_turn,
              players_help="number of players: 2-8 (classic edition 2-6) [4]",
              rounds_help="a preset name or hand sizes such as 1,3,5 [standard]",
              moves_help="Type a bid as a number and a card as its text (Y12, SK, "
                         "'TIG pirate').")
"""Skull King at the command line."""
