"""Teen Patti, Brag's Indian cousin (rules TP1–TP8): boot, blind and seen chaal, show, sideshow.

Every player puts the boot in the pot (TP2) and is dealt three cards face down (D6); everyone
starts blind. Betting goes round from the dealer's left (TP3): a blind player chaals 1× to 2× the
stake (``"Ann blind 2"``), a seen player 2× to 4× (``"Ann bet 4"``, even amounts only), and the
stake is kept in blind terms. A player may look at their own turn (``"Ann look"``) and pack
(``"Ann fold"``) at any turn. With two left the player to act may ask for a show (``"Ann show"``,
TP4); with three or more, a seen player may pay their chaal and ask the previous player for a
sideshow (``"Ann sideshow"``), which that player accepts or declines (``"Bob accept"``,
``"Bob decline"``): the engine waits for the answer, and :meth:`TeenPatti.timeout_action` is the
decline a table's turn timer plays (TP5). The pot, blind and chaal limits (TP6), no carried pots
or covers (TP7) and the variants classic, Muflis, AK47 and joker (TP8) are
:class:`~bragkit.games.teen_patti_rules.TeenPattiRules` options.

>>> deal = TeenPatti(players=["Ann", "Bob", "Cy"], dealer="Cy", stacks=[50, 50, 50],
...                  hands={"Ann": "As Ah 2c", "Bob": "Ks Qs Js", "Cy": "9d 7c 4h"})
>>> deal.to_act, deal.stake, deal.money.pots["pot"]        # three boots of 1 (TP2)
('Ann', 1, 3)
>>> [str(o) for o in deal.legal_actions("Ann")]
['Ann fold', 'Ann blind 1..2', 'Ann look']
>>> for text in ["Ann blind 2", "Bob look", "Bob bet 4", "Cy look"]:
...     deal.apply(text)
>>> deal.stake, [str(o) for o in deal.legal_actions("Cy")]   # Bob's seen 4 is a stake of 2
(2, ['Cy fold', 'Cy bet (1 of 3)', 'Cy sideshow 4'])
>>> deal.apply("Cy sideshow")                          # Cy pays 4 and asks Bob (TP5)
>>> deal.to_act, [str(o) for o in deal.legal_actions("Bob")]
('Bob', ['Bob accept', 'Bob decline'])
>>> deal.apply("Bob accept")                           # Bob's pure sequence beats Cy's high card
>>> deal.in_play, deal.to_act
(('Ann', 'Bob'), 'Ann')
>>> deal.view("Bob").cards["Cy"], deal.view("Ann").cards["Cy"]   # seen by those two only
((Card('9d'), Card('7c'), Card('4h')), (None, None, None))
>>> deal.apply("Ann show")                             # blind: the show costs the stake, 2
>>> deal.over, deal.winners                            # 3 boots + 2 + 4 + 4 + 2
(True, {'Bob': 15})
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import IllegalActionError
from bragkit.games.protocol import Operation, Pending
from bragkit.games.registry import Ante, GameInfo
from bragkit.games.stake_game import StakeFold, StakeGame, Verdict
from bragkit.games.stake_operations import (
    acted,
    phase_started,
    posted,
    revealed,
    shown,
)
from bragkit.games.stake_pack import randbelow
from bragkit.games.stake_session import StakeDealing
from bragkit.games.stakes import option, split_evenly
from bragkit.games.teen_patti_menus import seen_chaal, turn_menu
from bragkit.games.teen_patti_operations import (
    PHRASES,
    Compared,
    SideshowAsked,
    SideshowLost,
    joker_turned,
)
from bragkit.games.teen_patti_rules import TeenPattiRules
from bragkit.games.teen_patti_views import TeenPattiFold
from bragkit.records import dump

__all__ = ["GAMES", "VERBS", "TeenPatti"]

BETTING = "betting"
SIDESHOW = "sideshow"
OVER = "over"

_FOLD: Final = Verb.FOLD
_BLIND: Final = Verb.BLIND
_BET: Final = Verb.BET
_LOOK: Final = Verb.LOOK
_SHOW: Final = Verb.SHOW
_SIDESHOW: Final = Verb.SIDESHOW
_ACCEPT: Final = Verb.ACCEPT
_DECLINE: Final = Verb.DECLINE
#: The verbs of Teen Patti: pack (fold), chaal (blind, bet), look, show, sideshow and its answer.
VERBS: Final = frozenset((_FOLD, _BLIND, _BET, _LOOK, _SHOW, _SIDESHOW, _ACCEPT, _DECLINE))
_DEFAULT_RULES: Final = TeenPattiRules()
_BETTING_STARTED: Final = phase_started(BETTING)


#: A table's seats: each seat's followers clockwise from the next (TP3), and the records of the
#: boots from the dealer's left (TP2). Read, never changed: shared by every deal at the table.
_Seating = tuple[dict[str, tuple[str, ...]], tuple[Operation, ...]]
#: The limits of TP6 in chips (the most a chaal may be, the most an even, seen, chaal may be,
#: the pot's cap, the blind turns before a look) and each table of a rules object's deals, kept
#: by the object's identity: a frozen rules object's own hash is Python code over its fields,
#: slower than what it finds (the registry hands every deal of the same choices one object).
_TABLES: dict[int, tuple[TeenPattiRules, tuple[int, int, int | None, int],
                         dict[tuple[str, ...], _Seating]]] = {}


def _table(rules: TeenPattiRules, order: tuple[str, ...]
           ) -> tuple[tuple[int, int, int | None, int], _Seating]:
    """The limits of ``rules`` and the seating of a deal dealt in ``order``, made once for
    each; a table whose boots reach the pot limit is refused first (TP6: never kept)."""
    kept = _TABLES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        most = rules.max_chaal
        kept = _TABLES[id(rules)] = (rules, (most, most - most % 2, rules.pot_cap,
                                             rules.blind_limit), {})
    seating = kept[2].get(order)
    if seating is None:
        rules.check_table(len(order))  # rule TP6: the boots never end a deal
        boot = rules.boot
        seating = ({p: order[i + 1:] + order[:i] for i, p in enumerate(order)},
                   (phase_started("boot"), *(posted(p, boot, "pot", "boot") for p in order)))
        if len(kept[2]) >= 64:
            kept[2].clear()
        kept[2][order] = seating
    return kept[1], seating


class TeenPatti(StakeGame[TeenPattiRules]):
    """One deal of Teen Patti (rules TP1–TP8), set up as every stake game is
    (:class:`~bragkit.games.stake_game.StakeGame`).

    [decisions] A player who cannot pay the least chaal may only ask for a show (two left) or
    pack (TP7); a show costs at most what the asker has left. Where the chaal limit (TP6) is
    below a seen player's least chaal, the limit is the chaal, and a chaal at the limit never
    lowers the stake. A pot that merely reaches its cap (TP6) plays on; a chaal that would take
    it past the cap is cut there and every remaining hand is shown, and a show's price is cut the
    same way (the menu offers the price charged). A table whose boots alone reach the cap is
    refused (a :class:`RulesError`), so no deal ends before anyone acts. The sideshow costs the
    seen player's least chaal; the previous player still in must be seen.
    """

    def record_text(self) -> str | None:
        """The finished deal as a ``teen-patti/1`` record (None while it is under way)."""
        return dump(self) if self.over else None

    game: ClassVar[str] = "teen-patti"
    VERBS: ClassVar[frozenset[Verb]] = VERBS
    MENU: ClassVar[tuple[Verb, ...]] = (_FOLD, _BLIND, _BET, _SHOW, _SIDESHOW, _LOOK)
    RULE: ClassVar[str] = "TP3"
    SEATS: ClassVar[tuple[int, int]] = (2, 17)
    SEATS_RULE: ClassVar[str] = "TP1"
    #: The joker variant's turned card (TP8): the class's None where a deal has none, so its
    #: attributes stay under the 30 names Python shares between objects (faster look-ups).
    turned: Card | None = None

    @classmethod
    def default_rules(cls) -> TeenPattiRules:
        """The defaults of TP1–TP8 (one frozen object, shared)."""
        return _DEFAULT_RULES

    def _start(self) -> None:
        """Rules TP2 and D6: the boots, three cards each face down from the dealer's left,
        everyone blind; TP8: the joker variant's turned card."""
        rules = self.rules
        order = self.deal_order
        self._limits, (self._after, boots) = _table(rules, order)  # checks the table (TP6)
        boot, stacks = rules.boot, self.money.stacks
        if min(stacks.values()) < boot:
            rules.check_boots(stacks)  # rule TP2: top up or leave first
        self.stake = boot
        self.looked: set[str] = set()
        self.blind_turns: dict[str, int] = dict.fromkeys(self.players, 0)
        self.playing: list[str] = list(order)
        self.sideshow: tuple[str, str] | None = None
        self.showdown: list[tuple[str, str]] = []
        self._phase = BETTING
        self._turn: str | None = order[0]
        for player in order:  # rule TP2: the boots (every stack holds one, checked above)
            stacks[player] -= boot
        self.money.pots["pot"] += boot * len(order)
        self._ops += boots
        self._deal_round(3, owner_sees=False)  # rule TP2: blind until they look
        if rules.variant == "joker":
            self.turned = self._take_card()
            self.face_up.add(self.turned)
            self._ops.append(joker_turned(self.turned))
        self._ops.append(_BETTING_STARTED)

    # -- state ------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"betting"``, ``"sideshow"`` (an answer is awaited) or ``"over"``."""
        return self._phase

    def _turn_now(self) -> tuple[str | None, str]:
        return self.sideshow[1] if self.sideshow is not None else self._turn, self._phase

    @property
    def in_play(self) -> tuple[str, ...]:
        """The players still in, from the dealer's left."""
        return tuple(self.playing)

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return self.money.pots["pot"]

    def sees_own(self, viewer: str) -> bool:
        """A player sees their own cards once they have looked (TP2, BL6)."""
        return viewer in self.looked

    def is_seen(self, player: str) -> bool:
        """Whether ``player`` has looked (a *seen* player, TP3)."""
        return player in self.looked

    @property
    def wild(self) -> frozenset[int]:
        """The wild cards (TP8): AK47's, every card of the turned card's rank, or none."""
        return self.rules.wild(self.turned)

    def strength(self, player: str) -> int:
        """How ``player``'s hand compares in this variant: higher wins (TP1, TP8)."""
        return self.rules.strength(self.hands[player], self.wild)

    def previous(self, player: str) -> str:
        """The previous player still in before ``player`` (anticlockwise, TP5)."""
        return self.playing[self.playing.index(player) - 1]

    def _next_after(self, player: str) -> str:
        """The next player still in after ``player``'s seat (TP3), ``player`` in or out."""
        playing = self.playing
        for seat in self._after[player]:  # a loop, not next() of a generator: every chaal
            if seat in playing:
                return seat
        raise AssertionError("nobody left to play")  # pragma: no cover (the deal has ended)

    # -- amounts ----------------------------------------------------------------------------
    def blind_range(self, player: str) -> tuple[int, int]:
        """A blind chaal's least and most: 1× to 2× the stake (TP3), at most the chaal limit
        (TP6) and the player's stack."""
        stake, most, left = self.stake, self._limits[0], self.money.stacks[player]
        high = 2 * stake if 2 * stake < most else most  # (not min(): slower, every menu)
        return stake, high if high < left else left

    def seen_range(self, player: str) -> tuple[int, int]:
        """A seen chaal's least and most: 2× to 4× the stake (TP3), even, at most the chaal
        limit (TP6, which is the least where it is lower) and the player's stack."""
        stake, limit, left = self.stake, self._limits[1], self.money.stacks[player]
        top = 4 * stake if 4 * stake < limit else limit  # (as blind_range: not min())
        top = top if top < left else left
        return 2 * stake if 2 * stake < limit else limit, top - top % 2

    def show_cost(self, player: str) -> int:
        """A show's price (TP4): the stake for a blind asker, twice it for a seen one, at most
        what the asker has left (TP7 [decision]) and what the pot holds short of its cap (TP6
        [decision]): the price the show is charged."""
        cost, left = (2 if player in self.looked else 1) * self.stake, self.money.stacks[player]
        cost, cap = cost if cost < left else left, self._limits[2]  # (as blind_range: not min())
        room = cost if cap is None else cap - self.money.pots["pot"]  # the pot's room (TP6)
        return cost if cost < room else room

    # -- the one verifier -------------------------------------------------------------------
    def _verify(self, player: str, verb: Verb) -> Verdict:
        """Every rule of a turn: the sideshow's answer (TP5), turn order (TP3), looking (TP2),
        the chaal (TP3, TP6, TP7), the show (TP4) and the sideshow (TP5)."""
        pending = self.sideshow
        if pending is not None:
            asker, asked = pending
            if player != asked:
                return IllegalActionError(f"{asked} must first answer {asker}'s sideshow",
                                          rule="TP5")
            if verb is _ACCEPT or verb is _DECLINE:
                return (option(player, verb),)
            return IllegalActionError(f"{player} must accept or decline {asker}'s sideshow",
                                      rule="TP5")
        if verb is _ACCEPT or verb is _DECLINE:
            return IllegalActionError("no sideshow has been asked for", rule="TP5")
        if player not in self.playing:
            return IllegalActionError(f"{player} has packed", rule="TP3")
        if player != self._turn:
            rule = "TP2" if verb is _LOOK else "TP3"
            return IllegalActionError(f"it is {self._turn}'s turn, not {player}'s", rule=rule)
        if verb is _FOLD:
            return (option(player, verb),)
        seen = player in self.looked
        if verb is _LOOK:
            if seen:
                return IllegalActionError(f"{player} has already looked", rule="TP2")
            return (option(player, verb),)
        limit = self._limits[3]
        if not seen and limit and self.blind_turns[player] >= limit and verb is not _SIDESHOW:
            return IllegalActionError(f"{player} has played {limit} blind turns and must look",
                                      rule="TP6")
        if verb is _BLIND:
            if seen:
                return IllegalActionError(f"{player} has looked: a seen chaal is 'bet'",
                                          rule="TP3")
            low, high = self.blind_range(player)
            if high < low:
                return IllegalActionError(f"{player} cannot pay the least chaal of {low}",
                                          rule="TP7")
            return (option(player, verb, low, high),)
        if verb is _BET:
            if not seen:
                return IllegalActionError(f"{player} has not looked: a blind chaal is 'blind'",
                                          rule="TP3")
            low, high = self.seen_range(player)
            if high < low:
                return IllegalActionError(f"{player} cannot pay the least chaal of {low}",
                                          rule="TP7")
            return (seen_chaal(player, low, high),)
        if verb is _SHOW:
            return self._verify_show(player, seen)
        if verb is _SIDESHOW:
            return self._verify_sideshow(player, seen)
        return IllegalActionError(f"{verb} is not a move of Teen Patti", rule="TP3")

    def _verify_show(self, player: str, seen: bool) -> Verdict:
        if len(self.playing) != 2:
            return IllegalActionError(f"a show needs exactly two players left, not "
                                      f"{len(self.playing)}", rule="TP4")
        other = self.previous(player)
        if seen and other not in self.looked and not self.rules.seen_may_show_blind:
            return IllegalActionError(f"{player} is seen and may not ask blind {other} for a "
                                      "show", rule="TP4")
        return (option(player, _SHOW, None, None, self.show_cost(player)),)

    def _verify_sideshow(self, player: str, seen: bool) -> Verdict:
        if not self.rules.sideshow:
            return IllegalActionError("this table plays without sideshows", rule="TP5")
        if len(self.playing) < 3:
            return IllegalActionError("a sideshow needs three or more players left: ask for a "
                                      "show", rule="TP5")
        if not seen:
            return IllegalActionError(f"{player} is blind: only a seen player may ask for a "
                                      "sideshow", rule="TP5")
        other = self.previous(player)
        if other not in self.looked:
            return IllegalActionError(f"{other} is blind: a sideshow is asked of a seen player",
                                      rule="TP5")
        low, high = self.seen_range(player)
        if high < low:
            return IllegalActionError(f"{player} cannot pay the chaal of {low}", rule="TP7")
        return (option(player, _SIDESHOW, None, None, low),)

    #: What the verifier allows the player to act of every verb, made in one pass (TP2-TP7).
    _turn_options = turn_menu

    def _misfit(self, action: Action, options: Sequence[LegalAction]) -> IllegalActionError:
        only = options[0]
        if only.min_amount is not None and action.amount is not None:
            if action.verb is _BET and action.amount % 2:
                return IllegalActionError(f"a seen chaal is an even amount, not {action.amount}",
                                          rule="TP3")
            player = str(action.player)
            if action.amount > self.money.stacks[player] and action.amount >= only.min_amount:
                return IllegalActionError(f"{player} has only {self.money.stacks[player]} "
                                          "left: no covers", rule="TP7")
            if self.rules.max_chaal < action.amount <= (
                    4 if action.verb is _BET else 2) * self.stake:
                return IllegalActionError(f"a chaal is at most {self.rules.max_chaal}",
                                          rule="TP6")
            return IllegalActionError(f"{action.player}'s chaal is {only.min_amount} to "
                                      f"{only.max_amount}, not {action.amount}", rule="TP3")
        return super()._misfit(action, options)

    def pending(self) -> Pending | None:
        """The sideshow asked and not yet answered (TP5): who asked, and who must answer."""
        if self.sideshow is None:
            return None
        asker, asked = self.sideshow
        return Pending(kind="sideshow", rule="TP5", asked=(asked,), by=asker)

    def timeout_action(self, player: str | None = None) -> Action | None:
        """What a table's turn timer plays for the player to act: decline a pending sideshow
        (TP5), otherwise pack; ``None`` once the deal is over.

        >>> deal = TeenPatti(players=["Ann", "Bob"], dealer="Bob", stacks=[9, 9], rng=1)
        >>> deal.timeout_action()
        Action.parse('Ann fold')
        """
        to_act = self.to_act
        if to_act is None or player not in (None, to_act):
            return None
        return Action(player=to_act, verb=_DECLINE if self.sideshow is not None else _FOLD)

    # -- moves ------------------------------------------------------------------------------
    def _do(self, action: Action) -> None:
        player, verb = str(action.player), action.verb  # (the commonest verbs first)
        if verb is _FOLD:
            self._ops.append(acted(action, 0, PHRASES))
            self._pack(player, "everyone else packed")
        elif verb is _BLIND or verb is _BET:
            assert action.amount is not None
            self._chaal(action, player, action.amount)
        elif verb is _LOOK:
            self.looked.add(player)
            self._ops += (acted(action, 0, PHRASES), revealed(player, tuple(self.hands[player])))
        elif verb is _SIDESHOW:
            if self._chaal(action, player, self.seen_range(player)[0]):  # least seen chaal (TP5)
                other = self.previous(player)
                self.sideshow = (player, other)
                self._phase = SIDESHOW
                self._ops.append(SideshowAsked(asker=player, asked=other))
        elif verb is _SHOW:
            self._show(action)
        else:
            self._answer(action)

    def _chaal(self, action: Action, player: str, amount: int) -> bool:
        """A chaal (TP3): pay, set the stake in blind terms, pass the turn; ``False`` when the
        pot reached its cap and the hands were shown (TP6)."""
        seen = player in self.looked
        pots = self.money.pots
        cap = self._limits[2]  # the pot's room (TP6 [decision]: a pot reaching it is not cut)
        room = amount if cap is None else cap - pots["pot"]
        paid = amount if amount <= room else room
        self.money.stacks[player] -= paid  # the menu's amount: at most the stack (TP7)
        pots["pot"] += paid
        self._ops.append(acted(action, paid, PHRASES))
        if not seen:
            self.blind_turns[player] += 1
        stake = amount // 2 if seen else amount
        if stake > self.stake:
            self.stake = stake
        if paid < amount:
            self._showdown("the pot reached its limit")  # rule TP6: a chaal past the cap
            return False
        playing = self.playing
        for seat in self._after[player]:  # _next_after, inlined
            if seat in playing:
                self._turn = seat
                break
        return True

    def _pack(self, player: str, reason: str) -> None:
        """``player`` leaves the deal; the last player in takes the pot (TP7: never carried)."""
        playing = self.playing
        playing.remove(player)
        if len(playing) == 1:
            self._end(split={playing[0]: self.pot}, reason=reason)
        elif self._turn == player:  # (the seats after theirs are the same without them)
            self._turn = self._next_after(player)

    def _show(self, action: Action) -> None:
        """Rule TP4: both hands shown; the better wins, a tie against the asker."""
        player = str(action.player)
        other = self.previous(player)
        paid = self.show_cost(player)  # cut to the pot's room already (TP6)
        self.money.pay(player, paid, "pot")
        self._ops.append(acted(action, paid, PHRASES))
        theirs, mine = self._reveal((other, player))
        winner = player if mine > theirs else other
        self._end(split={winner: self.pot},
                  reason="a tie goes against the asker" if mine == theirs else "the show")

    def _answer(self, action: Action) -> None:
        """Rule TP5: an accepted sideshow compares privately, the weaker (on a tie the asker)
        packs; a declined one changes nothing. Either way play goes on after the asker."""
        assert self.sideshow is not None
        asker, asked = self.sideshow
        self.sideshow = None
        self._phase = BETTING
        self._ops.append(acted(action, 0, PHRASES))
        if action.verb is _DECLINE:
            return
        rules, asker_cards, asked_cards = self.rules, self.hands[asker], self.hands[asked]
        ranks = rules.rank(asker_cards, self.wild), rules.rank(asked_cards, self.wild)
        self._ops.append(Compared(
            asker=asker, asked=asked, asker_cards=tuple(asker_cards),
            asked_cards=tuple(asked_cards), asker_worth=str(ranks[0]), asked_worth=str(ranks[1])))
        loser, winner = ((asked, asker) if rules.strength_of(ranks[0]) > rules.strength_of(ranks[1])
                         else (asker, asked))
        self._ops.append(SideshowLost(player=loser, winner=winner))
        self._pack(loser, "everyone else packed")

    def _reveal(self, players: Sequence[str]) -> list[int]:
        """Show the hands of ``players``; their strengths, in order (each hand ranked once)."""
        rank, strength_of, strengths, wild = self.rules.rank, self.rules.strength_of, [], self.wild
        for player in players:
            cards = tuple(self.hands[player])
            hand = rank(cards, wild)
            worth = str(hand)
            self.shown[player] = cards
            self.showdown.append((player, worth))
            self._ops.append(shown(player, cards, worth))
            strengths.append(strength_of(hand))
        return strengths

    def _showdown(self, reason: str) -> None:
        """Rule TP6: every remaining hand shown, the best wins, exact ties split (odd chips
        from the dealer's left)."""
        contenders = list(self.playing)
        strengths = self._reveal(contenders)
        top = max(strengths)
        tied = [p for p, strength in zip(contenders, strengths, strict=True) if strength == top]
        self._end(split=split_evenly(self.pot, tied), reason=reason)

    def _end(self, *, split: dict[str, int], reason: str) -> None:
        self._phase = OVER
        self._turn = None
        self.sideshow = None
        self._award("pot", split, reason)

    # -- views ------------------------------------------------------------------------------
    def _stake_levels(self) -> dict[str, int]:
        return {} if self._phase == OVER else {"stake": self.stake}

    def _in_play(self) -> tuple[str, ...]:
        return tuple(self.playing)

    def _fold_stakes(self, folded: StakeFold, log: Sequence[Operation]) -> dict[str, int]:
        """The stake (TP3) while the deal is on."""
        return {} if folded.phase == OVER else {"stake": TeenPattiFold(self.rules, log).stake}

    def _fold_in_play(self, folded: StakeFold, log: Sequence[Operation]) -> tuple[str, ...]:
        """The players still in, from the dealer's left: not packed, nor lost a sideshow."""
        lost = TeenPattiFold(self.rules, log).lost
        return tuple(p for p in self.deal_order if p in folded.in_play and p not in lost)

    def _fold_extra(self, viewer: str | None, folded: StakeFold,
                    log: Sequence[Operation]) -> dict[str, Any]:
        """The boot and variant (the rules), the stake and blind chaals (TP3), who is seen,
        the turned card (TP8) and a sideshow awaiting its answer (TP5), from the log."""
        return TeenPattiFold(self.rules, log).extra(self.players, folded.lookers,
                                                   over=folded.phase == OVER)


