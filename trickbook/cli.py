"""The ``trickbook`` command: the referee's commands plus the site and kiosk."""

from __future__ import annotations

import click

from club.cli import club
from generator.cli import site
from generator.cli_serve import new, serve
from kiosk.cli import kiosk
from referee import COMPILED
from referee.cli import play, rules, stats_command, validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    package_name="trickbook",
    message=f"%(prog)s, version %(version)s (engine: {'mypyc' if COMPILED else 'pure Python'})",
)
def main() -> None:
    """Rules of trick-taking card games as data: validate, play, publish, referee."""


main.add_command(validate)
main.add_command(play)
main.add_command(stats_command)
main.add_command(rules)
main.add_command(site)
main.add_command(kiosk)
main.add_command(club)
main.add_command(serve)
main.add_command(new)
