"""The ``trickbook`` command: the referee's commands plus the site, the kiosk and the club.

Each subcommand is imported when it runs, not when the command starts (a lazy
group, as click's documentation shows), so ``trickbook validate`` never loads
the club server's SQLAlchemy and argon2 nor the kiosk's pygame.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

#: Each subcommand's name and where it lives, as ``module:attribute``.
COMMANDS = {
    "validate": "referee.cli:validate",
    "play": "referee.cli:play",
    "stats": "referee.cli:stats_command",
    "rules": "referee.cli:rules",
    "site": "generator.cli:site",
    "serve": "generator.cli_serve:serve",
    "new": "generator.cli_serve:new",
    "kiosk": "kiosk.cli:kiosk",
    "club": "club.cli:club",
}

#: Each subcommand's line in ``trickbook --help``: the first sentence of its own help, as click makes it (a
#: test keeps the two equal). ``trickbook --help`` lists the commands from here without importing one: it
#: took about 2 s of processor time to import them all (the club's SQLAlchemy, the engine, Jinja).
SUMMARIES = {
    "validate": "Check ruleset files (or folders of them) against the schema and the rules.",
    "play": "Play a whole game of RULESET between simple bots and print it.",
    "stats": "Simulate whole games of RULESET between the bots and print what its rules do.",
    "rules": "The bundled rulesets.",
    "site": "Build rule pages for RULESETS (default: every bundled ruleset) in every language.",
    "serve": "Preview the rule pages of RULESETS (default: every bundled ruleset) while you edit them.",
    "new": "Write NAME.yaml, a commented starter house rule on top of another ruleset.",
    "kiosk": "The referee kiosk: enter each card (or each deal's result) of a real game.",
    "club": "The club server: kiosks of every table feed one standings board.",
}

#: The subcommands whose packages are an extra of `pip install trickbook` (see pyproject.toml).
EXTRAS = {"kiosk": "kiosk", "club": "club"}

#: The modules each extra brings, by their import names (a test keeps them in step with pyproject.toml).
EXTRA_MODULES = {
    "kiosk": ("pygame", "bidi", "platformdirs", "httpx"),
    "club": (
        "sqlalchemy",
        "alembic",
        "psycopg",
        "starlette",
        "uvicorn",
        "httpx",
        "multipart",
        "itsdangerous",
        "argon2",
        "segno",
        "platformdirs",
    ),
}


def lacks(extra: str) -> bool:
    """Whether a module of ``extra`` cannot be found (looked for, not imported)."""
    for module in EXTRA_MODULES[extra]:
        try:
            if importlib.util.find_spec(module) is None:
                return True
        except (ImportError, ValueError):
            return True
    return False


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when one of them is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, _, attribute = target.partition(":")
        try:
            loaded = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            extra = EXTRAS.get(cmd_name)
            if extra is None or (exc.name or "").split(".")[0] in ("trickbook", "referee", "generator", "wording"):
                raise
            raise click.ClickException(
                f"trickbook {cmd_name} needs packages this install lacks ({exc.name}): pip install 'trickbook[{extra}]'"
            ) from None
        command = getattr(loaded, attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{target} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, from SUMMARIES, importing none; a command of an extra this install lacks
        names the pip command that adds it (`trickbook --help` of `pip install trickbook` must not end in the
        kiosk's refusal)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows: list[tuple[str, str]] = []
        for name in names:
            extra = EXTRAS.get(name)
            summary = SUMMARIES[name]
            if extra is not None and lacks(extra):
                summary = f"Needs pip install 'trickbook[{extra}]'."
            # A stand-in command: click shortens the summary to the terminal's width as it does a command's own.
            rows.append((name, click.Command(name, help=summary).get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version  # (30 ms to import: only --version asks)

    from referee import COMPILED  # the engine's build: loaded only for --version

    engine = "mypyc" if COMPILED else "pure Python"
    click.echo(f"{ctx.info_name}, version {version('trickbook')} (engine: {engine})")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and the engine's build, and exit.",
)
def main() -> None:
    """Rules of trick-taking card games as data: validate, play, publish, referee."""
