"""What each person at a web table may see: the state messages of a room, as JSON-able data.

:func:`public_state` is the part every viewer shares (seats, ledger, records, the fairness
commitment, an agreed showdown in progress); :func:`state_for` adds one viewer's deal, built
from the engine's own view for that player (rules D8, BL6, T3: never another player's hidden
cards, nor their own while blind; a spectator's view holds no hidden card) and their options.
:func:`settings` is what never changes. They read a room and never change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bragkit.actions import LegalAction, Verb
from bragkit.cards import parse_cards
from bragkit.games.views import legal_action_dict
from bragkit.web.config import TableConfig
from bragkit.web.events import Viewer
from bragkit.web.settlement import ledger_state

if TYPE_CHECKING:
    from bragkit.web.room import Room

__all__ = ["RECORDS_TAIL", "public_state", "settings", "state_for"]

#: The finished deals listed in each state (older ones: ``GET /api/tables/{id}/records``).
RECORDS_TAIL: Final = 12


def settings(config: TableConfig) -> dict[str, Any]:
    """A table's settings as a ``sync`` sends them (the rules in full).

    >>> settings(TableConfig(seats=4))["seats"]
    4
    """
    return {"name": config.name, "seats": config.seats,
            "rules": config.rules.to_dict(full=True), "variant": config.rules.variant,
            "buy_in": config.buy_in, "turn_seconds": config.turn_seconds,
            "deal_pause": config.deal_pause, "bot_delay": config.bot_delay}


def public_state(room: Room) -> dict[str, Any]:
    """The part of every state message that is the same for everyone."""
    config = room.config
    table = room.table
    deal = room.deal
    driver = room.dealing
    stacks = table.stacks if table is not None else {}
    ledger = table.ledger if table is not None else None
    in_deal = room.in_deal
    seats: list[dict[str, Any] | None] = [None] * config.seats
    for seat in room.seating:
        name = seat.name
        in_this = deal is not None and name in deal.players
        seats[seat.position] = {
            "seat": seat.position, "name": name, "bot": seat.bot,
            "stack": stacks.get(name, seat.buy_in),
            "net": ledger.net(name) if ledger is not None and name in stacks else 0,
            "joining": seat.joining, "leaving": seat.leaving,
            "dealer": deal is not None and deal.dealer == name,
            "in_deal": in_this and in_deal,
        }
    agreement = driver.agreement
    settlement = room.settlement
    return {
        "table": {"id": room.table_id, "name": config.name, "status": room.status,
                  "deals": table.deal_number if table is not None else 0},
        "seats": seats,
        "ledger": ledger_state(table),
        "settlement": None if settlement is None else settlement.to_dict(),
        "records": room.archive.recent(RECORDS_TAIL),
        "fairness": {"commitment": table.commitment if table is not None else None,
                     "seeds": len(driver.seeded_now())},
        "next_dealer": table.next_dealer if table is not None and not in_deal else None,
        "showdown": {"agreed": list(agreement.agreed),
                     "betting": list(deal.betting)} if agreement and deal else None,
    }


def state_for(room: Room, viewer: Viewer, public: dict[str, Any]) -> dict[str, Any]:
    """Everything ``viewer`` may see now: the ``public`` state, and the deal as their own view
    builds it (rules D8, BL6, T3)."""
    driver = room.dealing
    deal = room.deal
    table = room.table
    name = viewer.name
    seat = room.seating.by_name(name) if name is not None else None
    state = dict(public)
    legal: list[dict[str, Any]] = []
    deal_state: dict[str, Any] | None = None
    if deal is not None and table is not None:
        player = name if name is not None and name in deal.players else None
        view = deal.view(player).to_dict()
        options = view.pop("legal_actions")
        if room.status in ("playing", "closing"):
            legal = options
        view["number"] = table.deal_number
        view["named"] = {p: driver.hand_name(parse_cards(" ".join(cards)))
                         for p, cards in view["shown"].items()}
        view["costs"] = driver.costs()
        deal_state = view
    if seat is not None and table is not None and not room.in_deal and (
            room.status != "closed"):  # rule M1: a top-up between deals
        legal = [legal_action_dict(LegalAction(player=seat.name, verb=Verb.TOPUP,
                                               min_amount=1))]
    state["deal"] = deal_state
    state["you"] = {
        "seat": None if seat is None else seat.position, "name": name,
        "host": viewer.host, "legal": legal,
        "agreed": name in driver.agreement if name is not None else False,
        "seeded": name in driver.seeded_now() if name is not None else False,
    }
    return state
