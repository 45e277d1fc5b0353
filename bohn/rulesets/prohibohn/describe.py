"""Prohibohn in words: Al Cabohne's mafia and the town's establishments,
Police Stations, the Razzia and the decisions they open.

What an establishment, Police Station or the Razzia does, and its German name,
are the card catalogue's (:mod:`bohn.rulesets.prohibohn.catalogue`,
``catalogue.effect`` of ``cards.json``): the one text ``bohn cards`` shows too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import Bought
from bohn.describe.bean import PricedCards
from bohn.describe.bean import bought_lookup
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import Drop
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.engine.cards import CardTable
from bohn.rulesets.al_cabohne.describe import AlCabohneDescriber
from bohn.rulesets.al_cabohne.describe import boss_name
from bohn.rulesets.prohibohn.actions import Draw
from bohn.rulesets.prohibohn.actions import Protect
from bohn.rulesets.prohibohn.actions import Remove
from bohn.rulesets.prohibohn.actions import Stash

HELP_EN = """\
Prohibohn adds:
  stash h1,h4             set-up: lay two hand cards face down as your starting coins
  build casino-3          buy an establishment with coins of its bean type
  build police-station-4  buy a Police Station with blaue coins (then take a
                          coin of the mafia treasury: take sau)
  build razzia / build razzia name sau
                          buy the Razzia with 4 blaue coins / 5 coins of one other type
  remove casino-4         remove the third card of an establishment after buying
                          your second one / pub-4: remove the opponent's 1-card
  plant h3 f1             Varieté: plant hand card h3 on field 1
  drop h1                 casino-3: put hand card h1 on the discard pile
  uncover                 Undertaker: uncover one more card after the early stop
  protect f1              pub-3: give the boss one more card of field 1
  draw 3                  Gas Station: how many cards you draw in phase 6
Establishments are worth their price at the end; a 1-card is worth 1, 0 after the
Razzia, 4 with the 3- and 4-card of its establishment.
"""

HELP_DE = """\
Prohibohn fügt hinzu:
  stash h1,h4             Aufbau: zwei Handkarten verdeckt als Startmünzen legen
  build casino-3          ein Etablissement mit Münzen seiner Bohnensorte kaufen
  build police-station-4  eine Polizeiwache mit blaue-Münzen kaufen (dann eine Münze
                          aus der Kasse der Mafia nehmen: take sau)
  build razzia / build razzia name sau
                          die Razzia mit 4 blaue-Münzen / 5 Münzen einer anderen Sorte kaufen
  remove casino-4         die dritte Karte eines Etablissements entfernen, nachdem du
                          deine zweite gekauft hast / pub-4: die 1er-Karte des Gegners entfernen
  plant h3 f1             Varieté: Handkarte h3 auf Feld 1 pflanzen
  drop h1                 casino-3: Handkarte h1 auf den Ablagestapel legen
  uncover                 Bestatter: nach dem frühen Halt eine Karte mehr aufdecken
  protect f1              pub-3: dem Boss eine Karte mehr von Feld 1 geben
  draw 3                  Tankstelle: wie viele Karten du in Phase 6 ziehst
