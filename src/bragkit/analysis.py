"""Every decision of a record beside an adviser's play: :func:`analyse`.

A three-card-family record (a deal or a session, any format :mod:`bragkit.records` reads, any
preset: three-, four- or five-card Brag, Teen Patti's order) is played again an action at a
time. At each decision of a chosen player (any action they took as the player to act), an
**adviser** — the learned bot by default, or any bot — says what it would play, as
probabilities over actions, and the chips each action was worth is estimated by rollouts:

- the cards the player could not see at that moment (the others' hands, their own while blind
  (BL6), the rest of the pack; everything the player's view shows stays, D8) are dealt again at
  random from the cards the player did not see, the same way for every action compared
  (common random numbers);
- the action is applied and the deal played to its end with the adviser at every seat;
- its worth is the player's stack at the end less their stack at the decision (the chips
  already in the pot are spent either way), a pot carried to the next deal counting for the
  blind winner who keeps the hand (BL3, R1).

A decision's **cost** is the worth of the adviser's choice (its most probable action) less the
worth of the action taken: the chips the player expected to lose against the adviser's choice.
Decisions come back costliest first.

>>> from bragkit.games.three_card import Deal, Rules
>>> from bragkit.games.three_card.notation import DealRecord, write_bhh
>>> deal = Deal(Rules(max_bet=20), players=["Ann", "Bob"], dealer="Bob", stacks=[50, 50],
...             hands={"Ann": "3h 3s 3d", "Bob": "7c 5d 2h"})
>>> for action in ("Ann look", "Ann fold"):
...     deal.apply(action)
>>> text = write_bhh(DealRecord.from_deal(deal))
>>> fold, look = analyse(text, adviser=BotAdviser("cautious"), rollouts=8, seed=1)
>>> str(fold.taken), str(fold.best), fold.cost > 0     # folding the best prial (H3) costs
('Ann fold', 'Ann bet 2', True)
>>> look.cost                                          # cautious looks first too
0.0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

from bragkit import records
from bragkit.actions import Action, Verb
from bragkit.bots.agent import Agent, ask
from bragkit.cards import Card, Pack
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.registry import find
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import DealRecord

__all__ = ["Adviser", "BotAdviser", "Choice", "Decision", "adviser", "analysable", "analyse",
           "default_adviser", "worths"]

#: Rollouts a decision's actions are compared over, by default.
ROLLOUTS = 64
#: Deals of the unseen cards tried for one rollout before the cards as dealt stand in.
TRIES = 20


@runtime_checkable
class Adviser(Protocol):
    """What :func:`analyse` compares a player's play with: the probabilities of the actions
    it would play for ``player`` in ``deal`` (actions the deal accepts, summing to one). It
    reads only what ``player`` may know (``deal.view(player)``)."""

    name: str

    def probabilities(self, deal: Deal, player: str) -> Mapping[Action, float]:
        """The adviser's play for ``player`` in ``deal``."""
        ...


class BotAdviser:
    """Any bot of :mod:`bragkit.bots.registry` (or any :class:`~bragkit.bots.agent.Agent`) as
    an adviser: all its weight on the action it plays.

    >>> BotAdviser("cautious").name
    'cautious'
    """

    def __init__(self, bot: str | Agent, *, name: str = "", seed: int = 0) -> None:
        if isinstance(bot, str):
            from bragkit.bots.registry import make_bot

            name, bot = name or bot, make_bot(bot, seed=seed)
        self.name = name or type(bot).__name__
        self._agent = bot

    def probabilities(self, deal: Deal, player: str) -> Mapping[Action, float]:
        return {ask(self._agent, deal, player): 1.0}


def analysable(game: str) -> bool:
    """Whether the records of ``game`` (a name, alias or preset) can be analysed: those of the
    games its registry entry says the agents of :mod:`bragkit.bots` play (the three-card
    family, :attr:`~bragkit.games.registry.GameInfo.agents`).

    >>> analysable("five-card"), analysable("crash")
    (True, False)
    """
    return find(game).agents


def default_adviser() -> str:
    """The adviser when none is named: the learned bot (``shark`` where it is not
    registered)."""
    from bragkit.bots.registry import BOTS

    return "learned" if "learned" in BOTS else "shark"


