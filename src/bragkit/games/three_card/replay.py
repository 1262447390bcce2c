"""Replaying a ``.bhh`` record: the deal played again, described for a person and as JSON.

:class:`DealReplay` is what ``bragkit replay`` prints for a ``bhh/1`` file (the reader this
module registers in :mod:`bragkit.records`). It replays the record through the engine, noting the
pot after every action, and gives the result in the fields of HAND-HISTORY.md.

>>> from bragkit.games.three_card.notation import read_bhh
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

from collections.abc import Mapping
from typing import Any

from bragkit.actions import Verb
from bragkit.cards import format_cards
from bragkit.errors import RulesError
from bragkit.games.protocol import Operation, describe
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.names import shown_hand_name
from bragkit.games.three_card.notation import DealRecord, read_bhh, write_bhh
from bragkit.games.three_card.operations import Acted, HandShown, PotAwarded
from bragkit.games.three_card.record_moves import apply_numbered
from bragkit.games.three_card.results import DealResult
from bragkit.records import DealSteps, register

__all__ = ["DealReplay", "deal_steps", "replay_document", "shown_hand_name"]


class DealReplay:
    """A record replayed: the deal, the pot after each action, and the result.

    Construction replays the whole record (an illegal action raises
    :class:`IllegalActionError` naming it).
    """

    def __init__(self, record: DealRecord) -> None:
        self.record = record
        self.deal = deal = record.start()
        self.antes = deal.pot
        pots = []
        moves: list[int] = []  # how many engine actions each record action stood for (B8)
        self._seen: str | None = None
        self._seer_blind = False
        for number, action in enumerate(record.actions, 1):
            before = deal.pot
            if action.verb is Verb.SEE and action.player is not None:
                others = [p for p in deal.betting if p != action.player]
                self._seen = others[0] if len(others) == 1 else None
                self._seer_blind = deal.is_blind(action.player)
            moves.append(apply_numbered(deal, number, action))
            pots.append(before if deal.over else deal.pot)
        operations = deal.operations  # read once: the log is the truth
        if deal.over and pots:
            pots[-1] = _last_pot(operations, pots[-1])
        groups = _per_action(operations, moves)
        #: The pot after each action (rule D2: the antes are in it before the first).
        self.pots: tuple[int, ...] = tuple(pots)
        #: Each action in words, as the terminal and the web table word it (:func:`describe`):
        #: every card public (a record shows every card, HAND-HISTORY.md); a record's showdown
        #: is each agreement (B8).
        self.action_words: tuple[str, ...] = tuple(
            ", ".join(w for op in done if isinstance(op, Acted)
                      if (w := describe(op, every_card=True)) is not None)
            for done in groups)
        #: What the last action set off besides itself: hands shown, pots won or carried.
        self.outcome: tuple[Operation, ...] = tuple(
            op for op in groups[-1] if not isinstance(op, Acted)) if groups else ()

    def to_json(self) -> dict[str, Any]:
        """The result as HAND-HISTORY.md lists it, every player-keyed field a dict by name.

        ``stacks``, ``carried_pot``, ``winners``, ``shown`` (cards as text: the three a hand
        plays, then any discards), ``retained`` (who keeps a blind hand; its cards stay hidden,
        rule BL6), ``shuffle_next``, ``next_pack`` (``None`` when the record gave hands), and
        ``over``. A record whose deal is not over gives the stacks so far, ``to_act`` and
        ``pot``, and no result."""
        deal = self.deal
        if not deal.over:
            return {
                "over": False,
                "to_act": deal.to_act,
                "pot": deal.pot,
                "stacks": dict(deal.stacks),
                "carried_pot": 0,
                "winners": {},
                "shown": {},
                "retained": None,
                "shuffle_next": None,
                "next_pack": None,
            }
        return {"over": True, **self.result.to_dict()}

    @property
    def result(self) -> DealResult:
        """The end of the replayed deal (:class:`RulesError` when the record stops before)."""
        result = self.deal.result
        if result is None:
            raise RulesError("the deal is not over yet")
        return result

    def describe(self) -> str:
        """The deal as a person reads it: seats, each action with the pot after it, the end."""
        record = self.record
        lines = [f"{_title(record.variant)} Brag ({record.format}), {len(record.players)} "
                 f"players, {record.dealer} deals"]
        lines.append("Rules: " + _rules_text(record))
        width = max(len(name) for name in record.players)
        lines.append("Seats:")
        for name, stack in zip(record.players, record.stacks, strict=True):
            note = "  (dealer)" if name == record.dealer else ""
            if record.retained and name in record.retained:
                note += "  (holds a blind hand from the last deal, rule R1)"
                if record.rules.retained_blind == "face-up":
                    face_up = self.deal.start.hands[name]
                    note += f"; dealt {format_cards(face_up)} face up (rule R3)"
            lines.append(f"  {name:<{width}}  {stack:>6}{note}")
        carried = f", {record.carried_pot} carried from the last deal" if record.carried_pot else ""
        lines.append(f"Antes: pot {self.antes}{carried}")
        if record.actions:
            lines.append("Actions:")
            texts = list(self.action_words)
            text_width = max(len(t) for t in texts)
            for number, (text, pot) in enumerate(zip(texts, self.pots, strict=True), 1):
                lines.append(f"  {number:>3}. {text:<{text_width}}  pot {pot}")
        lines += self._outcome()
        return "\n".join(lines)

    @property
    def _showdown(self) -> bool:
        actions = self.record.actions
        return bool(actions) and actions[-1].verb is Verb.SHOWDOWN

    def _ending(self) -> str:
        """How the betting ended (rule B10)."""
        actions = self.record.actions
        last = actions[-1] if actions else None
        if last is None:
            return "The deal ended before any action."
        if last.verb is Verb.SEE:
            seen = f" {self._seen}" if self._seen else ""
            rule = "BL4" if self._seer_blind else "B9" if self.record.rules.see_cost == "single" \
                else "B6"
            return f"{last.player} pays {last.amount} to see{seen} (rule {rule}):"
        if last.verb is Verb.SHOWDOWN:
            return "Showdown: every hand still in is shown (rule B8):"
        if last.verb is Verb.COVER:
            return f"{last.player} covers the pot with their last {last.amount} (rule M3):"
        if self.result.retained is not None or self.result.carried_pot:
            return "Everyone else folded against a blind player (rule BL3)."
        return "Everyone else folded (rule B5)."

    def _outcome(self) -> list[str]:
        deal, record = self.deal, self.record
        if not deal.over:
            return [f"The deal is not over: {deal.to_act} to act, pot {deal.pot}."]
        result = self.result
        lines = [self._ending()]
        for op in self.outcome:
            if isinstance(op, HandShown) and (words := describe(op)) is not None:
                lines.append(f"  {words}")  # named by its record (D8)
        for action in record.actions[:-1]:
            if action.verb is Verb.COVER:
                lines.append(f"  {action.player} had covered the pot: the pot under their cards "
                             "goes to the better of their hand and the later ones (rule M2)")
        split = " (a split pot, rule B8)" if len(result.winners) > 1 and self._showdown else ""
        for op in self.outcome:
            if isinstance(op, HandShown) or (words := describe(op)) is None:
                continue
            lines.append(words + (split if isinstance(op, PotAwarded) else ""))
        lines.append("Stacks after the deal:")
        width = max(len(name) for name in record.players)
        for name, before in zip(record.players, record.stacks, strict=True):
            after = result.stacks[name]
            lines.append(f"  {name:<{width}}  {after:>6}  ({after - before:+d})")
        lines.append("The next deal is " + ("shuffled (rule D4)" if result.shuffle_next
                                            else "not shuffled (rule D4)"))
        if result.next_pack is not None:
            top = format_cards(result.next_pack.peek(9))  # the record's spelling
            lines.append(f"Next pack, top first (rule D5): {top} …")
        return lines


def _per_action(operations: tuple[Operation, ...], moves: list[int]) -> list[list[Operation]]:
    """The log cut at each record action: the records its ``moves`` engine actions wrote, and
    what they set off, up to the next action's first record."""
    groups: list[list[Operation]] = []
    left = 0
    for op in operations:
        if isinstance(op, Acted):
            if left == 0:
                if len(groups) == len(moves):
                    break
                left = moves[len(groups)]
                groups.append([])
            left -= 1
        if groups:
            groups[-1].append(op)
    return groups


