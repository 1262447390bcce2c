"""Revision 0003: each account's play as the event logs tell it (``bk_plays``: a session at a
table; ``bk_deals``: each deal dealt in) and the ratings (``bk_ratings``: an account's rating
at a game; ``bk_rating_events``: each rated session's change). All of it can be rebuilt from
the event logs (``python -m bragkit.web.history rebuild``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``bk_plays``, ``bk_deals``, ``bk_ratings`` and ``bk_rating_events``."""
    op.create_table(
        "bk_plays",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("bk_tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("players", sa.Integer, nullable=True),
    )
    op.create_index("ix_bk_plays_account_id", "bk_plays", ["account_id"])
    op.create_table(
        "bk_deals",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("bk_tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("record", sa.Boolean, nullable=False),
    )
    op.create_index("ix_bk_deals_account_id", "bk_deals", ["account_id"])
    op.create_table(
        "bk_ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("sessions", sa.Integer, nullable=False),
    )
    op.create_index("ix_bk_ratings_game", "bk_ratings", ["game"])
    op.create_table(
        "bk_rating_events",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("bk_tables.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("bk_rating_events")
    op.drop_index("ix_bk_ratings_game", "bk_ratings")
    op.drop_table("bk_ratings")
    op.drop_index("ix_bk_deals_account_id", "bk_deals")
    op.drop_table("bk_deals")
    op.drop_index("ix_bk_plays_account_id", "bk_plays")
    op.drop_table("bk_plays")
