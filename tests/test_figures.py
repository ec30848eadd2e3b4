"""The rule page's figures: what the rules do to the game, measured (generator/figures.py).

Small game counts throughout (conftest.py sets the session's); what is tested
is that the page says the referee's figures, in the page's locale, beside a
base's on a house rule's page, in well-formed charts that mirror in Hebrew,
the same bytes every time, and read from the cache when they are there.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import figures as fg
from generator.site import Builder
from referee import Ruleset, load_ruleset
from referee import stats as stats_module
from referee.stats import DEFAULT_SEED, Stats, cache_path, cached_stats
from trickbook.cli import main
from wording.freetext import title_of
from wording.i18n import Lang, load_lang

GAMES = 12
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own cache folder and game count: what it finds there is what it put."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRICKBOOK_CACHE", str(folder))
    monkeypatch.setenv(fg.GAMES_VARIABLE, str(GAMES))
    return folder


def page(rid: str | Path, code: str = "en", *others: str) -> str:
    """The rule page of ``rid`` in language ``code``, built beside the rulesets ``others``."""
    rulesets = [load_ruleset(r) for r in (rid, *others)]
    builder = Builder(rulesets, [code])
    return builder.rule_page(rulesets[0], builder.langs[0])


def section(text: str) -> str:
    found = re.search(r'<section id="figures">.*?</section>', text, re.S)
    assert found, "no figures section"
    return found.group(0)


def facts(text: str) -> list[str]:
    """The section's sentences as a reader sees them (tags dropped, entities decoded)."""
    items = re.findall(r"<li>(.*?)</li>", section(text), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in items]


def charts(text: str) -> list[ET.Element]:
    """Every chart of the section, parsed as XML: a chart that is not well-formed fails here."""
    return [ET.fromstring(svg) for svg in re.findall(r"<svg\b.*?</svg>", section(text), re.S)]


def stats_of(rid: str | Path) -> Stats:
    return cached_stats(load_ruleset(rid), GAMES)


# -- the figures, as the referee counts them and the locale writes them ---------------------


@pytest.mark.parametrize("code", ["en", "de", "he"])
@pytest.mark.parametrize("rid", ["hearts", "spades", "euchre"])
def test_the_sentences_say_the_referees_figures_in_the_pages_locale(rid: str, code: str) -> None:
    lang = load_lang(code)
    stats = stats_of(rid)
    figures = stats.figures()
    said = " ".join(facts(page(rid, code)))
    numbers = [fg.decimal(lang, figures["deals_per_game_mean"]), fg.decimal(lang, figures["deals_per_game_sd"])]
    numbers += [lang.number(int(figures["deals_per_game_min"])), lang.number(int(figures["deals_per_game_max"]))]
    rules = load_ruleset(rid)
    shares = [name for name in fg.SHARE_ORDER if name in figures]
    if fg.first_lead_is_fixed(rules, stats.players):  # Hearts' 2♣: the deal decides, not play
        shares.remove("first_leader_wins_share")
    assert shares, "every ruleset here has a figure of play beside the length"
    numbers += [fg.percent(lang, figures[name]) for name in shares]
    for number in numbers:
        assert number in said, (number, said)
    if stats.nil_bids:
        assert lang.number(stats.nil_bids) in said
    # Every figure that applies has its sentence, and none that does not.
    assert len(facts(page(rid, code))) == 2 + len(shares)


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert fg.percent(load_lang("en"), 0.5012) == "50.1%"
    assert fg.percent(load_lang("de"), 0.5012) == "50,1\xa0%"
    assert fg.percent(load_lang("it"), 0.02) == "2,0%"
    assert fg.decimal(load_lang("nl"), 11114.25) == "11.114,2"
    assert fg.decimal(load_lang("en"), 3.0) == "3.0"


def test_the_page_says_how_many_games_and_which_seed() -> None:
    text = section(page("hearts"))
    lang = load_lang("en")
    intro = lang.ngettext(*fg.INTRO, GAMES) % {"count": lang.number(GAMES), "seed": lang.number(DEFAULT_SEED)}
    assert html.escape(intro, quote=True) in text


