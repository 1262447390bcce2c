"""What the table screen shows, as pure functions of the player's view (rules D8, D9, BL6, T3).

Each function takes only what the player may know — their
:class:`~bragkit.games.three_card.views.DealView`
and the public state of the table — so nothing hidden can reach the screen: another player's
cards show their backs until shown (D8), and the player's own cards show their backs while they
are blind (BL6).

>>> from bragkit.games.three_card.rules import Rules
>>> from bragkit.games.three_card.deal import Deal
>>> deal = Deal(Rules(max_bet=10), players=["You", "Bob"], dealer="Bob", stacks=[20, 20],
...             hands={"You": "Qh Qs 4d", "Bob": "As Tc 2d"})
>>> hand_line(deal.view("You"), Rules()).plain
'Your hand:  ▒▒   ▒▒   ▒▒   blind: you have not looked (BL6)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.table import Table
from rich.text import Text

from bragkit.actions import Verb
from bragkit.cards import JOKER, Card
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView
from bragkit.hands import best_hand, evaluate
from bragkit.play.cards import card_text, hand_text

__all__ = ["discard_rule", "hand_line", "info_line", "kept_cards", "seat_label", "seats_table",
           "stake_line", "two_hands"]


def hand_line(view: DealView, rules: Rules) -> Text:
    """The player's own cards: face up once looked (with what the hand is), else backs (BL6)."""
    text = Text("Your hand: ")
    count = view.held.get(str(view.viewer), rules.cards) or rules.cards
    mine = str(view.viewer)
    if view.hand is None and mine in view.shown:  # a blind hand shown face up (D8)
        text.append_text(hand_text(view.shown[mine]))
        text.append("  shown on the table (you never looked, BL6)", style="italic")
        return text
    if view.hand is None:
        if view.two_hands == view.viewer:
            text.append_text(two_hands(count))
            text.append("  two hands, both blind (R2)", style="italic")
            return text
        text.append_text(hand_text(None, count=count))
        text.append("  blind: you have not looked (BL6)", style="italic")
        return text
    kept = kept_cards(view.hand, view.discards)
    text.append_text(hand_text(kept))
    wild = sorted(rules.wild_cards - {JOKER})
    try:
        if len(kept) == 3:
            what = str(evaluate(kept, ordering=rules.ordering, wild=wild))
        else:
            best = best_hand(kept, ordering=rules.ordering, wild=wild)
            what = (f"best three: {best.rank} (discard {len(kept) - 3}, "
                    f"{discard_rule(rules)})")
    except ValueError:  # pragma: no cover - a hand the evaluator cannot read
        what = ""
    text.append(f"  {what}", style="bold")
    if view.discards:
        text.append("  discarded: ")
        text.append_text(hand_text(view.discards))
        text.append(f" ({discard_rule(rules)})")
    return text


