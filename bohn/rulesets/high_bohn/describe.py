"""High Bohn in words: buildings, coins of a bean type, the General Store,
the Bank's abilities, the Distillery, the jail and the final buying.

What a building does, and its German name, are the card catalogue's
(:mod:`bohn.rulesets.high_bohn.catalogue`, ``catalogue.effect`` of
``buildings.json``): the one text ``bohn cards`` shows too.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber
from bohn.describe.bean import Bought
from bohn.describe.bean import PricedCards
from bohn.describe.bean import bought_lookup
from bohn.describe.bean import field_flag
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import Take
from bohn.engine.cards import CardTable
from bohn.rulesets.high_bohn.actions import Bury
from bohn.rulesets.high_bohn.actions import MoveCard
from bohn.rulesets.high_bohn.actions import Order
from bohn.rulesets.high_bohn.actions import Store

HELP_EN = """\
High Bohn adds:
  build jail-3            buy a building with coins of its bean type
  build distillery-2 name saloon
                          buy the distillery-2 and close the Saloons (Cognac variant)
  store h1 / store r2 / store t1
                          lay your front card / a revealed card / a card of your
                          trading area on your General Store
  plant f1 stew / plant f1 joker
                          plant as a bean stew card (Saloon) or a soy joker (farm-2)
  bury                    bank-2: put the top card of the draw pile at its bottom
  move h3 h1              bank-4: move hand card h3 to position h1
  order 3,1,2             bank-3: the order in which your drawn cards join your hand
  take blaue              jail-4: the leftover card you take as a coin
Coins buy only buildings of their bean type; every coin's bean side is public.
"""

HELP_DE = """\
High Bohn fügt hinzu:
  build jail-3            ein Gebäude mit Münzen seiner Bohnensorte kaufen
  build distillery-2 name saloon
                          die distillery-2 kaufen und die Saloons schließen (Cognac-Variante)
  store h1 / store r2 / store t1
                          deine vorderste Karte / eine aufgedeckte Karte / eine Karte deines
                          Handelsbereichs auf deinen Gemischtwarenladen legen
  plant f1 stew / plant f1 joker
                          als Bohneneintopf-Karte (Saloon) oder Soja-Joker (farm-2) pflanzen
  bury                    bank-2: die oberste Karte des Nachziehstapels unter ihn legen
  move h3 h1              bank-4: Handkarte h3 an Position h1 verschieben
  order 3,1,2             bank-3: in welcher Reihenfolge deine gezogenen Karten auf die Hand kommen
  take blaue              jail-4: die übrige Karte, die du als Münze nimmst
Münzen kaufen nur Gebäude ihrer Bohnensorte; die Bohnenseite jeder Münze ist offen.
"""

#: how the screen names the field kinds (``field_kinds`` of the observation)
FIELD_LABELS = {"third": ("third field", "drittes Feld")}
#: the field a building brings (``field_kinds``: the building, the one bean
#: type it takes or None)
BUILDING_FIELDS: dict[str, tuple[str, str | None]] = {
    "goldmine": ("goldmine-4", None),
    "saloon": ("saloon-2", "brech"),
    "blacksmith": ("blacksmith-2", "feuer"),
}
#: the German gender of each building type (its articles: ``eine Bank``,
#: ``einen Saloon``, ``ein Gefängnis``)
GENDERS_DE = {
    "goldmine": "f",
    "teepee": "n",
    "bank": "f",
    "farm": "f",
    "saloon": "m",
    "general-store": "m",
    "blacksmith": "f",
    "jail": "n",
    "distillery": "f",
}
#: the German indefinite articles in the accusative, and their negations
ARTICLES_DE = {"f": ("eine", "keine"), "m": ("einen", "keinen"), "n": ("ein", "kein")}


def _buildings() -> tuple[str, PricedCards, CardTable]:
    """High Bohn's variant, buildings and card table, imported on the first look-up."""
    from bohn.rulesets.high_bohn.rules import BUILDINGS
    from bohn.rulesets.high_bohn.rules import TABLE
    from bohn.rulesets.high_bohn.rules import HighBohn

    return HighBohn.variant, BUILDINGS, TABLE


#: a building's price, paying bean type and catalogue entry by its key (None:
#: no building); the entry's ``effect`` is what the building does, its
#: ``names`` its names
building_info = bought_lookup(_buildings)


