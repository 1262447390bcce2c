"""What each person at a web table may see: the state messages of a room, as JSON-able data.

:func:`public_state` is the part every viewer shares (the game, seats, ledger, records, the
fairness commitment, an agreed showdown in progress); :func:`state_for` adds one viewer's deal,
built from the engine's own view for that player (``game.view(name).to_dict()``: rules D8, BL6,
T3, N6, C2, P3 — never another player's hidden cards, nor their own while blind; a spectator's
view holds no hidden card) and their options. :func:`settings` is what never changes. They read
a room and never change it; nothing here asks which game the table plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Protocol

from bragkit.actions import LegalAction, Verb
from bragkit.analysis import analysable
from bragkit.cards import parse_cards
from bragkit.errors import BragError
from bragkit.games.options import options
from bragkit.games.protocol import Pending
from bragkit.games.registry import GameInfo
from bragkit.games.three_card.views import legal_action_dict
from bragkit.web.commands import bot_kinds
from bragkit.web.config import TableConfig
from bragkit.web.events import Viewer
from bragkit.web.settlement import ledger_state
from bragkit.web.sit_and_go import sit_and_go_state

if TYPE_CHECKING:
    from bragkit.games.protocol import Game
    from bragkit.session import Session
    from bragkit.web.archive import Archive
    from bragkit.web.away import Away
    from bragkit.web.chat import Chat
    from bragkit.web.driver import DealDriver
    from bragkit.web.seats import Seats
    from bragkit.web.settlement import Settlement

__all__ = ["MAX_CHOICES", "RECORDS_TAIL", "Room", "option_dict", "public_state", "rules_dict",
           "settings", "state_for"]


class Room(Protocol):
    """What a room's state reads of it (:class:`bragkit.web.room.Room`, which imports this
    module): its parts and where it stands."""

    table_id: str
    config: TableConfig
    status: str
    dealing: DealDriver
    archive: Archive
    settlement: Settlement | None
    chat: Chat
    away: Away
    seating: Seats
    host_seat: str | None

    @property
    def table(self) -> Session | None:
        """The table's session (None before the first deal)."""
        ...

    @property
    def deal(self) -> Game | None:
        """The deal in progress, or the last one played (None before the first)."""
        ...

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress."""
        ...

#: The finished deals listed in each state (older ones: ``GET /api/tables/{id}/records``).
RECORDS_TAIL: Final = 12
#: An option's choices are listed when there are at most this many (a Nine Card set to play,
#: N6); more (a Crash hand's arrangements, C2) are counted, and the page builds its own.
MAX_CHOICES: Final = 120


def rules_dict(rules: Any) -> dict[str, Any]:
    """Every option of a rules object, by name (tuples as lists)."""
    out = {}
    for option in options(type(rules)):
        value = getattr(rules, option.name)
        out[option.name] = list(value) if isinstance(value, tuple) else value
    return out


def game_words(info: GameInfo) -> dict[str, Any]:
    """The game's own words a page draws with: a verb it calls otherwise (TP3's chaal, its
    pack) and its word for a player out of the deal.

    >>> from bragkit.games.registry import find
    >>> game_words(find("teen-patti"))["out_word"], game_words(find("brag-poker"))["verbs"]
    ('packed', {})
    """
    return {"verbs": {verb.value: word for verb, word in info.verb_names.items()},
            "out_word": info.out_word}


def settings(config: TableConfig) -> dict[str, Any]:
    """A table's settings as a ``sync`` sends them (the game and its rules in full).

    >>> settings(TableConfig(seats=4))["seats"]
    4
    >>> settings(TableConfig.from_dict({"game": "nine-card"}))["rules"]["target"]
    21

    No bot is offered where none may sit: a rated table, a league night's.

    >>> "random" in settings(TableConfig())["bots"]
    True
    >>> settings(TableConfig(rated=True))["bots"], settings(TableConfig(members=(1, 2)))["bots"]
    ({}, {})

    A game's own words reach the page (TP3: a chaal, a player who packs):

    >>> tp = settings(TableConfig.from_dict({"game": "teen-patti"}))
    >>> tp["verbs"]["bet"], tp["out_word"], settings(TableConfig())["out_word"]
    ('chaal', 'packed', 'folded')
    """
    info = config.info
    return {"name": config.name, "game": info.name, "title": info.title,
            "summary": info.summary, "seats": config.seats,
            "rules": rules_dict(config.rules),
            "variant": config.terms.variant or info.name,
            "buy_in": config.buy_in, "turn_seconds": config.turn_seconds,
            "deal_pause": config.deal_pause, "bot_delay": config.bot_delay,
            # no bot sits at a rated table or a league night's (only accounts, members)
            "bots": {} if config.rated or config.members else bot_kinds(config),
            "private": config.private, "rated": config.rated,
            "analysable": analysable(info.name), **game_words(info),
            "sit_and_go": None if config.sit_and_go is None else config.sit_and_go.to_dict()}


def option_dict(option: LegalAction) -> dict[str, Any]:
    """One legal action as a state lists it: :func:`legal_action_dict`, with the option's
    ``count`` of choices and the ``choices`` themselves when few (:data:`MAX_CHOICES`)."""
    out = legal_action_dict(option)
    choices = option.choices
    if choices is not None:
        count = len(choices)
        out["count"] = count
        out["choices"] = [str(a) for a in choices] if count <= MAX_CHOICES else None
    return out


def public_state(room: Room) -> dict[str, Any]:
    """The part of every state message that is the same for everyone."""
    config = room.config
    table = room.table
    deal = room.deal
    driver = room.dealing
    stacks = table.stacks if table is not None else {}
    ledger = table.ledger if table is not None else None
    in_deal = room.in_deal
    dealer = deal.dealer if deal is not None else None
    seats: list[dict[str, Any] | None] = [None] * config.seats
    for seat in room.seating:
        name = seat.name
        in_this = deal is not None and name in deal.players
        seats[seat.position] = {
            "seat": seat.position, "name": name, "bot": seat.bot,
            "stack": stacks.get(name, seat.buy_in),
            "net": ledger.net(name) if ledger is not None and name in stacks else 0,
            "joining": seat.joining, "leaving": seat.leaving,
            "dealer": deal is not None and dealer == name,
            "in_deal": in_this and in_deal, "away": room.away.wants_out(name),
            "host": room.host_seat == name,
        }
    pending = driver.pending  # a showdown being agreed (B8), a sideshow asked (TP5)
    settlement = room.settlement
    return {
        "table": {"id": room.table_id, "name": config.name, "status": room.status,
                  "deals": driver.deal_number, "game": config.game},
        "seats": seats,
        "ledger": ledger_state(table),
        "settlement": None if settlement is None else settlement.to_dict(),
        "records": room.archive.recent(RECORDS_TAIL),
        "fairness": {"commitment": driver.commitment,
                     "seeds": len(driver.seeded_now())},
        "next_dealer": table.next_dealer if table is not None and not in_deal else None,
        "chat": room.chat.recent(), "muted": sorted(room.chat.muted),
        "pending": None if pending is None else pending.to_dict(),
        "showdown": _showdown(pending, deal.players if deal is not None else ()),
        "sit_and_go": sit_and_go_state(driver.sit_and_go, config.sit_and_go),  # rule T4
    }


def _showdown(pending: Pending | None, seats: tuple[str, ...]) -> dict[str, list[str]] | None:
    """A showdown being agreed (B8) as the page counts it: who agreed, in the order they did,
    of all still betting, in seat order."""
    if pending is None or pending.kind != "showdown":
        return None
    asked = {*pending.answered, *pending.asked}
    return {"agreed": list(pending.answered), "betting": [p for p in seats if p in asked]}


def state_for(room: Room, viewer: Viewer, public: dict[str, Any]) -> dict[str, Any]:
    """Everything ``viewer`` may see now: the ``public`` state, and the deal as their own view
    builds it (rules D8, BL6, T3; N6, C2: sets not yet laid stay hidden; P3: others' draws)."""
    driver = room.dealing
    deal = room.deal
    table = room.table
    name = viewer.name
    seat = room.seating.by_name(name) if name is not None else None
    state = dict(public)
    fixed = room.config.sit_and_go is not None  # rule T4: nothing is brought
    legal: list[dict[str, Any]] = []
    deal_state: dict[str, Any] | None = None
    if deal is not None and table is not None:
        player = name if name is not None and name in deal.players else None
        view = deal.view(player).to_dict()
        for key in ("legal_actions", "legal", "log"):  # the menu is sent as ``you.legal``;
            view.pop(key, None)  # the log lines come in the room's log
        if room.status in ("playing", "closing") and player is not None and room.in_deal:
            legal = [option_dict(o) for o in deal.legal_actions(player)
                     if not (fixed and o.verb is Verb.TOPUP)]  # T4: no top-ups
        view["number"] = driver.deal_number
        if room.in_deal:  # whose decision is pending (R2: a hand of two looked at out of turn)
            view["to_act"] = driver.to_act
        view["hand_name"] = _own_hand_name(driver, view.get("hand"))
        view["over"] = deal.over
        view["named"] = {shown[0]: shown[1] for op in deal.censored_log(player)  # D8
                         if (shown := op.shown_hand()) is not None} or None
        view["costs"] = driver.costs()
        suggested = driver.suggestion(player) if player is not None else None
        view["suggestion"] = None if suggested is None else _suggestion(suggested)
        deal_state = view
    if seat is not None and table is not None and not room.in_deal and not fixed and (
            room.status != "closed"):  # rule M1: a top-up between deals
        legal = [legal_action_dict(LegalAction(player=seat.name, verb=Verb.TOPUP,
                                               min_amount=1))]
    state["deal"] = deal_state
    state["you"] = {
        "seat": None if seat is None else seat.position, "name": name,
        "host": viewer.host, "legal": legal,
        "agreed": _answered(driver.pending, name),
        "seeded": name in driver.seeded_now() if name is not None else False,
        "away": room.away.wants_out(name) if name is not None else False,
    }
    return state


def _suggestion(action: Any) -> dict[str, Any]:
    """The engine's move as the page fills it in: its verb, cards and hands."""
    return {"verb": str(action.verb), "cards": [str(c) for c in action.cards],
            "sets": [[str(c) for c in s] for s in action.sets], "text": str(action)}


def _answered(pending: Pending | None, name: str | None) -> bool:
    """Whether ``name`` has answered the decision pending (agreed to the showdown, B8)."""
    return pending is not None and name is not None and name in pending.answered


def _own_hand_name(driver: Any, hand: Any) -> str | None:
    """The name of the hand a player holds and sees, in the words the showdown uses (rules H2,
    D8: "Pair of Queens"), where the game names hands; None when blind or it names none."""
    if not isinstance(hand, list) or len(hand) < 3:
        return None
    try:
        name = driver.hand_name(parse_cards(" ".join(str(c) for c in hand)))
    except (ValueError, TypeError, BragError):
        return None
    return None if name is None else str(name)
