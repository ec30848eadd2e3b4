"""The ``trickbook`` command: the referee's commands plus the site, the kiosk and the club.

Each subcommand is imported when it runs, not when the command starts (a lazy
group, as click's documentation shows), so ``trickbook validate`` never loads
the club server's SQLAlchemy and argon2 nor the kiosk's pygame.
"""

from __future__ import annotations

import importlib

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


#: The subcommands whose packages are an extra of `pip install trickbook` (see pyproject.toml).
EXTRAS = {"kiosk": "kiosk", "club": "club"}


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
        """click's list of commands, where a command of an extra this install lacks names the pip command
        that adds it: `trickbook --help` of `pip install trickbook` must not end in the kiosk's refusal."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows: list[tuple[str, str]] = []
        for name in names:
            try:
                command = self.get_command(ctx, name)
            except click.ClickException:  # raised above only for an extra's missing packages
                rows.append((name, f"Needs pip install 'trickbook[{EXTRAS[name]}]'."))
                continue
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
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