class HighBohnDescriber(BeanDescriber):
    """The bean game's words and High Bohn's buildings."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "before-turn": ("before the turn (buildings)", "vor dem Zug (Gebäude)"),
        "draw-order": ("ordering the drawn cards", "Ordnen der gezogenen Karten"),
        "final-harvest": ("the final harvest", "die letzte Ernte"),
        "final-buying": ("buying at the end of the game", "Kaufen am Spielende"),
        "distillery": ("deciding on the distillery", "Entscheiden über die Brennerei"),
        "jail-coin": ("choosing a coin for the jail", "Wählen einer Münze für das Gefängnis"),
    }

    ORDER: ClassVar[tuple[type[Action], ...]] = BeanDescriber.order_with(
        Store, Order, Take, Bury, MoveCard, last=(Build,)
    )
    SHOWN: ClassVar[frozenset[str]] = BeanDescriber.SHOWN | {"final-buying"}
    #: the rules behind forced moves: Bohnanza's, which High Bohn keeps and
    #: its refusals cite, and its own end (``rules/high-bohn.md`` §5.2)
    RULES: ClassVar[dict[str, str]] = {
        **BeanDescriber.rules_in("bohnanza"),
        "final-harvest": "high-bohn §5.2",
    }

    def field_label(self, kind: str) -> str:
        """A field kind: ``third field``, ``2 Saloon field, Green bean only``."""
        if kind in BUILDING_FIELDS:
            key, only = BUILDING_FIELDS[kind]
            name = self.bought_name(key)
            text = self.w(f"{name} field", f"Feld von {name}")
            return text + (
                self.w(f", {self.name(only)} only", f", nur {self.name(only)}") if only else ""
            )
        en, de = FIELD_LABELS.get(kind, (kind, kind))
        return self.w(en, de)

    def bought(self, key: str) -> Bought | None:
        """The buildings are High Bohn's cards bought with coins."""
        return building_info(key)

    def building_names(self, keys: list[str]) -> str:
        """Buildings by name: ``1 Bank, 3 Bank``."""
        return ", ".join(map(self.bought_name, keys)) or self.w("none", "keine")

    def type_name(self, kind: str) -> str:
        """A building type by name, its number left off: ``saloon``: ``Saloon``,
        ``general-store``: ``General Store`` (``Gemischtwarenladen``)."""
        name = self.bought_name(f"{kind}-1")
        return name.partition(" ")[2] if name != f"{kind}-1" else kind

    def a_type(self, kind: str, no: bool = False) -> str:
        """``a Saloon`` (``no``: ``no Saloon``); German in the accusative
        (``einen Saloon``, ``keine Bank``)."""
        name = self.type_name(kind)
        if self.de:
            some, none = ARTICLES_DE[GENDERS_DE.get(kind, "n")]
            return f"{none if no else some} {name}"
        return f"{'no' if no else 'an' if name[:1] in 'AEIOU' else 'a'} {name}"

    def supply_text(self, keys: list[str]) -> str:
        """The building supply grouped by type: ``jail (Blue bean) 1 3 4``."""
        groups: dict[str, list[str]] = {}
        for k in keys:
            kind, _, price = k.rpartition("-")
            info = building_info(k)
            name = f"{self.type_name(kind)} ({self.name(info[1])})" if info else kind
            groups.setdefault(name, []).append(price)
        return "; ".join(f"{name} {' '.join(ps)}" for name, ps in groups.items()) or self.w(
            "empty", "leer"
        )

    # ------------------------------------------------------------- actions

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        me = obs["seats"][seat]
        if isinstance(a, Build):
            info = building_info(a.building)
            if info is None:
                return self.text(a)
            cost, bean, _entry = info
            coins, bean = self.coins(cost), self.name(bean)
            building = self.bought_name(a.building)
            if a.name is not None:
                named, one = self.type_name(a.name), self.a_type(a.name)
                return self.w(
                    f"build the {building} for {coins} of {bean} and name the {named}: the "
                    f"others may buy {one} at once, then the remaining {named} cards "
                    "leave the game",
                    f"{building} für {coins} {bean} bauen und {named} nennen: die anderen "
                    f"dürfen sofort {one} kaufen, dann verlassen die übrigen "
                    f"{named}-Karten das Spiel",
                )
            effect = self.bought_effect(a.building)
            return self.w(
                f"build the {building} for {coins} of {bean}: {effect}",
                f"{building} für {coins} {bean} bauen: {effect}",
            )
        if isinstance(a, Store):
            card = self.ref_card(a.card, me, obs)
            if a.card == "h0":
                return self.w(
                    f"put your front card {card} on your General Store (counts as planting it)",
                    f"deine vorderste Karte {card} auf deinen Gemischtwarenladen legen (zählt "
                    "als Pflanzen)",
                )
            if a.card[:1] == "r":
                k = self.n(a.card[1:])
                return self.w(
                    f"put revealed card {k} ({card}) on your General Store",
                    f"die aufgedeckte Karte {k} ({card}) auf deinen Gemischtwarenladen legen",
                )
            return self.w(
                f"put {card} from your trading area on your General Store",
                f"{card} aus deinem Handelsbereich auf deinen Gemischtwarenladen legen",
            )
        if isinstance(a, Bury):
            top = obs.get("deck_top")
            card = f" ({self.label(top)})" if top else ""
            bank = self.bought_name("bank-2")
            return self.w(
                f"{bank}: put the top card of the draw pile{card} face down at its bottom",
                f"{bank}: die oberste Karte des Nachziehstapels{card} verdeckt unter ihn legen",
            )
        if isinstance(a, MoveCard):
            card = self.ref_card(f"h{a.card}", me, obs)
            bank = self.bought_name("bank-4")
            k, to = self.n(a.card), self.n(a.to)
            return self.w(
                f"{bank}: move hand card {k} ({card}) to position {to}",
                f"{bank}: Handkarte {k} ({card}) an Position {to} verschieben",
            )
        if isinstance(a, Order):
            drawn = obs.get("drawn") or []
            cards = ", ".join(self.label(str(drawn[i])) if i < len(drawn) else "?" for i in a.drawn)
            bank = self.bought_name("bank-3")
            return self.w(
                f"{bank}: your drawn cards join the back of your hand as {cards}",
                f"{bank}: deine gezogenen Karten kommen hinten auf die Hand als {cards}",
            )
        if isinstance(a, Take):
            bean = self.name(a.bean)
            jail = self.bought_name("jail-4")
            return self.w(
                f"{jail}: take a {bean} leftover as your coin",
                f"{jail}: eine übrige {bean} als deine Münze nehmen",
            )
        return super().action(a, obs, seat, price)

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """The bean game's, but a front card laid on the General Store counts
        as planted (HB-D9): then it is no harvest that makes room."""
        hand = obs["seats"][seat].get("hand") or []
        if (
            obs.get("phase") == "plant"
            and obs.get("active") == seat
            and hand
            and not int(obs.get("planted", 0) or 0)
            and Store("h0") in legal
        ):
            card = self.label(str(hand[0]))
            return self.w(
                f"Your front card, the {card}, must be planted first, or laid on your General "
                f"Store{self.cite('front-card')}.",
                f"Deine vorderste Karte ({card}) muss zuerst gepflanzt oder auf deinen "
                f"Gemischtwarenladen gelegt werden{self.cite('front-card')}.",
            )
        return super().forced(obs, seat, legal)

    def plant_how(self, mode: str | None) -> str:
        if mode == "stew":
            return self.w(" as a bean stew card", " als Bohneneintopf-Karte")
        if mode == "joker":
            return self.w(" as a soy joker of its type", " als Soja-Joker ihrer Sorte")
        return super().plant_how(mode)

    def buy_field(self, obs: dict[str, Any], me: dict[str, Any], price: Any) -> str:
        if "goldmine-2" in me.get("buildings", []):
            price = 1
        return super().buy_field(obs, me, price)

    #: what a pass means in High Bohn's phases (:meth:`pass_text`)
    PASSES: ClassVar[dict[str, Sentence]] = {
        "before-turn": Sentence(
            "pass: use no (more) Bank ability and start your turn",
            "passen: keine (weitere) Bank-Fähigkeit nutzen und den Zug beginnen",
        ),
        "final-buying": Sentence(
            "pass: buy no more buildings in this round",
            "passen: in dieser Runde keine Gebäude mehr kaufen",
        ),
    }

    def pass_text(self, obs: dict[str, Any]) -> str | None:
        phase = obs.get("phase")
        if phase == "distillery":
            named = str((obs.get("distillery") or {}).get("building_type", "?"))
            return self.w(
                f"pass: do not buy {self.a_type(named)} now",
                f"passen: jetzt {self.a_type(named, no=True)} kaufen",
            )
        return super().pass_text(obs)

    # -------------------------------------------------------------- events

    def planted_as(self, e: dict[str, Any]) -> str:
        if e.get("as") == "stew":
            return self.w(" as a stew card", " als Eintopf-Karte")
        if e.get("as") == "joker":
            return self.w(" as a soy joker", " als Soja-Joker")
        return ""

    def harvest(self, e: dict[str, Any], me: int) -> str:
        if not e.get("stew"):
            return super().harvest(e, me)
        cards = e.get("cards", [])
        final = self.why_harvested(e)
        return self.say(
            e,
            me,
            "{who} harvested field {field} (a bean stew of {n}: {stew}) -> {coins} under the "
            "Saloon{final}",
            "{who} erntete Feld {field} (ein Bohneneintopf aus {n}: {stew}) -> {coins} unter den "
            "Saloon{final}",
            n=str(len(cards)),
            stew=", ".join(map(self.label, cards)),
            final=final,
        )

    #: High Bohn's own events (:meth:`Describer.event`): a sentence, or the
    #: method that words one; any other is the bean game's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "build": Sentence("{who} built the {building}", "{who} baute {building}"),
        "store": Sentence(
            "{who} put {card} on the General Store",
            "{who} legte {card} auf den Gemischtwarenladen",
        ),
        "look": "look_event",
        "bury": "bury_event",
        "move": "move_event",
        "order": "order_event",
        "new-field": "new_field_event",
        "buildings-removed": "removed_event",
        "distillery-names": "distillery_names_event",
        "distillery-coin": "distillery_coin_event",
        "jail-choice": Sentence(
            "{who} chooses the coin of the {jail-4} from {cards}",
            "{who} wählt die Münze für das {jail-4} aus {cards}",
        ),
        "jail-coin": Sentence(
            "{who} took a coin ({coin}) from the leftovers ({jail-4})",
            "{who} nahm eine Münze ({coin}) aus den übrigen Karten ({jail-4})",
        ),
        "final-buying": Sentence(
            "final buying rounds, starting with {first}",
            "Schluss-Kaufrunden, beginnend mit {first}",
        ),
        "teepee": "teepee_event",
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """High Bohn's words of an event besides the bean game's: ``building``
        the one built, ``coin`` a coin taken."""
        if name == "building":
            return self.bought_name(str(e.get("building")))
        if name == "coin":
            return self.label(str(e.get("coin")))
        return super().slot(e, me, name)

    def look_event(self, e: dict[str, Any], me: int) -> str:
        """A seat looked at the top card of the draw pile (2 Bank); the card
        is named where ``me`` saw it."""
        seen = f": {self.label(str(e['card']))}" if "card" in e else ""
        return self.say(
            e,
            me,
            "{who} looked at the top card of the draw pile{seen} ({bank-2})",
            "{who} sah die oberste Karte des Nachziehstapels an{seen} ({bank-2})",
            seen=seen,
        )

    def bury_event(self, e: dict[str, Any], me: int) -> str:
        """A seat put the top card under the draw pile (2 Bank)."""
        top = self.w("the top card", "die oberste Karte")
        return self.say(
            e,
            me,
            "{who} put {buried} at the bottom of the draw pile ({bank-2})",
            "{who} legte {buried} unter den Nachziehstapel ({bank-2})",
            buried=self.label(str(e["card"])) if "card" in e else top,
        )

    def move_event(self, e: dict[str, Any], me: int) -> str:
        """A seat moved a hand card to another position (4 Bank)."""
        return self.say(
            e,
            me,
            "{who} moved hand card {k} to position {to} ({bank-4})",
            "{who} verschob Handkarte {k} nach Position {to} ({bank-4})",
            k=self.n(e.get("from")),
            to=self.n(e.get("to")),
        )

    def order_event(self, e: dict[str, Any], me: int) -> str:
        """A seat ordered its drawn cards (3 Bank); the order where ``me`` saw it."""
        cards = e.get("cards")
        return self.say(
            e,
            me,
            "{who} ordered the drawn cards ({bank-3}){order}",
            "{who} ordnete die gezogenen Karten ({bank-3}){order}",
            order=f": {self.cards(cards)}" if cards is not None else "",
        )

    def new_field_event(self, e: dict[str, Any], me: int) -> str:
        """A seat got a new field, of which kind, and whether it is locked."""
        locked = self.w(" (locked for now)", " (vorerst gesperrt)") if e.get("locked") else ""
        return self.say(
            e,
            me,
            "{who} got a new field {field}: {kind}{locked}",
            "{who} bekam ein neues Feld {field}: {kind}{locked}",
            kind=self.field_label(str(e.get("kind"))),
            locked=locked,
        )

    def removed_event(self, e: dict[str, Any], me: int) -> str:
        """Buildings out of the game, and why: their type is taken often
        enough, or a building (the distillery) closed the rest."""
        why = {
            "player-count": (
                "the type is taken often enough",
                "die Sorte ist oft genug vergeben",
            ),
        }
        reason = str(e.get("reason"))
        named = self.bought_name(reason)  # a building that closed the rest
        en, de = why.get(reason, (named, named))
        cards = self.building_names(list(e.get("buildings", [])))
        return self.w(f"out of the game ({en}): {cards}", f"aus dem Spiel ({de}): {cards}")

    def distillery_names_event(self, e: dict[str, Any], me: int) -> str:
        """A seat named a building type with the 2 Distillery."""
        kind = str(e.get("building_type"))
        return self.say(
            e,
            me,
            "{who} named the {named} with the {distillery-2}: the others may buy {one} now, "
            "then the rest leave the game",
            "{who} nannte {named} mit der {distillery-2}: die anderen dürfen jetzt {one} kaufen, "
            "dann verlassen die übrigen das Spiel",
            named=self.type_name(kind),
            one=self.a_type(kind),
        )

    def distillery_coin_event(self, e: dict[str, Any], me: int) -> str:
        """A seat took a coin of another's stew (3 Distillery)."""
        return self.say(
            e,
            me,
            "{who} took a coin ({coin}) of {owner}'s stew ({distillery-3})",
            "{who} nahm eine Münze ({coin}) aus dem Eintopf von {owner} ({distillery-3})",
            owner=self.seat(e.get("from")),
        )

    def teepee_event(self, e: dict[str, Any], me: int) -> str:
        """The coins a seat gets from its Teepee."""
        return self.say(
            e,
            me,
            "{who} gets {coins} from the {teepee}",
            "{who} bekommt {coins} aus dem {teepee}",
            teepee=self.type_name("teepee"),
        )

    # --------------------------------------------------------------- table

    def field_marks(self, p: dict[str, Any], f: int) -> list[str]:
        kinds = p.get("field_kinds") or []
        kind = kinds[f] if f < len(kinds) else "regular"
        marks = [self.field_label(kind)] if kind != "regular" else []
        if field_flag(p, "stews", f):
            marks.append(self.w("bean stew", "Bohneneintopf"))
        if field_flag(p, "locked", f):
            marks.append(
                self.w(
                    "locked until the fields that held its type are harvested",
                    "gesperrt, bis die Felder mit seiner Sorte abgeerntet sind",
                )
            )
        return marks

    def seat_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        out = super().seat_extras(obs, p)
        if "buildings" in p:
            owned = list(p["buildings"])
            worth = sum(info[0] for info in map(building_info, owned) if info is not None)
            text = self.building_names(owned)
            out.append(
                self.w("buildings: ", "Gebäude: ")
                + text
                + (self.w(f" (worth {worth})", f" (Wert {worth})") if owned else "")
            )
        labels = (
            ("store" if "hand" not in p else "", ("General Store", "Gemischtwarenladen")),
            ("stew_coins", ("stew coins under the Saloon", "Eintopf-Münzen unter dem Saloon")),
            (
                "distillery_coins",
                (
                    f"coins under the {self.bought_name('distillery-3')}",
                    f"Münzen unter der {self.bought_name('distillery-3')}",
                ),
            ),
            (
                "teepee_coins",
                (f"{self.type_name('teepee')} coins", f"Münzen im {self.type_name('teepee')}"),
            ),
        )
        for key, (en, de) in labels:
            if key and p.get(key):
                out.append(f"{self.w(en, de)}: {self.counted(p[key])}")
        if int(p.get("plant_limit", 2)) > 2:
            out.append(
                self.w(
                    f"plants up to {p['plant_limit']} cards in phase 1",
                    f"pflanzt in Phase 1 bis zu {p['plant_limit']} Karten",
                )
            )
        return out

    def own_lines(self, obs: dict[str, Any], me: dict[str, Any]) -> list[str]:
        lines = []
        drawn = obs.get("drawn") or []
        if drawn:
            lines.append(
                self.w(
                    f"your drawn cards ({self.bought_name('bank-3')}: choose their order): ",
                    f"deine gezogenen Karten ({self.bought_name('bank-3')}: wähle ihre "
                    "Reihenfolge): ",
                )
                + "  ".join(f"{i}) {self.label(k)}" for i, k in enumerate(drawn, 1))
            )
        if obs.get("deck_top"):
            top = self.label(obs["deck_top"])
            lines.append(
                self.w(
                    f"top card of the draw pile ({self.bought_name('bank-2')}): {top}",
                    f"oberste Karte des Nachziehstapels ({self.bought_name('bank-2')}): {top}",
                )
            )
        if me.get("store"):
            lines.append(
                self.w("your General Store: ", "dein Gemischtwarenladen: ")
                + "  ".join(f"s{i} {self.label(k)}" for i, k in enumerate(me["store"], 1))
            )
        return lines

    def table_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        out: list[str] = []
        if "supply" in obs:
            out.append(
                self.w("building supply: ", "Gebäudevorrat: ") + self.supply_text(obs["supply"])
            )
        if obs.get("removed"):
            out.append(
                self.w("out of the game: ", "aus dem Spiel: ")
                + self.building_names(list(obs["removed"]))
            )
        window = obs.get("distillery")
        if window:
            names = ", ".join(self.seat_name(s, seat, kinds) for s in window.get("seats", []))
            kind = str(window.get("building_type"))
            named, one = self.type_name(kind), self.a_type(kind)
            distillery = self.bought_name("distillery-2")
            out.append(
                self.w(
                    f"the {distillery} named the {named}: {names or 'nobody'} may still buy "
                    f"{one} now",
                    f"die {distillery} nannte {named}: {names or 'niemand'} darf jetzt noch "
                    f"{one} kaufen",
                )
            )
        jail = obs.get("jail_coin")
        if jail:
            name = self.seat_name(int(jail["seat"]), seat, kinds)
            cards = self.cards(jail.get("cards", []))
            out.append(
                self.w(
                    f"{self.bought_name('jail-4')}: {name} takes one of {cards} as a coin",
                    f"{self.bought_name('jail-4')}: {name} nimmt eine von {cards} als Münze",
                )
            )
        if obs.get("final_buyer") is not None:
            name = self.seat_name(int(obs["final_buyer"]), seat, kinds)
            out.append(self.w(f"final buying: {name} buys now", f"Schlusskauf: {name} kauft jetzt"))
        return out

    def tally_label(self, key: str) -> str:
        return self.type_name("teepee") if key == "teepee" else super().tally_label(key)

    def help(self) -> str:
        return super().help() + "\n" + self.w(HELP_EN, HELP_DE)