def kept_cards(hand: Sequence[Card], discards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` still held: all but the ``discards`` (F1), which are face down
    and play no more.

    >>> from bragkit.cards import parse_cards
    >>> [c.pretty for c in kept_cards(parse_cards("7s 6h 2d Ad"), parse_cards("2d"))]
    ['7♠', '6♥', 'A♦']
    """
    left = list(discards)
    kept = []
    for card in hand:
        if card in left:
            left.remove(card)
        else:
            kept.append(card)
    return tuple(kept)


def discard_rule(rules: Rules) -> str:
    """The rule a hand's discards follow: F1 (four cards), F3 (five).

    >>> discard_rule(Rules(cards=4)), discard_rule(Rules(cards=5))
    ('F1', 'F3')
    """
    return "F3" if rules.cards == 5 else "F1"


def two_hands(count: int) -> Text:
    """Two blind hands' backs (R2), as two hands, never one long row of cards.

    >>> two_hands(6).plain.split("+")
    [' ▒▒   ▒▒   ▒▒  ', '  ▒▒   ▒▒   ▒▒ ']
    """
    each = max(count // 2, 1)
    text = hand_text(None, count=each)
    text.append(" + ")
    text.append_text(hand_text(None, count=count - each))
    return text


def stake_line(view: DealView) -> str:
    """The stake in open terms and what the viewer's next bet costs (half when blind, BL1).

    >>> from bragkit.games.three_card.deal import Deal
    >>> stake_line(Deal(Rules(max_bet=10), players=["You", "Bob"], dealer="Bob",
    ...                 stacks=[20, 20]).view("You"))
    'stake 0 (open terms) · your next bet: 1 blind (half, BL1)'
    """
    parts = [f"stake {view.stake} (open terms)"]
    for option in view.legal_actions:
        if option.player != view.viewer:
            continue
        if option.verb is Verb.BLIND:
            parts.append(f"your next bet: {option.min_amount} blind (half, BL1)")
        elif option.verb is Verb.BET and view.hand is not None:
            parts.append(f"your next bet: {option.min_amount}")
        elif option.verb is Verb.SEE:
            parts.append(f"to see: {option.min_amount}")
        elif option.verb is Verb.COVER:
            parts.append(f"cover: {option.min_amount}")
    return " · ".join(parts)


def info_line(view: DealView, stake_line: str) -> Text:
    """The pot (and any carried pot), the stake and costs, the face-up stock card (D9)."""
    text = Text()
    if view.is_over:  # the pot is gone: taken, or carried to the next deal (BL3)
        if view.carried_forward:
            text.append(f"The pot of {view.carried_forward} is carried to the next deal (BL3)",
                        style="bold yellow")
        else:
            taken = ", ".join(f"{who} {n}" for who, n in view.winners.items())
            text.append(f"The pot is taken: {taken or 'nobody'}", style="bold yellow")
        return text
    text.append(f"Pot {view.pot}", style="bold yellow")
    if view.carried_pot:
        text.append(f" (carried {view.carried_pot}, BL3)", style="yellow")
    if len(view.pots) > 1:
        text.append(f" in layers {'+'.join(map(str, view.pots))} (M2)")
    text.append(f" · {stake_line}")
    if view.stock_card is not None:
        text.append(" · stock card ")
        text.append_text(card_text(view.stock_card))
        text.append(" (D9)")
    return text


def seat_label(name: str, kinds: Mapping[str, str]) -> str:
    """A seat's name, with its bot's kind where the name does not say it already ("Equity II"
    is an equity bot; "Bob (shark)" says so).

    >>> seat_label("Random II", {"Random II": "random"}), seat_label("Bob", {"Bob": "shark"})
    ('Random II', 'Bob (shark)')
    """
    kind = kinds.get(name)
    if kind is None or name.split()[0].lower() == kind:
        return name
    return f"{name} ({kind})"


def seats_table(
    view: DealView, *, stacks: Mapping[str, int], kinds: Mapping[str, str], rules: Rules
) -> Table:
    """One row a seat: the dealer and whose turn, stack, blind or open, and cards — the
    player's own once looked, shown hands (D8), the face-up hand (R3), else backs."""
    table = Table(show_header=True, header_style="bold", expand=True, box=None, pad_edge=False)
    for column in ("", "seat", "stack", "status", "cards"):
        table.add_column(column)
    for name in view.players:
        marks = ("D" if name == view.dealer else " ") + ("▶" if name == view.to_act else " ")
        seat = seat_label(name, kinds)
        held = view.held.get(name, 0)
        if held and any(a.startswith(f"{name} discard") for a in view.actions):
            held = 3  # rule F1: the discarded cards are gone, three kept (as the web draws)
        if name not in view.in_play:
            status = "folded"
        elif name in view.shown:  # face up on the table: not blind any more (D8)
            status = "shown"
        elif name in view.covered:
            status = "covered (M2)"
        elif view.two_hands == name:
            status = "two hands, blind (R2)"
        elif name in view.blind:
            status = "blind"
        else:
            status = "open"
        if name in view.shown:
            cards = hand_text(view.shown[name])
        elif name == view.viewer and view.hand is not None:
            cards = hand_text(kept_cards(view.hand, view.discards))
        elif held and view.two_hands == name:
            cards = two_hands(held)
        elif held:
            cards = hand_text(None, count=held)
        else:
            cards = Text("—")
        if name in view.face_up:
            cards.append("  face up: ")
            cards.append_text(hand_text(view.face_up[name]))
        if name in view.winners:
            status += f", takes {view.winners[name]}"
        table.add_row(marks, seat, str(stacks.get(name, 0)), status, cards)
    return table
