"""The human player addressed in the second person on the terminal's screen.

The records' words (:func:`~bragkit.games.protocol.describe`) are the same for every reader, in
the third person: "You has", "Ann keeps the blind hand (R1)". At the terminal, the person
playing reads about themselves as *you*: :func:`addressed` rewrites a line that begins with
their name and a verb in the third person ("Ann takes 10" → "You take 10"), and their name
elsewhere in it ("Bob pays Ann 3" → "Bob pays you 3"). Only the screen's text changes; the log
of the session (and every other reader of ``describe``) keeps its words.

>>> addressed("You is dealt 3 cards", "You")
'You are dealt 3 cards'
>>> addressed("Ann keeps the blind hand (R1)", "Ann")
'You keep the blind hand (R1)'
>>> addressed("Shark pays You 5", "You")
'Shark pays you 5'
>>> addressed("Annie takes 4", "Ann"), addressed("points: Bob 7, Ann 3", "Ann")
('Annie takes 4', 'points: Bob 7, You 3')
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["addressed", "second_person"]

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


def addressed(line: str, name: str) -> str:
    """``line`` with the player ``name`` addressed as *you* (see the module docstring): the
    subject of a clause ("Ann takes", "— deal 2: Ann deals") takes the verb's second person;
    the name after a word ("pays Ann") is "you".

    >>> addressed("— deal 2: Ann deals (D3, D4) —", "Ann")
    '— deal 2: You deal (D3, D4) —'
    """
    if not name:
        return line
    pattern = re.compile(rf"(?<![\w'-]){re.escape(name)}(?![\w'-])( [a-z]+(?![\w'-]))?")

    def swap(match: re.Match[str]) -> str:
        before = line[:match.start()].rstrip()
        if before and before[-1].isalpha():
            return "you" + (match.group(1) or "")
        verb = match.group(1)
        return "You" + (f" {second_person(verb[1:])}" if verb else "")

    return pattern.sub(swap, line)
