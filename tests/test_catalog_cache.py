"""Checked catalogs kept compiled (issue 20: a kiosk read, checked and compiled its language's .po file before its
first frame at every start, 0.2-0.3 s). A catalog is kept only once it passed its checks, under the hash of its
bytes: an edited catalog is read and checked again, a broken one is refused every time, and a kept file that is not
whole is made again. Work is counted (the .po files parsed), never timed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wording import i18n
from wording.i18n import CatalogError, load_lang, locales_dir


class Parses:
    """Counts the .po files Babel parses."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = i18n._read_po

        def counted(source: object, lang: str) -> object:
            self.count += 1
            return real(source, lang)  # type: ignore[arg-type]

        monkeypatch.setattr(i18n, "_read_po", counted)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the German catalog, and a cache folder of the test's own; nothing loaded in this process yet."""
    monkeypatch.setenv("TRICKBOOK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "_loaded", {})
    po = tmp_path / "locales" / "de" / "LC_MESSAGES" / "trickbook.po"
    po.parent.mkdir(parents=True)
    shutil.copyfile(locales_dir() / "de" / "LC_MESSAGES" / "trickbook.po", po)
    return tmp_path / "locales"


def kept(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "cache" / "catalogs").glob("*.mo"))


def restart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process, as far as catalogs go: none loaded."""
    monkeypatch.setattr(i18n, "_loaded", {})


def sample(lang: i18n.Lang) -> list[str]:
    return [
        lang.gettext("Settings"),
        lang.ngettext("%(count)s player", "%(count)s players", 1) % {"count": 1},
        lang.ngettext("%(count)s player", "%(count)s players", 5) % {"count": 5},
        lang.pgettext("kiosk bar", "Send again"),
    ]


def test_a_checked_catalog_is_read_once_and_then_kept(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parses = Parses(monkeypatch)
    first = load_lang("de", folder, complete=False)
    assert parses.count == 1 and len(kept(tmp_path)) == 1 and kept(tmp_path)[0].startswith("de-partial-")
    assert sample(first) == ["Einstellungen", "1 Spieler", "5 Spieler", "Erneut senden"]
    restart(monkeypatch)
    again = load_lang("de", folder, complete=False)
    assert parses.count == 1  # read from the kept file: no .po parsed, no check run
    assert again is not first and sample(again) == sample(first)
    # Every message of the catalog translates as the parsed catalog does.
    catalog = i18n.read_catalog(folder / "de" / "LC_MESSAGES" / "trickbook.po", "de")
    for message in catalog:
        if message.id and isinstance(message.id, str) and message.string:
            if message.context:
                assert again.pgettext(message.context, message.id) == message.string
            else:
                assert again.gettext(message.id) == message.string


def test_an_edited_catalog_is_read_and_checked_again(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po = folder / "de" / "LC_MESSAGES" / "trickbook.po"
    parses = Parses(monkeypatch)
    load_lang("de", folder, complete=False)
    before = kept(tmp_path)
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Einstellungen"', 'msgstr "Optionen"'), "utf-8")
    restart(monkeypatch)
    assert load_lang("de", folder, complete=False).gettext("Settings") == "Optionen"
    assert parses.count == 2
    assert len(kept(tmp_path)) == 1 and kept(tmp_path) != before  # the older one dropped
    # A broken placeholder: refused at every start, never kept.
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr[0] "%(count)s Spieler"', 'msgstr[0] "%(anzahl)s Spieler"'), "utf-8")
    for _ in range(2):
        restart(monkeypatch)
        with pytest.raises(CatalogError, match="anzahl"):
            load_lang("de", folder, complete=False)
    assert parses.count == 4 and len(kept(tmp_path)) == 1


def test_a_partly_translated_catalog_kept_for_the_kiosk_is_still_refused_as_incomplete(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po = folder / "de" / "LC_MESSAGES" / "trickbook.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Einstellungen"', 'msgstr ""'), "utf-8")
    assert load_lang("de", folder, complete=False).gettext("Settings") == "Settings"  # shown in English
    restart(monkeypatch)
    with pytest.raises(CatalogError, match="not translated"):
        load_lang("de", folder)
    assert [name.split("-")[1] for name in kept(tmp_path)] == ["partial"]


@pytest.mark.parametrize("harm", ["cut", "flipped", "empty"])
def test_a_kept_file_that_is_not_whole_is_made_again(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, harm: str
) -> None:
    parses = Parses(monkeypatch)
    load_lang("de", folder, complete=False)
    (path,) = (tmp_path / "cache" / "catalogs").glob("*.mo")
    data = path.read_bytes()
    damaged = {
        "cut": data[: len(data) // 2],
        "flipped": data[:100] + bytes([data[100] ^ 0x20]) + data[101:],
        "empty": b"",
    }[harm]
    path.write_bytes(damaged)
    restart(monkeypatch)
    assert sample(load_lang("de", folder, complete=False))[0] == "Einstellungen"
    assert parses.count == 2 and path.read_bytes() == data


def test_a_cache_folder_that_cannot_be_written_only_costs_the_saving(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("TRICKBOOK_CACHE", str(blocker))
    parses = Parses(monkeypatch)
    for _ in range(2):
        restart(monkeypatch)
        assert load_lang("de", folder, complete=False).gettext("Settings") == "Einstellungen"
    assert parses.count == 2 and blocker.read_text(encoding="utf-8").startswith("a file")


def test_the_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert i18n.catalog_cache_dir() == Path(str(i18n.os.environ["TRICKBOOK_CACHE"])) / "catalogs"
    monkeypatch.delenv("TRICKBOOK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert i18n.catalog_cache_dir() == tmp_path / "xdg" / "trickbook" / "catalogs"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert i18n.catalog_cache_dir() == tmp_path / "home" / ".cache" / "trickbook" / "catalogs"
