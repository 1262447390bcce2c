"""The human player addressed in the second person in the session's summary.

The records speak to their reader themselves (:func:`~bragkit.games.protocol.describe`: "You
take 10"); the summary at a session's end is the ledger's lines, in the third person ("Ann
pays Bob 3"). :func:`addressed` rewrites such a line for the person playing: their name and a
verb in the third person ("Ann takes 10" → "You take 10"), and their name elsewhere in it ("Bob
pays Ann 3" → "Bob pays you 3"). The verbs conjugate as the records' do
(:func:`bragkit.games.wording.second_person`).

>>> addressed("You is dealt 3 cards", "You")
'You are dealt 3 cards'
>>> addressed("Ann keeps the blind hand (R1)", "Ann")
'You keep the blind hand (R1)'
>>> addressed("Shark pays You 5", "You")
'Shark pays you 5'
>>> addressed("Annie takes 4", "Ann"), addressed("points: Bob 7, Ann 3", "Ann")
('Annie takes 4', 'points: Bob 7, You 3')
>>> addressed("it beats You's previous set (rule N6)", "You")
'it beats your previous set (rule N6)'
"""

from __future__ import annotations

import re

from bragkit.games.wording import second_person

__all__ = ["addressed", "second_person"]


def addressed(line: str, name: str) -> str:
    """``line`` with the player ``name`` addressed as *you* (see the module docstring): the
    subject of a clause ("Ann takes", "— deal 2: Ann deals") takes the verb's second person;
    the name after a word ("pays Ann") is "you".

    >>> addressed("— deal 2: Ann deals (D3, D4) —", "Ann")
    '— deal 2: You deal (D3, D4) —'

    A column padded with spaces after it keeps its width (``bragkit replay``'s actions):

    >>> addressed("  1. Ann looks     pot 4", "Ann")
    '  1. You look      pot 4'
    >>> addressed("  2. Ann discards 5h  pot 4", "Ann")
    '  2. You discard 5h   pot 4'
    """
    if not name:
        return line
    line = re.sub(rf"(?<![\w'-]){re.escape(name)}'s(?![\w'-])",
                  lambda m: "Your" if not line[:m.start()].strip() else "your", line)
    pattern = re.compile(rf"(?<![\w'-]){re.escape(name)}(?![\w'-])( [a-z]+(?![\w'-]))?")

    def swap(match: re.Match[str]) -> str:
        before = line[:match.start()].rstrip()
        if before and before[-1].isalpha():
            return "you" + (match.group(1) or "")
        verb = match.group(1)
        return "You" + (f" {second_person(verb[1:])}" if verb else "")

    out = pattern.sub(swap, line)
    short = len(line) - len(out)
    gap = _GAP.search(out) if short > 0 and _GAP.search(line) else None
    if gap is not None:  # a column padded with spaces keeps its width
        out = out[:gap.end()] + " " * short + out[gap.end():]
    return out


#: Two or more spaces between words: the padding of a column.
_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
