"""A fixed set of bad calls to the public API, and what each build answers to each.

Each public function and constructor of both games, and the shared serialization
functions, is given good arguments, and called with each argument in turn replaced by
each of ``BAD_VALUES`` (a wrong type or a wrong value); so is each field of the saved
form of a config, a state, an observation and each kind of move, loaded with
``from_dict``; a few bad moves and texts are added. ``outcomes()`` gives, per call, the
error's class and message (or ``ok`` when the call is accepted). ``bad_calls.json``
holds what each build answered, and ``tests/builds/test_bad_calls.py`` holds the build
under test to it: the class must be the same in both builds, and
``docs/build-messages.md`` lists every message that differs. After a change to a
message, record both builds again (``docs/contributing.md`` gives the commands). The
script imports only ``skullgames``, so that run from outside a checkout it tests the
installed package.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).with_name("bad_calls.json")
"""What each build answered: ``{"pure": {call: [class, message]}, "compiled": {...}}``."""

BAD_VALUES: tuple[tuple[str, object], ...] = (
    ("None", None),
    ("'x'", "x"),
    ("1.5", 1.5),
    ("True", True),
    ("-1", -1),
    ("99", 99),
    ("()", ()),
    ("('x',)", ("x",)),
    ("(None,)", (None,)),
)
"""Each replaces each argument of a good call in turn: ``(its text, the value)``."""

OK = "ok"
"""The class recorded for a call that raised nothing."""


def _calls() -> Iterator[tuple[str, Callable[[], object]]]:
    """Every bad call, as ``(its text, a function making it)``."""
    import skullgames
    from skullgames import king, queen

    king_config = king.Config()
    king_state = king.new_game(king_config, seed=1)
    king_move = king.legal_moves(king_state)[0]
    king_card = king.card("Y5")
    queen_config = queen.Config()
    queen_state = queen.new_game(queen_config, seed=1)
    queen_move = queen.legal_moves(queen_state)[0]
    queen_card = queen.card("R7")
    plank = queen.Plank(queen.Side.FRONT, (0, 0, 0, 0))
    good: list[tuple[str, Callable[..., object], dict[str, object]]] = [
        ("king.Config", king.Config, {"players": 4, "loot": False, "rounds": "standard"}),
        ("king.new_game", king.new_game, {"config": king_config, "seed": 1, "auto_deal": True}),
        ("king.legal_moves", king.legal_moves, {"state": king_state}),
        ("king.apply", king.apply, {"state": king_state, "move": king_move}),
        ("king.observe", king.observe, {"state": king_state, "player": 0}),
        ("king.current_player", king.current_player, {"state": king_state}),
        ("king.scores", king.scores, {"state": king_state}),
        ("king.is_over", king.is_over, {"state": king_state}),
        ("king.winners", king.winners, {"state": king_state}),
        ("king.card", king.card, {"text": "Y5"}),
        ("king.parse_move", king.parse_move, {"text": "bid 1"}),
        ("king.Bid", king.Bid, {"n": 1}),
        ("king.Play", king.Play, {"card": king_card, "as_pirate": None}),
        ("king.Card", king.Card, {"kind": king.Kind.NUMBER, "suit": king.Suit.YELLOW, "rank": 5}),
        ("king.Deal", king.Deal, {"hands": ((king_card,), (king.card("Y6"),))}),
        ("king.resolve_trick", king.resolve_trick,
         {"plays": ((0, king.Play(king_card)),), "config": king_config}),
        ("king.score_round", king.score_round,
         {"bids": (1, 0), "tricks": (1, 0), "cards_dealt": 1, "config": king.Config(players=2)}),
        ("king.round_breakdown", king.round_breakdown,
         {"bids": (1, 0), "tricks": (1, 0), "cards_dealt": 1, "wagers": None,
          "loot_alliances": ()}),
        ("king.replay", king.replay, {"config": king_config, "moves": (), "seed": 1}),
        ("king.seeded_deal", king.seeded_deal,
         {"config": king_config, "seed": 1, "round_index": 0}),
        ("king.action_space", king.action_space, {"config": king_config}),
        ("king.score_bounds", king.score_bounds, {"config": king_config}),
        ("king.observe_move", king.observe_move,
         {"state": king_state, "move": king_move, "seat": 1}),
        ("queen.Config", queen.Config, {"players": 4, "rounds": 4}),
        ("queen.new_game", queen.new_game,
         {"config": queen_config, "seed": 1, "auto_deal": True}),
        ("queen.legal_moves", queen.legal_moves, {"state": queen_state}),
        ("queen.apply", queen.apply, {"state": queen_state, "move": queen_move}),
        ("queen.observe", queen.observe, {"state": queen_state, "player": 0}),
        ("queen.current_player", queen.current_player, {"state": queen_state}),
        ("queen.scores", queen.scores, {"state": queen_state}),
        ("queen.is_over", queen.is_over, {"state": queen_state}),
        ("queen.winners", queen.winners, {"state": queen_state}),
        ("queen.card", queen.card, {"text": "R7"}),
        ("queen.parse_move", queen.parse_move, {"text": "front 2 2 2 2"}),
        ("queen.Play", queen.Play, {"card": queen_card}),
        ("queen.Place", queen.Place, {"side": queen.Side.FRONT, "spaces": (0, 0, 0, 0)}),
        ("queen.Plank", queen.Plank, {"side": queen.Side.FRONT, "spaces": (0, 0, 0, 0)}),
        ("queen.Deal", queen.Deal, {"hands": ((queen_card,), (queen.card("R8"),))}),
        ("queen.Card", queen.Card, {"color": queen.Color.RED, "value": 7}),
        ("queen.resolve_trick", queen.resolve_trick,
         {"plays": ((0, queen_card),), "center": (), "planks": None}),
        ("queen.score_round", queen.score_round, {"planks": (plank,) * 4, "config": queen_config}),
        ("queen.replay", queen.replay, {"config": queen_config, "moves": (), "seed": 1}),
        ("queen.seeded_deal", queen.seeded_deal,
         {"config": queen_config, "seed": 1, "round_index": 0}),
        ("queen.deck", queen.deck, {"players": 4}),
        ("queen.side_values", queen.side_values, {"side": queen.Side.FRONT}),
        ("queen.action_space", queen.action_space, {"config": queen_config}),
        ("queen.score_bounds", queen.score_bounds, {"config": queen_config}),
        ("queen.observe_move", queen.observe_move,
         {"state": queen_state, "move": queen_move, "seat": 1}),
        ("to_json", skullgames.to_json, {"obj": king_state}),
        ("from_json", skullgames.from_json, {"text": "{}", "cls": king.Config}),
        ("to_dict", skullgames.to_dict, {"value": queen_state}),
        ("json_schema", skullgames.json_schema, {"cls": king.State}),
        ("from_dict", skullgames.from_dict, {"data": {}, "cls": queen.Config}),
    ]
    for name, function, arguments in good:
        for parameter in arguments:
            for text, value in BAD_VALUES:
                bad = {**arguments, parameter: value}
                yield f"{name}({parameter}={text})", _bound(function, bad)
    for name, value in _saved_values(king, queen):
        cls = type(value)
        yield f"from_dict({{}}, {name})", _bound(skullgames.from_dict, {"data": {}, "cls": cls})
        saved = skullgames.to_dict(value)
        for key in saved:
            for text, spoilt in BAD_VALUES:
                yield (f"from_dict({name} with {key}={text})",
                       _bound(skullgames.from_dict, {"data": {**saved, key: spoilt}, "cls": cls}))
    king_play, queen_play = king.Play(king_card), queen.Play(queen_card)
    extras: list[tuple[str, Callable[..., object], dict[str, object]]] = [
        ("king.resolve_trick(plays=((0, 'x'),))", king.resolve_trick, {"plays": ((0, "x"),)}),
        ("king.resolve_trick(plays=((None, Play(Y5)),))", king.resolve_trick,
         {"plays": ((None, king_play),)}),
        ("king.resolve_trick(plays=((9, Play(Y5)),))", king.resolve_trick,
         {"plays": ((9, king_play),)}),
        ("king.resolve_trick(plays=((0, Play(Y5)), (0, Play(Y5))))", king.resolve_trick,
         {"plays": ((0, king_play), (0, king_play))}),
        ("queen.resolve_trick(plays=((0, 'x'),))", queen.resolve_trick, {"plays": ((0, "x"),)}),
        ("queen.resolve_trick(plays=((0, R7), (1, R7)))", queen.resolve_trick,
         {"plays": ((0, queen_card), (1, queen_play))}),
        ("queen.resolve_trick(center=('x',))", queen.resolve_trick,
         {"plays": ((0, queen_card),), "center": ("x",)}),
        ("king.score_round(bids=('x', 0))", king.score_round,
         {"bids": ("x", 0), "tricks": (1, 0), "cards_dealt": 1}),
        ("king.score_round(tricks=(1, 1))", king.score_round,
         {"bids": (1, 0), "tricks": (1, 1), "cards_dealt": 1}),
        ("queen.score_round(planks=('x',) * 4)", queen.score_round, {"planks": ("x",) * 4}),
        ("king.apply(move=Bid(99))", king.apply, {"state": king_state, "move": king.Bid(99)}),
        ("king.apply(move=Play(Y5))", king.apply, {"state": king_state, "move": king_play}),
        ("queen.apply(move=Play(R7))", queen.apply, {"state": queen_state, "move": queen_play}),
        ("king.observe(player=99)", king.observe, {"state": king_state, "player": 99}),
        ("from_json('not json', king.State)", skullgames.from_json,
         {"text": "not json", "cls": king.State}),
        ("from_json(b'\\xff', king.State)", skullgames.from_json,
         {"text": b"\xff", "cls": king.State}),
        ("from_json('{}', int)", skullgames.from_json, {"text": "{}", "cls": int}),
    ]
    for text, function, arguments in extras:
        yield text, _bound(function, arguments)
    for text in ("Y99", "", "bid x", "play"):
        yield f"king.parse_move({text!r})", _bound(king.parse_move, {"text": text})
        yield f"queen.parse_move({text!r})", _bound(queen.parse_move, {"text": text})


def _saved_values(king: Any, queen: Any) -> list[tuple[str, object]]:
    """The values whose saved form is spoilt one field at a time: ``(name, value)``."""
    king_state = king.new_game(king.Config(loot=True), seed=1)
    while king.current_player(king_state) is not None and not king_state.trick:
        king_state = king.apply(king_state, king.legal_moves(king_state)[0])
    king_state = king.apply(king_state, king.legal_moves(king_state)[0])
    waiting = king.new_game(king.Config(players=2), seed=1, auto_deal=False)
    king_deal = king.seeded_deal(waiting.config, 1, 0)
    queen_state = queen.new_game(queen.Config(), seed=1)
    while queen.current_player(queen_state) is not None and not queen_state.trick:
        queen_state = queen.apply(queen_state, queen.legal_moves(queen_state)[0])
    queen_state = queen.apply(queen_state, queen.legal_moves(queen_state)[0])
    queen_waiting = queen.new_game(queen.Config(players=2), seed=1, auto_deal=False)
    queen_deal = queen.seeded_deal(queen_waiting.config, 1, 0)
    return [
        ("king.Config", king.Config(loot=True)),
        ("king.State", king_state),
        ("king.State waiting for a deal", king.apply(waiting, king_deal)),
        ("king.Observation", king.observe(king_state, 0)),
        ("king.Bid", king.Bid(1)),
        ("king.Play", king.Play(king.card("TIG"), as_pirate=True)),
        ("king.Deal", king_deal),
        ("queen.Config", queen.Config()),
        ("queen.State", queen_state),
        ("queen.State waiting for a deal", queen.apply(queen_waiting, queen_deal)),
        ("queen.Observation", queen.observe(queen_state, 0)),
        ("queen.Place", queen.Place(queen.Side.BACK, (0, 1, 0, 1))),
        ("queen.Play", queen.Play(queen.card("R7"))),
        ("queen.Deal", queen_deal),
    ]


def _bound(function: Callable[..., object], arguments: dict[str, object]) -> Callable[[], object]:
    return lambda: function(**arguments)


def outcomes() -> dict[str, tuple[str, str]]:
    """Each bad call's text, with the class and message of what the build under test
    raised (``("ok", "")`` when it raised nothing). Addresses in messages read ``0x…``."""
    answers: dict[str, tuple[str, str]] = {}
    for text, call in _calls():
        try:
            call()
        except Exception as error:  # every class is an answer to record
            message = re.sub(r"0x[0-9a-f]+", "0x…", str(error))
            answers[text] = (type(error).__name__, message)
        else:
            answers[text] = (OK, "")
    return answers


def recorded() -> dict[str, dict[str, tuple[str, str]]]:
    """What ``bad_calls.json`` holds, per build (``"pure"``, ``"compiled"``)."""
    data: dict[str, dict[str, list[str]]] = json.loads(RECORDS.read_text(encoding="utf-8"))
    return {
        build: {call: (answer[0], answer[1]) for call, answer in answers.items()}
        for build, answers in data.items()
    }


def differences(records: dict[str, dict[str, tuple[str, str]]]) -> list[tuple[str, str, str]]:
    """The calls whose answers differ: ``(call, pure message, compiled message)``."""
    pure, compiled = records["pure"], records["compiled"]
    return [
        (call, _answer(pure[call]), _answer(compiled[call]))
        for call in pure
        if pure[call] != compiled[call]
    ]


def _answer(answer: tuple[str, str]) -> str:
    return "accepted" if answer[0] == OK else f"{answer[0]}: {answer[1]}"


DOCS_HEAD = """\
# Messages that differ between the builds

