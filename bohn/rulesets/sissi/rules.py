"""Sissi! Die Bohnenkaiserin, 3-5 players — ``rules/sissi.md``.

Sissi is Bohnanza with Captain and Sissi beans that alternate in the fields.
The turn, read like the rulebook's five phases (§3):

1. plant the front card, optionally the next one (Bohnanza's phase 1, with
   the field legality of :meth:`Sissi._can_plant`, §3.1);
2. reveal two cards, keep, trade and give (Bohnanza's trading machinery);
3. every player plants the cards he kept or received;
4. :meth:`Sissi._end_turn` — every player draws **one** card, the active
   player first, then clockwise;
5. :meth:`Sissi._sissi_action` — every field with a Sissi directly on a Sissi
   or a Captain directly on a Captain is harvested by its owner; then the next
   turn begins.

A field is paid by the beanometer of its top card counted over all its cards
(the engine's ``_meter_card``); no field can be bought. Every ``[DEFAULT]`` of
``rules/sissi.md`` §6 is an option or a data value (``docs/rules/sissi.md``).
"""

from __future__ import annotations

import itertools
import json
from importlib import resources
from typing import Any
from typing import ClassVar

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Harvest
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import BeanGame
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Audience
from bohn.engine.game import Option
from bohn.engine.game import Words
from bohn.rulesets.bohnanza.rules import Bohnanza
from bohn.rulesets.sissi.events import SissiEvent

#: phase 5, the Sissi action (§3.6)
SISSI_ACTION = 10

_DATA = json.loads(
    resources.files("bohn.rulesets.sissi").joinpath("cards.json").read_text(encoding="utf-8")
)
#: the only amounts a beanometer pays (SI-D2, ``payouts`` in ``cards.json``)
PAYOUTS: tuple[int, ...] = tuple(_DATA["payouts"]["amounts"])

#: the sections of ``rules/bohnanza.md`` that the inherited Bohnanza code cites,
#: translated to the sections of ``rules/sissi.md`` that state the same rule
_SECTIONS = {
    "§1.3": "§1.2",
    "§3.1": "§3.2",
    "§3.1.1": "§3.2.1 (SI-D9)",
    "§3.1.2": "§3.2.1",
    "§3.2": "§3.3",
    "§3.2.2": "§3.3.3",
    "§3.2.3": "§3.3.6",
    "§3.3": "§3.4",
    "§3.3.1": "§3.4",
    "§4.1.2": "§4.1.1",
    "§4.1.6": "§4.1.4",
}

_HARVEST = tuple(Harvest(f) for f in range(8))


def _check_data(table: CardTable) -> tuple[bool, ...]:
    """Each card's kind (True: a Sissi); every beanometer pays only PAYOUTS."""
    for key, attrs, meter in zip(table.keys, table.attrs, table.meters, strict=True):
        if attrs.get("kind") not in ("sissi", "captain"):
            raise SetupError(f"sissi card {key!r} must be of kind 'sissi' or 'captain'")
        if any(pay not in PAYOUTS for _, pay in meter):
            raise SetupError(f"the beanometer of {key!r} pays other amounts than {PAYOUTS}")
    return tuple(a["kind"] == "sissi" for a in table.attrs)