def _start_game(players: Sequence[str], rules: TeenPattiRules, rng: random.Random) -> TeenPatti:
    """A deal for the registry: 100 boots each (at least 100 chips), the dealer cut at random
    (D3)."""
    stack = max(100, 100 * rules.boot)
    return TeenPatti(rules, players=players, dealer=players[randbelow(rng, len(players))],
                     stacks=[stack] * len(players), rng=rng, own_rng=True)


def _boot(rules: TeenPattiRules) -> int:
    return rules.boot


def _boot_at(rules: TeenPattiRules, boot: int) -> TeenPattiRules:
    return dataclasses.replace(rules, boot=boot)


#: The games this module plays, for the registry (:mod:`bragkit.games.registry`).
GAMES: Final = (
    GameInfo(name="teen-patti", title="Teen Patti",
             summary="boot, blind and seen chaal, show and sideshow; Muflis, AK47 and joker "
                     "variants (rules TP1-TP8)",
             rules=TeenPattiRules, start=_start_game, seats=TeenPatti.SEATS,
             record_format="teen-patti", aliases=("teenpatti", "3-patti", "three-patti", "flash"),
             presets={"muflis": {"variant": "muflis"}, "ak47": {"variant": "ak47"},
                      "teen-patti-joker": {"variant": "joker"}},
             dealing=functools.partial(StakeDealing, TeenPatti),
             bots="bragkit.games.teen_patti_bots", picture="stake",
             preset_titles={"muflis": "Teen Patti: Muflis", "ak47": "Teen Patti: AK47",
                            "teen-patti-joker": "Teen Patti with a joker"},
             preset_summaries={
                 "muflis": "the lowest hand wins: every comparison reversed (TP8)",
                 "ak47": "every ace, king, four and seven is wild (TP8)",
                 "teen-patti-joker": "a card turned after the deal: every card of its rank is "
                                     "wild (TP8)"},
             verb_names={_BET: "chaal", _BLIND: "blind chaal", _FOLD: "pack"},  # TP3
             out_word="packed",  # TP3: a player who leaves the deal packs
             ante=Ante(name="boot", of=_boot, at=_boot_at, cost=_boot)),  # TP2
)
