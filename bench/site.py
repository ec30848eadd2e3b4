"""Rule pages per second: the whole bundled site, built in memory and written; and its figures.

Prints, first, how long the statistics behind the pages' figures take from
scratch: every bundled ruleset's games (and their bases'), as many as the
published site has per ruleset, simulated in one pool of workers (target:
under a minute on this project's two cores). Then the full build with those
figures cached, as every rebuild is (target: under 2 s): pages/s, and the
ratio against a reference measured in the same run, rendering the same
pages' template without the engine-driven parts (a plain Jinja2 render of
the English index, repeated). The statistics go to a temporary cache folder,
never the user's. Run: ``.venv/bin/python bench/site.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.figures import SITE_GAMES, Figures
from generator.site import Builder, write
from referee import load_ruleset
from referee.loader import bundled_ids


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        jobs = os.cpu_count() or 1
        rulesets = [load_ruleset(r) for r in bundled_ids()]
        start = time.perf_counter()
        Figures(SITE_GAMES, jobs, Path(cache)).prepare(rulesets)  # a base is a bundled ruleset too
        simulated = time.perf_counter() - start
        games = SITE_GAMES * len(rulesets)
        print(
            f"statistics from scratch:    {simulated:6.3f} s  ({len(rulesets)} rulesets x {SITE_GAMES:,} games, "
            f"{jobs} workers, {games / simulated:,.0f} games/s; target: under 60 s)"
        )
        build(Path(cache))


def build(cache: Path) -> None:
    start = time.perf_counter()
    rulesets = [load_ruleset(r) for r in bundled_ids()]
    builder = Builder(rulesets, measured=Figures(SITE_GAMES, cache_dir=cache))
    loaded = time.perf_counter()
    pages = builder.pages()
    built = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        write(pages, Path(tmp))
    done = time.perf_counter()
    html = [p for p in pages if p.path.endswith(".html")]
    total = done - start
    print(f"{len(html)} pages, {len(pages)} files")
    print(f"load rulesets and catalogs: {loaded - start:6.3f} s")
    print(f"render in memory:           {built - loaded:6.3f} s  (figures read from the cache)")
    print(f"write:                      {done - built:6.3f} s")
    print(f"full build:                 {total:6.3f} s  ({len(html) / total:,.0f} pages/s; target: under 2 s)")
    # Reference in the same run: the cheapest page (a language's index) rendered
    # as many times as there are pages, so the ratio shows the cost of the rules.
    lang = builder.langs[0]
    t0 = time.perf_counter()
    for _ in html:
        builder.index_page(lang)
    ref = time.perf_counter() - t0
    print(f"reference (index page x{len(html)}): {ref:6.3f} s; full build / reference = {total / ref:5.1f}x")


if __name__ == "__main__":
    main()
