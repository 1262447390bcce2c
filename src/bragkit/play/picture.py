"""The table of any game as the one screen draws it, from the player's view only (rules D8,
BL6, T3, N4, C2, C5, S4, P1, P3): :func:`picture` gives a :class:`Picture`, the seats as a
table, the lines under it (pots, stakes, the face-up card, the 31 count, the rounds of the deal
so far, the scores) and the player's own cards.

Each kind of view is drawn by a function here, the one the game's registry entry names
(:attr:`~bragkit.games.registry.GameInfo.picture`: never the game's name, nor the view's class);
what a view does not hold, the screen cannot show, so no hidden card reaches it. The
three-card family's view is drawn with the three-card screen's own widgets
(:mod:`bragkit.play.widgets`).

>>> from bragkit.play.game_table import GameTable
>>> table = GameTable("nine-card", bots=("random",), seed=2)
>>> pic = picture(table.view(), table)
>>> len(pic.cards), pic.seats.row_count
(9, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from rich.table import Table
from rich.text import Text

from bragkit.cards import Card
from bragkit.games.crash import CrashView, RoundPlayed
from bragkit.games.nine_card import NineCardView, RoundScored
from bragkit.games.protocol import describe
from bragkit.games.stake_game import StakeView
from bragkit.games.stake_operations import Shown
from bragkit.games.three_card.views import DealView
from bragkit.games.wording import inner
from bragkit.play.cards import card_text, hand_text, pretty
from bragkit.play.records import target_rule
from bragkit.play.widgets import (
    hand_line,
    info_line,
    kept_cards,
    seat_label,
    seats_table,
    stake_line,
)

if TYPE_CHECKING:
    from bragkit.play.game_table import GameTable

__all__ = ["Picture", "picture"]


@dataclass(frozen=True, kw_only=True)
class Picture:
    """What the screen draws: ``seats`` (a row a player), ``lines`` under them, the player's
    own ``cards`` (to pick from; () when they hold none they may see) and ``note`` on them
    (which shows the cards too when ``shown``; else the screen draws them after it)."""

    seats: Table
    lines: tuple[Text, ...]
    cards: tuple[Card, ...]
    note: Text
    shown: bool = False


def _table(*columns: str) -> Table:
    table = Table(show_header=True, header_style="bold", expand=True, box=None, pad_edge=False)
    for column in ("", *columns):  # a hand's cards on one line: the names and words wrap
        table.add_column(column, no_wrap=column == "cards")
    return table


def _marks(name: str, dealer: str, to_act: str | None) -> str:
    return ("D" if name == dealer else " ") + ("▶" if name == to_act else " ")


def _sets_text(sets: Sequence[Sequence[Card]]) -> Text:
    text = Text()
    for i, cards in enumerate(sets):
        if i:
            text.append(" │ ")
        text.append_text(hand_text(tuple(cards)))
    return text


def _line(text: str, names: Sequence[str]) -> Text:
    return Text(pretty(text, names))


def picture(view: Any, table: GameTable) -> Picture:
    """The :class:`Picture` of ``view`` (the player's) at ``table``, drawn as the game's
    registry entry says (:attr:`~bragkit.games.registry.GameInfo.picture`)."""
    draw = _PICTURES.get(table.info.picture)
    if draw is None:  # pragma: no cover - every game of the registry names one
        raise TypeError(f"{table.title} names no picture the terminal draws "
                        f"({table.info.picture!r})")
    return draw(view, table)


def _three_card(view: DealView, table: GameTable) -> Picture:
    rules = table.game.rules
    seats = seats_table(view, stacks=table.stacks, kinds=table.kinds, rules=rules)
    info = info_line(view, stake_line(view))
    note = hand_line(view, rules)
    return Picture(seats=seats, lines=(info,), cards=kept_cards(view.hand or (), view.discards),
                   note=note, shown=True)


def _stake(view: StakeView, table: GameTable) -> Picture:
    """Historic Brag and 3 Card Brag Poker: stakes, pots, blinds, the face-up card (S4), the
    31 count (S4), each shown hand named (S3, P2)."""
    worth = {op.player: op.worth for op in table.game.operations if isinstance(op, Shown)}
    extra = view.extra
    totals: Mapping[str, int] = extra.get("totals", {})
    each = any(name in view.stakes for name in view.players)  # a stake a player (S2, P2)
    seats = _table("seat", "stack", *(("staked",) if each else ()), "status", "cards", "")
    out = table.info.out_word  # the game's word (S2, P2, TP3)
    for name in view.players:
        cards = view.shown.get(name) or view.cards.get(name) or ()
        status = "in" if name in view.in_play else out
        if name in view.winners:
            status += f", takes {view.winners[name]}"
        known = cards and all(c is not None for c in cards)
        what = worth.get(name, "")
        if known and name in totals and (what.endswith("towards 31") or (
                not what and view.phase == "thirty-one")):
            what = _count(totals[name], short=True)  # the count now, draws and all (S4)
        seats.add_row(_marks(name, view.dealer, view.to_act), seat_label(name, table.kinds),
                      str(view.stacks.get(name, 0)),
                      *((str(view.stakes.get(name, 0)),) if each else ()), status,
                      hand_text(cards) if cards else Text("—"),
                      _line(what, view.players))
    pots = ", ".join(f"{k} {v}" for k, v in view.pots.items())
    shared = "" if each else "".join(f" · {k} {v}" for k, v in view.stakes.items())  # TP3
    if table.deal_over and view.winners:  # the pots are emptied: say who took what (S3, P2)
        taken = ", ".join(f"{who} {n}" for who, n in view.winners.items())
        heading = f"{view.phase.capitalize()} · the pot is taken: {taken}"
    else:
        heading = (f"{view.phase.capitalize()} · {'pots ' if len(view.pots) > 1 else ''}{pots}"
                   f"{shared}")
    lines = [Text(heading, style="bold yellow")]
    if "small_blind" in extra:
        drawn = ", ".join(f"{p} drew {n}" for p, n in extra.get("drawn", {}).items())
        lines.append(Text(f"blinds: small {extra['small_blind']}, big {extra['big_blind']} (P1)"
                          + (f" · {drawn} (P3)" if drawn else "")))
    if extra.get("turned"):  # the joker variant's turned card: its rank is wild (TP8)
        turned = Card.parse(extra["turned"])
        lines.append(Text(f"joker {turned.pretty}: every {turned.rank.symbol} is wild (TP8)"))
    for contest in extra.get("contests", ()):
        takes = inner(contest["winner"], table.name, "takes")
        lines.append(_line(f"the {contest['pot']} pot: {takes} {contest['amount']} "
                           f"({contest['why']})", view.players))
    mine = view.cards.get(str(view.viewer), ())
    own = tuple(c for c in mine if c is not None)
    note = Text("Your cards: ")
    if own and len(own) == len(mine):
        note.append_text(hand_text(own))
        if str(view.viewer) in totals:
            note.append(f"  count {_count(totals[str(view.viewer)])} (S4)", style="bold")
    else:
        note.append_text(hand_text(mine) if mine else Text("—"))
        if mine:
            note.append("  unseen: you have not looked", style="italic")
    return Picture(seats=seats, lines=tuple(lines), cards=own if len(own) == len(mine) else (),
                   note=note, shown=True)


def _count(total: int, *, short: bool = False) -> str:
    """A count towards 31 (S4): past 31 by drawing, the third stake is lost (``short``: a
    seat's column says only bust).

    >>> _count(28), _count(32), _count(32, short=True)
    ('28 towards 31', '32 towards 31: bust, the third stake is lost', '32 towards 31: bust')
    """
    if total <= 31:
        return f"{total} towards 31"
    return f"{total} towards 31: bust" + ("" if short else ", the third stake is lost")


def _scores_line(scores: Mapping[str, int], table: GameTable, deal: int) -> Text:
    """The points of the deal of cards ``deal`` and the game's target, with its own rule (N7,
    C6); between two deals of cards (the next dealt, waiting for ``n``), the points after the
    deal just played, whose result shows below."""
    title = f"After deal {deal - 1}" if table.paused else f"Deal {deal}"
    text = Text(f"{title} · points", style="bold yellow")
    text.append(": " + ", ".join(f"{p} {n}" for p, n in scores.items()))
    target = table.game.target()
    if target is not None:
        text.append(f" · first to {target} wins ({target_rule(table.info)})")
    return text


def _nine_card(view: NineCardView, table: GameTable) -> Picture:
    """Nine Card Brag: each player's sets played this deal, round by round (N4), the round
    winners, the scores to the target."""
    seats = _table("seat", "points", "stack", "cards left", "sets played")
    for name in view.players:
        seats.add_row(_marks(name, view.dealer, view.to_act), seat_label(name, table.kinds),
                      str(view.scores.get(name, 0)), str(table.stacks.get(name, 0)),
                      str(view.cards_left.get(name, 0)), _sets_text(view.played.get(name, ())))
    lines = [_scores_line(view.scores, table, view.deal)]
    for op in view.operations:
        if isinstance(op, RoundScored) and op.deal == view.deal:
            lines.append(_line(describe(op, table.name) or "", view.players))
    if not table.game.over:
        lines.append(Text(f"Round {view.round} of 3: play your sets strongest first (N4, N6)"))
    note = Text("Your cards: ") if view.hand else Text("All your sets are played.")
    return Picture(seats=seats, lines=tuple(lines), cards=tuple(view.hand), note=note)


def _crash(view: CrashView, table: GameTable) -> Picture:
    """Crash: who has arranged, the crash calls (C5), every hand played round by round (C4),
    the scores and the crash money (C5)."""
    rounds = [op for op in view.operations
              if isinstance(op, RoundPlayed) and op.deal == view.deal]
    played: dict[str, list[tuple[Card, ...]]] = {p: [] for p in view.players}
    for op in rounds:
        for player, cards, _ in op.hands:
            played[player].append(cards)
    seats = _table("seat", "points", "money", "arranged", "call", "hands played")
    for name in view.players:
        call = view.calls.get(name)
        seats.add_row(_marks(name, view.dealer, view.to_act), seat_label(name, table.kinds),
                      str(view.scores.get(name, 0)), f"{view.nets.get(name, 0):+d}",
                      "yes" if name in view.arranged else "…",
                      "—" if call is None else "crash!" if call else "pass",
                      _sets_text(played[name]))
    lines = [_scores_line(view.scores, table, view.deal)]
    for op in rounds:
        lines.append(_line(f"round {op.round}: " + (inner(op.winner, table.name, "wins")
                                                    if op.winner
                                                    else "a tie, nobody scores"), view.players))
    lines.append(Text(f"Phase: {view.phase}"))
    note = Text("Your cards: ")
    if view.hands is not None:
        note = Text("Your hands: ")
        note.append_text(_sets_text(view.hands))
        return Picture(seats=seats, lines=tuple(lines), cards=(), note=note)
    return Picture(seats=seats, lines=tuple(lines), cards=tuple(view.cards), note=note)


#: How each kind of view is drawn, by the name a game's registry entry gives it.
_PICTURES: Final[dict[str, Callable[[Any, GameTable], Picture]]] = {
    "three-card": _three_card, "stake": _stake, "nine-card": _nine_card, "crash": _crash}


def card_row(cards: Sequence[Card], picked: Sequence[Card], cursor: int | None) -> Text:
    """The cards to pick from, numbered: picked cards raised (reversed), the cursor marked."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        piece = card_text(card)
        if card in picked:
            piece.stylize("reverse")
        text.append_text(piece)
    text.append("\n")
    for i in range(len(cards)):
        mark = str(i + 1) if i < 9 else "0" if i == 9 else " "
        label = f"[{mark}]" if i == cursor else f" {mark} "
        text.append(label + ("  " if i + 1 < len(cards) else ""))
    return text
