"""Three Card Brag as an OpenSpiel game, ``python_brag`` (extra ``[openspiel]``).

The solver's abstraction (:mod:`bragkit.solver.abstraction`) for two to six players: ante,
a menu of open stakes (a blind bet counts double, BL1), a cap on bets, blind play with looking
(BL2, BL6), seeing by the rules (B6, BL4: only with two left, never an open player seeing a blind
one below the cap, ties against the seer, H8), a blind winner taking the pot (the abstraction's
stand-in for BL3). With three or more still in at the cap, a player may fold or call the agreed
showdown of B8 (every hand shown, exact ties split). Each player's hand is one chance outcome
(the C(n, 3) hands of the pack, uniform over those not yet dealt). Heads-up it is exactly the
solver's game tree: :func:`policy_from_strategy` turns a solved strategy into an OpenSpiel
policy, whose value and exploitability OpenSpiel measures independently.

Importing this module registers the game:

>>> import pyspiel
>>> game = pyspiel.load_game("python_brag", {"stakes": "1/2", "max_bets": 2, "ranks": "AKQ"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 7, 220)
>>> state = game.new_initial_state()
>>> state.apply_action(0); state.apply_action(219)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['look', 'blind 1']
>>> state.information_state_string(0)
'p0 blind |'
>>> state.apply_action(1)   # seat 0 looks (BL2) and keeps the turn
>>> state.information_state_string(0)
'p0 hand Qs Qh Qd | 0:look'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from bragkit.cards import Card
from bragkit.errors import RulesError
from bragkit.games.three_card.betting import blind_part, least_bet, see_price
from bragkit.hands.table import strength_table
from bragkit.solver.abstraction import ALL_RANKS, Abstraction

__all__ = [
    "FOLD",
    "GAME_TYPE",
    "LOOK",
    "SEE",
    "SHOWDOWN",
    "BragGame",
    "BragState",
    "abstraction_of",
    "policy_from_strategy",
]

FOLD: Final = 0
LOOK: Final = 1
SEE: Final = 2
SHOWDOWN: Final = 3
_FIXED: Final = 4  # then one action per open stake, then one per blind stake

_DEFAULTS: Final[dict[str, Any]] = {
    "players": 2,
    "ante": 1,
    "stakes": "1/2/4/8/16",  # "/" between stakes: OpenSpiel's game strings split on ","
    "max_bets": 4,
    "cap_rule": "see",
    "blind": True,
    "see_cost": "double",
    "ordering": "standard",
    "ranks": ALL_RANKS,
    "suits": 4,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_brag",
    long_name="Python Three Card Brag (bragkit)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def abstraction_of(params: Mapping[str, Any]) -> Abstraction:
    """The solver abstraction with the game's parameters (``players`` aside)."""
    options = {**_DEFAULTS, **params}
    stakes = tuple(int(s) for s in str(options["stakes"]).replace("/", ",").split(",") if s)
    return Abstraction(ante=int(options["ante"]), stakes=stakes,
                       max_bets=int(options["max_bets"]), cap_rule=str(options["cap_rule"]),
                       blind=bool(options["blind"]), see_cost=str(options["see_cost"]),
                       ordering=str(options["ordering"]), ranks=str(options["ranks"]),
                       suits=int(options["suits"]))


