"""The generic player API: every bot of every game acts legally, from its seat's view only
(rules T3, D8, BL6), and the registry of kinds (players, make_player, register_player)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragkit.actions import Action, LegalAction, Verb
from bragkit.bots import (
    BotError,
    Player,
    RandomPlayer,
    agreement,
    ask,
    ended,
    make_player,
    players,
    register_player,
    started,
)
from bragkit.bots.three_card_players import AgentPlayer
from bragkit.errors import BragError
from bragkit.games import Game, find, games, new

#: Every name a front end may start a game by: registry names and presets.
GAME_NAMES = sorted({info.name for info in games()} | {p for info in games() for p in info.presets})
#: The slow bot (it loads an equilibrium) is tested once, below, not in the Hypothesis loops.
SLOW = {"solver"}


def short_game(name: str, seats: Sequence[str], seed: int) -> Game:
    """A game of ``name``; a points game played to a low target so it ends soon (N7, C6)."""
    info = find(name)
    options = {"target": 3} if "target" in inspect.signature(info.rules).parameters else {}
    return new(name, players=seats, seed=seed, **options)


def play_out(game: Game, bots: dict[str, Player], limit: int = 3000) -> int:
    """Play ``game`` to its end with ``bots``, every action through :func:`ask`; the moves."""
    moves = 0
    while not game.over:
        for name in game.players:  # a proposed showdown first (B8)
            answer = agreement(bots[name], game, name)
            if answer is not None:
                assert game.can_apply(answer)
                game.apply(answer)
        if game.over:
            break
        seat = game.to_act
        assert seat is not None, "a game not over has someone to act"
        action = ask(bots[seat], game, seat)
        assert any(action in option for option in game.legal_actions(seat))
        game.apply(action)
        moves += 1
        assert moves < limit, "the game does not end"
    return moves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game_name=st.sampled_from(GAME_NAMES), seed=st.integers(0, 2**32 - 1))
def test_every_bot_of_every_game_acts_legally_rule_T3(
        data: st.DataObject, game_name: str, seed: int) -> None:
    info = find(game_name)
    low, high = info.seats
    count = data.draw(st.integers(low, min(high, 5)), label="players")
    seats = [f"P{i}" for i in range(count)]
    kinds = sorted(set(players(game_name)) - SLOW)
    bots = {s: make_player(data.draw(st.sampled_from(kinds), label=s), game=game_name,
                           seed=seed + i) for i, s in enumerate(seats)}
    game = short_game(game_name, seats, seed)
    for name in seats:
        started(bots[name], game, name)
    play_out(game, bots)
    for name in seats:
        ended(bots[name], game, name)
    assert game.result is not None


class Guarded:
    """A game that lets a bot's asker reach only the seat's view, its menu, who is to act and
    the legality check: anything else (the uncensored game) raises."""

    def __init__(self, game: Game, seat: str) -> None:
        self._game = game
        self._seat = seat

    @property
    def to_act(self) -> str | None:
        return self._game.to_act

    def view(self, player: str | None = None) -> Any:
        assert player == self._seat, "only the seat's own view"
        return self._game.view(player)

    def legal_actions(self, player: str | None = None) -> Sequence[LegalAction]:
        assert player == self._seat, "only the seat's own menu"
        return self._game.legal_actions(player)

    def can_apply(self, action: Action | str) -> bool:
        return self._game.can_apply(action)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot's asker read game.{name}")


@pytest.mark.parametrize("game_name", [info.name for info in games()])
def test_ask_reads_only_the_seats_view_and_menu_rule_T3(game_name: str) -> None:
    for kind in sorted(set(players(game_name)) - SLOW):
        game = short_game(game_name, ["Ann", "Bob", "Cy"], seed=11)
        bot = make_player(kind, game=game_name, seed=3)
        for _ in range(4):
            if game.over:
                break
            seat = str(game.to_act)
            action = ask(bot, Guarded(game, seat), seat)
            game.apply(action)


def test_random_plays_every_game_and_comes_first() -> None:
    for info in games():
        kinds = players(info.name)
        assert next(iter(kinds)) == "random"
        assert all(isinstance(line, str) and line for line in kinds.values())


def test_the_three_card_bots_play_the_family_and_its_presets_only() -> None:
    for name in ("three-card", "brag", "four-card", "five-card", "teen-patti-order"):
        assert {"random", "cautious", "bold", "shark", "solver"} <= set(players(name))
    for info in games():
        if info.name != "three-card":
            assert "cautious" not in players(info.name)
            with pytest.raises(BragError, match=f"does not play {info.name}"):
                make_player("cautious", game=info.name)


def test_an_unknown_kind_or_game_is_one_clear_error() -> None:
    with pytest.raises(BragError, match="unknown bot 'poker'"):
        make_player("poker", game="three-card")
    with pytest.raises(BragError, match="unknown game"):
        make_player("random", game="go fish")
    with pytest.raises(BragError, match="unknown game"):
        players("go fish")


def test_a_preset_gives_its_rules_to_the_bot() -> None:
    bot = make_player("cautious", game="four-card")
    assert isinstance(bot, AgentPlayer)
    assert bot.agent.rules.cards == 4  # type: ignore[attr-defined]


def test_the_same_seed_gives_the_same_moves() -> None:
    def moves(seed: int) -> list[str]:
        game = short_game("crash", ["Ann", "Bob"], seed=1)
        bot = make_player("random", game="crash", seed=seed)
        out: list[str] = []
        while not game.over and len(out) < 10:
            action = ask(bot, game)
            out.append(str(action))
            game.apply(action)
        return out

    assert moves(5) == moves(5)


def test_ask_refuses_a_seat_not_to_act_and_a_finished_game() -> None:
    game = new("brag-poker", players=["Ann", "Bob"], seed=2)
    other = next(p for p in game.players if p != game.to_act)
    with pytest.raises(BotError, match="not to act"):
        ask(RandomPlayer(seed=1), game, other)
    bot = RandomPlayer(seed=1)
    while not game.over:
        game.apply(ask(bot, game))
    with pytest.raises(BotError, match="over"):
        ask(bot, game)


class Cheat:
    kind = "cheat"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def act(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        return self.answer  # type: ignore[return-value]


def test_ask_refuses_an_illegal_or_foreign_answer_rule_B11() -> None:
    game = new("nine-card", players=["Ann", "Bob"], seed=2)
    seat = str(game.to_act)
    other = next(p for p in game.players if p != seat)
    with pytest.raises(BotError, match="illegal"):
        ask(Cheat(Action(player=seat, verb=Verb.FOLD)), game, seat)
    with pytest.raises(BotError, match="acted for"):
        ask(Cheat(Action(player=other, verb=Verb.FOLD)), game, seat)
    with pytest.raises(BotError, match="not an Action"):
        ask(Cheat(f"{seat} fold"), game, seat)
    assert not game.operations or game.to_act == seat  # nothing was played


def test_register_player_adds_a_kind_for_some_games_without_editing_bots() -> None:
    made: list[dict[str, Any]] = []

    def factory(**kwargs: Any) -> Player:
        made.append(kwargs)
        return RandomPlayer(seed=kwargs["seed"])

    register_player("testing-only", factory, "plays at random, for this test",
                    games=["nine-card-brag"])  # an alias names the game
    try:
        assert players("nine-card")["testing-only"] == "plays at random, for this test"
        assert "testing-only" not in players("crash")
        make_player("testing-only", game="nine-card", seed=4)
        assert made[0]["game"] == "nine-card" and made[0]["seed"] == 4
        assert made[0]["rules"] == find("nine-card").make_rules()
        with pytest.raises(BragError, match="does not play crash"):
            make_player("testing-only", game="crash")
    finally:
        # the function ``players`` hides the module's name in the package
        importlib.import_module("bragkit.bots.players")._KINDS.pop("testing-only")


def test_a_game_specific_kind_wins_over_the_universal_one() -> None:
    # The family's random picks the cards of a discard (F1); the universal one could not.
    assert isinstance(make_player("random", game="five-card"), AgentPlayer)
    assert isinstance(make_player("random", game="crash"), RandomPlayer)


def test_agreement_answers_a_proposed_showdown_rule_B8() -> None:
    game = new("three-card", players=["Ann", "Bob", "Cy"], seed=5)
    bots = {p: make_player("cautious", game="three-card") for p in game.players}
    # nobody has proposed: no one may agree, so no answer (B8)
    assert all(agreement(bots[p], game, p) is None for p in game.players)
    shy = RandomPlayer(seed=1)
    assert agreement(shy, new("crash", players=["Ann", "Bob"], seed=1), "Ann") is None


def test_the_solver_bot_plays_through_the_generic_api() -> None:
    game = new("three-card", players=["Ann", "Bob"], seed=8, max_bet=10)
    bots: dict[str, Player] = {p: make_player("solver", game="three-card", seed=1)
                               for p in game.players}
    play_out(game, bots)
    assert game.over


def test_a_bare_three_card_agent_is_told_and_asked_like_a_player() -> None:
    from bragkit.bots import DealEnded, DealStarted, RandomBot

    class Listening(RandomBot):
        def __init__(self) -> None:
            super().__init__(seed=2)
            self.heard: list[object] = []

        def observe(self, event: object) -> None:
            self.heard.append(event)

    game = new("three-card", players=["Ann", "Bob"], seed=6)
    agents = {p: Listening() for p in game.players}
    for name in game.players:
        started(agents[name], game, name)
    while not game.over:
        seat = str(game.to_act)
        game.apply(ask(agents[seat], game, seat))
    for name in game.players:
        ended(agents[name], game, name)
        kinds = [type(e) for e in agents[name].heard]
        assert kinds == [DealStarted, DealEnded]  # censored events of the seat (D5)
    assert agreement(agents["Ann"], game, "Ann") is None  # over: nothing to agree (B8)


def test_rules_may_be_given_as_options() -> None:
    bot = make_player("cautious", game="three-card", rules={"max_bet": 8})
    assert bot.agent.rules.max_bet == 8  # type: ignore[attr-defined]
    with pytest.raises(BragError, match="target"):
        make_player("expected", game="nine-card", rules={"target": 0})