def test_a_game_of_a_fixed_length_leaves_its_length_out() -> None:
    """Every figure depends on play: the number of deals the rules fix is no figure, nor a chart."""
    stats = stats_of("oh-hell")
    deals = stats.deal_counts[0][0]
    assert stats.deal_counts == ((deals, GAMES),)
    lang = load_lang("en")
    text = page("oh-hell")
    said = facts(text)
    assert lang.number(deals) not in " ".join(said)
    assert said[0] == lang.gettext(fg.SHARES["contracts_made_share"][0]) % {
        "share": fg.percent(lang, stats.figures()["contracts_made_share"])
    }
    assert [c.get("id") for c in charts(text)] == []  # no scoring cards, one length


@pytest.mark.parametrize("rid", ["doppelkopf", "hearts", "omnibus-hearts", "black-maria"])
def test_card_shares_that_are_the_values_arithmetic_are_no_figure(rid: str) -> None:
    """Where every card is taken in every deal at a value of its own, its share is arithmetic: no chart."""
    rules, stats = load_ruleset(rid), stats_of(rid)
    assert fg.shares_are_fixed(rules, stats)
    assert "figures-cards" not in [c.get("id") for c in charts(page(rid))]


def test_card_shares_that_follow_the_trump_are_a_figure() -> None:
    rules, stats = load_ruleset("klaverjassen"), stats_of("klaverjassen")
    assert not fg.shares_are_fixed(rules, stats)  # the trump jack 20, another jack 2
    assert [c.get("id") for c in charts(page("klaverjassen"))] == ["figures-cards"]


def test_doppelkopf_says_only_what_play_decides() -> None:
    """24 deals a game and the cards' shares of 240 are the rules' own numbers; who takes the first trick is play."""
    lang = load_lang("de")
    stats = stats_of("doppelkopf")
    said = facts(page("doppelkopf", "de"))
    share = fg.percent(lang, stats.figures()["first_leader_wins_share"])
    assert said == [lang.gettext(fg.SHARES["first_leader_wins_share"][0]) % {"share": share}]
    assert charts(page("doppelkopf", "de")) == []


def test_hearts_leaves_out_the_first_trick_its_2c_leader_never_takes() -> None:
    assert fg.first_lead_is_fixed(load_ruleset("hearts"), 4)
    assert not fg.first_lead_is_fixed(load_ruleset("black-maria"), 3)  # led by the dealer's left, any card
    lang = load_lang("en")
    assert not any("first trick" in s for s in facts(page("hearts", "en")))
    # Black Maria's own figure stands alone: Hearts' 0% is no measure to set beside it.
    own = fg.percent(lang, stats_of("black-maria").figures()["first_leader_wins_share"])
    expected = lang.gettext(fg.SHARES["first_leader_wins_share"][0]) % {"share": own}
    assert expected in facts(page("black-maria", "en"))


def test_a_bid_nobody_made_is_said_so() -> None:
    stats = stats_of("spades-blind-nil")
    said = facts(page("spades-blind-nil"))
    lang = load_lang("en")
    if stats.blind_nil_bids == 0:  # the bots bid blind nil rarely, if ever
        assert lang.gettext(fg.NILS["blind_nil_made_share"][2]) in said
    else:
        assert any(lang.number(stats.blind_nil_bids or 0) in s and "blind nil" in s for s in said)


# -- a house rule beside its base --------------------------------------------------------


def test_a_house_rules_figures_stand_beside_its_bases() -> None:
    lang = load_lang("en")
    own, base = stats_of("omnibus-hearts"), stats_of("hearts")
    text = page("omnibus-hearts")
    said = facts(text)
    assert "the same measure for Hearts" in html.unescape(re.sub(r"<[^>]+>", "", section(text)))
    mine, theirs = own.deals_per_game(), base.deals_per_game()
    assert mine is not None and theirs is not None
    assert said[0] == lang.gettext(fg.LENGTH[1]) % {
        "mean": fg.decimal(lang, mine[0]),
        "sd": fg.decimal(lang, mine[1]),
        "base": fg.decimal(lang, theirs[0]),
        "base_sd": fg.decimal(lang, theirs[1]),
        "title": "Hearts",
    }
    moon, base_moon = (fg.percent(lang, s.figures()["moon_share"]) for s in (own, base))
    kind = 1 if moon != base_moon else 2  # "instead of" or "as in"
    expected = lang.gettext(fg.SHARES["moon_share"][kind]) % {"share": moon, "base": base_moon, "title": "Hearts"}
    assert expected in said
    # Hearts' 2♣ leader never takes the first trick: no figure of play, on either page.
    assert not any("first trick" in s for s in said)
    # The base's title is isolated in the sentences, so a Latin title keeps its order in Hebrew.
    assert "in <bdi>Hearts</bdi>" in section(text)


