"""Alembic's environment: the club server hands it an open connection (``config.attributes``)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
# Batch mode lets later migrations alter SQLite tables (which cannot ALTER a column) the same way.
context.configure(connection=connection, render_as_batch=True, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
