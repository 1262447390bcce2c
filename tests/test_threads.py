"""The threading contract (issue 19): a deal, game, session or table has one owner at a time;
an ``apply`` begun while another is in progress raises ConcurrentUseError and changes nothing,
so two threads misusing one object fail loudly instead of corrupting it."""

from __future__ import annotations

import contextlib
import random
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bragkit import games
from bragkit.actions import Action
from bragkit.cards import Pack
from bragkit.errors import BragError, ConcurrentUseError, IllegalActionError, InvalidActionError
from bragkit.games.base import GameBase
from bragkit.games.points_game import PointsGame
from bragkit.games.protocol import random_action
from bragkit.games.stake_game import StakeGame
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.moves import Moves
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import SessionRecord
from bragkit.games.three_card.table import Table
from bragkit.ownership import Guard

PLAYERS = ("Ann", "Bob", "Cy")


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Threads switch every microsecond, so two applies overlap often."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _vocabulary(players: tuple[str, ...]) -> list[str]:
    """Action texts, legal or not, of a three-card deal (the threads pick among them rather
    than read the menus, which an apply in progress may be changing)."""
    words = ["fold", "look", "agree"]
    words += [f"{verb} {n}" for verb in ("blind", "bet", "see") for n in (1, 2, 4)]
    return [f"{p} {w}" for p in players for w in words]


