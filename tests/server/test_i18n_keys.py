"""The pages' own words (bohn/server/static/i18n.js) exist in both languages:
a key worded in English only would show its English word (or its key) on a
German page."""

from __future__ import annotations

import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[2] / "bohn" / "server" / "static" / "i18n.js"
KEY = re.compile(r'^    (?:"([^"]+)"|([A-Za-z][\w]*)):', re.M)


def _blocks() -> dict[str, list[str]]:
    text = I18N.read_text(encoding="utf-8")
    en_at = text.index("\n  en: {")
    de_at = text.index("\n  de: {")
    end = text.index("\n};", de_at)
    out = {}
    for lang, part in (("en", text[en_at:de_at]), ("de", text[de_at:end])):
        out[lang] = [a or b for a, b in KEY.findall(part)]
    return out


def test_every_word_of_the_pages_is_in_english_and_german() -> None:
    blocks = _blocks()
    assert len(blocks["en"]) > 100
    assert len(set(blocks["en"])) == len(blocks["en"]), "a key is worded twice in English"
    assert len(set(blocks["de"])) == len(blocks["de"]), "a key is worded twice in German"
    assert sorted(set(blocks["en"]) - set(blocks["de"])) == []
    assert sorted(set(blocks["de"]) - set(blocks["en"])) == []