def test_a_house_rules_charts_set_each_bar_beside_its_bases() -> None:
    lang = load_lang("en")
    own, base = stats_of("klaverjassen-rotterdam"), stats_of("klaverjassen")
    (cards,) = charts(page("klaverjassen-rotterdam"))
    legend = [t.text for t in cards.iter(f"{SVG}text") if (t.get("class") or "").startswith("legend")]
    assert legend == ["\u2068Klaverjassen (Rotterdam)\u2069", "\u2068Klaverjassen (Amsterdam)\u2069"]
    bars = [r for r in cards.iter(f"{SVG}rect") if "bar" in (r.get("class") or "")]
    solid = [r for r in bars if r.get("class") == "bar"]
    hatched = [r for r in bars if r.get("class") == "bar base"]
    # A swatch of each, and a bar per scoring card in both.
    assert (len(solid), len(hatched)) == (1 + len(own.card_shares()), 1 + len(base.card_shares()))
    assert all(r.get("fill") == "url(#figures-cards-hatch)" for r in hatched)
    values = [t.text for t in cards.iter(f"{SVG}text") if (t.get("class") or "").startswith("value")]
    first = max(own.card_shares().items(), key=lambda item: item[1])[0]
    shares = [fg.percent(lang, own.card_shares()[first]), fg.percent(lang, base.card_shares()[first])]
    assert values[:2] == shares  # the largest share comes first
    desc = cards.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None
    assert f": {shares[0]} (Klaverjassen (Amsterdam): {shares[1]})" in desc.text.split(", ")[0]


# -- the charts ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "he"])
def test_charts_are_well_formed_svg_with_text_and_a_title(code: str) -> None:
    lang = load_lang(code)
    found = charts(page("hearts", code)) + charts(page("klaverjassen", code))
    assert [c.get("id") for c in found] == ["figures-deals", "figures-cards"]
    for chart in found:
        assert chart.get("role") == "img"
        title = chart.find(f"{SVG}title")
        assert title is not None and title.text and chart.get("aria-labelledby") == title.get("id")
        desc = chart.find(f"{SVG}desc")
        assert desc is not None and desc.text and chart.get("aria-describedby") == desc.get("id")
        texts = [t.text for t in chart.iter(f"{SVG}text")]
        assert texts and all(texts)
        assert chart.get("direction") == lang.direction
    cards = found[1]
    labels = [t.text for t in cards.iter(f"{SVG}text") if "label" in (t.get("class") or "")]
    # The card faces in the page's letters, each isolated left to right; the largest share first.
    shares = stats_of("klaverjassen").card_shares()
    assert len(labels) == len(shares)
    assert all(label.startswith("\u2066") and label.endswith("\u2069") for label in labels)
    values = [t.text for t in cards.iter(f"{SVG}text") if t.get("class") == "value"]
    assert values[0] == fg.percent(lang, max(shares.values()))


def test_a_right_to_left_chart_is_the_mirror_image() -> None:
    english, hebrew = (charts(page("klaverjassen", code))[0] for code in ("en", "he"))
    width = float(english.get("width") or 0)

    def shapes(chart: ET.Element) -> tuple[list[tuple[float, float]], list[tuple[float, str]]]:
        rects = [(float(r.get("x") or 0), float(r.get("width") or 0)) for r in chart.iter(f"{SVG}rect")]
        texts = [(float(t.get("x") or 0), t.get("text-anchor") or "") for t in chart.iter(f"{SVG}text")]
        return rects[1:], texts  # the first rect is the hatch pattern's tile

    (en_rects, en_texts), (he_rects, he_texts) = shapes(english), shapes(hebrew)
    # Each shape is placed, then rounded to a tenth: mirrored, it may land a tenth away.
    assert [w for _, w in en_rects] == [w for _, w in he_rects]
    assert all(abs(width - x - w - hx) < 0.15 for (x, w), (hx, _) in zip(en_rects, he_rects, strict=True))
    assert [anchor for _, anchor in en_texts] == [anchor for _, anchor in he_texts]
    assert all(abs(width - x - hx) < 0.15 for (x, _), (hx, _) in zip(en_texts, he_texts, strict=True))
    # In English the labels stand left of the bars, in Hebrew right of them.
    label_x = [
        x for (x, _), t in zip(he_texts, hebrew.iter(f"{SVG}text"), strict=True) if "label" in t.get("class", "")
    ]
    assert min(label_x) > max(x + w for x, w in he_rects)


