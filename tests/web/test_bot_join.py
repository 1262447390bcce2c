"""``bragkit bot --join INVITE_URL --bot NAME`` (bragkit.bots.remote): a bot at a real
``bragkit serve`` table, through the WebSocket protocol a browser speaks. It plays a whole deal
of every game its bot plays, reconnects after the server is killed and restarted, answers
within the turn timer, plays a user's own class (the docs' example), and refuses bad input in
one line with exit status 2."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from bragkit.actions import Action, LegalAction
from bragkit.bots.player import PlayerBase
from bragkit.bots.remote import RemoteSeat
from bragkit.bots.seat_bot import BotChoice

from .support import free_port, start_server

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "bots.md"

#: (the table's game or preset, the bot): every game with ``random``, and every game of the
#: other bots of bragkit.bots (shark: the three-card family).
PLAYS = [
    *((game, "random") for game in ("three-card", "four-card", "five-card",
                                    "teen-patti-order", "nine-card", "crash", "single-stake",
                                    "three-stake", "brag-poker", "teen-patti")),
    *((game, "shark") for game in ("three-card", "four-card", "five-card",
                                   "teen-patti-order")),
    ("three-card", "cautious"), ("three-card", "bold"), ("three-card", "solver"),
    ("nine-card", "expected"), ("nine-card", "greedy"), ("crash", "expected"),
    ("crash", "greedy"), ("brag-poker", "equity"), ("single-stake", "equity"),
    ("teen-patti", "equity"), ("teen-patti", "always-chaal"),
]


def create_table(site: str, game: str, **settings: Any) -> dict[str, Any]:
    """A new table (``POST /api/tables``): its id, host token and invite link (``url``, as
    the lobby gives it to the host to share)."""
    body: dict[str, Any] = {"seats": 2, "bot_delay": 0, "deal_pause": 1, **settings}
    if game in ("four-card", "five-card", "teen-patti-order"):
        body.update(game="three-card", preset=game)
    else:
        body["game"] = game
    if game in ("nine-card", "crash"):
        body.setdefault("rules", {"target": 2})  # a deal is one game to the target (N7, C6)
    request = urllib.request.Request(f"{site}/api/tables", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        made: dict[str, Any] = json.loads(answer.read())
    assert made["url"] == f"{site}/t/{made['id']}"
    return made


class Host:
    """The table's host, by its WebSocket: seats a server bot, starts the table once every
    seat is taken, and keeps every log line it hears."""

    def __init__(self, site: str, table: dict[str, Any], *, bots: int = 1) -> None:
        self.lines: list[str] = []
        self.socket = connect(site.replace("http", "ws") + f"/ws/{table['id']}").__enter__()
        self._send({"type": "hello", "host": table["host_token"]})
        for seat in range(bots):
            self._send({"type": "host", "id": f"bot{seat}", "op": "add_bot", "seat": seat,
                        "bot": "random"})
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps({"v": 1, **message}))

    def _listen(self) -> None:
        started = False
        try:
            for text in self.socket:
                message = json.loads(text)
                self.lines += message.get("lines", [])
                state = message.get("state")
                if not started and state and all(s is not None for s in state["seats"]):
                    started = True
                    self._send({"type": "host", "id": "start", "op": "start"})
        except Exception:  # the socket closes with the server
            return

    def close(self) -> None:
        self.socket.close()


def play(seat: RemoteSeat, seconds: float = 120) -> int:
    """Run a remote seat to its end (at most ``seconds``)."""
    return asyncio.run(asyncio.wait_for(seat.run(), seconds))


def bragkit_bot(*args: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``bragkit bot ARGS`` in a process of its own (``path``: a folder for Python's path)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(path), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "bragkit", "bot", *args], env=env, text=True,
                          capture_output=True, timeout=120, check=False)


@pytest.mark.parametrize(("game", "bot"), PLAYS)
def test_a_bot_plays_a_whole_deal_of_every_game_it_plays(server: str, game: str,
                                                         bot: str) -> None:
    table = create_table(server, game)
    host = Host(server, table)
    try:
        seat = RemoteSeat(table["url"], BotChoice.parse(bot), deals=1)
        assert play(seat) == 1
    finally:
        host.close()
    assert seat.acted >= 1 and seat.stood_in == 0  # the bot answered every decision itself
    with urllib.request.urlopen(f"{server}/api/tables/{table['id']}/records") as answer:
        records = json.loads(answer.read())["records"]
    assert records and records[0]["deal"] == 1  # the server finished the deal it played
    assert not any("ran out of time" in line for line in host.lines)


def test_a_dropped_connection_reconnects_and_plays_on(tmp_path: Path) -> None:
    """The server is killed (kill -9) mid-session and started again on the same database: the
    bot reconnects with its seat token and plays on to the deals it was asked for."""
    port = free_port()
    site = f"http://127.0.0.1:{port}"
    database = tmp_path / "web.sqlite3"
    server = start_server(port, database)
    table = create_table(site, "three-card")
    host = Host(site, table)
    seat = RemoteSeat(table["url"], BotChoice.parse("shark"), deals=4)
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(play(seat, 180)), daemon=True)
    runner.start()
    try:
        deadline = time.monotonic() + 60
        while seat.played < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seat.played >= 1
        server.kill()
        server.wait(timeout=10)
        time.sleep(1.0)
        server = start_server(port, database)
        runner.join(timeout=180)
    finally:
        host.close()
        server.kill()
        server.wait(timeout=10)
    assert result == [4] and seat.reconnects >= 1
    assert seat.stood_in == 0


class Sleeper(PlayerBase):
    """A bot far slower than the turn timer."""

    kind = "sleeper"

    def act(self, view: Any, legal: Any) -> Action:
        time.sleep(20)
        option: LegalAction = legal[0]
        return option.action()


def test_the_seat_answers_within_the_turn_timer(server: str) -> None:
    """A bot that thinks for 20 s at a table with a 3 s turn timer: the client answers for
    it (the timeout move) before the timer runs out, so the server never times the seat out."""
    table = create_table(server, "three-card", turn_seconds=3)
    host = Host(server, table)
    try:
        seat = RemoteSeat(table["url"],
                          BotChoice(spec="Sleeper", factory=Sleeper), deals=1)
        started = time.monotonic()
        assert play(seat) == 1
        assert time.monotonic() - started < 20
    finally:
        host.close()
    assert seat.stood_in >= 1 and seat.acted >= 1
    assert any(re.fullmatch(r"Sleeper folds.*", line) for line in host.lines), host.lines
    assert not any("ran out of time" in line for line in host.lines), host.lines


class Drawer(PlayerBase):
    """Draws towards 31 while it may (S4), else checks or calls, else its first option."""

    kind = "drawer"

    def act(self, view: Any, legal: Any) -> Action:
        options = [o for o in legal if o.verb.value not in ("topup", "agree")]
        for verb in ("draw", "check", "call"):
            for option in options:
                if option.verb.value == verb and not option.cards:
                    return option.action()
        option = options[0]
        return option.choices[0] if option.choices else option.action()


def test_the_same_menu_after_its_own_move_is_a_new_decision(server: str) -> None:
    """Three-stake Brag's contest to 31 (S4) offers draw or stand again after each draw: the
    seat answers each time (it once took the same menu for the decision it had answered).
    Two drawers, neither of which drops, so every deal comes to the contest."""
    table = create_table(server, "three-stake")
    host = Host(server, table, bots=0)
    try:
        seats = [RemoteSeat(table["url"], BotChoice(spec="Drawer", factory=Drawer), deals=6)
                 for _ in range(2)]

        async def both() -> list[int]:
            return list(await asyncio.gather(*(seat.run() for seat in seats)))

        assert asyncio.run(asyncio.wait_for(both(), 180)) == [6, 6]
    finally:
        host.close()
    assert all(seat.stood_in == 0 for seat in seats)
    # Some seat draws twice running (draw, its card dealt, draw): each seat does so in about
    # 55% of deals, one or the other in about 84%, so six deals miss it about once in 50,000.
    draws = [(i, line.split(" draws")[0]) for i, line in enumerate(host.lines)
             if re.fullmatch(r"Drawer( 2)? draws.*", line)]
    assert any(b == a + 2 and who == again for (a, who), (b, again) in pairwise(draws)), \
        host.lines


def docs_example() -> str:
    """The user's own bot of docs/bots.md (its Python block)."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_docs_example_is_short_and_plays_at_a_table(server: str, tmp_path: Path) -> None:
    code = docs_example()
    assert len([line for line in code.splitlines() if line.strip()]) <= 12
    (tmp_path / "my_bot.py").write_text(code, encoding="utf-8")
    table = create_table(server, "three-card")
    host = Host(server, table)
    try:
        done = bragkit_bot("--join", table["url"], "--bot", "my_bot:Steady",
                           "--deals", "2", path=tmp_path)
    finally:
        host.close()
    assert done.returncode == 0, done.stderr
    assert "Steady played 2 deal(s)" in done.stdout
    assert not any("ran out of time" in line for line in host.lines)
    assert any(line.startswith("Steady ") for line in host.lines)