@mypyc_attr(allow_interpreted_subclasses=True)
class Sissi(Bohnanza):
    """Sissi! Die Bohnenkaiserin."""

    variant = "sissi"
    title = "Sissi! Die Bohnenkaiserin"
    min_players = 3
    max_players = 5
    table = CardTable.load("bohn.rulesets.sissi")
    rules_file = "sissi"
    #: per card: whether it is a Sissi bean (else a Captain), from ``cards.json``
    SISSI: ClassVar[tuple[bool, ...]] = _check_data(table)
    #: fields per player by the number of players; none can be bought (§1.2)
    FIELDS: ClassVar[dict[int, int]] = {3: 3, 4: 2, 5: 2}
    PHASES: ClassVar[dict[int, str]] = {**Bohnanza.PHASES, SISSI_ACTION: "sissi-action"}
    #: one card per player in phase 4 (§3.5)
    draw_count = 1

    OPTIONS: ClassVar[dict[str, Option]] = {
        **{
            name: opt
            for name, opt in Bohnanza.OPTIONS.items()
            if name not in ("third_field_price", "coin_payment", "same_type_fields")
        },
        "first_player": Option(
            "first_player",
            0,
            "the seat that takes the first turn (the rulebook: the dealer's left)",
            kind=int,
            default_id="SI-D6",
            label=Words("First player", "Startspieler"),
            help=Words(
                "The seat that takes the first turn (the rulebook: the dealer's left; seat 0 is the first in the list).",
                "Der Platz, der den ersten Zug macht (laut Regel links vom Geber; Platz 0 ist der erste der Liste).",
            ),
        ),
        "coins_from": Option(
            "coins_from",
            "top",
            "which cards of a harvested field become Talers: the top ones (sissi §4.1.3); "
            "'bottom' is a house rule",
            choices=("top", "bottom"),
            label=Words("Talers come from", "Taler kommen von"),
            help=Words(
                "Which cards of a harvested field become Talers: the rulebook says the top ones; the bottom ones are a house rule.",
                "Welche Karten eines abgeernteten Feldes zu Talern werden: laut Regel die obersten; die untersten sind eine Hausregel.",
            ),
            choice_words={
                "top": Words("the top cards", "den obersten Karten"),
                "bottom": Words(
                    "the bottom cards (house rule)", "den untersten Karten (Hausregel)"
                ),
            },
        ),
        "same_on_same": Option(
            "same_on_same",
            "any-planting",
            "where a Sissi may go directly on a Sissi, or a Captain on a Captain: in every "
            "planting, or only in phase 3",
            choices=("any-planting", "phase-3"),
            default_id="SI-D4",
            label=Words(
                "Sissi on Sissi, Captain on Captain", "Sissi auf Sissi, Rittmeister auf Rittmeister"
            ),
            help=Words(
                "When a Sissi may be planted directly on a Sissi, or a Captain on a Captain.",
                "Wann eine Sissi direkt auf eine Sissi oder eine Rittmeister-Bohne auf eine Rittmeister-Bohne gepflanzt werden darf.",
            ),
            choice_words={
                "any-planting": Words("in every planting", "bei jedem Pflanzen"),
                "phase-3": Words("only in phase 3", "nur in Phase 3"),
            },
        ),
        "sissi_action_fields": Option(
            "sissi_action_fields",
            "all",
            "whose fields phase 5 checks: every player's or only the active player's",
            choices=("all", "active"),
            default_id="SI-D3",
            label=Words("Fields the Sissi action checks", "Felder der Sissi-Aktion"),
            help=Words("Whose fields phase 5 looks at.", "Wessen Felder Phase 5 prüft."),
            choice_words={
                "all": Words("every player's fields", "die Felder aller Spieler"),
                "active": Words(
                    "only the active player's fields", "nur die Felder des aktiven Spielers"
                ),
            },
        ),
        "sissi_action_pairs": Option(
            "sissi_action_pairs",
            "anywhere",
            "which same-kind pair makes phase 5 harvest a field: one anywhere in it, or "
            "only the two top cards",
            choices=("anywhere", "top"),
            default_id="SI-D3",
            label=Words("Pairs that start the Sissi action", "Paare für die Sissi-Aktion"),
            help=Words(
                "Which pair of the same kind makes phase 5 harvest a field.",
                "Welches Paar gleicher Art ein Feld in Phase 5 abernten lässt.",
            ),
            choice_words={
                "anywhere": Words("a pair anywhere in the field", "ein Paar irgendwo im Feld"),
                "top": Words("only the two top cards", "nur die beiden obersten Karten"),
            },
        ),
        "sissi_action_order": Option(
            "sissi_action_order",
            "choose",
            "phase 5: each owner harvests his affected fields in the order he chooses, or "
            "all are harvested at once (seats clockwise from the active player, fields in order)",
            choices=("choose", "auto"),
            default_id="SI-D5",
            label=Words(
                "Order of the Sissi action's harvests", "Reihenfolge der Ernten der Sissi-Aktion"
            ),
            help=Words(
                "In phase 5, who orders the harvests of the affected fields.",
                "Wer in Phase 5 die Ernten der betroffenen Felder ordnet.",
            ),
            choice_words={
                "choose": Words(
                    "each owner chooses his order", "jeder Besitzer wählt die Reihenfolge"
                ),
                "auto": Words(
                    "all at once, clockwise from the active player",
                    "alle zugleich, im Uhrzeigersinn ab dem aktiven Spieler",
                ),
            },
        ),
        "final_sissi_action": Option(
            "final_sissi_action",
            False,
            "whether phase 5 is played after the turn in whose phase 2 the final exhaustion came",
            kind=bool,
            default_id="SI-D7",
            label=Words("Sissi action after the last turn", "Sissi-Aktion nach dem letzten Zug"),
            help=Words(
                "Whether phase 5 is still played after the turn in which the draw pile ran out for the last time.",
                "Ob Phase 5 nach dem Zug noch gespielt wird, in dem der Nachziehstapel zum letzten Mal leer wurde.",
            ),
        ),
    }

    # -- set-up and small helpers -----------------------------------------

    def fields_at_start(self) -> int:
        return self.FIELDS[self.n]

    def _rule(self, section: str) -> str:
        """The rule an inherited Bohnanza check cites, as a section of this game."""
        return Sissi.cite(_SECTIONS.get(section, section))

    def _emit(
        self, data: SissiEvent, to: Audience = None, public: SissiEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def captain(self, seat: int, f: int) -> int | None:
        """The bean type of the Captains on field ``f`` (None: it holds none)."""
        sissi = self.SISSI
        for c in reversed(self.fields[seat][f]):
            if not sissi[c]:
                return self.table.bean[c]
        return None

    # -- §3.1 field legality ------------------------------------------------

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        """§3.1: an empty field; a Sissi anywhere; a Captain where no Captain
        of another variety grows. Same on same per option ``same_on_same`` (SI-D4)."""
        fld = self.fields[seat][f]
        if not fld:
            return True
        sissi = self.SISSI
        if (
            sissi[card] == sissi[fld[-1]]
            and self.phase != PLANT_TRADED
            and self.options["same_on_same"] == "phase-3"
        ):
            return False
        if sissi[card]:
            return True
        captain = self.captain(seat, f)
        return captain is None or captain == self.table.bean[card]

    def _check_plant(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        self._check_field(seat, f)
        self._check_no_mode(f, mode)
        if self._can_plant(seat, card, f):
            return
        keys = self.table.keys
        captain = self.captain(seat, f)
        if not self.SISSI[card] and captain is not None and captain != self.table.bean[card]:
            raise IllegalAction(
                f"field {f} holds {self.table.bean_keys[captain]} Captains; {keys[card]} may go "
                "only on an empty field or a field without Captains of another variety",
                Sissi.cite("§3.1"),
            )
        top = keys[self.fields[seat][f][-1]]
        raise IllegalAction(
            f"{keys[card]} directly on {top} is allowed only in phase 3 (option same_on_same)",
            Sissi.cite("§3.1 (SI-D4)"),
        )

    # -- §1.2 no field can be bought ------------------------------------------

    fields_for_sale = False

    def _field_refusal(self, seat: int) -> BohnError | None:
        return IllegalAction(
            f"fields cannot be bought in Sissi; each player keeps his {self.FIELDS[self.n]} "
            "fields for the whole game",
            Sissi.cite("§1.2"),
        )

    # -- phase 4: draw -----------------------------------------------------------

    def _end_turn(self) -> None:
        """Phase 4 (§3.5): one card each, the active player first, then clockwise.
        The final exhaustion ends the game at once; in phase 2 it ends it here (§5.1)."""
        if self.final:
            if self.options["final_sissi_action"]:  # SI-D7
                self._sissi_action()
            else:
                self._finish("final-exhaustion")
            return
        for i in range(self.n):
            self._draw((self.active + i) % self.n, self.draw_count)
            if self._final_reached():  # later players do not draw (§5.1)
                self._finish("final-exhaustion")
                return
        if self._dry_round_ended():
            return
        self._sissi_action()

    # -- phase 5: the Sissi action -------------------------------------------------

    def has_pair(self, fld: list[int]) -> bool:
        """Whether a Sissi lies directly on a Sissi or a Captain on a Captain:
        anywhere in the field or only on top (option sissi_action_pairs, SI-D3)."""
        sissi = self.SISSI
        if self.options["sissi_action_pairs"] == "top":
            return len(fld) >= 2 and sissi[fld[-1]] == sissi[fld[-2]]
        return any(sissi[a] == sissi[b] for a, b in itertools.pairwise(fld))

    def sissi_action_fields(self) -> list[tuple[int, int]]:
        """The ``(seat, field)`` pairs phase 5 harvests now: seats clockwise
        from the active player (every seat or only the active one, SI-D3)."""
        n = self.n
        seats = [self.active]
        if self.options["sissi_action_fields"] == "all":
            seats = [(self.active + i) % n for i in range(n)]
        return [(s, f) for s in seats for f, fld in enumerate(self.fields[s]) if self.has_pair(fld)]

    def _sissi_action(self) -> None:
        """Phase 5 (§3.6): the owners of the affected fields harvest them, in
        the order each chooses (SI-D5); option sissi_action_order='auto'
        harvests them all at once."""
        self.phase = SISSI_ACTION
        pending = self.sissi_action_fields()
        self._emit({"type": "sissi-action", "fields": [[s, f] for s, f in pending]})
        if self.options["sissi_action_order"] == "auto":
            for s, f in pending:
                self._harvest(s, f)
        self._sissi_action_done()

    def _sissi_action_done(self) -> None:
        if self.sissi_action_fields():
            return
        if self.final:  # SI-D7 with final_sissi_action=true
            self._finish("final-exhaustion")
            return
        self.active = (self.active + 1) % self.n
        self._begin_turn()

    def _do_harvest(self, seat: int, a: Harvest) -> None:
        BeanGame._do_harvest(self, seat, a)
        if self.phase == SISSI_ACTION:
            self._sissi_action_done()

    # -- trading: the proposals listed (docs/actions.md) ----------------------------

    def _wanted_tops(self, seat: int) -> tuple[int, ...]:
        """Per field, a card of the kind that alternates well on it: a Sissi
        on a Captain, the field's Captain on a Sissi (-1: none in particular)."""
        sissi = self.SISSI
        out = []
        for fld in self.fields[seat]:
            card = -1
            if fld and not sissi[fld[-1]]:
                card = self.table.index["sissi"]
            elif fld:
                card = next((c for c in reversed(fld) if not sissi[c]), -1)
            out.append(card)
        return tuple(out)

    # -- the contract ----------------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        if self.phase == SISSI_ACTION:
            mask = 0
            for s, _ in self.sissi_action_fields():
                mask |= 1 << s
            return seats_of(mask)
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase != SISSI_ACTION:
            return super().legal_actions(seat)
        out: list[Action] = [_HARVEST[f] for s, f in self.sissi_action_fields() if s == seat]
        out += [a for a in self._anytime_actions(seat) if a not in out]
        return out

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        pending = self.sissi_action_fields() if self.phase == SISSI_ACTION else []
        obs["sissi_action"] = [[s, f] for s, f in pending]
        return obs