def test_a_hebrew_page_runs_right_to_left() -> None:
    text = page("omnibus-hearts", "he")
    assert re.search(r'<html lang="he" dir="rtl"', text)
    assert 'direction="rtl"' in section(text)
    assert "<bdi>" in section(text)  # the base's title, isolated


# -- builds: the same bytes, the cache, the number of games ------------------------------------


def test_the_same_input_gives_the_same_bytes(own_cache: Path) -> None:
    first = page("omnibus-hearts", "he")
    assert any(own_cache.iterdir())
    second = page("omnibus-hearts", "he")  # from the cache now
    assert first == second
    for entry in own_cache.iterdir():
        entry.unlink()
    assert page("omnibus-hearts", "he") == first  # simulated again, in another process's order


def test_a_cached_build_does_not_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    first = page("omnibus-hearts", "en", "hearts", "spades")

    def fail(*args: object) -> None:
        raise AssertionError("simulated although cached")

    monkeypatch.setattr(stats_module, "_play_games", fail)
    assert page("omnibus-hearts", "en", "hearts", "spades") == first
    with pytest.raises(AssertionError, match="simulated although cached"):
        page("euchre")


@pytest.mark.parametrize("garbage", [b"", b"{not json", b"\xff\xfe", b'{"key": "x", "stats": {}}'])
def test_a_corrupt_cache_entry_is_recovered(own_cache: Path, garbage: bytes) -> None:
    rules = load_ruleset("hearts")
    clean = page("hearts")
    path = cache_path(rules, GAMES, DEFAULT_SEED, own_cache)
    path.write_bytes(garbage)
    assert page("hearts") == clean
    assert Stats.from_dict(json.loads(path.read_text(encoding="utf-8"))["stats"]) == stats_of("hearts")


def test_no_games_no_section(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fg.GAMES_VARIABLE, "0")
    assert '<section id="figures">' not in page("hearts")


@pytest.mark.parametrize("value", ["many", "-3", "1.5"])
def test_a_bad_number_of_games_is_refused(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(fg.GAMES_VARIABLE, value)
    with pytest.raises(ValueError, match=fg.GAMES_VARIABLE):
        fg.default_games()


def test_the_published_site_uses_five_hundred_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(fg.GAMES_VARIABLE)
    assert fg.default_games() == fg.SITE_GAMES == 500


def test_a_house_rule_of_any_length_gets_its_figures(tmp_path: Path) -> None:
    """A house rule with no prose of its own gets the section, beside its base, in a language not English."""
    path = tmp_path / "short.yaml"
    path.write_text("id: short\nextends: hearts\ngame: {target: 50}\n", encoding="utf-8")
    text = page(path, "de")
    lang: Lang = load_lang("de")
    rules: Ruleset = load_ruleset(path)
    base = load_ruleset("hearts")
    assert title_of(lang, base) in section(text)
    own, theirs = cached_stats(rules, GAMES).deals_per_game(), cached_stats(base, GAMES).deals_per_game()
    assert own is not None and theirs is not None and own[0] < theirs[0]  # to 50, not 100
    assert fg.decimal(lang, own[0]) in facts(text)[0] and fg.decimal(lang, theirs[0]) in facts(text)[0]


# -- trickbook site --games ------------------------------------------------------------------


def test_trickbook_site_takes_the_number_of_games(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["site", "hearts", "--lang", "en", "--out", str(tmp_path / "a"), "--games", "3"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "a" / "en" / "hearts.html").read_text(encoding="utf-8")
    assert "Measured over 3 whole games" in section(text)
    result = runner.invoke(main, ["site", "hearts", "--lang", "en", "--out", str(tmp_path / "b"), "--games", "0"])
    assert result.exit_code == 0, result.output
    assert '<section id="figures">' not in (tmp_path / "b" / "en" / "hearts.html").read_text(encoding="utf-8")


def test_trickbook_site_refuses_a_bad_number_of_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["site", "hearts", "--out", str(tmp_path), "--games", "-1"])
    assert result.exit_code == 2 and "--games" in result.output
    monkeypatch.setenv(fg.GAMES_VARIABLE, "lots")
    result = runner.invoke(main, ["site", "hearts", "--out", str(tmp_path)])
    assert result.exit_code == 2 and fg.GAMES_VARIABLE in result.output and "Traceback" not in result.output
    assert not any(tmp_path.iterdir())