def _hammer(apply: Callable[[str], None], over: Callable[[], bool], texts: list[str],
            seed: int, tries: int = 400) -> tuple[Counter[str], list[BaseException]]:
    """Two threads applying random texts to one object; the typed failures counted, any
    other kept."""
    counts: Counter[str] = Counter()
    strays: list[BaseException] = []
    lock = threading.Lock()

    def worker(rng: random.Random) -> None:
        for _ in range(tries):
            if over():
                return
            try:
                apply(rng.choice(texts))
            except BragError as error:
                with lock:
                    counts[type(error).__name__] += 1
            except BaseException as error:  # the test's very point
                with lock:
                    strays.append(error)

    threads = [threading.Thread(target=worker, args=(random.Random(seed * 2 + i),))
               for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts, strays


def test_two_threads_on_one_deal_fail_loudly_and_the_deal_stays_whole(
        fast_switching: None) -> None:
    """Every failure is a BragError (ConcurrentUseError among them); the deal's actions replay
    into a fresh deal to the same state: chips conserved, nothing applied after the end."""
    rules = Rules()
    texts = _vocabulary(PLAYERS)
    seen: Counter[str] = Counter()
    for seed in range(400):  # until the two threads have overlapped (a busy machine may delay it)
        if seed >= 40 and seen["ConcurrentUseError"] > 0:
            break
        pack = Pack.shuffled(random.Random(seed))
        deal = Deal(rules, players=PLAYERS, dealer="Ann", stacks=[50, 50, 50], pack=pack.copy())
        counts, strays = _hammer(deal.apply, lambda d=deal: d.over, texts, seed)
        assert strays == []
        assert set(counts) <= {"ConcurrentUseError", "IllegalActionError"}
        seen += counts
        again = Deal(rules, players=PLAYERS, dealer="Ann", stacks=[50, 50, 50], pack=pack.copy())
        for action in deal.actions:
            again.apply(action)  # raises if anything was applied after the end or out of turn
        assert again.over == deal.over
        assert again.stacks == deal.stacks and again.pot == deal.pot
        assert sum(deal.stacks.values()) + deal.pot == 150  # rule B5: chips conserved
        if deal.over:
            assert deal.result is not None
            assert sum(deal.result.stacks.values()) + deal.result.carried_pot == 150
    assert seen["ConcurrentUseError"] > 0  # the threads did overlap, and were told so
    assert seen["IllegalActionError"] > 0


def test_two_threads_on_one_table_keep_the_ledger_in_step(fast_switching: None) -> None:
    """A table hammered by two threads: every failure typed, the stacks and pot add up to the
    buy-ins, and its session record replays to the same stacks."""
    table = Table(Rules(), seats=PLAYERS, buy_ins=100, rng=5)
    texts = _vocabulary(PLAYERS)
    seen: Counter[str] = Counter()
    for seed in range(400):  # until the two threads have overlapped (a busy machine may delay it)
        if table.in_deal or (seed >= 15 and seen["ConcurrentUseError"] > 0):
            break
        table.start_deal()
        counts, strays = _hammer(table.apply, lambda: not table.in_deal, texts, seed)
        assert strays == []
        assert set(counts) <= {"ConcurrentUseError", "IllegalActionError", "SessionError"}
        seen += counts
        deal = table.current
        assert deal is not None
        pot = deal.pot if table.in_deal else table.carried_pot
        assert sum(table.stacks.values()) + pot == 300  # chips conserved (B5, M1)
    assert seen["ConcurrentUseError"] > 0
    again = SessionRecord.from_table(table).replay()
    assert again.stacks == table.stacks and again.deal_number == table.deal_number


class _Blocking:
    """Holds the first apply inside the object (at ``where``) until the test lets it go."""

    def __init__(self) -> None:
        self.inside = threading.Event()
        self.release = threading.Event()

    def wrap(self, inner: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            self.inside.set()
            assert self.release.wait(10)
            return inner(*args, **kwargs)
        return held


def _second_apply_refused(game: Any, first: Action, second: Action,
                          monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> None:
    """While ``first`` is being applied in one thread, ``second`` in another raises
    ConcurrentUseError and changes nothing; the first completes."""
    block = _Blocking()
    monkeypatch.setattr(owner, name, block.wrap(getattr(owner, name)))
    errors: list[BaseException] = []
    before = len(game.operations), len(game.actions)

    def run() -> None:
        try:
            game.apply(first)
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    assert block.inside.wait(10)
    with pytest.raises(ConcurrentUseError, match="one owner at a time"):
        game.apply(second)
    block.release.set()
    thread.join()
    assert errors == []
    assert game.actions[-1] == first  # the refused second apply changed nothing:
    assert len(game.actions) == before[1] + 1  # one action more, the first's records after it
    assert len(game.operations) > before[0]


def test_a_deal_refuses_an_apply_while_one_is_in_progress(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deal = Deal(Rules(), players=PLAYERS, dealer="Ann", stacks=[20, 20, 20], rng=1)
    first = Action.parse("Bob bet 2", players=PLAYERS)
    second = Action.parse("Cy fold", players=PLAYERS)
    _second_apply_refused(deal, first, second, monkeypatch, Moves, "bet")


@pytest.mark.parametrize("name", ["brag-poker", "single-stake", "three-stake", "nine-card",
                                  "crash"])
def test_every_other_game_refuses_an_apply_while_one_is_in_progress(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.new(name, players=list(PLAYERS), seed=3)
    twin = games.new(name, players=list(PLAYERS), seed=3)
    rng = random.Random(3)
    first = random_action(game, rng)
    twin.apply(first)
    owner: type[Any] = StakeGame if isinstance(game, StakeGame) else PointsGame
    assert isinstance(game, StakeGame | PointsGame)
    block = _Blocking()
    name = "_do" if owner is StakeGame else "_play"
    monkeypatch.setattr(type(game), name, block.wrap(getattr(type(game), name)))
    thread = threading.Thread(target=game.apply, args=(first,))
    thread.start()
    assert block.inside.wait(10)
    with pytest.raises(ConcurrentUseError, match="one owner at a time"):
        game.apply(first)
    with pytest.raises(ConcurrentUseError):  # reads take the one token too: no half state
        game.view(None)
    block.release.set()
    thread.join()
    assert game.operations == twin.operations  # the refused apply changed nothing
    assert game.actions[-1] == first


def test_a_session_refuses_an_apply_while_one_is_in_progress(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's apply holds its session: the deal's end and the ledger move as one change."""
    table = Table(Rules(), seats=PLAYERS, buy_ins=20, rng=2)
    table.start_deal()
    block = _Blocking()
    monkeypatch.setattr(Moves, "bet", block.wrap(Moves.bet))
    thread = threading.Thread(target=table.apply, args=("Bob bet 2",))
    thread.start()
    assert block.inside.wait(10)
    with pytest.raises(ConcurrentUseError):
        table.apply("Cy fold")
    with pytest.raises(ConcurrentUseError):
        table.session.top_up("Ann", 5)  # every change of the session, not just actions
    block.release.set()
    thread.join()
    table.apply("Cy fold")
    table.apply("Ann fold")
    assert table.stacks == {"Ann": 19, "Bob": 22, "Cy": 19}


def test_a_refused_apply_leaves_the_object_usable() -> None:
    """The guard is free again after an illegal action or a refused concurrent one."""
    deal = Deal(Rules(), players=PLAYERS, dealer="Ann", stacks=[20, 20, 20], rng=1)
    with pytest.raises(IllegalActionError):
        deal.apply("Ann bet 2")  # not Ann's turn (B2)
    with pytest.raises(InvalidActionError):
        deal.apply("Bob sings")
    deal.apply("Bob bet 2")
    guard = Guard("x")
    with pytest.raises(ConcurrentUseError), guard, guard:
        pass
    with guard:
        pass


#: Every registered game, by its name and each of its presets.
_CASES = [(name, preset) for name in games.names()
          for preset in (None, *games.find(name).presets)]


def _reader(game: Any, stop: threading.Event, rng: random.Random, out: dict[str, Any]) -> None:
    """Reads ``game`` in a loop while another thread plays it: every answer is whole (the log a
    prefix of the final log, an option's player seated, a check a typed answer) or the read is
    refused with ConcurrentUseError; anything else is kept as a stray."""
    players = list(game.players)
    reads = refused = 0
    logs: list[tuple[Any, ...]] = []
    menu: list[Any] = []
    while not stop.is_set():
        who = rng.choice([*players, None])
        try:
            kind = rng.randrange(5)
            if kind == 0:
                menu = game.legal_actions(who)
                assert all(o.player in players or o.player is None for o in menu), menu
            elif kind == 1:
                game.view(who)
            elif kind == 2:
                logs.append(game.operations)
            else:
                action = rng.choice(menu).action() if menu else Action.parse("Ann fold")
                if kind == 3:
                    with contextlib.suppress(IllegalActionError, InvalidActionError):
                        game.check(action)
                else:
                    assert game.can_apply(action) in (True, False)
            reads += 1
        except ConcurrentUseError:
            refused += 1
        except BaseException as error:  # the test's very point
            out.setdefault("strays", []).append(error)
    out.update(reads=reads, refused=refused, logs=logs)


@pytest.mark.parametrize(("name", "preset"), _CASES)
def test_reads_during_an_apply_are_refused_or_whole(
        name: str, preset: str | None, fast_switching: None) -> None:
    """One owner at a time, reads too: one thread plays random actions, the other reads the
    menu, views, the log, check and can_apply. Every read raises ConcurrentUseError or answers
    from a whole state; the game's actions replay into a fresh game to the same log."""
    reads = 0
    for seed in range(6):
        players = PLAYERS if games.find(name).seats[0] <= 3 else (*PLAYERS, "Di")
        game = games.new(preset or name, players=list(players), seed=seed)
        assert isinstance(game, GameBase)  # every game is on the one base
        stop = threading.Event()
        out: dict[str, Any] = {}
        reader = threading.Thread(target=_reader,
                                  args=(game, stop, random.Random(seed + 100), out))
        rng = random.Random(seed)
        played: list[Action] = []
        reader.start()
        try:
            for _ in range(100_000):
                if game.over or len(played) > 2_000:
                    break
                try:
                    action = random_action(game, rng)
                    game.apply(action)
                except ConcurrentUseError:
                    time.sleep(0)  # the reader held the game: let it finish, ask again
                    continue
                played.append(action)
        finally:
            stop.set()
            reader.join()
        assert out.get("strays", []) == []
        assert game.over
        reads += out["reads"]
        final = game.operations
        for log in out["logs"]:  # every log read was the log of a whole state: a prefix
            assert final[:len(log)] == log
        again = games.new(preset or name, players=list(players), seed=seed)
        for action in played:
            again.apply(action)  # raises if anything illegal was accepted
        assert again.operations == final
        assert again.view(None) == game.view(None)
    assert reads > 0  # the reader did read whole states
