"""The keys of the one table screen, from the shapes of the legal actions (rules B2, BL1, F1,
P3, N4, C2, C5, S4): :func:`controls` and the cards the player picks, :class:`Picker`.

Every game's menu is a list of :class:`~bragkit.actions.LegalAction`; a control is one verb of
it with the options it allows, and what the key asks for follows from their shape alone, never
from the game's name:

* ``plain`` — one action (``fold``, ``call 3``, ``see 4``, ``crash``, ``stand``): the key plays it;
* ``amount`` — a range of amounts (``bet 1..10``, ``raise 1..90``), or a list of them (Teen
  Patti's seen chaals, even amounts only, TP3: ``chaal 8, 10, 12``): a prompt for the amount;
* ``hand`` — a choice of hand (``look old``/``look new``, R2): a prompt;
* ``cards`` — cards to name (a discard, F1; a Brag Poker draw, P3; a set to play, N4): pick the
  cards, then press the key;
* ``sets`` — the hand sorted into sets (a Crash arrangement, C2): pick a set's cards and press
  ``m`` for each set, then the key.

>>> from bragkit.actions import LegalAction, Verb
>>> menu = [LegalAction(player="Ann", verb=Verb.DROP),
...         LegalAction(player="Ann", verb=Verb.CALL, cost=3),
...         LegalAction(player="Ann", verb=Verb.RAISE, min_amount=1, max_amount=90)]
>>> [(c.key, c.label, c.kind) for c in controls(menu)]
[('f', 'drop', 'plain'), ('c', 'call 3', 'plain'), ('r', 'raise 1..90', 'amount')]

A game that calls a verb otherwise names it so (``names``, the registry's
:meth:`~bragkit.games.registry.GameInfo.verb_name`: Teen Patti's *chaal*, TP3), and
:meth:`Control.example` is a move of the menu as it is typed at the ``:`` prompt.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from bragkit.actions import Action, LegalAction, Verb
from bragkit.cards import Card
from bragkit.errors import BragError

__all__ = ["KEYS", "RESERVED", "Control", "Picker", "controls"]

Kind = Literal["plain", "amount", "hand", "cards", "sets"]

#: The keys each verb prefers, the three-card screen's first (B2, BL1, B6, M2, M1, F1, R2, B8;
#: S2, S4, P2, P3; N4; C2, C5; TP4, TP5); a verb takes the first of its keys no other verb has
#: taken.
KEYS: Final[dict[Verb, tuple[str, ...]]] = {
    Verb.LOOK: ("l",), Verb.FOLD: ("f",), Verb.DROP: ("f",), Verb.BLIND: ("b",),
    Verb.BET: ("b", "o"), Verb.SEE: ("s",), Verb.COVER: ("c", "v"), Verb.TOPUP: ("t",),
    Verb.DISCARD: ("d",), Verb.DRAW: ("d", "w"), Verb.KEEP: ("k",), Verb.THROW: ("x",),
    Verb.AGREE: ("a",), Verb.SHOWDOWN: ("a", "e"), Verb.CHECK: ("k", "h"),
    Verb.CALL: ("c", "v"), Verb.RAISE: ("r",), Verb.STAND: ("s", "j"), Verb.PLAYS: ("p",),
    Verb.ARRANGES: ("p",), Verb.CRASH: ("c", "z"), Verb.PASS: ("x", "i"),
    Verb.SHOW: ("e", "w"), Verb.SIDESHOW: ("y", "j"), Verb.ACCEPT: ("a", "y"),
    Verb.DECLINE: ("x", "i"),
}

#: The keys a verb with none of its own free takes, before any digit (digits pick cards).
_SPARE: Final = "yjiwoezvh123456789"

#: Keys the screen keeps for itself (cards are picked with digits, arrows and space).
RESERVED: Final = frozenset("gmunq")


@dataclass(frozen=True, kw_only=True, slots=True)
class Control:
    """One verb of the menu, its key, a label, and what the key asks for (its ``kind``)."""

    key: str
    verb: Verb
    label: str
    kind: Kind
    options: tuple[LegalAction, ...]
    word: str = ""  #: the game's word for the verb (its value unless the game says otherwise)

    @property
    def amounts(self) -> str:
        """The amounts an ``amount`` control allows, as a person reads them: ``1..10``, or
        those listed (``2 or 4``; ``8, 10 … 16, even``).

        >>> from bragkit.actions import Action
        >>> option = LegalAction(player="Ann", verb=Verb.BET, min_amount=2, max_amount=4,
        ...                      choices=[Action(player="Ann", verb=Verb.BET, amount=n)
        ...                               for n in (2, 4)])
        >>> Control(key="b", verb=Verb.BET, label="", kind="amount", options=(option,)).amounts
        '2 or 4'
        """
        listed = [o.choices for o in self.options if o.choices is not None]
        if not listed:
            low, high = self.least, self.most
            return f"{low}" if low == high else f"{low}..{'' if high is None else high}"
        amounts = sorted({a.amount for choices in listed
                          for a in itertools.islice(choices, 1_000) if a.amount is not None})
        if len(amounts) <= 5:
            return " or ".join(filter(None, (", ".join(map(str, amounts[:-1])),
                                             str(amounts[-1]))))
        step = amounts[1] - amounts[0]
        every = "even" if step == 2 and amounts[0] % 2 == 0 else f"in steps of {step}"
        return f"{amounts[0]}, {amounts[1]} … {amounts[-1]}, {every}"

    def example(self, seen: Collection[Card] = ()) -> str | None:
        """One move of this control as typed at the ``:`` prompt, without the player's name:
        the least amount, the first hand, the first choice listed (``bet 1``, ``look old``,
        ``plays Qs Qh Qd``); None where that choice names a card not in ``seen`` (the cards
        the player may see: never a blind hand's, BL6)."""
        first = self.options[0]
        if self.kind == "amount":
            action = first.action(self.least)
        elif first.choices is not None and len(first.choices):
            action = first.choices[0]
            if not {*action.cards, *(c for s in action.sets for c in s)} <= set(seen):
                return None
        else:
            action = first.action()
        return str(action).split(" ", 1)[1] if action.player else str(action)

    @property
    def least(self) -> int | None:
        """The least amount of an ``amount`` control."""
        return min((o.min_amount for o in self.options if o.min_amount is not None),
                   default=None)

    @property
    def most(self) -> int | None:
        """The greatest amount (None: no limit)."""
        if any(o.max_amount is None for o in self.options):
            return None
        return max(o.max_amount for o in self.options if o.max_amount is not None)

    def answer(self, text: str) -> Action:
        """The action a prompt's answer ``text`` makes of this control (a hand's name, or an
        amount: Enter alone is the least); :class:`BragError` saying what was wanted else."""
        if self.kind == "hand":
            chosen = [o for o in self.options if o.hand == text.lower()]
            if not chosen:
                raise BragError(f"choose one of {self.label.split(' ', 1)[1]}")
            return chosen[0].action()
        if text and not (text.isascii() and text.isdigit()):
            raise BragError(f"not a whole number of chips: {text!r}")
        return self.options[0].action(int(text) if text else self.least)


def _kind(verb: Verb, options: Sequence[LegalAction]) -> Kind:
    if any(o.choices is not None and o.min_amount is None for o in options):  # not amounts
        return "sets" if verb is Verb.ARRANGES else "cards"
    if any(o.cards for o in options) or verb is Verb.DISCARD:
        return "cards"
    if len({o.hand for o in options}) > 1:
        return "hand"
    if any(o.min_amount is not None and o.min_amount != o.max_amount for o in options):
        return "amount"
    return "plain"


#: A verb whose name is its third person ("Ann plays As Ks Qs"), as a key says it.
_IMPERATIVE: Final[dict[Verb, str]] = {Verb.PLAYS: "play", Verb.ARRANGES: "arrange"}
#: What a verb's key does, where its name alone does not say (B8).
_MEANS: Final[dict[Verb, str]] = {Verb.AGREE: "agree to a showdown (B8)"}


def _label(verb: Verb, kind: Kind, options: Sequence[LegalAction], word: str) -> str:
    first = options[0]
    if kind == "sets":
        return f"{word} (sets: m, then {KEYS[verb][0]})"
    if kind == "cards":
        if verb is Verb.DISCARD:
            return f"{word} {first.discards} (pick)"
        sizes = sorted({len(o.cards) for o in options if o.choices is None})
        if first.choices is not None and len(first.choices):
            sizes = sorted({len(first.choices[0].cards)})
        return f"{word} {sizes[0]}-{sizes[-1]} (pick)" if len(sizes) > 1 else (
            f"{word} {sizes[0] if sizes else ''} (pick)".replace("  ", " "))
    if kind == "hand":
        return f"{word} " + "/".join(str(o.hand) for o in options)
    if kind == "amount":
        return f"{word} " + Control(key="", verb=verb, label="", kind=kind,
                                    options=tuple(options)).amounts
    if verb in _MEANS:
        return _MEANS[verb]
    text = str(first)
    words = text.split(" ", 1)[1] if first.player else text
    return words.replace(verb.value, word, 1)


def controls(options: Sequence[LegalAction], reserved: Collection[str] = RESERVED,
             names: Callable[[Verb], str] | None = None) -> list[Control]:
    """One control a verb of ``options``, in menu order, each with its key, none of
    ``reserved``, named by ``names`` (the game's words; by default the verbs') (see the module
    docstring); a blind player's open bet is left out while the blind bet is offered (BL1)."""
    by_verb: dict[Verb, list[LegalAction]] = {}
    for option in options:
        by_verb.setdefault(option.verb, []).append(option)
    if Verb.BLIND in by_verb:
        by_verb.pop(Verb.BET, None)  # the blind bet is the bet of a blind player (BL1)
    taken: set[str] = set(reserved)
    out: list[Control] = []
    for verb, group in by_verb.items():
        key = next((k for k in KEYS.get(verb, ()) if k not in taken), None)
        if key is None:
            key = next(k for k in _SPARE if k not in taken)
        taken.add(key)
        kind = _kind(verb, group)
        word = names(verb) if names is not None else verb.value
        if word == verb.value:  # what the key does, as a person says it: "p play 3"
            word = _IMPERATIVE.get(verb, word)
        out.append(Control(key=key, verb=verb, label=_label(verb, kind, group, word),
                           kind=kind, options=tuple(group), word=word))
    return out


@dataclass(kw_only=True)
class Picker:
    """The cards the player is choosing from (``hand``, shown sorted, best rank first), those
    picked, the sets made of them (a Crash arrangement, C2; a plan of Nine Card sets, N3), and
    a cursor.

    >>> from bragkit.cards import parse_cards
    >>> picker = Picker(hand=parse_cards("2c Ah 7d Kh"))
    >>> [c.pretty for c in picker.shown]
    ['A♥', 'K♥', '7♦', '2♣']
    >>> _ = picker.toggle(0), picker.toggle(3); [c.pretty for c in picker.picked]
    ['A♥', '2♣']
    >>> _ = picker.make_set(); [[c.pretty for c in s] for s in picker.sets], len(picker.shown)
    ([['A♥', '2♣']], 2)
    """

    hand: tuple[Card, ...] = ()
    picked: list[Card] = field(default_factory=list)
    sets: list[tuple[Card, ...]] = field(default_factory=list)
    cursor: int = 0

    @property
    def shown(self) -> list[Card]:
        """The cards not yet in a set, best rank first (then by suit)."""
        used = {c for s in self.sets for c in s}
        return sorted((c for c in self.hand if c not in used),
                      key=lambda c: (-1 if c.is_joker else -int(c.rank), int(c)))

    def reset(self, hand: Sequence[Card]) -> None:
        """A new hand (the picks and sets of the old one are dropped if they left it)."""
        hand = tuple(hand)
        if hand == self.hand:
            return
        self.hand = hand
        self.picked = [c for c in self.picked if c in hand]
        self.sets = [s for s in self.sets if all(c in hand for c in s)]
        self.cursor = min(self.cursor, max(len(self.shown) - 1, 0))

    def toggle(self, position: int | None = None) -> bool:
        """Pick (or unpick) the card at ``position`` of :attr:`shown` (default the cursor's);
        False if there is none."""
        shown = self.shown
        if position is None:
            position = self.cursor
        if not 0 <= position < len(shown):
            return False
        card = shown[position]
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        self.cursor = position
        return True

    def move(self, step: int) -> None:
        """Move the cursor ``step`` cards right (left when negative), wrapping."""
        count = len(self.shown)
        if count:
            self.cursor = (self.cursor + step) % count

    def make_set(self) -> bool:
        """The picked cards become a set (False if none are picked)."""
        if not self.picked:
            return False
        self.sets.append(tuple(self.picked))
        self.picked = []
        self.cursor = 0
        return True

    def undo(self) -> None:
        """Unpick everything; with nothing picked, take the last set apart."""
        if self.picked:
            self.picked = []
        elif self.sets:
            self.sets.pop()

    def fill(self, *, cards: Sequence[Card] = (), sets: Sequence[Sequence[Card]] = ()) -> None:
        """Show a suggestion: ``cards`` picked, or ``sets`` made."""
        self.sets = [tuple(s) for s in sets]
        self.picked = [c for c in cards if c in self.shown]