class _Spec:
    """Everything a state needs to know of its game, shared by key (states are deep-copied
    whenever OpenSpiel clones them, so they hold only the key)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        players = int(options["players"])
        if not 2 <= players <= 6:
            raise RulesError(f"players must be from 2 to 6, not {players}")
        self.abstraction = a = abstraction_of(options)
        self.players = players
        self.deck = [int(c) for c in a.deck()]
        if len(self.deck) < 3 * players:
            raise RulesError(f"a pack of {len(self.deck)} cannot deal {players} hands (D1)")
        self.hands: list[tuple[int, int, int]] = list(itertools.combinations(self.deck, 3))
        self.hand_array = np.array(self.hands, dtype=np.intp).reshape(-1, 3)
        names = [str(Card(c)) for c in range(52)]
        self.hand_text = [" ".join(names[c] for c in h) for h in self.hands]
        table = strength_table(a.ordering)
        self.strength = [int(table[h]) for h in self.hands]
        self.blind_stakes = a.blind_stakes
        self.max_length = players + a.max_bets + 2 * players + 1
        self.num_actions = _FIXED + len(a.stakes) + len(self.blind_stakes)


_SPECS: dict[str, _Spec] = {}


def _spec(options: Mapping[str, Any]) -> tuple[str, _Spec]:
    key = repr(sorted((k, str(v)) for k, v in options.items()))
    found = _SPECS.get(key)
    if found is None:
        found = _SPECS[key] = _Spec(options)
    return key, found


class BragGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters as in :data:`_DEFAULTS` (see the module docstring)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        if "stakes" in given:
            given["stakes"] = str(given["stakes"]).replace(",", "/")
        self.key, spec = _spec({**_DEFAULTS, **given})
        self.spec = spec
        self.abstraction = a = spec.abstraction
        self.players = spec.players
        self.hands = spec.hands
        self.blind_stakes = spec.blind_stakes
        worst = a.ante + a.max_bets * a.stakes[-1] + 2 * a.stakes[-1]
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=len(spec.hands),
            num_players=spec.players,
            min_utility=-float(worst),
            max_utility=float(worst * (spec.players - 1)),
            utility_sum=0.0,
            max_game_length=spec.max_length,
        )
        super().__init__(GAME_TYPE, info, given)

    def new_initial_state(self) -> BragState:
        """A state before the deal."""
        return BragState(self, self.key)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> BragObserver:
        """Observations and information states (perfect recall) for any player."""
        return BragObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


class BragState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: hands dealt by chance, then the betting."""

    def __init__(self, game: BragGame, key: str) -> None:
        super().__init__(game)
        self.key = key
        spec = _SPECS[key]
        a = spec.abstraction
        n = spec.players
        self.hands: list[int] = []  # hand indices, one per seat
        self.blind = [a.blind] * n
        self.in_play = [True] * n
        self.paid = [a.ante] * n
        self.stake = 0
        self.bets = 0
        self.to_act = 0
        self.history: list[tuple[int, int]] = []  # (seat, action) of the betting
        self.winners: list[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> BragState:
        """A fast copy (OpenSpiel clones states by deep copy)."""
        twin = BragState(self.get_game(), self.key)
        twin.hands = self.hands[:]
        twin.blind = self.blind[:]
        twin.in_play = self.in_play[:]
        twin.paid = self.paid[:]
        twin.stake = self.stake
        twin.bets = self.bets
        twin.to_act = self.to_act
        twin.history = self.history[:]
        twin.winners = None if self.winners is None else self.winners[:]
        return twin

    @property
    def g_(self) -> _Spec:
        """The game's spec."""
        return _SPECS[self.key]

    # -- the OpenSpiel API ----------------------------------------------------------------------

    def current_player(self) -> int:
        """A seat, CHANCE while dealing, TERMINAL at the end."""
        if self.winners is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if len(self.hands) < self.g_.players:
            return int(pyspiel.PlayerId.CHANCE)
        return self.to_act

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every hand disjoint from those dealt, equally likely."""
        spec = self.g_
        used = np.zeros(52, dtype=bool)
        for h in self.hands:
            used[list(spec.hands[h])] = True
        free = np.flatnonzero(~used[spec.hand_array].any(axis=1)).tolist()
        p = 1.0 / len(free)
        return [(i, p) for i in free]

    def _legal_actions(self, player: int) -> list[int]:
        a = self.g_.abstraction
        legal: list[int] = []
        can_bet = self.bets < a.max_bets
        floor = least_bet(a.stakes[0], self.stake)  # rules B2, B3
        two_left = sum(self.in_play) == 2
        other_blind = two_left and self.blind[self._other(player)]
        if self.blind[player]:
            legal.append(LOOK)  # rule BL2
            if self.bets and two_left:
                legal.append(SEE)  # rule BL4
        else:
            legal.append(FOLD)
            if self.bets and two_left and (not other_blind or (not can_bet
                                                              and a.cap_rule == "see")):
                legal.append(SEE)  # rules B6, BL4
        if not can_bet and not two_left:
            legal.append(SHOWDOWN)  # rule B8, at the cap
        if can_bet:
            if self.blind[player]:
                legal += [_FIXED + len(a.stakes) + k for k, s in enumerate(self.g_.blind_stakes)
                          if s >= floor]  # rule BL1
            else:
                legal += [_FIXED + k for k, s in enumerate(a.stakes) if s >= floor]  # B3
        return sorted(legal)

    def _other(self, player: int) -> int:
        return next(i for i, live in enumerate(self.in_play) if live and i != player)

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.hands.append(action)
            return
        a = self.g_.abstraction
        p = self.to_act
        self.history.append((p, action))
        if action == LOOK:
            self.blind[p] = False  # the turn goes on (BL2)
            return
        if action == FOLD:
            self.in_play[p] = False
            live = [i for i, x in enumerate(self.in_play) if x]
            if len(live) == 1:
                self.winners = live  # rule B5 (a blind winner takes it here)
                return
        elif action == SEE:
            other = self._other(p)
            self.paid[p] += see_price(a.see_cost, self.stake, self.blind[p])  # B6, B9, BL4
            mine, theirs = (self.g_.strength[self.hands[i]] for i in (p, other))
            self.winners = [p] if mine > theirs else [other]  # rules B6, H8
            return
        elif action == SHOWDOWN:
            live = [i for i, x in enumerate(self.in_play) if x]
            best = max(self.g_.strength[self.hands[i]] for i in live)
            self.winners = [i for i in live if self.g_.strength[self.hands[i]] == best]  # B8
            return
        elif action < _FIXED + len(a.stakes):
            stake = a.stakes[action - _FIXED]
            self.paid[p] += stake
            self.stake = stake
            self.bets += 1
        else:
            stake = self.g_.blind_stakes[action - _FIXED - len(a.stakes)]
            self.paid[p] += blind_part(stake)  # rule BL1
            self.stake = stake
            self.bets += 1
        n = self.g_.players
        nxt = (p + 1) % n
        while not self.in_play[nxt]:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.g_.hand_text[action]}"
        return action_name(self.g_, action)

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        return self.winners is not None

    def returns(self) -> list[float]:
        """Chips won (the pot shared by the winners) less chips put in."""
        if self.winners is None:
            return [0.0] * self.g_.players
        pot = float(sum(self.paid))
        share = pot / len(self.winners)
        return [(share if i in self.winners else 0.0) - self.paid[i]
                for i in range(self.g_.players)]

    def __str__(self) -> str:
        hands = " / ".join(self.g_.hand_text[h] for h in self.hands)
        moves = " ".join(f"{p}:{action_name(self.g_, x)}" for p, x in self.history)
        return f"{hands} | {moves}"

    # -- for observers --------------------------------------------------------------------------

    def knows_hand(self, player: int) -> bool:
        """Whether ``player`` has seen their cards (BL6)."""
        return len(self.hands) > player and not self.blind[player]


def action_name(game: BragGame | _Spec, action: int, stake: int = 0) -> str:
    """The label of an action, as the solver's tree writes it (``"bet 4"``, ``"blind 2"``)."""
    a = game.abstraction
    if action == FOLD:
        return "fold"
    if action == LOOK:
        return "look"
    if action == SEE:
        return "see"
    if action == SHOWDOWN:
        return "showdown"
    if action < _FIXED + len(a.stakes):
        return f"bet {a.stakes[action - _FIXED]}"
    return f"blind {blind_part(game.blind_stakes[action - _FIXED - len(a.stakes)])}"


class BragObserver:
    """Observation and information-state strings and tensors (OpenSpiel's PyObserver).

    With perfect recall: the player, their hand once they have looked (BL6), and every action
    of the betting (who and what). Without: the player, their hand once looked, who is blind and
    in play, the chips each put in, the stake and the bets made.
    """

    def __init__(self, game: BragGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self.game = game.spec
        n = game.players
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        pieces: list[tuple[str, int]] = [("player", n)]
        if self.private:
            pieces.append(("hand", 52))
        if self.public:
            if self.recall:
                pieces.append(("history", self.game.max_length * n * self.game.num_actions))
            else:
                pieces += [("blind", n), ("in_play", n), ("paid", n), ("stake", 1), ("bets", 1)]
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(s for _, s in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def set_from(self, state: BragState, player: int) -> None:
        """Fill the tensor with what ``player`` knows in ``state``."""
        self.tensor.fill(0.0)
        self.dict["player"][player] = 1.0
        if self.private and state.knows_hand(player):
            for card in self.game.hands[state.hands[player]]:
                self.dict["hand"][card] = 1.0
        if not self.public:
            return
        if self.recall:
            history = self.dict["history"]
            width = self.game.players * self.game.num_actions
            for turn, (seat, action) in enumerate(state.history):
                history[turn * width + seat * self.game.num_actions + action] = 1.0
        else:
            n = self.game.players
            for i in range(n):
                self.dict["blind"][i] = float(state.blind[i])
                self.dict["in_play"][i] = float(state.in_play[i])
                self.dict["paid"][i] = float(state.paid[i])
            self.dict["stake"][0] = float(state.stake)
            self.dict["bets"][0] = float(state.bets)

    def string_from(self, state: BragState, player: int) -> str:
        """What ``player`` knows in ``state``, as text."""
        text = f"p{player}"
        if self.private:
            if state.knows_hand(player):
                text += f" hand {self.game.hand_text[state.hands[player]]}"
            else:
                text += " blind"
        if self.public:
            if self.recall:
                moves = " ".join(f"{p}:{action_name(self.game, x)}" for p, x in state.history)
                text += f" | {moves}".rstrip()
            else:
                blind = "".join("b" if b else "o" for b in state.blind)
                live = "".join("1" if x else "0" for x in state.in_play)
                paid = ",".join(str(x) for x in state.paid)
                text += f" | blind {blind} in {live} paid {paid} stake {state.stake} " \
                        f"bets {state.bets}"
        return text


def policy_from_strategy(game: BragGame, strategy: Any) -> Any:
    """An OpenSpiel ``TabularPolicy`` playing a solved :class:`~bragkit.solver.Strategy` of the
    same heads-up abstraction (its probabilities per information state)."""
    from open_spiel.python import policy as policy_lib

    if game.players != 2 or strategy.abstraction != game.abstraction:
        raise RulesError("the strategy must solve this game's heads-up abstraction")
    tabular = policy_lib.TabularPolicy(game)
    tree = strategy.tree
    for row in tabular.state_lookup.values():
        state = tabular.states[row] if hasattr(tabular, "states") else None
        if state is None:  # pragma: no cover - every TabularPolicy keeps its states
            raise RulesError("this OpenSpiel TabularPolicy does not keep its states")
        player = state.current_player()
        node = tree.find([action_name(game, x) for _, x in state.history])
        cls = strategy.space.class_of([Card(c) for c in game.hands[state.hands[player]]]) \
            if state.knows_hand(player) else None
        probs = strategy.node_probabilities(node, cls)
        edges = list(tree.edges_of(node))
        by_label = {_short(tree.label(e)): float(p) for e, p in zip(edges, probs, strict=True)}
        out = np.zeros(game.num_distinct_actions())
        for action in state.legal_actions():
            out[action] = by_label[action_name(game, action)]
        tabular.action_probability_array[row] = out / out.sum()
    return tabular


def _short(label: str) -> str:
    """A tree label without the see's amount (OpenSpiel's ``see`` has none)."""
    return "see" if label.startswith("see") else label



pyspiel.register_game(GAME_TYPE, BragGame)
