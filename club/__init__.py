"""The club server: every table's kiosk feeds one standings board.

``club.store`` keeps an evening (players, rounds and their seat draws,
tables, table codes, results, corrections and refusals) in SQLite or
PostgreSQL through SQLAlchemy Core, migrated by Alembic; ``club.tally``
replays a table's results through the referee; ``club.standings`` ranks the
players by the ruleset's own measure; ``club.app`` is the Starlette
application; ``club.cli`` the ``trickbook club`` commands.
"""