The pure and the compiled build answer a bad call with the same class of error. Their
messages differ where mypyc checks an argument's declared type before the function's body
runs (see [the compiled build](quickstart.md#the-compiled-build)). Of the {total} bad
calls that `tests/support/bad_calls.py` makes to the public API, these {count} get another
message from each build (mypyc writes the type of an empty tuple `tuple[`). The calls
replace each argument of each public function in turn by each of these values: {values};
they spoil each field of the saved form of a config, a state, an observation and each
kind of move likewise, loaded by `from_dict`; and they make a few bad moves and texts.
`tests/builds/test_bad_calls.py` keeps this list current.

| call | pure build | compiled build |
|---|---|---|
"""


def docs_page(records: dict[str, dict[str, tuple[str, str]]]) -> str:
    """The text of ``docs/build-messages.md`` for ``records``."""
    rows = differences(records)
    values = ", ".join(f"`{text}`" for text, _ in BAD_VALUES[:-1])
    values += f" and `{BAD_VALUES[-1][0]}`"
    head = DOCS_HEAD.format(total=len(records["pure"]), count=len(rows), values=values)
    return head + "".join(f"| {_cell(c)} | {_cell(p)} | {_cell(m)} |\n" for c, p, m in rows)


def _cell(text: str) -> str:
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def main(arguments: list[str]) -> None:
    """``--record pure|compiled``: store this build's answers; ``--docs``: print the page;
    nothing: print this build's answers as JSON."""
    if arguments[:1] == ["--record"]:
        from skullgames import COMPILED

        if arguments[1] != ("compiled" if COMPILED else "pure"):
            raise SystemExit(f"this is not the {arguments[1]} build")
        data: dict[str, Any] = {}
        if RECORDS.exists():
            data = json.loads(RECORDS.read_text(encoding="utf-8"))
        data[arguments[1]] = outcomes()
        RECORDS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    elif arguments[:1] == ["--docs"]:
        sys.stdout.write(docs_page(recorded()))
    else:
        print(json.dumps(outcomes(), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