def adviser(name: str, *, seed: int = 0) -> Adviser:
    """The bot ``name`` of :mod:`bragkit.bots.registry` as an adviser: itself when it gives
    probabilities (an :class:`Adviser`, as the learned bot does), else a :class:`BotAdviser`.

    >>> adviser("bold").name
    'bold'
    """
    from bragkit.bots.registry import make_bot

    bot = make_bot(name, seed=seed)
    return bot if isinstance(bot, Adviser) else BotAdviser(bot, name=name)


@dataclass(frozen=True, kw_only=True, slots=True)
class Choice:
    """An action at a decision: the adviser's probability of it and its worth in chips."""

    action: Action
    probability: float
    worth: float

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self.action), "probability": self.probability,
                "worth": round(self.worth, 3)}


@dataclass(frozen=True, kw_only=True, slots=True)
class Decision:
    """One decision of a record: where (``deal``, 1-based ``number`` of the action in it),
    whose, the action ``taken``, the adviser's ``best`` (its most probable action), the
    ``choices`` compared (the adviser's actions and the one taken, worth first) and the
    ``cost``: the best's worth less the taken's, chips."""

    deal: int
    number: int
    player: str
    taken: Action
    best: Action
    choices: tuple[Choice, ...]
    cost: float

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "action": self.number, "player": self.player,
                "taken": str(self.taken), "best": str(self.best),
                "cost": round(self.cost, 3), "choices": [c.to_dict() for c in self.choices]}


def analyse(text: str, *, adviser: Adviser, players: Iterable[str] | None = None,
            rollouts: int = ROLLOUTS, seed: int = 0) -> tuple[Decision, ...]:
    """Each decision of ``players`` (everyone by default) in the record ``text``, costliest
    first (see the module docstring). :class:`~bragkit.errors.BragError` for a record that is
    not of the three-card family, or a player who does not sit in it."""
    if rollouts < 1:
        raise BragError(f"rollouts must be at least 1, not {rollouts}")
    wanted = None if players is None else set(players)
    rng = random.Random(seed)
    found: list[Decision] = []
    seated: set[str] = set()
    for steps in records.steps(text):
        if not analysable(steps.game):
            raise BragError(f"{steps.game} is not of the three-card family: the adviser "
                            "plays Three Card Brag and its presets only")
        deal = steps.start()
        seated.update(deal.players)
        for number in range(1, steps.count + 1):
            player = deal.to_act
            asked = player is not None and (wanted is None or player in wanted)
            before = DealRecord.from_deal(deal) if asked else None  # (only where it is read)
            steps.play(deal, number)
            taken = deal.actions[-1]
            if before is None or taken.player != player or taken.verb is Verb.AGREE:
                continue  # not a chosen player's turn, or an answer to a showdown (B8)
            assert player is not None
            found.append(_decision(before, steps.number, number, player, taken, adviser,
                                   rollouts, rng))
    if wanted is not None and not wanted <= seated:
        raise BragError(f"no such player in the record: {', '.join(sorted(wanted - seated))}")
    return tuple(sorted(found, key=lambda d: (-d.cost, d.deal, d.number)))


def _decision(before: DealRecord, deal: int, number: int, player: str, taken: Action,
              adviser: Adviser, rollouts: int, rng: random.Random) -> Decision:
    at = before.replay()
    advice = adviser.probabilities(at, player)
    actions = list(dict.fromkeys([*advice, taken]))
    worth = worths(before, player, actions, adviser, rollouts=rollouts, rng=rng, at=at)
    best = max(advice, key=lambda a: (advice[a], worth[a]))
    choices = tuple(sorted(
        (Choice(action=a, probability=advice.get(a, 0.0), worth=worth[a]) for a in actions),
        key=lambda c: -c.worth))
    return Decision(deal=deal, number=number, player=player, taken=taken, best=best,
                    choices=choices, cost=worth[best] - worth[taken])