DESCRIBER = HighBohnDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "High Bohn: Bohnanza with buildings; every Bohnanza rule holds unless High Bohn "
        "changes it. Coins keep their bean side. A building of price p costs p coins of its "
        "type (build <building>); any player may build at any time, one building per type, "
        "and its ability (see the cards) holds from then on; with 3 or 4 players the cards of"
        " a type leave the game once enough players own one. In phase 1 you may plant up to "
        "two cards. The game ends at the draw pile's third exhaustion (the fourth with 5 "
        "players): every field is harvested, then in the final buying every player may build "
        "until a whole round passes without a purchase. Your score: your cash, the prices of "
        "your buildings and a bonus for owning 4 or more. The Cognac option adds the Cognac "
        "beans."
    ),
    (
        "High Bohn: Bohnanza mit Gebäuden; jede Regel von Bohnanza gilt, wenn High Bohn sie "
        "nicht ändert. Münzen behalten ihre Bohnenseite. Ein Gebäude zum Preis p kostet p "
        "Münzen seiner Sorte (build <Gebäude>); jeder darf jederzeit bauen, ein Gebäude je "
        "Sorte, und seine Fähigkeit (siehe die Karten) gilt von da an; mit 3 oder 4 Spielern "
        "verlassen die Karten einer Sorte das Spiel, sobald genug Spieler eine besitzen. In "
        "Phase 1 darfst du bis zu zwei Karten pflanzen. Das Spiel endet, wenn der "
        "Nachziehstapel zum dritten Mal aufgebraucht ist (zum vierten Mal mit 5 Spielern): "
        "jedes Feld wird abgeerntet, dann darf beim Schlusskauf jeder bauen, bis eine ganze "
        "Runde ohne Kauf vergeht. Deine Punkte: dein Geld, die Preise deiner Gebäude und ein "
        "Bonus ab 4 Gebäuden. Die Option Cognac bringt die Cognacbohnen ins Spiel."
    ),
)
