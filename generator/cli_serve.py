"""``trickbook serve`` (a live preview of rule pages) and ``trickbook new`` (a starter house rule)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.loader import bundled_ids, locate
from wording.i18n import LANGUAGES

from . import serve as preview
from .starter import StarterError, write_starter


@click.command("serve")
@click.argument("rulesets", nargs=-1)
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGUAGES),
    help="Languages to build (repeat the option; default: all five).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port on 127.0.0.1 (0: any free port).",
)
def serve(rulesets: tuple[str, ...], langs: tuple[str, ...], port: int) -> None:
    """Preview the rule pages of RULESETS (default: every bundled ruleset) while you edit them.

    Builds the site into a temporary folder, serves it on 127.0.0.1 and prints
    the address of the first ruleset's page. When a ruleset (or a file it
    extends), a catalog, a template or the stylesheet changes, it builds again
    and the open page reloads itself. A ruleset with problems shows them on
    its page, as `trickbook validate` prints them. Ctrl+C stops the server,
    removes the folder and exits with status 0.
    """
    missing = [ref for ref in rulesets if locate(ref) is None]
    if missing:
        click.echo(f"{missing[0]}: no such ruleset file or bundled id (`trickbook rules list` lists them)", err=True)
        sys.exit(2)
    status = preview.run(
        list(rulesets) or bundled_ids(),
        list(langs) or list(LANGUAGES),
        port,
        out=click.echo,
        say=lambda line: click.echo(line, err=True),
    )
    sys.exit(status)


@click.command("new")
@click.argument("name")
@click.option(
    "--extends",
    "base",
    default="hearts",
    show_default=True,
    help="The ruleset to build on: a bundled id, or a .yaml file in this folder.",
)
def new(name: str, base: str) -> None:
    """Write NAME.yaml, a commented starter house rule on top of another ruleset.

    NAME is the new ruleset's id (lower-case letters, digits and hyphens). The
    file has the schema line for editors, and the base's most often changed
    settings as commented examples: uncomment one and change it. An existing
    file is never overwritten.
    """
    try:
        target = write_starter(name, base, Path.cwd())
    except StarterError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    click.echo(f"wrote {target.name}: check it with `trickbook validate {target.name}`", err=True)