Etablissements sind am Ende ihren Preis wert; eine 1er-Karte 1, nach der Razzia 0,
mit der 3er- und 4er-Karte ihres Etablissements 4.
"""


def _establishments() -> tuple[str, PricedCards, CardTable]:
    """Prohibohn's variant, establishments and card table, imported on the
    first look-up."""
    from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
    from bohn.rulesets.prohibohn.rules import TABLE
    from bohn.rulesets.prohibohn.rules import Prohibohn

    return Prohibohn.variant, ESTABLISHMENTS, TABLE


#: an establishment's, Police Station's or the Razzia's price, paying bean type
#: and catalogue entry by its key (None: none of them); the entry's ``effect``
#: is what the card does, its ``names`` its names
establishment_info = bought_lookup(_establishments)


def establishment_values(owned: list[str], razzia: bool) -> list[int]:
    """What each card of ``owned`` is worth at the end (prohibohn §4.3, §5.3):
    its price; a 1-card 4 with the 3- and 4-card of its establishment, else 0
    after the Razzia, else 1 (a Police Station's bonus aside).

    >>> establishment_values(["casino-1", "casino-3", "casino-4", "sau-1"], True)
    [4, 3, 4, 0]
    """
    mine = set(owned)
    out = []
    for k in owned:
        kind, _, price = k.rpartition("-")
        if price == "1":
            out.append(4 if {f"{kind}-3", f"{kind}-4"} <= mine else 0 if razzia else 1)
        else:
            info = establishment_info(k)
            out.append(info[0] if info else int(price) if price.isdigit() else 0)
    return out


class ProhibohnDescriber(AlCabohneDescriber):
    """Al Cabohne's words and Prohibohn's town."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "start-coins": ("choosing the starting coins", "Wählen der Startmünzen"),
        "remove-third": (
            "removing the third establishment",
            "Entfernen des dritten Etablissements",
        ),
        "police-coin": ("picking a coin for the police", "Wählen einer Münze für die Polizei"),
        "pub-removal": (
            "removing establishments (the pub)",
            "Entfernen von Etablissements (Kneipe)",
        ),
        "protect": ("protecting a field from the mafia", "Schützen eines Feldes vor der Mafia"),
        "uncover-more": ("uncovering more cards", "Aufdecken weiterer Karten"),
        "draw": ("choosing how many cards to draw", "Wählen, wie viele Karten gezogen werden"),
        "final-buying": ("buying at the end of the game", "Kaufen am Spielende"),
    }
    #: the sections of ``rules/prohibohn.md`` behind the moves the rules force
    #: where Prohibohn changes Al Cabohne's
    RULES: ClassVar[dict[str, str]] = {
        "protection": "prohibohn §3.1",
        "final-harvest": "prohibohn §5.3",
    }

    ORDER: ClassVar[tuple[type[Action], ...]] = (
        Plant,
        Stash,
        Take,
        Draw,
        Protect,
        Uncover,
        Remove,
        Pass,
        Harvest,
        Drop,
        Build,
    )
    SHOWN: ClassVar[frozenset[str]] = AlCabohneDescriber.SHOWN | {
        "stash",
        "police-coin",
        "mafia-coin",
        "final-buying",
        "play-on",
        "drop",
    }

    def supply_text(self, keys: list[str]) -> str:
        """The cards still to be had, grouped: ``casino (stangen) 1 3 4``; the
        Razzia with both of its prices."""
        groups: dict[str, list[str]] = {}
        for k in keys:
            info = establishment_info(k)
            if k == "razzia":
                groups[
                    self.w(
                        f"razzia (4 {self.name('blaue')} or 5 coins of one other type)",
                        f"razzia (4 {self.name('blaue')} oder 5 Münzen einer anderen Sorte)",
                    )
                ] = []
                continue
            kind, _, price = k.rpartition("-")
            name = f"{kind} ({self.name(info[1])})" if info else kind
            groups.setdefault(name, []).append(price)
        return "; ".join(f"{name} {' '.join(ps)}".strip() for name, ps in groups.items()) or self.w(
            "nothing", "nichts"
        )

    # ------------------------------------------------------------- actions

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        me = obs["seats"][seat]
        fld = self.fld_fn(me)
        if isinstance(a, Plant) and a.traded is None and a.card:
            card = self.ref_card(f"h{a.card}", me, obs)
            on, how = fld(a.field), self.plant_how(a.mode)
            return self.w(
                f"plant hand card {self.n(a.card)} ({card}) on {on}{how} (Varieté)",
                f"Handkarte {self.n(a.card)} ({card}) auf {on} pflanzen{how} (Varieté)",
            )
        if isinstance(a, Build):
            return self.establishment_action(a)
        if isinstance(a, Take):
            bean = self.name(a.bean)
            return self.w(
                f"take a {bean} coin of the mafia treasury (Police Station)",
                f"eine {self.coin_word(bean)} aus der Kasse der Mafia nehmen (Polizeiwache)",
            )
        if isinstance(a, Stash | Drop | Remove | Uncover | Protect | Draw):
            return self.prohibohn_action(a, obs, me, fld)
        return super().action(a, obs, seat, price)

    def coin_word(self, bean: str) -> str:
        """German: a coin of a bean type as one word, its name's words joined by
        hyphens (``Saubohne-Münze``, ``Blaue-Bohne-Münze``)."""
        return f"{bean.replace(' ', '-')}-Münze"

    def bought(self, key: str) -> Bought | None:
        """The establishments, Police Stations and the Razzia are Prohibohn's
        cards bought with coins."""
        return establishment_info(key)

    def establishment_action(self, a: Build) -> str:
        """Buying an establishment, Police Station or the Razzia: what it costs and
        does (the catalogue's effect)."""
        info = establishment_info(a.building)
        if info is None:
            name = self.bought_name(a.building)
            return self.w(f"buy the {name}", f"{name} kaufen")
        cost, bean, _entry = info
        coins, bean = self.coins(cost), self.name(bean)
        effect = self.bought_effect(a.building)
        name = self.bought_name(a.building)
        if a.building == "razzia":
            if a.name is not None:
                pay = self.w(f"5 coins of {self.name(a.name)}", f"5 Münzen {self.name(a.name)}")
            else:
                pay = self.w(f"{coins} of {bean}", f"{coins} {bean}")
            return self.w(
                f"buy the Razzia for {pay}: {effect}",
                f"die Razzia für {pay} kaufen: {effect}",
            )
        return self.w(
            f"buy the {name} for {coins} of {bean}: {effect}",
            f"{name} für {coins} {bean} kaufen: {effect}",
        )

    def prohibohn_action(
        self,
        a: Stash | Drop | Remove | Uncover | Protect | Draw,
        obs: dict[str, Any],
        me: dict[str, Any],
        fld: Callable[[int], str],
    ) -> str:
        if isinstance(a, Stash):
            cards = ", ".join(f"{self.ref_card(f'h{i}', me, obs)}" for i in a.cards)
            return self.w(
                f"lay {cards} face down as your starting coins",
                f"{cards} verdeckt als deine Startmünzen legen",
            )
        if isinstance(a, Drop):
            card = self.ref_card(f"h{a.card}", me, obs)
            casino = self.bought_name("casino-3")
            return self.w(
                f"{casino}: put hand card {self.n(a.card)} ({card}) on the discard pile",
                f"{casino}: Handkarte {self.n(a.card)} ({card}) auf den Ablagestapel legen",
            )
        if isinstance(a, Remove):
            card = self.bought_name(a.card)
            if obs.get("phase") == "pub-removal":
                pub = self.bought_name("pub-4")
                return self.w(
                    f"{pub}: remove your opponent's {card} from the game",
                    f"{pub}: {card} deines Gegners aus dem Spiel nehmen",
                )
            return self.w(
                f"remove {card} from the game: nobody can buy it any more",
                f"{card} aus dem Spiel nehmen: niemand kann es mehr kaufen",
            )
        if isinstance(a, Uncover):
            n = obs.get("uncovered", "?")
            return self.w(
                f"Undertaker: uncover one more card ({n} uncovered so far)",
                f"Bestatter: eine Karte mehr aufdecken (bisher {n} aufgedeckt)",
            )
        if isinstance(a, Protect):
            boss = (obs.get("decision") or {}).get("boss")
            to = boss_name(boss) if isinstance(boss, str) else self.w("the boss", "dem Boss")
            on = fld(a.field)
            pub = self.bought_name("pub-3")
            return self.w(
                f"{pub}: give {to} the top card of {on} too",
                f"{pub}: {to} auch die oberste Karte von {on} geben",
            )
        gas = self.w(" (Gas Station)", " (Tankstelle)") if a.count != 2 else ""
        return self.w(f"draw {self.ncards(a.count)}", f"{self.ncards(a.count)} ziehen") + gas

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """Al Cabohne's, but with the Varieté a card from anywhere in the hand
        may be the one planted first."""
        chosen = self.free_choice(obs, seat, legal, "Varieté", "front-card")
        return chosen or super().forced(obs, seat, legal)

    #: what a pass means in Prohibohn's decisions (:meth:`pass_text`)
    PASSES: ClassVar[dict[str, Sentence]] = {
        "final-buying": Sentence(
            "pass: end your final buying", "passen: deinen Schlusskauf beenden"
        ),
        "pub-removal": Sentence(
            "pass: remove none of your opponent's 1-cards",
            "passen: keine 1er-Karte deines Gegners entfernen",
        ),
        "protect": Sentence(
            "pass: give the boss no more cards of this field",
            "passen: dem Boss keine weiteren Karten dieses Feldes geben",
        ),
        "uncover-more": Sentence("pass: stop uncovering", "passen: nicht weiter aufdecken"),
    }

    def pass_text(self, obs: dict[str, Any]) -> str | None:
        if obs.get("phase") == "remove-third":
            third = (obs.get("decision") or {}).get("third")
            third = self.bought_name(str(third)) if third else None
            return self.w(
                f"pass: leave {third or 'the third card'} to be had",
                f"passen: {third or 'die dritte Karte'} zu haben lassen",
            )
        return super().pass_text(obs)

    # -------------------------------------------------------------- events

    #: Prohibohn's events (:meth:`Describer.event`): a sentence, or the method
    #: that words one; any other is Al Cabohne's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "build": Sentence("{who} bought the {establishment}", "{who} kaufte {establishment}"),
        "final-buying": Sentence(
            "final buying: {who} may harvest and buy now",
            "Schlusskauf: {who} darf jetzt ernten und kaufen",
        ),
        "stash": "stash_event",
        "remove": Sentence(
            "{who} removed {establishment} from the game",
            "{who} nahm {establishment} aus dem Spiel",
        ),
        "police-coin": "police_coin_event",
        "mafia-coin": "mafia_coin_event",
        "drop": Sentence(
            "{who} put {card} on the discard pile ({casino-3})",
            "{who} legte {card} auf den Ablagestapel ({casino-3})",
        ),
        "uncover-more": Sentence(
            "{who} goes on uncovering (Undertaker)",
            "{who} deckt weiter auf (Bestatter)",
        ),
        "play-on": Sentence(
            "only {establishments} establishment cards are owned: the discard pile becomes a "
            "fourth draw pile and play goes on",
            "nur {establishments} Etablissement-Karten sind vergeben: der Ablagestapel wird ein "
            "vierter Nachziehstapel und das Spiel geht weiter",
        ),
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """Prohibohn's words of an event besides Al Cabohne's: ``establishment``
        the event's card by its name."""
        if name == "establishment":
            return self.bought_name(str(e.get("card")))
        return super().slot(e, me, name)

    def stash_event(self, e: dict[str, Any], me: int) -> str:
        """A seat laid its starting coins face down: the cards where ``me`` saw them."""
        if "cards" in e:
            return self.say(
                e,
                me,
                "{who} laid {cards} face down as starting coins",
                "{who} legte {cards} verdeckt als Startmünzen",
            )
        return self.say(
            e,
            me,
            "{who} laid {n} cards face down as starting coins",
            "{who} legte {n} Karten verdeckt als Startmünzen",
            n=str(e.get("count", 2)),
        )

    def police_coin_event(self, e: dict[str, Any], me: int) -> str:
        """The Police Station's coin of the mafia treasury: its bean where ``me`` saw it."""
        coin = self.w("a coin", "eine Münze")
        if "card" in e:
            bean = self.name(e["card"])
            coin = self.w(f"a {bean} coin", f"eine {self.coin_word(bean)}")
        return self.say(
            e,
            me,
            "{who} took {coin} of the mafia treasury (Police Station)",
            "{who} nahm {coin} aus der Kasse der Mafia (Polizeiwache)",
            coin=coin,
        )

    def mafia_coin_event(self, e: dict[str, Any], me: int) -> str:
        """A coin a seat got from the mafia: a protection's bonus, or an
        establishment's ability."""
        source = str(e.get("for"))
        bean = self.name(str(e.get("card")))
        if source == "protection":
            why = self.w("bonus coin of the mafia's harvest", "Bonusmünze aus der Ernte der Mafia")
        else:  # an establishment's ability: by its name
            why = self.bought_name(source)
        return self.say(
            e,
            me,
            "{who} got a {bean} coin ({why})",
            "{who} bekam eine {coin} ({why})",
            bean=bean,
            coin=self.coin_word(bean),
            why=why,
        )

    # --------------------------------------------------------------- table

    def pile_top(self, obs: dict[str, Any]) -> str:
        discard = obs.get("discard", [])
        under = int(obs.get("under", 0))  # paid coins under the pile
        top = ""
        if len(discard) > under:
            top = self.w(
                f" (top: {self.label(discard[-1])})", f" (oben: {self.label(discard[-1])})"
            )
        if under:
            top += self.w(
                f", {self.coins(under)} paid under it", f", {self.coins(under)} bezahlt darunter"
            )
        return top

    def field_marks(self, p: dict[str, Any], f: int) -> list[str]:
        keys = p["fields"][f]
        marks = super().field_marks(p, f)
        if "establishments" in p and len(set(keys)) > 1:  # a Nightbar's field
            top = self.label(keys[-1])
            marks.append(
                self.w(
                    f"Nightbar field, bottom first; its top card {top} prices it",
                    f"Nachtbar-Feld, unten zuerst; seine oberste Karte {top} bestimmt den Preis",
                )
            )
        return marks

    def seat_extras(self, obs: dict[str, Any], p: dict[str, Any]) -> list[str]:
        out = super().seat_extras(obs, p)
        if "establishments" in p:
            out += self.establishment_lines(p, bool(obs.get("razzia")))
        return out

    def establishment_lines(self, p: dict[str, Any], razzia: bool) -> list[str]:
        """A seat's establishments with their end values, its Police Station
        bonus and its total as it stands (``tally``)."""
        owned = list(p.get("establishments", []))
        tally = p.get("tally") or {}
        bonus = int(tally.get("bonus", 0))
        parts = []
        for k, v in zip(owned, establishment_values(owned, razzia), strict=True):
            extra = f" + bonus {bonus}" if k.startswith("police-station") else ""
            parts.append(f"{k} ({v}{extra})")
        out = [
            self.w("establishments: ", "Etablissements: ")
            + (", ".join(parts) or self.w("none", "keine"))
        ]
        if tally:
            out.append(
                self.w(
                    f"total now: {tally.get('total')} (cash {tally.get('cash')}, establishments "
                    f"{tally.get('cards')}, bonus {bonus})",
                    f"Summe jetzt: {tally.get('total')} (Münzen {tally.get('cash')}, "
                    f"Etablissements {tally.get('cards')}, Bonus {bonus})",
                )
            )
        if p.get("stashed") is False:
            out.append(
                self.w(
                    "has not laid the starting coins yet", "hat die Startmünzen noch nicht gelegt"
                )
            )
        return out

    def table_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        return (
            self.town_lines(obs, seat, kinds)
            + super().table_lines(obs, seat, kinds)
            + self.decision_lines(obs, seat, kinds)
        )

    def town_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The cards still to be had, the Razzia, the fourth deck."""
        out = [self.w("to be had: ", "zu haben: ") + self.supply_text(obs.get("supply", []))]
        if obs.get("razzia"):
            owner = next(
                (s for s, p in enumerate(obs["seats"]) if "razzia" in p.get("establishments", [])),
                None,
            )
            name = self.seat_name(owner, seat, kinds) if owner is not None else None
            out.append(
                self.w(
                    f"RAZZIA bought{f' by {name}' if name else ''}: every 1-establishment is "
                    "worth 0, except 4 with its full set",
                    f"RAZZIA gekauft{f' von {name}' if name else ''}: jedes 1er-Etablissement "
                    "ist 0 wert, außer 4 mit seinem vollen Satz",
                )
            )
        else:
            out.append(
                self.w(
                    "Razzia: not bought yet (1-establishments are worth 1, 4 with the full set)",
                    "Razzia: noch nicht gekauft (1er-Etablissements sind 1 wert, 4 mit dem vollen "
                    "Satz)",
                )
            )
        if obs.get("extended"):
            out.append(
                self.w(
                    "the deck is being played through a fourth time (the last one)",
                    "der Stapel wird ein viertes Mal durchgespielt (das letzte)",
                )
            )
        return out

    #: the open decisions, by phase: the method that words one
    #: (``method(obs, seat, kinds)``, as :meth:`decision_lines`)
    DECISIONS: ClassVar[dict[str, str]] = {
        "start-coins": "start_coins_decision",
        "remove-third": "remove_third_decision",
        "police-coin": "police_coin_decision",
        "pub-removal": "pub_removal_decision",
        "protect": "protect_decision",
        "uncover-more": "uncover_more_decision",
        "draw": "draw_decision",
        "final-buying": "final_buying_decision",
    }

    def decision_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The open decision: the set-up coins, the third card, the Police
        Station's treasury coin, pub-4's removal, pub-3, the Undertakers, the
        Gas Stations' draw and the final buying (:attr:`DECISIONS`)."""
        lines: list[str] = self.by_table("DECISIONS", obs.get("phase"), obs, seat, kinds) or []
        return lines

    def decider(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """The active seat, who decides, by name (``you``, ``seat 2 (greedy)``)."""
        return self.seat_name(int(obs.get("active", -1)), seat, kinds)

    def start_coins_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The set-up: the seats still to lay their starting coins."""
        waiting = ", ".join(self.seat_name(s, seat, kinds) for s in obs.get("waiting_for", []))
        return [
            self.w(
                "set-up: each player lays 2 hand cards face down as starting coins; still to "
                f"choose: {waiting or 'nobody'}",
                "Aufbau: jeder Spieler legt 2 Handkarten verdeckt als Startmünzen; noch zu "
                f"wählen: {waiting or 'niemand'}",
            )
        ]

    def remove_third_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """A second card of a kind bought: the third may leave the game."""
        who = self.decider(obs, seat, kinds)
        third = str((obs.get("decision") or {}).get("third"))
        kind = third.rpartition("-")[0]
        return [
            self.w(
                f"decision: {who} bought a second {kind} card and may remove the third, "
                f"{third}, from the game",
                f"Entscheidung: {who} hat eine zweite {kind}-Karte gekauft und darf die "
                f"dritte, {third}, aus dem Spiel nehmen",
            )
        ]

    def police_coin_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The Police Station's coin of the mafia treasury; the coins where
        ``seat`` sees them (it chooses)."""
        who = self.decider(obs, seat, kinds)
        treasury = (obs.get("decision") or {}).get("treasury")
        if treasury is None:
            return [
                self.w(
                    f"decision: {who} takes a coin of the mafia treasury (Police Station)",
                    f"Entscheidung: {who} nimmt eine Münze aus der Kasse der Mafia (Polizeiwache)",
                )
            ]
        coins = self.counted(treasury)
        return [
            self.w(
                f"decision: take one coin of the mafia treasury (Police Station): {coins}",
                f"Entscheidung: nimm eine Münze aus der Kasse der Mafia (Polizeiwache): {coins}",
            )
        ]

    def pub_removal_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """pub-4: the 1-establishments worth 1 the active seat may remove."""
        who = self.decider(obs, seat, kinds)
        cards = self.cards((obs.get("decision") or {}).get("removable", []))
        return [
            self.w(
                f"decision: pub-4: {who} may remove one of these 1-establishments worth 1: {cards}",
                f"Entscheidung: pub-4: {who} darf eines dieser 1er-Etablissements im Wert 1 "
                f"entfernen: {cards}",
            )
        ]

    def protect_decision(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """pub-3: whether a field gives its boss more cards."""
        d = obs.get("decision") or {}
        boss = d.get("boss")
        to = boss_name(boss) if isinstance(boss, str) else self.w("the boss", "dem Boss")
        f = self.n(d.get("field"))
        return [
            self.w(
                f"decision: pub-3: field {f} may give {to} more cards",
                f"Entscheidung: pub-3: Feld {f} darf {to} mehr Karten geben",
            )
        ]

    def uncover_more_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The uncovering stopped early: the Undertaker may uncover one more."""
        n = obs.get("uncovered")
        return [
            self.w(
                f"decision: uncovering stopped early after {n} cards; the Undertaker may "
                "uncover one more",
                f"Entscheidung: das Aufdecken hielt früh nach {n} Karten; der Bestatter darf "
                "eine mehr aufdecken",
            )
        ]

    def draw_decision(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The Gas Stations: how many cards the active seat may draw."""
        who = self.decider(obs, seat, kinds)
        d = obs.get("decision") or {}
        counts = self.w(" or ", " oder ").join(str(n) for n in d.get("counts", []))
        return [
            self.w(
                f"decision: {who} may draw {counts} cards (Gas Station)",
                f"Entscheidung: {who} darf {counts} Karten ziehen (Tankstelle)",
            )
        ]

    def final_buying_decision(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The final buying: the active seat may harvest and buy, then pass."""
        who = self.decider(obs, seat, kinds)
        return [
            self.w(
                f"final buying: {who} may harvest and buy now; then pass",
                f"Schlusskauf: {who} darf jetzt ernten und kaufen; dann passen",
            )
        ]

    def tally_label(self, key: str) -> str:
        if key == "cards":
            return self.w("establishments", "Etablissements")
        return super().tally_label(key)

    def help(self) -> str:
        return super().help() + "\n" + self.w(HELP_EN, HELP_DE)


DESCRIBER = ProhibohnDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Prohibohn: Al Cabohne for two with establishments; every Al Cabohne rule holds "
        "unless Prohibohn changes it. Protection compares only each field's top card, and "
        "every boss harvest it causes gives you one coin of it. Uncovering stops early once a"
        " card of the discard pile has joined an uncovered pile. On your own turn you may buy"
        " establishments (build <card>) with coins of their type, a Police Station or the "
        "Razzia; each acts as its card says. After the draw pile's third exhaustion comes the"
        " final buying; if both players together own fewer than 10 establishment cards, play "
        "goes on until the fourth. Your total: coins, the value of your establishment cards, "
        "your Police Station and its bonus, the Razzia; the mafia wins unless a player's "
        "total beats its treasury. The Pub option adds the Cognac beans, the Pub cards, a "
        "third boss and a third field each."
    ),
    (
        "Prohibohn: Al Cabohne zu zweit mit Etablissements; jede Regel von Al Cabohne gilt, "
        "wenn Prohibohn sie nicht ändert. Das Schutzgeld vergleicht nur die oberste Karte "
        "jedes Feldes, und jede Ernte eines Bosses, die es auslöst, bringt dir eine ihrer "
        "Münzen. Das Aufdecken endet früh, sobald eine Karte des Ablagestapels zu einem "
        "aufgedeckten Stapel kam. Im eigenen Zug darfst du Etablissements (build <Karte>) mit"
        " Münzen ihrer Sorte kaufen, eine Polizeiwache oder die Razzia; jede wirkt, wie ihre "
        "Karte sagt. Nach dem dritten Aufbrauchen des Nachziehstapels kommt der Schlusskauf; "
        "besitzen beide zusammen weniger als 10 Etablissementkarten, geht das Spiel bis zum "
        "vierten weiter. Deine Summe: Münzen, der Wert deiner Etablissementkarten, deine "
        "Polizeiwache und ihr Bonus, die Razzia; die Mafia gewinnt, außer eine Summe ist "
        "höher als ihre Schatzkammer. Die Option Pub bringt die Cognacbohnen, die Pub-Karten,"
        " einen dritten Boss und je ein drittes Feld."
    ),
)
