"""Results that arrive for a round already over are kept for the organiser: ``late_results`` and
``late_decisions`` (accepted into the round, or rejected, with the reason, who and when).

Nothing of an earlier evening changes: the two tables start empty.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

When = sa.DateTime(timezone=True)


def _id(table: str) -> list[SchemaItem]:
    return [sa.Column("id", sa.Integer, nullable=False), sa.PrimaryKeyConstraint("id", name=f"pk_{table}")]


def _fk(table: str, column: str, target: str, nullable: bool = False) -> list[SchemaItem]:
    return [
        sa.Column(column, sa.Integer, nullable=nullable),
        sa.ForeignKeyConstraint([column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}"),
    ]


def upgrade() -> None:
    op.create_table(
        "late_results",
        *_id("late_results"),
        *_fk("late_results", "round_id", "rounds"),
        *_fk("late_results", "table_id", "club_tables"),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("kiosk", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seq", sa.BigInteger, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=True),
        sa.Column("score", sa.String(400), nullable=False),
        *_fk("late_results", "code_id", "table_codes"),
        sa.Column("received_at", When, nullable=False),
        sa.UniqueConstraint("kiosk", "game", "seq", name="uq_late_results_kiosk_game_seq"),
    )
    op.create_table(
        "late_decisions",
        *_id("late_decisions"),
        *_fk("late_decisions", "late_id", "late_results"),
        sa.Column("action", sa.String(10), nullable=False),
        *_fk("late_decisions", "result_id", "results", nullable=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("decided_at", When, nullable=False),
        sa.Column("decided_by", sa.String(120), nullable=False),
        sa.UniqueConstraint("late_id", name="uq_late_decisions_late_id"),
        sa.CheckConstraint("action IN ('accept', 'reject')", name="ck_late_decisions_action"),
    )


def downgrade() -> None:
    op.drop_table("late_decisions")
    op.drop_table("late_results")
