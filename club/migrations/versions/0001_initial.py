"""The first schema: evenings, players, tables, rounds and seats, table codes, results, changes, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

revision = "0001"
down_revision = None
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
        "organiser_passwords",
        *_id("organiser_passwords"),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("set_at", When, nullable=False),
        sa.Column("set_by", sa.String(120), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), nullable=False),
        sa.Column("value", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_settings"),
    )
    op.create_table(
        "evenings",
        *_id("evenings"),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("ruleset", sa.String(80), nullable=False),
        sa.Column("players_per_table", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("deals_per_round", sa.Integer, nullable=True),
        sa.Column("sitout_points", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created_at", When, nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False),
    )
    op.create_table(
        "players",
        *_id("players"),
        *_fk("players", "evening_id", "evenings"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.UniqueConstraint("evening_id", "name", name="uq_players_evening_id_name"),
        sa.UniqueConstraint("evening_id", "position", name="uq_players_evening_id_position"),
    )
    op.create_table(
        "club_tables",
        *_id("club_tables"),
        *_fk("club_tables", "evening_id", "evenings"),
        sa.Column("number", sa.Integer, nullable=False),
        sa.UniqueConstraint("evening_id", "number", name="uq_club_tables_evening_id_number"),
    )
    op.create_table(
        "rounds",
        *_id("rounds"),
        *_fk("rounds", "evening_id", "evenings"),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(80), nullable=False),
        sa.Column("drawn_at", When, nullable=False),
        sa.Column("drawn_by", sa.String(120), nullable=False),
        sa.UniqueConstraint("evening_id", "number", name="uq_rounds_evening_id_number"),
    )
    op.create_table(
        "seats",
        *_id("seats"),
        *_fk("seats", "round_id", "rounds"),
        *_fk("seats", "player_id", "players"),
        *_fk("seats", "table_id", "club_tables", nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.UniqueConstraint("round_id", "player_id", name="uq_seats_round_id_player_id"),
        sa.UniqueConstraint("round_id", "table_id", "seat", name="uq_seats_round_id_table_id_seat"),
    )
    op.create_table(
        "table_codes",
        *_id("table_codes"),
        *_fk("table_codes", "table_id", "club_tables"),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("hint", sa.String(8), nullable=False),
        sa.Column("issued_at", When, nullable=False),
        sa.Column("issued_by", sa.String(120), nullable=False),
        sa.UniqueConstraint("code_hash", name="uq_table_codes_code_hash"),
    )
    op.create_table(
        "code_revocations",
        *_id("code_revocations"),
        *_fk("code_revocations", "code_id", "table_codes"),
        sa.Column("revoked_at", When, nullable=False),
        sa.Column("revoked_by", sa.String(120), nullable=False),
        sa.UniqueConstraint("code_id", name="uq_code_revocations_code_id"),
    )
    op.create_table(
        "results",
        *_id("results"),
        *_fk("results", "round_id", "rounds"),
        *_fk("results", "table_id", "club_tables"),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("kiosk", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seq", sa.BigInteger, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=True),
        sa.Column("score", sa.String(400), nullable=False),
        *_fk("results", "code_id", "table_codes"),
        sa.Column("received_at", When, nullable=False),
        sa.UniqueConstraint("kiosk", "game", "seq", name="uq_results_kiosk_game_seq"),
        sa.UniqueConstraint("round_id", "table_id", "deal", name="uq_results_round_id_table_id_deal"),
    )
    op.create_table(
        "result_changes",
        *_id("result_changes"),
        *_fk("result_changes", "result_id", "results"),
        sa.Column("action", sa.String(10), nullable=False),
        sa.Column("score", sa.String(400), nullable=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("changed_at", When, nullable=False),
        sa.Column("changed_by", sa.String(120), nullable=False),
        sa.CheckConstraint("action IN ('correct', 'void')", name="ck_result_changes_action"),
    )
    op.create_table(
        "audit",
        *_id("audit"),
        sa.Column("at", When, nullable=False),
        sa.Column("event", sa.String(40), nullable=False),
        sa.Column("status", sa.Integer, nullable=True),
        sa.Column("who", sa.String(120), nullable=False),
        sa.Column("evening_id", sa.Integer, nullable=True),
        sa.Column("table_number", sa.Integer, nullable=True),
        sa.Column("detail", sa.String(500), nullable=False),
        sa.ForeignKeyConstraint(["evening_id"], ["evenings.id"], name="fk_audit_evening_id_evenings"),
    )


def downgrade() -> None:
    for table in (
        "audit",
        "result_changes",
        "results",
        "code_revocations",
        "table_codes",
        "seats",
        "rounds",
        "club_tables",
        "players",
        "evenings",
        "settings",
        "organiser_passwords",
    ):
        op.drop_table(table)
