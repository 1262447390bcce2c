"""What the web table says in the middle of the felt, under a winner's seat and in the log, for
every game of the registry, from the states a room really sends (a deal under way and at its
end), read by the page's own scripts (``static/games.js``, ``static/words.js``) under Node.js:
no status line that ends on a colon ("31 count:"), a count past 31 said to be bust (S4), no pot
in the line that contradicts the POT badge (Teen Patti's "pot 0" beside 11), a winner's number
that says what it is (points, N7 and C6, or what was taken from the pot: never "+11"), a game's
title that says which deal of the game it is (not "GAME 1" beside "Game deal 2"), a stake per
point in words (N7), and a log line of a phase as a heading (not "-- draw")."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from dataclasses import fields
from typing import Any

import pytest

from bragkit.games import registry
from bragkit.web.app import STATIC
from bragkit.web.protocol import ProtocolError

from .support import random_event, viewer
from .test_room_games import act_text, make_room

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the page's script")

RUNNER = """
globalThis.window = globalThis;
for (const file of process.argv.slice(-2)) require(file);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const games = window.bragGames({ plural });
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([state, lines]) => {
  const deal = games.normalise(state.deal);
  const log = lines.map((l) => window.bragWords.logLine(l));
  if (!deal) return { middle: null, notes: {}, over: null, log };
  const middle = deal.kind ? games.center(deal, state.settings) : null;
  const notes = Object.fromEntries(Object.entries(deal.winners)
    .map(([who, n]) => [who, window.bragWords.winnings(deal, n)]));
  return { middle, notes, over: deal.is_over, log };
});
console.log(JSON.stringify(out));
"""


def read(cases: list[tuple[dict[str, Any], list[str]]]) -> list[dict[str, Any]]:
    """What the page's scripts make of each (state, log lines)."""
    assert NODE is not None
    scripts = [str(STATIC / "games.js"), str(STATIC / "words.js")]
    answer = subprocess.run([NODE, "-e", RUNNER, "--", *scripts], input=json.dumps(cases),
                            capture_output=True, text=True, timeout=60, check=True)
    return list(json.loads(answer.stdout))


def states(game: str, seed: int) -> tuple[list[tuple[dict[str, Any], list[str]]], str]:
    """Ann's state at each event of a deal of ``game`` (a game played to a target: to a near
    one) played by random legal actions, with the room's log lines so far."""
    info = registry.find(game)
    rules = {"target": 3} if "target" in {f.name for f in fields(info.rules)} else {}
    room = make_room(game, names=("Ann", "Bob", "Cy"), **rules)
    rng = random.Random(seed)
    lines: list[str] = []
    cases = []
    for _ in range(2000):
        name = room.to_act if room.in_deal else None
        suggestion = room.state_for(viewer(room, name))["deal"]["suggestion"] if name else None
        event = None
        if suggestion is None or rng.random() < 0.3:
            try:
                event = random_event(room, rng, topups=False)
            except (AssertionError, ProtocolError):  # a move the random player cannot spell
                event = None  # (a draw naming no cards): the suggestion, or another try
        if event is not None:
            lines += room.apply(event)
        elif suggestion is not None:  # the page's "Suggest" (N6, C2, P3)
            lines += act_text(room, suggestion["text"])
        state = room.state_for(viewer(room, "Ann"))
        if state["deal"] is not None:
            state["settings"] = {"rules": room.config.to_dict()["rules"] | rules}
            cases.append((state, list(lines)))
        if room.deal is not None and not room.in_deal:
            break
    assert cases and cases[-1][0]["deal"]["over"], "the deal did not end"
    return cases, game


@pytest.mark.parametrize("game", registry.names())
def test_the_middle_of_the_felt_and_the_winners_say_what_they_mean(game: str) -> None:
    cases, _ = states(game, seed=7)
    shown = read(cases)
    for (state, _lines), seen in zip(cases, shown, strict=True):
        middle = seen["middle"]
        if middle is not None:
            line = middle["line"]
            assert not re.search(r":\s*(?:$|·)", line), line  # nothing after a colon
            assert "a point behind (N7)" not in line or "pays" in line, line
            assert "Game deal" not in line, line
            if middle["title"] is not None:  # a game of deals: which deal of which game
                deal = state["deal"]
                assert middle["title"].startswith(f"Game {deal['number']} · deal {deal['deal']}")
            totals = (state["deal"].get("extra") or {}).get("totals") or {}
            for who, count in totals.items():  # past 31 is bust (S4), said so
                assert (f"{who} {count} (bust)" in line) == (count > 31), (line, who, count)
            if seen["over"] and middle["pot"] is not None:  # the badge, not an emptied pot
                pots = [int(n) for n in re.findall(r"\bpot (\d+)", line)]
                assert all(n == middle["pot"] for n in pots), (line, middle["pot"])
        for note in seen["notes"].values():
            assert not note.startswith("+"), note
            assert re.fullmatch(r"\d+ points?|won pot \d+|took \d+", note), note
    final = shown[-1]
    assert final["over"] and final["notes"], final
    for entry in final["log"]:
        assert not entry["text"].startswith("--"), entry


def test_a_winners_number_in_a_points_game_is_points_rule_N7() -> None:
    cases, _ = states("nine-card", seed=3)
    final = read(cases[-1:])[0]
    (note,) = final["notes"].values()
    assert note.endswith("points") or note.endswith("point"), note
    assert "wins the game with" in final["middle"]["banner"]
    assert final["middle"]["banner"].endswith(note), (final["middle"]["banner"], note)


def test_a_phase_that_begins_is_a_heading_in_the_log() -> None:
    seen = read([({"deal": None}, ["-- draw", "-- third stake: nearest to 31",
                                    "Deal 2: Ann deals", "Ann takes 6"])])
    assert seen == [{"middle": None, "notes": {}, "over": None, "log": [
        {"text": "Draw", "kind": "phase"},
        {"text": "Third stake: nearest to 31", "kind": "phase"},
        {"text": "Deal 2: Ann deals", "kind": "deal"},
        {"text": "Ann takes 6", "kind": "win"}]}]
