"""Al Cabohne in words: the bean mafia's bosses and treasury, the uncovered
piles and the leftovers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from bohn.describe.base import Sentence
from bohn.describe.bean import BeanDescriber
from bohn.engine.actions import Action
from bohn.engine.actions import Discard
from bohn.engine.actions import Pass
from bohn.engine.game import Result
from bohn.rulesets.al_cabohne.actions import Give
from bohn.rulesets.al_cabohne.actions import Place


def boss_name(key: str) -> str:
    """A boss's name from his key: ``Al Cabohne``."""
    return " ".join(w.capitalize() for w in str(key).split("-"))


class AlCabohneDescriber(BeanDescriber):
    """The bean game's words and the mafia's."""

    #: this ruleset's phases in words (English, German), besides the bean game's
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "use-leftovers": ("using the piles left over", "Verwenden der übrigen Stapel"),
        "place": ("uncovering and placing cards", "Aufdecken und Verteilen der Karten"),
        "feed": ("feeding the mafia", "Füttern der Mafia"),
    }
    #: the sections of ``rules/al-cabohne.md`` behind the moves the rules
    #: force, as its refusals cite them
    RULES: ClassVar[dict[str, str]] = {
        "front-card": "al-cabohne §3.3",
        "no-room": "al-cabohne §2.3",
        "leftovers": "al-cabohne §3.1",
        "protection": "al-cabohne §3.2",
        "feed": "al-cabohne §3.5",
        "mafia-harvest": "al-cabohne §4.1",
        "final-harvest": "al-cabohne §5.2",
    }

    def boss_at(self, obs: dict[str, Any], k: int | None) -> str:
        bosses = obs.get("bosses") or []
        if k is None or not 0 <= k < len(bosses):
            return self.w(f"boss m{self.n(k)}", f"Boss m{self.n(k)}")
        b = bosses[k]
        grows = (
            f"{len(b['field'])} x {self.label(b['field'][-1])}"
            if b["field"]
            else self.w("empty", "leer")
        )
        return self.w(
            f"{boss_name(b['key'])} ({grows}, harvests at {b['threshold']})",
            f"{boss_name(b['key'])} ({grows}, erntet bei {b['threshold']})",
        )

    def pile_at(self, obs: dict[str, Any], i: int) -> str:
        piles = obs.get("piles") or []
        pile = self.w("pile", "Stapel")
        if 0 <= i < len(piles) and piles[i]:
            return f"{pile} {self.n(i)} ({self.label(piles[i][0])} x{len(piles[i])})"
        return f"{pile} {self.n(i)}"

    # ------------------------------------------------------------- actions

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        me = obs["seats"][seat]
        if isinstance(a, Place | Give | Discard):
            return self.mafia_action(a, obs, me, self.fld_fn(me))
        return super().action(a, obs, seat, price)

    def mafia_action(
        self,
        a: Place | Give | Discard,
        obs: dict[str, Any],
        me: dict[str, Any],
        fld: Callable[[int], str],
    ) -> str:
        if isinstance(a, Place):
            pile = self.pile_at(obs, a.pile)
            if a.boss is not None:
                boss = self.boss_at(obs, a.boss)
                return self.w(
                    f"give {pile} to {boss}, one card at a time",
                    f"{pile} an {boss} geben, eine Karte nach der anderen",
                )
            on = fld(a.field or 0)
            return self.w(f"plant {pile} whole on {on}", f"{pile} ganz auf {on} pflanzen")
        if isinstance(a, Give):
            card = self.ref_card(f"h{a.card}", me, obs)
            boss = self.boss_at(obs, a.boss)
            return self.w(
                f"give hand card {self.n(a.card)} ({card}) to {boss}",
                f"Handkarte {self.n(a.card)} ({card}) an {boss} geben",
            )
        pile = self.pile_at(obs, a.pile)
        return self.w(f"discard {pile}", f"{pile} ablegen")

    def forced(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> str | None:
        """The bean game's, and the mafia's: the opponent's leftovers to use,
        an empty boss to feed."""
        phase = obs.get("phase")
        if phase == "feed" and obs.get("feed") and legal:
            boss = boss_name(obs["feed"])
            return self.w(
                f"{boss}'s field is empty: you must give him a hand card of a type no other "
                f"boss grows ({self.rule('feed')}).",
                f"Das Feld von {boss} ist leer: du musst ihm eine Handkarte einer Sorte geben, "
                f"die kein anderer Boss anbaut ({self.rule('feed')}).",
            )
        if phase == "use-leftovers" and legal and Pass() not in legal:
            return self.w(
                "Each pile your opponent left must go whole on one of your fields or onto the "
                f"discard pile ({self.rule('leftovers')}).",
                "Jeder Stapel, den dein Gegner übrig ließ, muss ganz auf eines deiner Felder "
                f"oder auf den Ablagestapel gelegt werden ({self.rule('leftovers')}).",
            )
        return super().forced(obs, seat, legal)

    def pass_text(self, obs: dict[str, Any]) -> str | None:
        if obs.get("phase") == "place":
            if obs.get("piles"):
                return self.w(
                    "pass: leave the remaining piles for your opponent and end the phase",
                    "passen: die übrigen Stapel dem Gegner lassen und die Phase beenden",
                )
            return self.w(
                "pass: end the phase (then draw two)",
                "passen: die Phase beenden (dann zwei ziehen)",
            )
        return super().pass_text(obs)

    # -------------------------------------------------------------- events

    #: Al Cabohne's events (:meth:`Describer.event`): a sentence, or the method
    #: that words one; any other is the bean game's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "mafia-plant": Sentence("{boss} got {card}", "{boss} bekam {card}"),
        "mafia-harvest": "mafia_harvest_event",
        "protection": Sentence(
            "protection: {who} gave the top card of field {field} to the mafia: a boss grows its "
            "type ({rule})",
            "Schutzgeld: {who} gab die oberste Karte von Feld {field} an die Mafia: ein Boss baut "
            "ihre Sorte an ({rule})",
        ),
        "uncover": "uncover_event",
        "from-discard": Sentence(
            "{card} from the discard pile joins pile {pile}",
            "{card} vom Ablagestapel kommt zu Stapel {pile}",
        ),
        "place": "place_event",
        "give": Sentence("{who} gave {card} to {boss}", "{who} gab {card} an {boss}"),
        "discard-pile": Sentence(
            "{who} discarded a pile: {cards}", "{who} legte einen Stapel ab: {cards}"
        ),
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """Al Cabohne's words of an event besides the bean game's: ``boss``
        the event's boss by name, ``stack`` its cards as their count and top
        card (``3 x Blue bean``)."""
        if name == "boss":
            return boss_name(e.get("boss", "?"))
        if name == "stack":
            cards = e.get("cards", [])
            return f"{len(cards)} x {self.label(cards[-1]) if cards else '?'}"
        return super().slot(e, me, name)

    def mafia_harvest_event(self, e: dict[str, Any], me: int) -> str:
        """A boss harvested his field for the mafia's treasury, and why."""
        rule = self.rule("mafia-harvest")
        final = (
            self.final_harvest()
            if e.get("final")
            else self.w(
                f" (his field is worth his threshold, {rule})",
                f" (sein Feld erreicht seine Schwelle, {rule})",
            )
        )
        return self.say(
            e,
            me,
            "{boss} harvested {stack} -> {coins} for the mafia treasury{final}",
            "{boss} erntete {stack} -> {coins} für die Kasse der Mafia{final}",
            final=final,
        )

    def uncover_event(self, e: dict[str, Any], me: int) -> str:
        """A card uncovered: it goes to the mafia, or joins the piles."""
        if e.get("to") == "mafia":
            return self.say(
                e,
                me,
                "uncovered {card}: it goes to the mafia",
                "aufgedeckt: {card}, sie geht an die Mafia",
            )
        return self.say(
            e,
            me,
            "uncovered {card}: it joins the piles",
            "aufgedeckt: {card}, sie kommt zu den Stapeln",
        )

    def place_event(self, e: dict[str, Any], me: int) -> str:
        """A pile given to a boss, or planted whole on a field."""
        if "boss" in e:
            return self.say(
                e, me, "{who} gave pile {pile} to {boss}", "{who} gab Stapel {pile} an {boss}"
            )
        return self.say(
            e,
            me,
            "{who} planted pile {pile} ({stack}) on field {field}",
            "{who} pflanzte Stapel {pile} ({stack}) auf Feld {field}",
        )

    # --------------------------------------------------------------- table

    def table_lines(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        out = super().table_lines(obs, seat, kinds)
        if "bosses" in obs:
            out += self.mafia_lines(obs)
        return out

    def mafia_lines(self, obs: dict[str, Any]) -> list[str]:
        """The bosses' fields with their thresholds, the treasury, the
        uncovered piles and the boss to feed."""
        treasury = self.coins(int(obs.get("treasury", 0)))
        out = [self.w(f"the mafia: treasury {treasury}", f"die Mafia: Kasse {treasury}")]
        for k, b in enumerate(obs.get("bosses", [])):
            fld = b["field"]
            grows = f"{len(fld)} x {self.label(fld[-1])}" if fld else self.w("empty", "leer")
            at = self.coins(int(b["threshold"]))
            out.append(
                self.w(
                    f"  m{self.n(k)} {boss_name(b['key'])}: {grows} (harvests at {at})",
                    f"  m{self.n(k)} {boss_name(b['key'])}: {grows} (erntet bei {at})",
                )
            )
        piles = obs.get("piles") or []
        if piles:
            out.append(
                self.w("uncovered piles: ", "aufgedeckte Stapel: ")
                + "   ".join(
                    f"p{i}: {self.label(p[0])} x{len(p)}" for i, p in enumerate(piles, 1) if p
                )
            )
        if obs.get("feed"):
            boss = boss_name(obs["feed"])
            out.append(
                self.w(
                    f"feed {boss}: his field is empty, give him a hand card",
                    f"{boss} füttern: sein Feld ist leer, gib ihm eine Handkarte",
                )
            )
        return out

    def winner_lines(self, r: Result, seat: int, kinds: dict[int, str]) -> list[str]:
        details = r.details or {}
        out = []
        if "mafia" in details:
            mafia = self.coins(int(details["mafia"]))
            out.append(self.w(f"  the mafia: {mafia}", f"  die Mafia: {mafia}"))
        if details.get("winner") == "mafia":
            out.append(
                self.w(
                    "winner: the mafia (no player has more coins than its treasury)",
                    "gewonnen: die Mafia (kein Spieler hat mehr Münzen als ihre Kasse)",
                )
            )
            return out
        return out + super().winner_lines(r, seat, kinds)


DESCRIBER = AlCabohneDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Al Cabohne: beans against the mafia, solo or for two. The mafia's bosses each grow "
        "one bean type; a boss harvests into the mafia's treasury as soon as his field is "
        "worth his threshold. Your turn: (two players) place each pile your opponent left "
        "whole on one of your fields, or discard it; for each of your fields of a type a boss"
        " grows, its top card goes to that boss (protection); plant your front card and, if "
        "you like, the next; cards are uncovered until three count, forming piles by type (a "
        "card of a type a boss grows goes to him instead); place each pile whole on one of "
        "your fields or on a boss's field, give hand cards to the bosses if you like, and "
        "pass; draw two cards. You harvest only on your own turn; there is no trading. The "
        "game ends at the draw pile's third exhaustion: every field is harvested, the bosses'"
        " into the treasury. The mafia wins unless a player has more coins than the treasury;"
        " then the player with most coins wins."
    ),
    (
        "Al Cabohne: Bohnen gegen die Mafia, allein oder zu zweit. Jeder Boss der Mafia baut "
        "eine Bohnensorte an; ein Boss erntet in die Schatzkammer der Mafia ab, sobald sein "
        "Feld seine Schwelle wert ist. Dein Zug: (zu zweit) jeden Stapel, den dir der Gegner "
        "ließ, ganz auf eines deiner Felder legen oder abwerfen; für jedes deiner Felder "
        "einer Sorte, die ein Boss anbaut, geht die oberste Karte an diesen Boss "
        "(Schutzgeld); die vorderste Karte pflanzen und, wenn du willst, die nächste; Karten "
        "werden aufgedeckt, bis drei zählen, und bilden Stapel nach Sorte (eine Karte einer "
        "Sorte, die ein Boss anbaut, geht stattdessen an ihn); jeden Stapel ganz auf eines "
        "deiner Felder oder das Feld eines Bosses legen, wenn du willst Handkarten an die "
        "Bosse geben, und passen; zwei Karten ziehen. Du erntest nur im eigenen Zug ab; "
        "gehandelt wird nicht. Das Spiel endet, wenn der Nachziehstapel zum dritten Mal "
        "aufgebraucht ist: jedes Feld wird abgeerntet, die der Bosse in die Schatzkammer. Die"
        " Mafia gewinnt, außer ein Spieler hat mehr Münzen als die Schatzkammer; dann "
        "gewinnt, wer die meisten hat."
    ),
)
