"""Alembic migrations of the club server's schema, run in-process by ``club.store.Store.upgrade``."""
