"""How the operation records word themselves for a reader: the reader in the second person,
everyone else in the third (:func:`bragkit.games.protocol.describe`).

A record's words name players through these helpers, so "Ann" reads "You fold" where Bob reads
"Ann folds". A phrase is given in the third person singular ("folds", "is dealt Qh", "has"), and
:func:`says` conjugates its first word for the reader.

>>> says("Ann", "Ann", "folds"), says("Ann", "Bob", "folds"), says("Ann", None, "is dealt Qh")
('You fold', 'Ann folds', 'Ann is dealt Qh')
>>> says("Ann", "Ann", "packs: the sideshow goes to Bob")
'You pack: the sideshow goes to Bob'
>>> f"{says('Bold', 'Ann', 'pays')} {whom('Ann', 'Ann')} 4"
'Bold pays you 4'
>>> action_words(Action.parse("Shark blind 2"), "Shark"), action_words(Action.parse("Ann look"),
...                                                                    "Bob")
('You bet 2 blind', 'Ann looks')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bragkit.actions import Action, Verb
from bragkit.cards import Card, format_cards

__all__ = ["action_words", "cards_count", "inner", "roman", "says", "second_person", "subject",
           "whom", "whose"]

#: Third-person forms whose second person is not the word less its ``s``.
_IRREGULAR: Final = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def second_person(word: str) -> str:
    """The second person of a verb's third person singular ("takes" → "take"); any other word
    unchanged.

    >>> [second_person(w) for w in ("has", "pays", "passes", "carries", "matches", "bet", "3")]
    ['have', 'pay', 'pass', 'carry', 'match', 'bet', '3']
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if not (word.isalpha() and word.islower() and len(word) > 2 and word.endswith("s")):
        return word
    if word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def subject(name: str, viewer: str | None) -> str:
    """``name`` as the subject of a sentence: "You" for the reader."""
    return "You" if name == viewer else name


def whom(name: str, viewer: str | None) -> str:
    """``name`` anywhere but first: "you" for the reader."""
    return "you" if name == viewer else name


def whose(name: str, viewer: str | None) -> str:
    """``name``'s, as a possessive: "your" (or "Your" first) for the reader."""
    return "your" if name == viewer else f"{name}'s"


def says(name: str, viewer: str | None, phrase: str) -> str:
    """``name`` does ``phrase`` (third person singular), conjugated for ``viewer``."""
    if name != viewer:
        return f"{name} {phrase}"
    verb, _, rest = phrase.partition(" ")
    word = verb.rstrip(":,;.")
    return f"You {second_person(word)}{verb[len(word):]}" + (f" {rest}" if rest else "")


def inner(name: str, viewer: str | None, phrase: str) -> str:
    """:func:`says` within a sentence: "you win" for the reader, "Ann wins" for the rest.

    >>> inner("Ann", "Ann", "scores"), inner("Ann", "Bob", "scores")
    ('you score', 'Ann scores')
    """
    said = says(name, viewer, phrase)
    return "y" + said[1:] if name == viewer else said


def cards_count(count: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _listed(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def action_words(action: Action, viewer: str | None, paid: int = 0) -> str:
    """An action of any game in words for ``viewer``; ``paid`` is what it put in the pot where
    that is not its amount (a show, a sideshow, TP4, TP5). The record string itself
    (HAND-HISTORY.md) is ``str(action)``; this is only how it reads.

    >>> action_words(Action.parse("Ann draw 1 4d"), "Ann")
    'You draw 1 card, discarding 4d'
    >>> [action_words(Action.parse(text), "Bob") for text in ("Ann draw", "Ann draw 0")]
    ['Ann draws a card', 'Ann draws no card']
    >>> action_words(Action.parse("Ann show"), "Bob", paid=4)
    'Ann asks for a show, paying 4'
    """
    verb, amount, player = action.verb, action.amount, action.player
    if player is None:  # an agreed showdown (B8)
        return "Showdown: every hand still in is shown"
    phrase = _PHRASES.get(verb, verb.value + "s")
    if verb is Verb.DRAW:  # P3: how many cards are thrown and replaced; S4: one card drawn
        phrase = "draws a card" if amount is None else (
            f"draws {cards_count(amount)}" if amount else "draws no card")
        if action.cards:
            phrase += f", discarding {_listed(action.cards)}"
    elif verb is Verb.LOOK and action.hand is not None:
        phrase = f"looks at the {action.hand} hand"
    elif verb is Verb.ARRANGES and action.sets:
        phrase += " " + " | ".join(_listed(s) for s in action.sets)
    elif (verb is Verb.PLAYS or verb is Verb.DISCARD) and action.cards:
        phrase += " " + _listed(action.cards)
    phrase = phrase.replace("{n}", str(amount)) if amount is not None else phrase
    if paid and verb in (Verb.SHOW, Verb.SIDESHOW):
        phrase += f", paying {paid}"
    elif paid and verb is Verb.CALL:
        phrase += f" {paid}"
    return says(player, viewer, phrase)


#: Each verb as a phrase in the third person singular (``{n}``: the amount).
_PHRASES: Final = {
    Verb.FOLD: "folds", Verb.BET: "bets {n}", Verb.BLIND: "bets {n} blind",
    Verb.LOOK: "looks", Verb.KEEP: "keeps the hand", Verb.THROW: "throws the hand",
    Verb.DISCARD: "discards",
    Verb.SEE: "pays {n} to see", Verb.COVER: "covers the pot with {n}",
    Verb.TOPUP: "tops up {n}", Verb.AGREE: "agrees to the showdown", Verb.DROP: "drops",
    Verb.CHECK: "checks", Verb.CALL: "calls", Verb.RAISE: "raises {n}", Verb.STAND: "stands",
    Verb.PLAYS: "plays", Verb.ARRANGES: "arranges", Verb.CRASH: "calls crash",
    Verb.PASS: "passes", Verb.SHOW: "asks for a show", Verb.SIDESHOW: "asks for a sideshow",
    Verb.ACCEPT: "accepts the sideshow", Verb.DECLINE: "declines the sideshow",
}


def roman(number: int) -> str:
    """``number`` (1 to 3,999) in Roman numerals: the second and later players of one name
    (a bot's kind) are its II, III… never a number, which a line of points or counts would
    read as theirs ("Random bot 2 38").

    >>> [roman(n) for n in (2, 4, 9, 14, 40)]
    ['II', 'IV', 'IX', 'XIV', 'XL']
    """
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)