def _last_pot(operations: tuple[Operation, ...], before: int) -> int:
    """The pot just after the last action: once the deal is over the engine's pot is what is
    carried forward, so it is the pot before that action plus what it paid."""
    last = next(op for op in reversed(operations) if isinstance(op, Acted))
    return before if last.action.verb is Verb.TOPUP else before + last.paid


def _title(variant: str) -> str:
    return variant.replace("-", " ").capitalize().replace("card", "Card")


def _rules_text(record: DealRecord) -> str:
    """The stakes always, then every other option that differs from RULES.md's defaults."""
    rules = record.rules
    options = rules.to_dict()
    for key in ("cards", "ante", "min_bet", "max_bet"):
        options.pop(key, None)
    top = "no maximum" if rules.max_bet is None else f"max bet {rules.max_bet}"
    text = f"ante {rules.ante}, min bet {rules.min_bet}, {top}"
    for key, value in options.items():
        text += f", {key.replace('_', ' ')} {_plain(value)}"
    return text


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def replay_document(document: Mapping[str, Any]) -> DealReplay:
    """Replay a parsed ``bhh/1`` document: the reader registered for ``bragkit replay``."""
    return DealReplay(DealRecord.from_document(document))


def deal_steps(record: DealRecord, number: int = 1) -> DealSteps[Deal]:
    """A record's deal to play again an action at a time (:class:`~bragkit.records.DealSteps`):
    each action as :func:`apply_numbered` plays it (a ``showdown`` is every agreement, B8).

    >>> from bragkit.games.three_card.notation import read_bhh
    >>> steps = deal_steps(read_bhh('''format = "bhh/1"
    ... players = ["Ann", "Bob", "Cy"]
    ... dealer = "Cy"
    ... stacks = [20, 20, 20]
    ... actions = ["Ann bet 2", "Bob bet 2", "Cy bet 2", "showdown"]
    ... [cards]
    ... hands = { Ann = "Qh Qs 4d", Bob = "As Tc 2d", Cy = "3c 5d 9s" }
    ... '''))
    >>> deal = steps.start()
    >>> for number in range(1, steps.count + 1):
    ...     steps.play(deal, number)
    >>> steps.count, deal.over, deal.result.winners
    (4, True, {'Ann': 9})
    """
    actions = record.actions

    def play(deal: Deal, index: int) -> None:
        apply_numbered(deal, index, actions[index - 1])

    return DealSteps(number=number, game=record.variant, count=len(actions),
                     start=record.start, play=play)


def _steps(document: Mapping[str, Any]) -> tuple[DealSteps[Deal]]:
    return (deal_steps(DealRecord.from_document(document)),)


def _write(record: DealRecord | Deal) -> str:
    return write_bhh(record if isinstance(record, DealRecord) else DealRecord.from_deal(record))


register("bhh", replay_document, read=read_bhh, write=_write, writes=(DealRecord, Deal),
         steps=_steps)
