"""Replaying a ``.bhh`` record: the deal played again, described for a person and as JSON.

:class:`DealReplay` is what ``bragkit replay`` prints for a ``bhh/1`` file (the reader registered in
:mod:`bragkit.records` by :mod:`bragkit.notation`). It replays the record through the engine,
noting the pot after every action, and gives the result in the fields of HAND-HISTORY.md.

>>> from bragkit.notation import read_bhh
>>> record = read_bhh('''
... format = "bhh/1"
... players = ["Ann", "Bob"]
... dealer = "Bob"
... stacks = [20, 20]
... actions = ["Ann bet 2", "Bob bet 2", "Ann see 4"]
... [cards]
... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d" }
... ''')
>>> replay = DealReplay(record)
>>> replay.to_json()["winners"], replay.to_json()["shown"]
({'Ann': 10}, {'Bob': 'As Tc 2d', 'Ann': 'Qh Qs 4d'})
>>> replay.pots
(4, 6, 10)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bragkit.actions import Action, Verb
from bragkit.cards import Card, Pack, format_cards
from bragkit.errors import (
    IllegalActionError,
    InvalidCardError,
    NotationError,
    RulesError,
)
from bragkit.games.operations import Acted
from bragkit.games.three_card import Deal

if TYPE_CHECKING:
    from bragkit.notation import DealRecord

__all__ = ["DealReplay", "record_of_deal", "replay_record"]


def start_deal(record: DealRecord) -> Deal:
    """The deal of a record as dealt, before any action (antes taken, rule D2)."""
    pack = None
    if record.pack is not None:
        pack = _pack_of(record)
    try:
        return Deal(
            record.rules,
            players=record.players,
            dealer=record.dealer,
            stacks=record.stacks,
            carried_pot=record.carried_pot,
            pack=pack,
            hands=dict(record.hands) if record.hands is not None else None,
            retained=dict(record.retained) if record.retained else None,
            first_deal=not record.retained and record.carried_pot == 0,
        )
    except IllegalActionError:
        raise
    except (RulesError, InvalidCardError, NotationError) as error:
        raise NotationError(f"the deal cannot start: {error}") from None


def _pack_of(record: DealRecord) -> Pack:
    assert record.pack is not None
    jokers = record.rules.jokers
    if not record.retained:
        return Pack(record.pack, jokers=jokers)
    # The retained hand is out of the pack (rule R1): a whole pack, with its cards taken out.
    held = [card for hand in record.retained.values() for card in hand]
    pack = Pack([*record.pack, *held], jokers=jokers)
    top = [pack.deal() for _ in record.pack]
    while len(pack):
        pack.deal()
    pack.put_under(top)
    return pack


def apply_numbered(deal: Deal, number: int, action: Action) -> None:
    """Apply one action of a record; an illegal one names its number and text.

    The message reads ``action 9 "Chris see 8": Chris cannot see a blind player (rule BL4)``.
    """
    try:
        deal.apply(action)
    except IllegalActionError as error:
        raise IllegalActionError(f'action {number} "{action}": {error.reason}',
                                 rule=error.rule) from None
    except (RulesError, InvalidCardError, NotationError) as error:
        raise NotationError(f'action {number} "{action}": {error}') from None


def replay_record(record: DealRecord) -> Deal:
    """The deal of a record played through all its actions (:meth:`DealRecord.replay`)."""
    deal = start_deal(record)
    for number, action in enumerate(record.actions, 1):
        apply_numbered(deal, number, action)
    return deal


def record_of_deal(deal: Deal) -> DealRecord:
    """The record of a deal as it started, with every action applied so far."""
    from bragkit.notation import VARIANTS, DealRecord

    variant = next(v for v, n in VARIANTS.items() if n == deal.rules.cards)
    start = deal.start
    return DealRecord(
        variant=variant,
        players=tuple(deal.players),
        dealer=deal.dealer,
        stacks=tuple(start.stacks),
        carried_pot=start.carried_pot,
        actions=tuple(deal.actions),
        rules=deal.rules,
        pack=start.pack.cards if start.pack is not None else None,
        hands=start.hands if start.pack is None else None,
        retained=start.retained or None,
    )


class DealReplay:
    """A record replayed: the deal, the pot after each action, and the result.

    Construction replays the whole record (an illegal action raises
    :class:`IllegalActionError` naming it).
    """

    def __init__(self, record: DealRecord) -> None:
        self.record = record
        self.deal = start_deal(record)
        self.antes = self.deal.pot
        pots = []
        for number, action in enumerate(record.actions, 1):
            before = self.deal.pot
            apply_numbered(self.deal, number, action)
            pots.append(_pot_after(self.deal, before))
        #: The pot after each action (rule D2: the antes are in it before the first).
        self.pots: tuple[int, ...] = tuple(pots)

    def to_json(self) -> dict[str, Any]:
        """The result as HAND-HISTORY.md lists it, every player-keyed field a dict by name."""
        deal = self.deal
        if not deal.is_over:
            return {
                "over": False,
                "to_act": deal.to_act,
                "pot": deal.pot,
                "stacks": dict(deal.stacks),
                "carried_pot": 0,
                "winners": {},
                "shown": {},
                "retained": None,
                "retained_hand": None,
                "shuffle_next": None,
                "next_pack": None,
            }
        result = deal.result
        return {
            "over": True,
            "stacks": dict(result.stacks),
            "carried_pot": result.carried_pot,
            "winners": dict(result.winners),
            "shown": {name: format_cards(cards) for name, cards in result.shown.items()},
            "retained": result.retained,
            "retained_hand": (format_cards(result.retained_hand)
                              if result.retained_hand else None),
            "shuffle_next": result.shuffle_next,
            "next_pack": str(result.next_pack) if result.next_pack is not None else None,
        }

    def describe(self) -> str:
        """The deal as a person reads it: seats, each action with the pot after it, the end."""
        record, deal = self.record, self.deal
        lines = [f"{_title(record.variant)} Brag ({record.format}), {len(record.players)} "
                 f"players, {record.dealer} deals"]
        rules = record.rules.to_dict()
        rules.pop("cards", None)
        lines.append("Rules: " + (", ".join(f"{k.replace('_', ' ')} {_plain(v)}"
                                            for k, v in rules.items()) or "the defaults"))
        width = max(len(name) for name in record.players)
        lines.append("Seats:")
        for name, stack in zip(record.players, record.stacks, strict=True):
            note = "  (dealer)" if name == record.dealer else ""
            if record.retained and name in record.retained:
                note += "  (holds a blind hand from the last deal, rule R1)"
            lines.append(f"  {name:<{width}}  {stack:>6}{note}")
        carried = f", {record.carried_pot} carried from the last deal" if record.carried_pot else ""
        lines.append(f"Antes: pot {self.antes}{carried}")
        if record.actions:
            lines.append("Actions:")
            texts = [str(a) for a in record.actions]
            text_width = max(len(t) for t in texts)
            for number, (text, pot) in enumerate(zip(texts, self.pots, strict=True), 1):
                lines.append(f"  {number:>3}. {text:<{text_width}}  pot {pot}")
        lines += self._outcome()
        return "\n".join(lines)

    def _outcome(self) -> list[str]:
        deal, record = self.deal, self.record
        if not deal.is_over:
            return [f"The deal is not over: {deal.to_act} to act, pot {deal.pot}."]
        result = deal.result
        lines = [_ending(record.actions)]
        for name, cards in result.shown.items():
            lines.append(f"  {name} shows {format_cards(cards, pretty=True)}"
                         f"{_hand_name(cards, record)}")
        for name, amount in result.winners.items():
            lines.append(f"{name} wins {amount}")
        if result.carried_pot:
            lines.append(f"Carried to the next deal: {result.carried_pot} (rule BL3)")
        if result.retained is not None:
            lines.append(f"{result.retained} keeps the blind hand for the next deal (rule R1)")
        lines.append("Stacks after the deal:")
        width = max(len(name) for name in record.players)
        for name, before in zip(record.players, record.stacks, strict=True):
            after = result.stacks[name]
            lines.append(f"  {name:<{width}}  {after:>6}  ({after - before:+d})")
        lines.append("The next deal is " + ("shuffled (rule D4)" if result.shuffle_next
                                            else "not shuffled (rule D4)"))
        if result.next_pack is not None:
            top = format_cards(result.next_pack.peek(9), pretty=True)
            lines.append(f"Next pack, top first (rule D5): {top} …")
        return lines


def _pot_after(deal: Deal, before: int) -> int:
    """The pot just after an action: once the deal is over the engine's pot is what is carried
    forward, so the last action's pot is the pot before it plus what it paid."""
    if not deal.is_over:
        return deal.pot
    last = next(op for op in reversed(deal.operations) if isinstance(op, Acted))
    return before if last.action.verb is Verb.TOPUP else before + last.paid


def _title(variant: str) -> str:
    return variant.replace("-", " ").capitalize().replace("card", "Card")


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def _ending(actions: Sequence[Action]) -> str:
    last = actions[-1] if actions else None
    if last is None:
        return "The deal ended before any action."
    if last.verb is Verb.SEE:
        return f"{last.player} sees (rule B6):"
    if last.verb is Verb.SHOWDOWN:
        return "Showdown (rule B8):"
    if last.verb is Verb.COVER:
        return f"{last.player} covers the pot (rules M2, M3):"
    return "All but one folded (rule B5):"


def _hand_name(cards: Sequence[Card], record: DealRecord) -> str:
    """`` — pair of queens`` and the like, or nothing when the evaluator cannot name it."""
    try:
        from bragkit.hands import best_hand

        wild = record.rules.wild_cards
        best = best_hand(cards, ordering=record.rules.ordering, wild=wild)
    except Exception:  # the description is a courtesy; the result does not depend on it
        return ""
    return f"  ({best.rank})"


def _mapping(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)