def worths(record: DealRecord, player: str, actions: Sequence[Action], adviser: Adviser, *,
           rollouts: int = ROLLOUTS, rng: random.Random | None = None,
           at: Deal | None = None) -> dict[Action, float]:
    """The mean worth to ``player`` of each of ``actions`` (legal after ``record``'s
    actions), over ``rollouts`` deals of the cards ``player`` could not see, each played out
    by ``adviser`` at every seat (``at``: the record replayed, when the caller has it)."""
    rng = rng or random.Random(0)
    at = at or record.replay()
    stack = at.stacks[player]
    unseen = _Unseen(record, at, player, actions)
    totals = dict.fromkeys(actions, 0.0)
    for _ in range(rollouts):
        dealt = unseen.deal_again(rng)
        state = rng.getstate()
        for action in actions:
            rng.setstate(state)  # the same play to come for every action compared
            deal = dealt.replay()
            deal.apply(action)
            totals[action] += _play_out(deal, adviser, rng, player) - stack
    return {action: total / rollouts for action, total in totals.items()}


def _play_out(deal: Deal, adviser: Adviser, rng: random.Random, player: str) -> int:
    """``player``'s stack once ``adviser`` has played ``deal`` to its end at every seat (a pot
    carried for them as the blind winner counted theirs, BL3)."""
    while not deal.over:
        name = deal.to_act
        assert name is not None
        advice = adviser.probabilities(deal, name)
        options = list(advice)
        deal.apply(rng.choices(options, weights=[advice[a] for a in options])[0]
                   if len(options) > 1 else options[0])
    result = deal.result
    assert result is not None
    carried = result.carried_pot if result.retained == player else 0
    return deal.stacks[player] + carried


class _Unseen:
    """The cards of a deal ``player`` could not see (as of ``deal``: their view's hand,
    discards, face-up hands, stock card and shown hands are seen), to deal again at random:
    each place in the record (the pack, a hand, a kept hand) holding an unseen card gets one of
    the unseen cards, the undealt ones of a record of hands among them."""

    def __init__(self, record: DealRecord, deal: Deal, player: str,
                 actions: Sequence[Action]) -> None:
        view = deal.view(player)
        seen: set[Card] = {*(view.hand or ()), *view.discards,
                           *(c for h in view.face_up.values() for c in h),
                           *(c for h in view.shown.values() for c in h)}
        if view.stock_card is not None:
            seen.add(view.stock_card)
        if any(action.cards for action in actions):  # a look and a discard at once (F1, F2)
            seen.update(deal.cards_of(player))
        self._record = record
        self._actions = actions
        self._fields = {"pack": {"": record.pack} if record.pack is not None else {},
                        "hands": dict(record.hands or {}), "retained": dict(record.retained or {})}
        self._places = [(name, key, i) for name, field in self._fields.items()
                        for key, cards in field.items() for i, card in enumerate(cards)
                        if card not in seen]
        self._spare: list[Card] = []
        if record.pack is None:  # the cards not dealt are unseen too
            held = [c for field in self._fields.values() for h in field.values() for c in h]
            self._spare = _without(Pack.standard(jokers=record.rules.jokers).cards, held)

    def deal_again(self, rng: random.Random) -> DealRecord:
        """The record with the unseen cards dealt again, such that its actions and every
        action compared are still legal (a hand must be able to beat a face-up one to play on,
        R3): a few tries, else the cards as they were dealt."""
        for _ in range(TRIES):
            record = self._again(rng)
            try:
                deal = record.replay()
            except IllegalActionError:
                continue
            if all(deal.can_apply(action) for action in self._actions):
                return record
        return self._record

    def _again(self, rng: random.Random) -> DealRecord:
        fields = {name: {key: list(cards) for key, cards in field.items()}
                  for name, field in self._fields.items()}
        # In a set order, so the deals drawn do not hang on where the unseen cards really lie.
        pool = sorted([fields[name][key][i] for name, key, i in self._places] + self._spare,
                      key=str)
        rng.shuffle(pool)
        for (name, key, i), card in zip(self._places, pool, strict=False):
            fields[name][key][i] = card
        frozen = {name: {key: tuple(cards) for key, cards in field.items()}
                  for name, field in fields.items()}
        record = self._record
        return replace(record, pack=frozen["pack"].get(""),
                       hands=frozen["hands"] if record.hands is not None else None,
                       retained=frozen["retained"] if record.retained else None)


def _without(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` less one copy of each of ``taken`` (two packs may hold a card twice)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left
