"""``trickbook club``: the club server and its organiser password.

``trickbook club serve`` upgrades the database's schema (Alembic), makes sure
an organiser password is set, and serves the club with uvicorn. The password
comes from ``--password-file`` (its first line) or the environment variable
``TRICKBOOK_CLUB_PASSWORD``; on the first start with neither, it is asked for
at the terminal. Either one given on a later start replaces the password.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import click

from .auth import PASSWORD_ENV, PasswordError, check_password_text, hash_password, password_from_env, read_password_file
from .store import Store, StoreError, database_url

DB_HELP = (
    "The database: a SQLAlchemy URL (postgresql+psycopg://USER@HOST/DB, sqlite:///FILE) or a file path "
    "(default: club.sqlite3 in the user's data folder)."
)


def open_store(db: str | None) -> Store:
    """The store, its schema upgraded; a database that cannot be reached is one line, not a traceback."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        store = Store(database_url(db))
        store.upgrade()
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    except (SQLAlchemyError, OSError) as exc:
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise click.ClickException(f"cannot open the database: {first[0] if first else type(exc).__name__}") from None
    return store


def given_password(password_file: Path | None) -> str | None:
    try:
        if password_file is not None:
            return read_password_file(password_file)
        return password_from_env()
    except PasswordError as exc:
        raise click.ClickException(str(exc)) from None


def ensure_password(store: Store, password_file: Path | None, who: str = "command line") -> None:
    """Set the password from the file or the environment; on a first start with neither, ask at the terminal."""
    text = given_password(password_file)
    if text is None and store.password_hash() is None:
        if not sys.stdin.isatty():
            raise click.ClickException(
                f"set the organiser password first: --password-file FILE or the environment variable {PASSWORD_ENV}"
            )
        text = click.prompt("Organiser password", hide_input=True, confirmation_prompt=True)
        try:
            check_password_text(text)
        except PasswordError as exc:
            raise click.ClickException(str(exc)) from None
    if text is not None:
        current = store.password_hash()
        from .auth import verify

        if current is None or not verify(current[1], text):
            store.set_password_hash(hash_password(text), who)


@click.group()
def club() -> None:
    """The club server: kiosks of every table feed one standings board."""


@club.command()
@click.option("--db", default=None, help=DB_HELP)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on (0.0.0.0: every one).")
@click.option("--port", default=8750, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--password-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=f"A file whose first line is the organiser password (or set {PASSWORD_ENV}).",
)
@click.option(
    "--public-url",
    default=None,
    help="The address kiosks and phones reach the server at, for its QR codes (default: the one a page is opened at).",
)
@click.option("--log-level", default="warning", show_default=True, type=click.Choice(["info", "warning", "error"]))
def serve(
    db: str | None, host: str, port: int, password_file: Path | None, public_url: str | None, log_level: str
) -> None:
    """Serve the club: the kiosks' API, the organiser's pages and the standings board."""
    import uvicorn

    from .app import create_app

    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise click.ClickException(f"--public-url must start with http:// or https://, not {public_url[:40]!r}")
    store = open_store(db)
    ensure_password(store, password_file)
    app = create_app(store, public_url=public_url)
    listening = listen(host, port)  # before the line that says the server is there: a taken port is one line
    click.echo(f"club server on http://{host}:{port}/ (database: {store.url.render_as_string(hide_password=True)})")
    # Open boards hold their event streams: a stop waits for them at most a moment.
    # proxy_headers=False: the client's address is the connection's own. uvicorn would otherwise take it from
    # X-Forwarded-For on a connection from 127.0.0.1, and anyone on this computer could be any address to the
    # limits per address (wrong table codes, wrong passwords, the log).
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        server_header=False,
        proxy_headers=False,
        timeout_graceful_shutdown=2,
    )
    uvicorn.Server(config).run(sockets=[listening])


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound here (uvicorn serves it): an address that cannot be had is one line."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        listening = socket.create_server((host, port), family=family, backlog=2048)
    except socket.gaierror as exc:
        raise click.ClickException(f"cannot listen on {host}: {exc.strerror}") from None
    except OSError as exc:
        why = os.strerror(exc.errno) if exc.errno else str(exc)  # create_server adds the address to strerror
        raise click.ClickException(f"cannot listen on {host}:{port}: {why}") from None
    listening.set_inheritable(True)
    return listening


@club.command()
@click.option("--db", default=None, help=DB_HELP)
@click.option(
    "--password-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=f"A file whose first line is the new password (or set {PASSWORD_ENV}; else asked).",
)
def password(db: str | None, password_file: Path | None) -> None:
    """Set a new organiser password (sessions of the old one end)."""
    store = open_store(db)
    text = given_password(password_file)
    if text is None:
        text = click.prompt("New organiser password", hide_input=True, confirmation_prompt=True)
    try:
        store.set_password_hash(hash_password(text), "command line")
    except PasswordError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo("the organiser password is set")


@club.command()
@click.option("--db", default=None, help=DB_HELP)
def migrate(db: str | None) -> None:
    """Create or upgrade the database's schema, then say its revision."""
    store = open_store(db)
    click.echo(f"schema at revision {store.revision()}")