PLAYER = """
from bragkit.bots.player import PlayerBase


class FirstOption(PlayerBase):
    kind = "first-option"

    def act(self, view, legal):
        moves = [o for o in legal if o.verb.value not in ("topup", "agree")]
        option = moves[0]
        return option.choices[0] if option.choices else option.action()
"""


@pytest.mark.parametrize("game", ["brag-poker", "nine-card"])
def test_a_users_own_player_plays_any_game(server: str, tmp_path: Path, game: str) -> None:
    """A :class:`~bragkit.bots.player.Player` of the user's own (``act(view, legal)``), as
    ``module:Class``, plays games the three-card agents do not."""
    (tmp_path / "their_bot.py").write_text(PLAYER, encoding="utf-8")
    table = create_table(server, game)
    host = Host(server, table)
    try:
        done = bragkit_bot("--join", table["url"], "--bot", "their_bot:FirstOption",
                           "--name", "Firsty", "--deals", "1", path=tmp_path)
    finally:
        host.close()
    assert done.returncode == 0, done.stderr
    assert "Firsty played 1 deal(s)" in done.stdout
    assert "timeout move" not in done.stdout  # it answered every decision itself
    assert any(line.startswith("Firsty ") for line in host.lines)


@pytest.fixture
def full_table(server: str) -> Iterator[dict[str, Any]]:
    table = create_table(server, "three-card")
    host = Host(server, table, bots=2)
    time.sleep(0.5)
    yield table
    host.close()


