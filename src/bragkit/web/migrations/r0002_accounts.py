"""Revision 0002: accounts (``bk_accounts``: a name, its two comparison keys, the argon2id hash
of its password) and their sessions (``bk_sessions``: the SHA-256 of each session id)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``bk_accounts`` and ``bk_sessions``."""
    op.create_table(
        "bk_accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("folded", sa.String(255), nullable=False, unique=True),
        sa.Column("skeleton", sa.String(255), nullable=False, unique=True),
        sa.Column("password", sa.String(255), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
    )
    op.create_table(
        "bk_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("bk_accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_bk_sessions_account_id", "bk_sessions", ["account_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_bk_sessions_account_id", "bk_sessions")
    op.drop_table("bk_sessions")
    op.drop_table("bk_accounts")
