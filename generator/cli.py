"""``trickbook site``: build the rule site."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee import RulesetError
from wording.i18n import LANGUAGES, CatalogError

from .site import SiteError, build


@click.command()
@click.argument("rulesets", nargs=-1)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("site"),
    show_default=True,
    help="Output folder.",
)
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGUAGES),
    help="Languages to build (repeat the option; default: all five).",
)
@click.option("--base-url", default="", help="Absolute address of the site, for sitemap.xml.")
def site(rulesets: tuple[str, ...], out_dir: Path, langs: tuple[str, ...], base_url: str) -> None:
    """Build rule pages for RULESETS (default: every bundled ruleset) in every language."""
    try:
        pages = build(list(rulesets) or None, out_dir, langs or LANGUAGES, base_url)
    except (RulesetError, CatalogError, SiteError) as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    click.echo(f"{len(pages)} files in {out_dir}/", err=True)