def test_bad_input_is_one_line_and_status_2(server: str, tmp_path: Path,
                                            full_table: dict[str, Any]) -> None:
    (tmp_path / "my_bot.py").write_text(docs_example(), encoding="utf-8")
    crash = create_table(server, "crash")
    cases = {
        "not an invite link": ["--join", "ftp://example.com/t/abc"],
        "unknown bot 'poker'": ["--join", f"{server}/t/abcdefgh", "--bot", "poker"],
        "cannot reach": ["--join", f"http://127.0.0.1:{free_port()}/t/abcdefgh"],
        "no such table": ["--join", f"{server}/t/nosuchtable"],
        "refused the seat: no empty seat": ["--join", f"{server}/t/{full_table['id']}"],
        "there is no seat 5": ["--join", f"{server}/t/{crash['id']}", "--seat", "5"],
        "cannot import no_such_module": ["--join", f"{server}/t/abcdefgh", "--bot",
                                         "no_such_module:Bot"],
        "does not play crash": ["--join", f"{server}/t/{crash['id']}", "--bot", "shark"],
        "plays the three-card family, not crash": [
            "--join", f"{server}/t/{crash['id']}", "--bot", "my_bot:Steady"],
    }
    for words, args in cases.items():
        done = bragkit_bot(*args, path=tmp_path)
        assert done.returncode == 2, (words, done.stdout, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("bragkit: "), (words, done.stderr)
        assert words in lines[0], (words, lines[0])
        assert "Traceback" not in done.stderr


def test_two_bots_of_one_name_sit_as_two_players(server: str) -> None:
    """Names are unique at a table: the second ``shark`` sits down as ``Shark 2``, and both
    play the deal against the server's bot."""
    table = create_table(server, "three-card", seats=3)
    host = Host(server, table)
    url = table["url"]
    first = RemoteSeat(url, BotChoice.parse("shark"), deals=1)
    second = RemoteSeat(url, BotChoice.parse("shark"), deals=1)

    async def both() -> list[int]:
        return list(await asyncio.wait_for(asyncio.gather(first.run(), second.run()), 120))

    try:
        assert asyncio.run(both()) == [1, 1]
    finally:
        host.close()
    assert {first.seated, second.seated} == {"Shark", "Shark 2"}
    assert any(line.startswith("Shark 2 ") for line in host.lines)
