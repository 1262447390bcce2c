"""Hypothesis strategies shared by the test tree: random house rules of the three-card family."""

from __future__ import annotations

from hypothesis import strategies as st

from bragkit.games.three_card.rules import Rules


@st.composite
def house_rules(draw: st.DrawFn, *, session: bool = False) -> Rules:
    """Rules with every option of RULES.md drawn at random (valid combinations only);
    ``session`` adds the options only a table of many deals uses (M1 buy-in, T2)."""
    limit = draw(st.sampled_from(["none", "max", "raise", "pot"]))
    min_bet = draw(st.integers(1, 3))
    return Rules(
        ante=draw(st.integers(0, 2)),
        min_bet=min_bet,
        max_bet=draw(st.integers(min_bet, 12)) if limit in ("max", "raise") else None,
        raise_limit=draw(st.integers(0, 6)) if limit == "raise" else None,
        pot_limit=limit == "pot",
        see_cost=draw(st.sampled_from(["double", "single"])),
        blind=draw(st.booleans()),
        short_money=draw(st.sampled_from(["cover", "fold"])),
        lending=draw(st.booleans()),
        retained_blind=draw(st.sampled_from(["two-hands", "face-up"])),
        shuffle=draw(st.sampled_from(["prial-seen", "always"])),
        stock_face_up=draw(st.booleans()),
        wild=draw(st.sampled_from([(), ("2",), ("2c", "2s"), ("Jh", "Js"), ("9", "2c")])),
        jokers=draw(st.integers(0, 2)),
        cards=draw(st.sampled_from([3, 3, 4, 5])),
        ordering=draw(st.sampled_from(["standard", "teen-patti"])),
        buy_in=draw(st.integers(0, 20)) if session else 0,
        dealers_choice=draw(st.booleans()) if session else False,
    )
