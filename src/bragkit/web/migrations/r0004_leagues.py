"""Revision 0004: league nights (:mod:`bragkit.web.leagues`): the leagues (``bk_leagues``: a
name, a game and its house rules, the host's account), their members (``bk_league_members``),
their nights (``bk_league_nights``), each night's tables (``bk_league_tables``) and what each
member scored at each table once it closed (``bk_league_scores``: a net, or points in a points
game)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the league tables."""
    op.create_table(
        "bk_leagues",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("host_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_bk_leagues_host_id", "bk_leagues", ["host_id"])
    op.create_table(
        "bk_league_members",
        sa.Column("league_id", sa.Integer, sa.ForeignKey("bk_leagues.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_index("ix_bk_league_members_account_id", "bk_league_members", ["account_id"])
    op.create_table(
        "bk_league_nights",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("league_id", sa.Integer, sa.ForeignKey("bk_leagues.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("opened_at", sa.Float, nullable=True),
        sa.UniqueConstraint("league_id", "number", name="uq_bk_league_nights_number"),
    )
    op.create_index("ix_bk_league_nights_league_id", "bk_league_nights", ["league_id"])
    op.create_table(
        "bk_league_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("bk_tables.id"), primary_key=True),
        sa.Column("night_id", sa.Integer, sa.ForeignKey("bk_league_nights.id"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("host_token", sa.String(64), nullable=False),
        sa.Column("scored", sa.Boolean, nullable=False),
    )
    op.create_index("ix_bk_league_tables_night_id", "bk_league_tables", ["night_id"])
    op.create_table(
        "bk_league_scores",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("bk_tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), primary_key=True),
        sa.Column("night_id", sa.Integer, sa.ForeignKey("bk_league_nights.id"),
                  nullable=False),
        sa.Column("score", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_bk_league_scores_night_id", "bk_league_scores", ["night_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_bk_league_scores_night_id", "bk_league_scores")
    op.drop_table("bk_league_scores")
    op.drop_index("ix_bk_league_tables_night_id", "bk_league_tables")
    op.drop_table("bk_league_tables")
    op.drop_index("ix_bk_league_nights_league_id", "bk_league_nights")
    op.drop_table("bk_league_nights")
    op.drop_index("ix_bk_league_members_account_id", "bk_league_members")
    op.drop_table("bk_league_members")
    op.drop_index("ix_bk_leagues_host_id", "bk_leagues")
    op.drop_table("bk_leagues")
