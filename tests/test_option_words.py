"""Every game option of every variant has a label and a help text in plain
words, in English and German, and a name for each of its choices: the lobby
shows those, with the option's name and rule id only as detail."""

from __future__ import annotations

import re

import pytest

from bohn.engine.game import Option
from bohn.rulesets import VARIANTS
from bohn.variants import variant_info

#: what only a technical description holds: rule ids, section signs, keys
TECHNICAL = re.compile(r"§|\b[A-Z]{2}-D\d+\b|_|\b[a-z]+-\d\b")

OPTIONS: list[tuple[str, Option]] = [
    (variant, opt) for variant, cls in sorted(VARIANTS.items()) for opt in cls.OPTIONS.values()
]


@pytest.mark.parametrize(("variant", "opt"), OPTIONS, ids=[f"{v}-{o.name}" for v, o in OPTIONS])
def test_each_option_in_plain_words(variant: str, opt: Option) -> None:
    assert opt.label is not None and opt.help is not None, f"{variant} {opt.name}"
    for words in (opt.label, opt.help):
        for lang in ("en", "de"):
            text = words.get(lang)
            assert text.strip(), f"{variant} {opt.name}: empty {lang} words"
            assert not TECHNICAL.search(text), f"{variant} {opt.name}: {text!r}"
            assert opt.name not in text
    assert opt.label.en != opt.label.de and opt.help.en != opt.help.de
    if opt.choices is None:
        assert opt.choice_words is None
    else:
        assert opt.choice_words is not None
        assert set(opt.choice_words) == {str(c) for c in opt.choices}
        for c, w in opt.choice_words.items():
            assert w.en.strip() and w.de.strip() and w.en != c, f"{variant} {opt.name}={c}"


def test_the_lobby_gets_them_with_the_technical_detail() -> None:
    info = variant_info(VARIANTS["bohnanza"])
    coins = next(o for o in info["options"] if o["name"] == "coins_from")
    assert coins["label"] == {"en": "Coins come from", "de": "Taler kommen von"}
    assert coins["choice_labels"]["bottom"] == {
        "en": "the bottom cards",
        "de": "den untersten Karten",
    }
    assert coins["default_id"] == "BO-D3" and coins["choices"] == ["top", "bottom"]
    assert "harvested field" in coins["doc"]
