"""A round sat out may score the round's average: ``evenings.sitout_points`` NULL says so.

Evenings made before keep the fixed score they were made with.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite alters a column by copying its table: batch mode does that, and is a plain ALTER elsewhere.
    with op.batch_alter_table("evenings") as batch:
        batch.alter_column("sitout_points", existing_type=sa.Integer, nullable=True)


def downgrade() -> None:
    op.execute("UPDATE evenings SET sitout_points = 0 WHERE sitout_points IS NULL")
    with op.batch_alter_table("evenings") as batch:
        batch.alter_column("sitout_points", existing_type=sa.Integer, nullable=False)
