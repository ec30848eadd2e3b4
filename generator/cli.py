"""``trickbook site``: build the rule site."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from referee import RulesetError
from referee.loader import ruleset_files
from wording.i18n import LANGUAGES, CatalogError

from .figures import GAMES_VARIABLE, SITE_GAMES, Figures
from .site import SiteError, build


@contextmanager
def _simulating(games: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr while the figures' games are simulated (the first build takes a while)."""
    with click.progressbar(length=games, label="simulating the figures' games", file=sys.stderr) as bar:
        yield bar.update


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
@click.option(
    "--games",
    type=click.IntRange(min=0),
    default=None,
    help=f"Games simulated per ruleset for the pages' figures; 0: none.  "
    f"[default: ${GAMES_VARIABLE}, else {SITE_GAMES}]",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes that simulate.  [default: one per core]"
)
def site(
    rulesets: tuple[str, ...], out_dir: Path, langs: tuple[str, ...], base_url: str, games: int | None, jobs: int | None
) -> None:
    """Build rule pages for RULESETS (default: every bundled ruleset) in every language.

    The figures on each page come from games simulated between the bots,
    cached by the rules' content (in $TRICKBOOK_CACHE, else
    $XDG_CACHE_HOME/trickbook/stats, else ~/.cache/trickbook/stats): a
    rebuild does not simulate them again.
    """
    try:
        measured = Figures(games, jobs, progress_bar=_simulating)
    except ValueError as exc:  # a bad $TRICKBOOK_SITE_GAMES
        raise click.UsageError(str(exc)) from None
    # A folder stands for its rulesets, as in `trickbook validate`; a bundled id is not a path.
    refs: list[str | Path] = []
    for ref in rulesets:
        found = list(ruleset_files([ref])) if Path(ref).is_dir() else [ref]
        if not found:
            click.echo(f"nothing to build in {ref}: it holds no .yaml or .yml file", err=True)
            sys.exit(2)
        refs += found
    try:
        pages = build(refs or None, out_dir, langs or LANGUAGES, base_url, measured)
    except (RulesetError, CatalogError, SiteError) as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    click.echo(f"{len(pages)} files in {out_dir}/", err=True)
