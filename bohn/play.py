"""Play a game in the terminal: one person against bots.

:func:`main` runs the game. The bots act through the scheduler of
:mod:`bohn.sim.runner` (the waiting seats in clockwise order after the one
that acted last); whenever the game waits on the person's seat, the screen
shows the table as that seat sees it (built from ``observe(seat)`` only) and a
numbered list of the legal actions. The person answers with a number, with any
action in its text form (``propose 2 give h3 want blaue``), or with ``help``,
``log``, ``table`` or ``quit``. A refused action prints the engine's message
and the rule it breaks, and asks again. Closing the input (end of file) leaves
the game politely.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from bohn.bots.base import Bot, make_bot, parse_bot_spec, seat_view
from bohn.engine.actions import (
    Accept,
    Action,
    BuyField,
    Decline,
    EndTrading,
    Harvest,
    Keep,
    Pass,
    Plant,
    Propose,
    Withdraw,
    parse_action,
)
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.interrupts import deferred_interrupt
from bohn.rulesets import VARIANTS
from bohn.rulesets.al_cabohne.actions import Discard, Give, Place
from bohn.rulesets.bohnkick.actions import Advantage, Aim, Block, Swap, Tackle
from bohn.rulesets.bohnkick.actions import Play as KickPlay
from bohn.rulesets.high_bohn.actions import Build, Bury, MoveCard, Order, Store, Take
from bohn.rulesets.mutterbohnchen.actions import Attack, Pick, Use
from bohn.rulesets.prohibohn.actions import Draw, Drop, Protect, Remove, Stash, Uncover
from bohn.sim.runner import MAX_STEPS, bot_seed, next_seat

#: proposals per trading phase: the person may negotiate at length, bots briefly
HUMAN_TRADE_CAP = 50
BOT_TRADE_CAP = 2
#: how the final screen names the parts of a total (``tally`` of the result)
TALLY_LABELS = {"teepee": "Teepee", "cards": "establishments"}
#: events shown by the ``log`` command
LOG_LINES = 30

HELP = """\
Answer with:
  <number>          the numbered action of the list
  <action text>     any action, also one not listed, e.g.
                      plant f0              plant your front card on field 0
                      plant t1 f0           plant card 1 of your trading area on field 0
                      harvest f1            harvest field 1
                      buy-field             buy your third field
                      propose 2 give h3,r0 want blaue
                                            offer seat 2 your hand card h3 and revealed
                                            card r0 for one blaue from seat 2
                      propose 0 want soja   ask seat 0 for a soja, giving nothing
                      accept 5 give h1      accept offer 5, giving your hand card h1
                      decline 5 / withdraw 5
                      keep r0               keep revealed card r0 (active player)
                      end-trading           end the trading phase (active player)
                      pass                  no second planting / no more proposals
  table             show the table again
  log               the recent events
  help              this text
  quit              leave the game
Cards are named h<i> (your hand, h0 = front card), r<i> (revealed cards),
t<i> (your trading area) and s<i> (your General Store); fields are f0, f1, f2 ...;
wanted cards by bean type.
"""


#: the commands High Bohn adds (shown by ``help`` in its games)
HIGH_BOHN_HELP = """\
High Bohn adds:
  build jail-3            buy a building with coins of its bean type
  build distillery-2 name saloon
                          buy the distillery-2 and close the Saloons (Cognac variant)
  store h0 / store r1 / store t0
                          lay your front card / a revealed card / a card of your
                          trading area on your General Store
  plant f0 stew / plant f0 joker
                          plant as a bean stew card (Saloon) or a soy joker (farm-2)
  bury                    bank-2: put the top card of the draw pile at its bottom
  move h3 h0              bank-4: move hand card h3 to position h0
  order 2,0,1             bank-3: the order in which your drawn cards join your hand
  take blaue              jail-4: the leftover card you take as a coin
Coins buy only buildings of their bean type; every coin's bean side is public.
"""


#: the commands Prohibohn adds (shown by ``help`` in its games)
PROHIBOHN_HELP = """\
Prohibohn adds:
  stash h0,h3             set-up: lay two hand cards face down as your starting coins
  build casino-3          buy an establishment with coins of its bean type
  build police-station-4  buy a Police Station with blaue coins (then take a
                          coin of the mafia treasury: take sau)
  build razzia / build razzia name sau
                          buy the Razzia with 4 blaue coins / 5 coins of one other type
  remove casino-4         remove the third card of an establishment after buying
                          your second one / pub-4: remove the opponent's 1-card
  plant h2 f0             Varieté: plant hand card h2 on field 0
  drop h1                 casino-3: put hand card h1 on the discard pile
  uncover                 Undertaker: uncover one more card after the early stop
  protect f0              pub-3: give the boss one more card of field 0
  draw 3                  Gas Station: how many cards you draw in phase 6
Establishments are worth their price at the end; a 1-card is worth 1, 0 after the
Razzia, 4 with the 3- and 4-card of its establishment.
"""


#: the commands Ladybohn adds (shown by ``help`` in its games)
LADYBOHN_HELP = """\
Ladybohn adds:
  plant f0 pull3          plant a baby on field 0 and pull the lady at position 3
                          (0 = bottom) up two places; listed when the choice matters
  plant t0 f1 [pull<i>]   foist: plant the baby you received on its type's field now
Cards show their gender: blaue (man), blaue♀ (lady), blaue·baby (baby); a field pays
by its top card. Others' offered hand cards show only their type: blaue?.
"""


#: the commands Mutterböhnchen adds (shown by ``help`` in its games)
MUTTERBOHNCHEN_HELP = """\
Mutterböhnchen adds (and everything of Ladybohn above):
  plant f0 / plant f0 pull2
                          pulls are optional: plant f0 plants without one
  plant h3 f0             Hampelmann: plant any hand card in phase 1; also the
                          final placement (one hand card on each non-empty field)
  plant f0 kavalier       the Kavalier slips under the lady on top of field 0
  attack 2 f1             phase 1½: the baby on top of your field 1 attacks seat 2
  uncover / pass          turn up one more of the target's coins / stop
  take blaue              keep the turned-up blaue coin: it is planted at once
  harvest f0 / pass       as the target: harvest before your coins are turned up
  take flitzer / pass     accept / refuse the revealed Flitzer as a gift
  pick f1.3 / pick d2     a quirk's choice: the card at position 3 (0 = bottom) of
                          field 1, or at position 2 of the discard pile
Coins: known faces are public; starting coins lie face down, unseen even by you.
Mama's beans show their name and type, Kavalier(blaue); the table lists which
quirks act now. Every received card that fits a non-empty field is planted at once.
With two players (no trading):
  use p0 / discard p0     phase 1: take stack 0 of the opponent's offer to plant it
                          whole, or discard it whole; phase 4: take a stack you want
  plant t0 f1             plant a card of a taken stack (one type: one field)
  drop h2                 phase 2: discard hand card 2 (once a turn)
  plant f2                start your third field, if you hold the "3. Bohnenfeld" card
  pass                    phase 4: leave the other stacks as your opponent's offer
Harvesting with three fields loses the field harvested; harvest only on your turn.
"""


class Quit(Exception):
    """The person left the game (``quit`` or end of input)."""


# --------------------------------------------------------------------------
# describing things


def _table_of(game: Game) -> CardTable | None:
    return getattr(type(game), "table", None)


def field_text(keys: list[str], pays: int | None = None) -> str:
    """A field as a stack, bottom first, with what a harvest would pay now
    (``field_pays`` of the observation).

    >>> field_text(["blaue"] * 4, 1)
    'blaue x4 (pays 1)'
    >>> field_text(["sau", "rote", "soja"])
    '[sau rote soja]'
    >>> field_text([])
    'empty'
    """
    if not keys:
        return "empty"
    if all(k == keys[0] for k in keys):
        stack = f"{keys[0]} x{len(keys)}"
    else:
        stack = "[" + " ".join(keys) + "]"
    return stack if pays is None else f"{stack} (pays {pays})"


#: how the screen marks a card's gender (the suffix of its key, ladybohn §1.1)
GENDER_MARKS = {"lady": "♀", "baby": "·baby"}
#: the line that explains the marks (shown in games whose cards have genders)
GENDER_LEGEND = (
    "fields bottom -> top; the top card prices a field: ♀ a lady pays more than a man, "
    "a ·baby on top pays nothing"
)


def card_label(key: str) -> str:
    """A card key as the screen shows it: a lady ``blaue♀``, a baby
    ``blaue·baby``; other keys unchanged.

    >>> card_label("blaue/lady"), card_label("sau/baby"), card_label("soja")
    ('blaue♀', 'sau·baby', 'soja')

    A mama's bean (Mutterböhnchen) shows its name and bean type:

    >>> card_label("kavalier"), card_label("feuer/baby2")
    ('Kavalier(blaue)', 'feuer·baby2')
    """
    bean, sep, kind = key.partition("/")
    if not sep:
        mama = mama_bean(key)
        return f"{mama_name(key)}({mama})" if mama else key
    return bean + GENDER_MARKS.get(kind, f"·{kind}")


def hidden_label(key: str) -> str:
    """A card another seat offers from its hand, shown by its bean type only
    (ladybohn §3.3): ``blaue?``; a key that shows its gender is labelled as usual.

    >>> hidden_label("blaue"), hidden_label("blaue/baby")
    ('blaue?', 'blaue·baby')
    """
    return card_label(key) if "/" in key else f"{key}?"


def gendered(table: CardTable | None) -> bool:
    """Whether the game's cards have genders (Ladybohn): fields are then shown
    card by card, bottom to top, with their top card."""
    return table is not None and any("gender" in a for a in table.attrs)


def stack_text(keys: list[str], pays: int | None = None) -> str:
    """A field whose cards have genders, bottom -> top (runs of one kind
    grouped), what it pays now and why.

    >>> stack_text(["blaue", "blaue", "blaue/lady", "blaue/baby"], 0)
    '[bottom] blaue x2 -> blaue♀ -> blaue·baby [top] - 4 cards, pays 0 (a baby on top pays nothing)'
    >>> stack_text(["sau/baby", "sau/lady"], 1)
    '[bottom] sau·baby -> sau♀ [top] - 2 cards, pays 1 (a lady on top)'
    >>> stack_text([])
    'empty'
    """
    if not keys:
        return "empty"
    runs: list[list[Any]] = []
    for k in keys:
        if runs and runs[-1][0] == k:
            runs[-1][1] += 1
        else:
            runs.append([k, 1])
    parts = [card_label(k) if n == 1 else f"{card_label(k)} x{n}" for k, n in runs]
    n = len(keys)
    text = f"[bottom] {' -> '.join(parts)} [top] - {n} card{'s' if n != 1 else ''}"
    if pays is None:
        return text
    top = keys[-1].partition("/")[2]
    if top.startswith("baby"):
        top = "baby"
    why = {
        "lady": " (a lady on top)",
        "baby": " (a baby on top pays nothing)",
        "loser": " (the Loser on top pays nothing)",
        "einsiedler": " (the Einsiedler on top pays 1)",
    }.get(top or keys[-1], "")
    return f"{text}, pays {pays}{why}"


def _pays(p: dict[str, Any], f: int) -> int | None:
    pays = p.get("field_pays") or []
    return pays[f] if f < len(pays) else None


#: how the screen names High Bohn's field kinds (``field_kinds`` of the observation)
FIELD_LABELS = {
    "third": "third field",
    "goldmine": "goldmine-4 field",
    "saloon": "saloon-2 field, brech only",
    "blacksmith": "blacksmith-2 field, feuer only",
}


def _flag(p: dict[str, Any], key: str, f: int) -> bool:
    flags = p.get(key) or []
    return f < len(flags) and bool(flags[f])


def seat_field_text(p: dict[str, Any], f: int, genders: bool = False) -> str:
    """Field ``f`` of a seat's observation ``p``, with its kind where the
    observation names one (``field_kinds``, ``stews``, ``locked``); with
    ``genders`` card by card, bottom to top (:func:`stack_text`)."""
    keys = p["fields"][f]
    if genders:
        return f"f{f}: {stack_text(keys, _pays(p, f))}"
    kinds = p.get("field_kinds") or []
    kind = kinds[f] if f < len(kinds) else "regular"
    stew = _flag(p, "stews", f)
    locked = _flag(p, "locked", f)
    marks = [FIELD_LABELS.get(kind, kind)] if kind != "regular" else []
    if stew:
        marks.append("bean stew")
    if "establishments" in p and len(set(keys)) > 1:  # Prohibohn's Nightbars
        marks.append(f"Nightbar field, bottom first; its top card {keys[-1]} prices it")
    if locked:
        marks.append("locked until the fields that held its type are harvested")
    label = f"f{f}" + (f" [{'; '.join(marks)}]" if marks else "")
    return f"{label}: {field_text(keys, _pays(p, f))}"


def _counted(keys: list[str]) -> str:
    """Card keys grouped, most first: ``blaue x3, sau``."""
    counts: dict[str, int] = {}
    for k in map(card_label, keys):
        counts[k] = counts.get(k, 0) + 1
    parts = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(k if c == 1 else f"{k} x{c}" for k, c in parts) or "none"


def _building_info(key: str) -> tuple[int, str, str] | None:
    """(price, paying bean type, effect) of a High Bohn building key."""
    from bohn.rulesets.high_bohn.rules import BUILDINGS, TABLE

    b = BUILDINGS.index.get(key)
    if b is None:
        return None
    return BUILDINGS.price[b], TABLE.bean_keys[BUILDINGS.bean[b]], BUILDINGS.effects[b]


def supply_text(keys: list[str]) -> str:
    """The building supply grouped by type: ``jail (blaue) 1 3 4``."""
    groups: dict[str, list[str]] = {}
    for k in keys:
        kind, _, price = k.rpartition("-")
        info = _building_info(k)
        name = f"{kind} ({info[1]})" if info else kind
        groups.setdefault(name, []).append(price)
    return "; ".join(f"{name} {' '.join(ps)}" for name, ps in groups.items()) or "empty"


def _establishment_info(key: str) -> tuple[int, str, str] | None:
    """(price, paying bean type, effect) of a Prohibohn establishment, Police
    Station or Razzia key."""
    from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS, TABLE

    e = ESTABLISHMENTS.index.get(key)
    if e is None:
        return None
    return (
        ESTABLISHMENTS.price[e],
        TABLE.bean_keys[ESTABLISHMENTS.bean[e]],
        ESTABLISHMENTS.effect[e],
    )


def establishment_supply_text(keys: list[str]) -> str:
    """Prohibohn's cards still to be had, grouped: ``casino (stangen) 1 3 4``;
    the Razzia with both of its prices."""
    groups: dict[str, list[str]] = {}
    for k in keys:
        info = _establishment_info(k)
        if k == "razzia":
            groups["razzia (4 blaue or 5 coins of one other type)"] = []
            continue
        kind, _, price = k.rpartition("-")
        name = f"{kind} ({info[1]})" if info else kind
        groups.setdefault(name, []).append(price)
    return "; ".join(f"{name} {' '.join(ps)}".strip() for name, ps in groups.items()) or "nothing"


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
            info = _establishment_info(k)
            out.append(info[0] if info else int(price) if price.isdigit() else 0)
    return out


def establishment_lines(p: dict[str, Any], razzia: bool) -> list[str]:
    """A Prohibohn seat's establishments with their end values, its Police
    Station bonus and its total as it stands (``tally``)."""
    owned = list(p.get("establishments", []))
    tally = p.get("tally") or {}
    bonus = int(tally.get("bonus", 0))
    parts = []
    for k, v in zip(owned, establishment_values(owned, razzia), strict=True):
        extra = f" + bonus {bonus}" if k.startswith("police-station") else ""
        parts.append(f"{k} ({v}{extra})")
    out = [f"establishments: {', '.join(parts) or 'none'}"]
    if tally:
        out.append(
            f"total now: {tally.get('total')} (cash {tally.get('cash')}, establishments "
            f"{tally.get('cards')}, bonus {bonus})"
        )
    if p.get("stashed") is False:
        out.append("has not laid the starting coins yet")
    return out


def _seat_name(s: int, me: int, kinds: dict[int, str]) -> str:
    if s == me:
        return "you"
    return f"seat {s} ({kinds[s]})" if s in kinds else f"seat {s}"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _cards(keys: list[str]) -> str:
    return ", ".join(map(card_label, keys)) if keys else "nothing"


def _hidden_cards(keys: list[str]) -> str:
    """Cards another seat offers: hand cards by their bean type only (``blaue?``)."""
    return ", ".join(map(hidden_label, keys)) if keys else "nothing"


def _cards_or_count(e: dict[str, Any]) -> str:
    """The cards of a deal or draw event as the viewer sees them: the cards
    themselves, or only how many."""
    cards = e.get("cards")
    return _cards(cards) if cards is not None else f"{e.get('count')} cards"


def _ref_card(ref: str, me: dict[str, Any], obs: dict[str, Any]) -> str:
    try:
        i = int(ref[1:])
        if ref[0] == "h":
            return card_label(str(me["hand"][i]))
        if ref[0] == "r":
            return card_label(str(obs["revealed"][i]))
        if ref[0] == "t":
            return card_label(str(me["trading_area"][i]))
    except (IndexError, KeyError, ValueError):
        pass
    return "?"


def _refs_text(refs: tuple[str, ...], me: dict[str, Any], obs: dict[str, Any]) -> str:
    return ", ".join(f"{_ref_card(r, me, obs)} ({r})" for r in refs) or "nothing"


def describe_action(
    a: Action, obs: dict[str, Any], seat: int, table: CardTable | None, price: Any = None
) -> str:
    """A sentence for one of ``seat``'s legal actions, read from its observation."""
    if obs.get("variant") == "bohnkick":  # no fields, no coins
        return _bk_action(a, obs, seat)
    me = obs["seats"][seat]
    fields = me["fields"]
    genders = gendered(table)

    def fld(f: int) -> str:
        if f < len(fields):
            text = (stack_text if genders else field_text)(fields[f], _pays(me, f))
            return f"field {f} ({text})"
        return f"field {f}"

    if obs.get("variant") == "mutterbohnchen":
        if isinstance(a, Plant) and table is not None:
            return _mb_plant(a, obs, me, table, fld)
        text = _mb_action(a, obs, seat, fld)
        if text is not None:
            return text
    if isinstance(a, Plant) and genders and table is not None:
        return _gendered_plant(a, obs, me, table, fld)
    if isinstance(a, Plant):
        how = {"stew": " as a bean stew card", "joker": " as a soy joker of its type"}.get(
            a.mode or "", f" ({a.mode})" if a.mode else ""
        )
        if a.traded is None and a.card:
            card = _ref_card(f"h{a.card}", me, obs)
            return f"plant hand card h{a.card} ({card}) on {fld(a.field)}{how} (Varieté)"
        if a.traded is None:
            return f"plant {_ref_card('h0', me, obs)} (front card) on {fld(a.field)}{how}"
        card = _ref_card(f"t{a.traded}", me, obs)
        return f"plant {card} from your trading area (t{a.traded}) on {fld(a.field)}{how}"
    if isinstance(a, Build) and "establishments" in me:
        return _establishment_action(a)
    if isinstance(a, Stash | Drop | Remove | Uncover | Protect | Draw):
        return _prohibohn_action(a, obs, seat, fld)
    if isinstance(a, Take) and obs.get("phase") == "police-coin":
        return f"take a {a.bean} coin of the mafia treasury (Police Station)"
    if isinstance(a, Build):
        info = _building_info(a.building)
        if info is None:
            return a.text()
        price, bean, effect = info
        text = f"build the {a.building} for {_coins(price)} of {bean}"
        if a.name is not None:
            return (
                f"{text} and name {a.name}: the others may buy a {a.name} at once, then "
                f"the remaining {a.name} cards leave the game"
            )
        return f"{text}: {effect}"
    if isinstance(a, Store):
        where = "on your General Store"
        if a.card == "h0":
            return f"put your front card {_ref_card('h0', me, obs)} {where} (counts as planting it)"
        if a.card[:1] == "r":
            return f"put revealed card {a.card} ({_ref_card(a.card, me, obs)}) {where}"
        return f"put {_ref_card(a.card, me, obs)} from your trading area ({a.card}) {where}"
    if isinstance(a, Bury):
        top = obs.get("deck_top")
        card = f" ({top})" if top else ""
        return f"bank-2: put the top card of the draw pile{card} face down at its bottom"
    if isinstance(a, MoveCard):
        card = _ref_card(f"h{a.card}", me, obs)
        return f"bank-4: move hand card h{a.card} ({card}) to position h{a.to}"
    if isinstance(a, Order):
        drawn = obs.get("drawn") or []
        cards = [str(drawn[i]) if i < len(drawn) else "?" for i in a.drawn]
        return f"bank-3: your drawn cards join the back of your hand as {', '.join(cards)}"
    if isinstance(a, Take):
        return f"jail-4: take a {a.bean} leftover as your coin"
    if isinstance(a, Place | Give | Discard):
        return _mafia_action(a, obs, me, fld)
    if isinstance(a, Harvest):
        return f"harvest {fld(a.field)}"
    if isinstance(a, BuyField):
        if "buildings" in me and "goldmine-2" in me["buildings"]:
            price = 1
        cost = f" for {_coins(price)}" if price is not None else ""
        if "third_fields_left" in obs:  # Ladybohn: two in the whole game
            left = int(obs["third_fields_left"])
            cost += f" ({left} third field{'s' if left != 1 else ''} left in the game)"
        return f"buy your third field{cost}"
    if isinstance(a, Pass):
        phase = obs.get("phase")
        if phase == "plant":
            nth = "a third" if int(obs.get("planted", 0)) >= 2 else "a second"
            return f"pass: do not plant {nth} card"
        if phase == "trade":
            return "pass: make no more proposals in this trading phase"
        if phase == "before-turn":
            return "pass: use no (more) Bank ability and start your turn"
        if phase == "final-buying":
            if "razzia" in obs:
                return "pass: end your final buying"
            return "pass: buy no more buildings in this round"
        if phase == "place":
            if obs.get("piles"):
                return "pass: leave the remaining piles for your opponent and end the phase"
            return "pass: end the phase (then draw two)"
        if phase == "distillery":
            named = (obs.get("distillery") or {}).get("building_type", "?")
            return f"pass: do not buy a {named} now"
        decision = obs.get("decision") or {}
        if phase == "remove-third":
            return f"pass: leave {decision.get('third', 'the third card')} to be had"
        if phase == "pub-removal":
            return "pass: remove none of your opponent's 1-cards"
        if phase == "protect":
            return "pass: give the boss no more cards of this field"
        if phase == "uncover-more":
            return "pass: stop uncovering"
        return "pass"
    if isinstance(a, EndTrading):
        return "end the trading phase (revealed cards still open are kept)"
    if isinstance(a, Keep):
        return f"keep revealed card r{a.revealed} ({_ref_card(f'r{a.revealed}', me, obs)})"
    offers = {o["id"]: o for o in obs.get("offers", [])}
    if isinstance(a, Accept):
        o = offers.get(a.offer, {})
        get = (_hidden_cards if genders else _cards)(o.get("give", []))
        return (
            f"accept offer {a.offer} from seat {o.get('from', '?')}: you get "
            f"{get} and give {_refs_text(a.give, me, obs)}"
        )
    if isinstance(a, Decline):
        o = offers.get(a.offer, {})
        return f"decline offer {a.offer} from seat {o.get('from', '?')}"
    if isinstance(a, Withdraw):
        o = offers.get(a.offer, {})
        return f"withdraw your offer {a.offer} to seat {o.get('to', '?')}"
    if isinstance(a, Propose):
        give = _refs_text(a.give, me, obs)
        if not a.want:
            return f"offer seat {a.to}: give {give} for nothing (a donation)"
        want = ", ".join(a.want)
        if not a.give:
            return f"ask seat {a.to} for {want}, giving nothing"
        return f"offer seat {a.to}: give {give} for {want}"
    return a.text()


def planted_stack(keys: list[str], card: str, mode: str | None) -> tuple[list[str], int | None]:
    """A Ladybohn field once ``card`` is planted on top with ``mode`` (ladybohn
    §4.2): a baby pulls a lady of its type up two places, the one ``pull<i>``
    names (position ``i`` from the bottom) or, without a mode, the lowest;
    returns the field bottom first and the position of the lady pulled.

    >>> planted_stack(["sau/lady", "sau", "sau"], "sau/baby", None)
    (['sau', 'sau', 'sau/lady', 'sau/baby'], 0)
    >>> planted_stack(["sau/lady", "sau", "sau/lady"], "sau/baby", "pull2")
    (['sau/lady', 'sau', 'sau/baby', 'sau/lady'], 2)
    """
    out = [*keys, card]
    bean, _, kind = card.partition("/")
    if not kind.startswith("baby"):
        return out, None
    ladies = [i for i, k in enumerate(keys) if k == f"{bean}/lady"]
    pick: int | None = ladies[0] if ladies else None
    if mode is not None and mode.startswith("pull") and mode[4:].isdigit():
        pick = int(mode[4:])
    if pick is None or pick >= len(keys):
        return out, None
    moved = out.pop(pick)
    out.insert(min(pick + 2, len(out)), moved)
    return out, pick


def _planted_card(a: Plant, me: dict[str, Any]) -> tuple[str, str]:
    """The reference (``h0``, ``h3``, ``t1``) and key of the card a planting
    takes, read from the seat's own observation (``"?"``: not there)."""
    ref = f"t{a.traded}" if a.traded is not None else f"h{a.card or 0}"
    zone = me.get("hand", []) if ref[0] == "h" else me.get("trading_area", [])
    i = int(ref[1:])
    return ref, str(zone[i]) if i < len(zone) else "?"


def _gendered_plant(
    a: Plant, obs: dict[str, Any], me: dict[str, Any], table: CardTable, fld: Callable[[int], str]
) -> str:
    """A planting in a game whose cards have genders: the card, the field,
    the lady it pulls and the field it leaves, with what that pays."""
    ref, key = _planted_card(a, me)
    foist = obs.get("phase") == "foist"
    if foist:
        what = f"plant the received {card_label(key)} ({ref}) at once"
    elif a.traded is not None:
        what = f"plant {card_label(key)} from your trading area ({ref})"
    elif a.card:
        what = f"plant hand card {ref} ({card_label(key)})"
    else:
        what = f"plant {card_label(key)} (front card)"
    fields = me["fields"]
    keys = list(fields[a.field]) if a.field < len(fields) else []
    text = f"{what} on {fld(a.field)}"
    if key not in table.index:
        return text
    after, pulled = planted_stack(keys, key, a.mode)
    if pulled is not None:
        text += f", pulling the lady at position {pulled} (0 = bottom) up two places"
    top = table.index.get(after[-1], table.index[key])
    pays = table.pays_for(top, len(after))
    if table.bean_keys[table.bean[top]] != "garten":  # §4.1.4: garten coins from the discard
        pays = min(pays, len(after))
    text += f"; then {stack_text(after, pays)}"
    if foist:
        text += " (a received baby goes on its type's field now, ladybohn §4.3)"
    return text


def _establishment_action(a: Build) -> str:
    """A sentence for buying a Prohibohn card: what it costs and does."""
    info = _establishment_info(a.building)
    if info is None:
        return f"buy the {a.building}"
    price, bean, effect = info
    if a.building == "razzia":
        pay = f"5 coins of {a.name}" if a.name is not None else f"{_coins(price)} of {bean}"
        return (
            f"buy the Razzia for {pay}: every 1-establishment, also yours and those bought "
            "later, is worth 0 (4 with its full set)"
        )
    worth = "worth 1 at the end (0 after the Razzia, 4 as a full set)" if price == 1 else ""
    text = f"buy the {a.building} for {_coins(price)} of {bean}"
    return f"{text}: {worth or effect}"


def _prohibohn_action(
    a: Stash | Drop | Remove | Uncover | Protect | Draw,
    obs: dict[str, Any],
    seat: int,
    fld: Callable[[int], str],
) -> str:
    """A sentence for the actions Prohibohn adds."""
    me = obs["seats"][seat]
    if isinstance(a, Stash):
        cards = ", ".join(f"{_ref_card(f'h{i}', me, obs)} (h{i})" for i in a.cards)
        return f"lay {cards} face down as your starting coins"
    if isinstance(a, Drop):
        card = _ref_card(f"h{a.card}", me, obs)
        return f"casino-3: put hand card h{a.card} ({card}) on the discard pile"
    if isinstance(a, Remove):
        if obs.get("phase") == "pub-removal":
            return f"pub-4: remove your opponent's {a.card} from the game"
        return f"remove {a.card} from the game: nobody can buy it any more"
    if isinstance(a, Uncover):
        return f"Undertaker: uncover one more card ({obs.get('uncovered', '?')} uncovered so far)"
    if isinstance(a, Protect):
        boss = (obs.get("decision") or {}).get("boss")
        to = _boss_name(boss) if isinstance(boss, str) else "the boss"
        return f"pub-3: give {to} the top card of {fld(a.field)} too"
    return f"draw {a.count} cards" + (" (Gas Station)" if a.count != 2 else "")


def _boss_name(key: str) -> str:
    return " ".join(w.capitalize() for w in str(key).split("-"))


def _boss_at(obs: dict[str, Any], k: int | None) -> str:
    bosses = obs.get("bosses") or []
    if k is None or not 0 <= k < len(bosses):
        return f"boss m{k}"
    b = bosses[k]
    grows = f"{len(b['field'])} x {b['field'][-1]}" if b["field"] else "empty"
    return f"{_boss_name(b['key'])} (m{k}: {grows}, harvests at {b['threshold']})"


def _pile_at(obs: dict[str, Any], i: int) -> str:
    piles = obs.get("piles") or []
    if 0 <= i < len(piles) and piles[i]:
        return f"pile p{i} ({piles[i][0]} x{len(piles[i])})"
    return f"pile p{i}"


def _mafia_action(
    a: Place | Give | Discard, obs: dict[str, Any], me: dict[str, Any], fld: Callable[[int], str]
) -> str:
    """A sentence for the actions of the mafia games (Al Cabohne)."""
    if isinstance(a, Place):
        if a.boss is not None:
            return f"give {_pile_at(obs, a.pile)} to {_boss_at(obs, a.boss)}, one card at a time"
        return f"plant {_pile_at(obs, a.pile)} whole on {fld(a.field or 0)}"
    if isinstance(a, Give):
        card = _ref_card(f"h{a.card}", me, obs)
        return f"give hand card h{a.card} ({card}) to {_boss_at(obs, a.boss)}"
    return f"discard {_pile_at(obs, a.pile)}"


def describe_event(
    e: dict[str, Any], me: int, genders: bool = False, variant: str | None = None
) -> str | None:
    """One line for an event as ``me`` sees it (None: not worth a line);
    ``genders``: a game whose cards have genders (Ladybohn), where offered
    hand cards show only their bean type; ``variant``: the game's variant id,
    for the events only one variant has (Mutterböhnchen)."""
    t = e.get("type")
    if variant == "mutterbohnchen":
        line = _mb_event(e, me)
        if line is not None:
            return line
    if variant == "bohnkick":
        line = _bk_event(e, me)
        if line is not None:
            return line

    def who(key: str = "seat") -> str:
        s = e.get(key)
        return "you" if s == me else f"seat {s}"

    if t == "turn":
        return f"--- turn {e['turn']}: {who()} {'are' if e.get('seat') == me else 'is'} active"
    if t == "plant":
        how = {"stew": " as a stew card", "joker": " as a soy joker"}.get(str(e.get("as")), "")
        return f"{who()} planted {card_label(str(e['card']))} on field {e['field']}{how}"
    if t == "harvest":
        cards = e.get("cards", [])
        final = " (final harvest)" if e.get("final") else ""
        if e.get("stew"):
            what = f"a bean stew of {len(cards)}: {', '.join(cards)}"
            where = " under the Saloon"
        elif genders or any("/" in str(k) for k in cards):
            what = f"{len(cards)} cards, top {card_label(str(cards[-1])) if cards else '?'}"
            where = " from the discard pile" if "from_discard" in e else ""
        else:
            what = f"{len(cards)} x {cards[-1] if cards else '?'}"
            where = ""
        return (
            f"{who()} harvested field {e['field']} ({what}) -> {_coins(e['coins'])}{where}{final}"
        )
    if t == "reveal":
        return f"revealed: {_cards(e.get('cards', []))}"
    if t == "offer":
        to = "YOU" if e.get("to") == me else f"seat {e.get('to')}"
        return (
            f"offer {e['id']}: {who('from')} -> {to}: gives "
            f"{(_hidden_cards if genders else _cards)(e.get('give', []))}, "
            f"wants {_cards(e.get('want', []))}"
        )
    if t == "trade":
        return (
            f"trade {e['offer']}: {who('from')} gave {_cards(e.get('given', []))} to "
            f"{who('to')} for {_cards(e.get('returned', []))}"
        )
    if t == "deal":
        return f"{who()} got {_cards_or_count(e)}"
    if t == "decline":
        return f"{who()} declined offer {e['id']}"
    if t == "withdraw":
        return f"{who()} withdrew offer {e['id']}"
    if t == "offer-void":
        return f"offer {e['id']} lapsed"
    if t == "keep":
        return f"{who()} kept {_cards(e.get('cards', []))}"
    if t == "end-trading":
        return f"{who()} ended the trading"
    if t == "pass":
        return f"{who()} passed"
    if t == "draw":
        return f"{who()} drew {_cards_or_count(e)}"
    if t == "buy-field":
        return f"{who()} bought a third field"
    if t == "pay":
        coins = e.get("coins", [])
        faces = f" ({_counted(coins)})" if coins else ""
        return f"{who()} paid {_coins(len(coins))}{faces} for {e.get('for')}"
    if t == "build":
        if "card" in e:  # Prohibohn: an establishment, Police Station or the Razzia
            return f"{who()} bought the {e['card']}"
        return f"{who()} built the {e.get('building')}"
    if t == "store":
        return f"{who()} put {e.get('card')} on the General Store"
    if t == "look":
        if "card" in e:
            return f"{who()} looked at the top card of the draw pile: {e['card']} (bank-2)"
        return f"{who()} looked at the top card of the draw pile (bank-2)"
    if t == "bury":
        card = e.get("card", "the top card")
        return f"{who()} put {card} at the bottom of the draw pile (bank-2)"
    if t == "move":
        return f"{who()} moved hand card h{e.get('from')} to h{e.get('to')} (bank-4)"
    if t == "order":
        cards = e.get("cards")
        order = f": {_cards(cards)}" if cards is not None else ""
        return f"{who()} ordered the drawn cards (bank-3){order}"
    if t == "new-field":
        kind = FIELD_LABELS.get(str(e.get("kind")), str(e.get("kind")))
        locked = " (locked for now)" if e.get("locked") else ""
        return f"{who()} got a new field {e.get('field')}: {kind}{locked}"
    if t == "buildings-removed":
        why = {"player-count": "the type is taken often enough", "distillery-2": "distillery-2"}
        reason = why.get(str(e.get("reason")), str(e.get("reason")))
        return f"out of the game ({reason}): {_cards(e.get('buildings', []))}"
    if t == "distillery-names":
        return (
            f"{who()} named {e.get('building_type')} with the distillery-2: the others may "
            "buy one now, then the rest leave the game"
        )
    if t == "distillery-coin":
        return (
            f"{who()} took a coin ({e.get('coin')}) of seat {e.get('from')}'s stew (distillery-3)"
        )
    if t == "jail-choice":
        return f"{who()} chooses the jail-4 coin from {_cards(e.get('cards', []))}"
    if t == "jail-coin":
        return f"{who()} took a coin ({e.get('coin')}) from the leftovers (jail-4)"
    if t == "final-buying":
        if "first" not in e:  # Prohibohn: one seat after the other
            return f"final buying: {who()} may harvest and buy now"
        return f"final buying rounds, starting with {who('first')}"
    if t == "teepee":
        return f"{who()} gets {_coins(int(e.get('coins', 0)))} from the Teepee"
    if t == "sissi-action":
        owners = ["your" if s == me else f"seat {s}'s" for s, _ in e.get("fields", [])]
        pairs = ", ".join(f"{o} field {f}" for o, (_, f) in zip(owners, e["fields"], strict=True))
        return f"Sissi action: {pairs or 'no field'} must be harvested"
    if t == "mafia-plant":
        return f"{_boss_name(e.get('boss', '?'))} got {e.get('card')}"
    if t == "mafia-harvest":
        cards = e.get("cards", [])
        final = " (final harvest)" if e.get("final") else ""
        return (
            f"{_boss_name(e.get('boss', '?'))} harvested {len(cards)} x "
            f"{cards[-1] if cards else '?'} -> {_coins(int(e.get('coins', 0)))} for the "
            f"mafia treasury{final}"
        )
    if t == "protection":
        return f"protection: {who()} gave the top card of field {e.get('field')} to the mafia"
    if t == "uncover":
        to = "goes to the mafia" if e.get("to") == "mafia" else "joins the piles"
        return f"uncovered {e.get('card')}: it {to}"
    if t == "from-discard":
        return f"{e.get('card')} from the discard pile joins pile p{e.get('pile')}"
    if t == "place":
        if "boss" in e:
            return f"{who()} gave pile p{e.get('pile')} to {_boss_name(e['boss'])}"
        cards = e.get("cards", [])
        return (
            f"{who()} planted pile p{e.get('pile')} ({len(cards)} x "
            f"{cards[-1] if cards else '?'}) on field {e.get('field')}"
        )
    if t == "give":
        return f"{who()} gave {e.get('card')} to {_boss_name(e.get('boss', '?'))}"
    if t == "discard-pile":
        return f"{who()} discarded a pile: {_cards(e.get('cards', []))}"
    if t == "stash":
        if "cards" in e:
            return f"{who()} laid {_cards(e['cards'])} face down as starting coins"
        return f"{who()} laid {e.get('count', 2)} cards face down as starting coins"
    if t == "remove":
        return f"{who()} removed {e.get('card')} from the game"
    if t == "police-coin":
        coin = f"a {e['card']} coin" if "card" in e else "a coin"
        return f"{who()} took {coin} of the mafia treasury (Police Station)"
    if t == "mafia-coin":
        source = str(e.get("for"))
        if source == "protection":
            source = "bonus coin of the mafia's harvest"
        return f"{who()} got a {e.get('card')} coin ({source})"
    if t == "drop":
        return f"{who()} put {e.get('card')} on the discard pile (casino-3)"
    if t == "uncover-more":
        return f"{who()} {'go' if e.get('seat') == me else 'goes'} on uncovering (Undertaker)"
    if t == "play-on":
        return (
            f"only {e.get('establishments')} establishment cards are owned: the discard pile "
            "becomes a fourth draw pile and play goes on"
        )
    if t == "foist":
        return (
            f"{who()} had to plant the received {card_label(str(e.get('card')))} at once on "
            "a field of its type (ladybohn §4.3)"
        )
    if t == "pull":
        whose = "your" if e.get("seat") == me else f"seat {e.get('seat')}'s"
        return (
            f"the baby pulled the lady of {whose} field {e.get('field')} up from position "
            f"{e.get('from')} to {e.get('to')}"
        )
    if t == "exhausted":
        return f"the draw pile ran out (exhaustion {e['count']})"
    if t == "shuffle":
        return f"the {e.get('pile')} was shuffled ({e.get('size', '?')} cards)"
    if t == "game-over":
        return "the game is over"
    if t == "action":
        return None
    return str(e)


# --------------------------------------------------------------------------
# Mutterböhnchen: mama's beans, coins face down, attacks, final placement

#: the mama's beans' names as the screen shows them (mutterbohnchen §1.2)
MAMA_NAMES = {
    "pruegelknabe": "Prügelknabe",
    "wuehler": "Wühler",
    "schuerzenjaeger": "Schürzenjäger",
}
#: what a lasting quirk does while it acts (top text: anywhere in a field;
#: the Schluckspecht: while on top), mutterbohnchen §4.7
LASTING_QUIRKS = {
    "faulpelz": "his owner draws 2 fewer in his own turn",
    "wuehler": "the baby on top of this field turns up 1 coin more",
    "choleriker": "moves up 1 for each card planted on another field",
    "warmduscher": "his owner draws 2 fewer in his own turn, 1 after every other turn",
    "pruegelknabe": "every gift is accepted",
    "hampelmann": "his owner plants from any hand position in phase 1",
    "aktivist": "every revealed soja goes onto this field",
    "saufkumpan": "this field holds brech and blaue",
    "chauvischwein": "every lady his owner plants goes to the bottom",
    "messie": "his owner skips phase 1",
    "lichtgestalt": "moves up 1 for each man planted",
    "macho": "moves up 3 for each lady planted",
    "pistolenheld": "this field holds blaue and feuer",
    "schluckspecht": "every card his owner plants goes to the bottom",
}
#: what a quirk does once, when its card is planted on top (centre text)
PLANTING_QUIRKS = {
    "arbeitstier": "plant the back card of the hand at once",
    "loser": "harvest one of the owner's fields",
    "frauenversteher": "one lady of the owner's fields goes to the top of her field",
    "kotzbrocken": "the field he lands on is harvested at once",
    "kameradenschwein": "take the front hand card of the right-hand neighbour",
    "junggeselle": "every feuer baby of the owner's fields goes to the discard pile",
    "schuerzenjaeger": "take a lady from the discard pile to the back of the hand",
    "kavalier": "may slip under a lady on top of any field",
}
#: what each quirk that asks its owner wants (phase ``quirk``)
QUIRK_ASKS = {
    "arbeitstier": "plant the back card of your hand now (harvest first if it fits no field)",
    "loser": "harvest one of your fields",
    "frauenversteher": "pick a lady of your fields: she goes to the top of her own field",
    "junggeselle": "pick the next feuer baby of your fields to discard (all of them go)",
    "schuerzenjaeger": "pick a lady of the discard pile (d0 = bottom) for the back of your hand",
    "aktivist": "plant the revealed soja onto his field, with or without a pull",
}
#: mama's beans that go to the bottom of their field, moving up as their owner plants
MOVER_KEYS = {"choleriker": 1, "lichtgestalt": 1, "macho": 3}
#: the 24 mama's beans' keys
_MAMA_KEYS = frozenset(LASTING_QUIRKS) | frozenset(PLANTING_QUIRKS) | {"flitzer", "einsiedler"}


def _mb_table() -> CardTable:
    from bohn.rulesets.mutterbohnchen.rules import TABLE

    return TABLE


def mama_bean(key: str) -> str | None:
    """The bean type of a mama's bean key, None for any other key.

    >>> mama_bean("kavalier"), mama_bean("blaue")
    ('blaue', None)
    """
    if key not in _MAMA_KEYS:
        return None
    t = _mb_table()
    return t.bean_keys[t.bean[t.index[key]]]


def mama_name(key: str) -> str:
    """A mama's bean's name: ``Schürzenjäger``."""
    return MAMA_NAMES.get(key, key.capitalize())


def _gender_of(key: str) -> str:
    kind = key.partition("/")[2]
    return "lady" if kind == "lady" else "baby" if kind.startswith("baby") else "man"


def _bean_of(key: str) -> str:
    return mama_bean(key) or key.partition("/")[0]


def coin_text(p: dict[str, Any]) -> str:
    """A Mutterböhnchen seat's coins: the known faces and the face-down count.

    >>> coin_text({"known_coins": ["sau", "sau", "rote/lady"], "blind_coins": 3})
    'coins: sau x2, rote♀ known; 3 face down (nobody has seen them)'
    """
    known = list(p.get("known_coins", []))
    blind = int(p.get("blind_coins", 0))
    text = f"coins: {_counted(known)} known" if known else "coins: none known"
    return text + (f"; {blind} face down (nobody has seen them)" if blind else "; none face down")


def quirk_lines(p: dict[str, Any]) -> list[str]:
    """The mama's beans in a seat's fields and whether their quirks act now."""
    out = []
    for f, fld in enumerate(p.get("fields", [])):
        for j, key in enumerate(fld):
            if mama_bean(key) is None:
                continue
            on_top = j == len(fld) - 1
            where = f"{mama_name(key)} in f{f}" + (" (on top)" if on_top else f" (position {j})")
            if key == "schluckspecht" and not on_top:
                state = f"covered: {LASTING_QUIRKS[key]} only while on top"
            elif key in LASTING_QUIRKS:
                state = f"ACTIVE: {LASTING_QUIRKS[key]}"
            elif key in PLANTING_QUIRKS:
                state = f"acts only when planted on top ({PLANTING_QUIRKS[key]})"
            elif key == "einsiedler":
                state = "no quirk; pays 1 on top"
            else:
                state = "no quirk once planted"
            if key == "loser" and on_top:
                state += "; this field pays 0 while he is on top"
            out.append(f"{where}: {state}")
    return out


def open_quirk(
    obs: dict[str, Any], seat: int, legal: list[Action], events: list[dict[str, Any]]
) -> str | None:
    """Which mama's bean asks ``seat`` in phase ``quirk`` (the observation does
    not name it): read from the choices, else from the last plantings seen."""
    if obs.get("phase") != "quirk" or not legal:
        return None
    me = obs["seats"][seat]
    for a in legal:
        if isinstance(a, Pick):
            if a.ref.startswith("d"):
                return "schuerzenjaeger"
            i, _, j = a.ref[1:].partition(".")
            try:
                key = str(me["fields"][int(i)][int(j)])
            except (IndexError, ValueError):
                continue
            return "frauenversteher" if _gender_of(key) == "lady" else "junggeselle"
        if isinstance(a, Plant):
            return "aktivist" if a.traded is not None else "arbeitstier"
    for e in reversed(events):
        if e.get("type") == "plant" and e.get("seat") == seat and e.get("card") in QUIRK_ASKS:
            return str(e["card"])
    return None


def mutterbohnchen_lines(
    obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None = None
) -> list[str]:
    """Mutterböhnchen's open business: the attack, the Flitzer offer, the
    quirk that asks, the final placement."""
    out: list[str] = []
    phase = obs.get("phase")
    active = int(obs.get("active", -1))
    who = _seat_name(active, seat, kinds)
    att = obs.get("attack")
    if att:
        opened = (
            ", ".join(f"f{f} (up to {_coins(int(n))})" for f, n in att.get("open", [])) or "none"
        )
        target = int(att.get("target", -1))
        if target < 0:
            out.append(
                f"attacks of the little rascals: {who} may attack with the baby on top of "
                f"each field: open {opened}; pass gives up every open attack"
            )
        else:
            tp = obs["seats"][target]
            turned = att.get("turned") or []
            out.append(
                f"ATTACK on {_seat_name(target, seat, kinds)} by {who}: may turn up "
                f"{_coins(int(att.get('reach', 0)))}; turned up so far: {_cards(turned)}; "
                f"the target holds {_coins(len(tp.get('known_coins', [])))} known and "
                f"{int(tp.get('blind_coins', 0))} face down"
            )
            out.append(f"  attacks still open after this one: {opened}")
            if phase == "defend":
                out.append(
                    f"  {_seat_name(target, seat, kinds)} may harvest first (only the target), "
                    "then pass: the coins are shuffled and one is turned up"
                )
            elif phase == "turn-up":
                out.append(f"  {who} may turn up one more coin (uncover) or stop (pass)")
            elif phase == "capture":
                out.append(
                    f"  {who} must take one turned-up coin that fits a non-empty field; the "
                    "others go back face up"
                )
    if "offer" in obs:  # the game for two (mutterbohnchen §3.5)
        out += two_player_lines(obs, seat, kinds)
    if phase == "flitzer-offer":
        waiting = [_seat_name(s, seat, kinds) for s in obs.get("waiting_for", [])]
        out.append(
            f"the revealed Flitzer is offered as a gift to {', '.join(waiting) or 'the next seat'}"
            ": take flitzer or pass (nobody takes him: the active player plants him)"
        )
    if phase == "quirk":
        if asking is not None:
            out.append(f"quirk: your {mama_name(asking)} asks: {QUIRK_ASKS.get(asking, '')}")
        else:
            out.append("quirk: a mama's bean asks its owner to choose")
    fp = obs.get("final_placement")
    if fp:
        used = ", ".join(f"f{f}" for f in fp.get("used", [])) or "none yet"
        out.append(
            f"final placement: {_seat_name(int(fp['seat']), seat, kinds)} may put one fitting "
            f"hand card on each non-empty field (fields used: {used}); then every field is "
            "harvested"
        )
    foist = obs.get("foist")
    if foist:
        out.append(
            f"foist: {_seat_name(int(foist['seat']), seat, kinds)} must plant the received "
            f"{_cards(foist.get('cards', []))} at once on a field it fits (mutterbohnchen §3.3.3)"
        )
    return out


def two_player_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """The game for two: the offer, the third-field card, phase 2's discard
    and the coins set aside in the attacks (mutterbohnchen §3.5)."""
    out: list[str] = []
    phase = obs.get("phase")
    active = int(obs.get("active", -1))
    who = _seat_name(active, seat, kinds)
    holder = obs.get("third_field_card")
    if isinstance(holder, int):
        out.append(
            f"the third-field card: {_seat_name(holder, seat, kinds)} (only its holder starts a "
            "third field; harvesting with three fields loses the field harvested)"
        )
    stacks = obs.get("offer") or []
    if stacks:
        text = "   ".join(f"p{i}: {stack_text(list(st))}" for i, st in enumerate(stacks))
        if phase == "use-offer":
            out.append(f"the opponent's offer for {who} (use or discard each stack): {text}")
        elif phase == "offer":
            out.append(
                f"the offer (take what {who} can use; the rest goes to the opponent): {text}"
            )
        else:
            out.append(f"the offer: {text}")
    if phase == "plant":
        done = "already used" if obs.get("hand_discarded") else "still open"
        out.append(f"phase 2: {who} may discard one hand card this turn ({done})")
    att = obs.get("attack") or {}
    if att.get("aside"):
        out.append(f"  coins set aside until the attacks are over: {_cards(att['aside'])}")
    return out


def _mb_plant(
    a: Plant, obs: dict[str, Any], me: dict[str, Any], table: CardTable, fld: Callable[[int], str]
) -> str:
    """A planting in Mutterböhnchen: the card, the field, where it lands (top,
    bottom, under the lady), the optional pull, the card's own quirk and the
    movers it moves."""
    phase = obs.get("phase")
    ref, key = _planted_card(a, me)
    name = f"{card_label(key)} ({ref})" if ref != "h0" else f"{card_label(key)} (front card)"
    if phase == "foist":
        what = f"plant the received {name} at once"
    elif phase == "final-placement":
        what = f"final placement: put {name}"
    elif phase == "quirk" and a.traded is not None:
        what = f"Aktivist: plant the revealed {name}"
    elif phase == "quirk":
        what = f"Arbeitstier: plant your back card {name}"
    elif a.traded is not None:
        what = f"plant {card_label(key)} from your trading area ({ref})"
    elif a.card:
        what = f"plant hand card {name} (Hampelmann)" if phase == "plant" else f"plant {name}"
    else:
        what = f"plant {name}"
    fields = me["fields"]
    keys = [str(k) for k in fields[a.field]] if a.field < len(fields) else []
    text = f"{what} on {fld(a.field)}"
    if key not in table.index:
        return text
    mine = [str(k) for f in fields for k in f]
    tops = [str(f[-1]) for f in fields if f]
    gender = _gender_of(key)
    after = list(keys)
    where = "top"
    if a.mode == "kavalier" or (
        key == "kavalier"
        and a.mode is None
        and keys
        and _gender_of(keys[-1]) == "lady"
        and all(_bean_of(k) != "blaue" for k in keys)
    ):
        after.insert(len(after) - 1, key)
        where = "under"
        text += ", slipping under the lady on top (Kavalier)"
    elif key in MOVER_KEYS:
        after.insert(0, key)
        where = "bottom"
        text += ", at the bottom (he moves up as you plant)"
    elif "schluckspecht" in tops:
        after.insert(0, key)
        where = "bottom"
        text += ", at the bottom (your Schluckspecht is on top)"
    elif gender == "lady" and "chauvischwein" in mine:
        after.insert(0, key)
        where = "bottom"
        text += ", at the bottom (your Chauvischwein)"
    else:
        after.append(key)
    if a.mode is not None and a.mode.startswith("pull") and a.mode[4:].isdigit():
        k = int(a.mode[4:])
        if k < len(keys):
            pulled = _gender_of(keys[k])
            text += f", pulling the {pulled} at position {k} (0 = bottom) up two places"
            moved = after.pop(k)
            after.insert(min(k + 2, len(after)), moved)
    if where == "top" and key in PLANTING_QUIRKS and key != "kavalier":
        needs_hand = key in ("kameradenschwein", "junggeselle", "schuerzenjaeger")
        if not (needs_hand and a.traded is not None) and (key != "kotzbrocken" or keys):
            text += f"; his quirk: {PLANTING_QUIRKS[key]}"
    movers = []
    for m, steps in MOVER_KEYS.items():
        if m == key or m not in mine:
            continue
        mf = next(f for f, cards in enumerate(fields) if m in cards)
        if (
            (m == "choleriker" and mf != a.field)
            or (m == "lichtgestalt" and gender == "man")
            or (m == "macho" and gender == "lady")
        ):
            movers.append(f"your {mama_name(m)} moves up {steps}")
    if movers:
        text += "; " + ", ".join(movers)
    top = table.index.get(after[-1], table.index[key])
    pays = table.pays_for(top, len(after))
    if _bean_of(after[-1]) != "garten":
        pays = min(pays, len(after))
    return f"{text}; then {stack_text(after, pays)}"


def _mb_action(a: Action, obs: dict[str, Any], seat: int, fld: Callable[[int], str]) -> str | None:
    """A sentence for Mutterböhnchen's own actions and its phases' passes
    (None: not one of them)."""
    phase = obs.get("phase")
    me = obs["seats"][seat]
    att = obs.get("attack") or {}
    if isinstance(a, Attack):
        reach = dict((int(f), int(n)) for f, n in att.get("open", []))
        fields = me["fields"]
        baby = (
            card_label(str(fields[a.field][-1]))
            if a.field < len(fields) and fields[a.field]
            else "?"
        )
        tp = obs["seats"][a.target] if 0 <= a.target < len(obs["seats"]) else {}
        n = reach.get(a.field)
        can = f"turns up to {_coins(n)}" if n is not None else "turns up coins"
        return (
            f"attack seat {a.target} with the {baby} on top of your field {a.field}: {can} of "
            f"its {int(tp.get('coins', 0))} ({len(tp.get('known_coins', []))} known, "
            f"{int(tp.get('blind_coins', 0))} face down); you keep one that fits a field"
        )
    if isinstance(a, Use | Discard | Drop):
        return _two_player_action(a, obs, me)
    if isinstance(a, Pick):
        if a.ref.startswith("d"):
            discard = obs.get("discard", [])
            i = int(a.ref[1:])
            card = card_label(str(discard[i])) if i < len(discard) else "?"
            return (
                f"Schürzenjäger: take the {card} at position {i} of the discard pile "
                "(0 = bottom) to the back of your hand"
            )
        f_, _, j_ = a.ref[1:].partition(".")
        f, j = int(f_), int(j_)
        cards = me["fields"][f] if f < len(me["fields"]) else []
        key = str(cards[j]) if j < len(cards) else "?"
        if _gender_of(key) == "lady":
            return (
                f"Frauenversteher: the {card_label(key)} at position {j} of {fld(f)} goes to "
                "the top of her field"
            )
        return f"Junggeselle: discard the {card_label(key)} at position {j} of {fld(f)}"
    if isinstance(a, Uncover) and phase == "turn-up":
        turned = att.get("turned") or []
        return (
            f"turn up one more coin (turned up: {_cards(turned)}; this attack may turn up "
            f"{_coins(int(att.get('reach', 0)))})"
        )
    if isinstance(a, Take) and phase == "flitzer-offer":
        return "take the Flitzer as a gift (he is planted on a field he fits, else kept to plant)"
    if isinstance(a, Take):
        return (
            f"take the turned-up {card_label(a.bean)} coin: it must be planted on a field it "
            "fits at once; the other coins go back"
        )
    if isinstance(a, Harvest) and phase == "defend":
        return f"harvest {fld(a.field)} before your coins are turned up"
    if isinstance(a, Harvest) and phase == "quirk":
        return f"harvest {fld(a.field)} (the quirk asks for it)"
    if isinstance(a, Pass):
        return {
            "attack": "pass: give up every attack still open this turn",
            "defend": "pass: harvest nothing more; your coins are shuffled and turned up",
            "turn-up": "pass: turn up no more coins",
            "flitzer-offer": "pass: do not take the Flitzer",
            "final-placement": "pass: place no more cards; your final placement ends",
            "plant": "pass: end phase 2 (plant no more, discard nothing more)",
            "offer": "pass: leave the other stacks as your opponent's offer; draw 2",
        }.get(str(phase))
    return None


def _two_player_action(a: Action, obs: dict[str, Any], me: dict[str, Any]) -> str:
    """The game for two's own actions: a stack used or discarded, a hand card
    discarded."""
    if isinstance(a, Drop):
        hand = me.get("hand", [])
        card = card_label(str(hand[a.card])) if a.card < len(hand) else "?"
        return f"discard hand card h{a.card} ({card}); once a turn, in phase 2"
    stacks = obs.get("offer") or []
    pile = a.pile if isinstance(a, Use | Discard) else -1
    cards = stack_text(list(stacks[pile])) if 0 <= pile < len(stacks) else "?"
    if isinstance(a, Use):
        return f"take stack p{pile} ({cards}) to plant it, all on one field"
    return f"discard stack p{pile} ({cards}) whole"


def _mb_event(e: dict[str, Any], me: int) -> str | None:
    """A line for Mutterböhnchen's own events (None: not one of them)."""
    t = e.get("type")

    def who(key: str = "seat") -> str:
        s = e.get(key)
        return "you" if s == me else f"seat {s}"

    def whose(key: str = "seat") -> str:
        s = e.get(key)
        return "your" if s == me else f"seat {s}'s"

    if t == "starting-coins":
        n = int(e.get("count", 0))
        extra = " (not even you see them)" if e.get("seat") == me else ""
        return f"{who()} got {n} face-down starting coin{'s' if n != 1 else ''}{extra}"
    if t == "attack":
        return (
            f"{who()} {'attack' if e.get('seat') == me else 'attacks'} {who('target')} with the "
            f"baby on top of field {e.get('field')}"
        )
    pile = str(e.get("pile", ""))
    if t == "shuffle" and pile.endswith("coins"):
        return f"{pile} shuffled face down ({e.get('size', '?')})"
    if t == "turn-up":
        return f"turned up one of {whose('target')} coins: {card_label(str(e.get('card')))}"
    if t == "capture":
        return (
            f"{who()} captured {whose('target')} {card_label(str(e.get('card')))} coin; it is "
            "planted at once"
        )
    if t == "attack-spent":
        return f"{who('target')} {'have' if e.get('target') == me else 'has'} no coins: the attack is spent"
    if t == "steal":
        card = f" ({card_label(str(e['card']))})" if "card" in e else ""
        return f"{who()} took {whose('from')} front hand card{card} (Kameradenschwein)"
    if t == "flitzer-offer":
        return f"the Flitzer is offered to {who()} as a gift"
    line = _two_player_event(e, who, whose)
    if line is not None:
        return line
    if t == "final-placement":
        return (
            f"final placement: {who()} may put one hand card on each of "
            f"{'your' if e.get('seat') == me else 'their'} non-empty fields"
        )
    if t == "quirk":
        return _quirk_event(e, who, whose)
    if t == "plant" and (e.get("bottom") or e.get("under_lady")):
        where = "at the bottom of" if e.get("bottom") else "under the lady on top of"
        return f"{who()} planted {card_label(str(e['card']))} {where} field {e['field']}"
    if t == "foist":
        return (
            f"{who()} had to plant the received {card_label(str(e.get('card')))} at once on a "
            "field it fits (mutterbohnchen §3.3.3)"
        )
    if t == "pull":
        return (
            f"pull on {whose()} field {e.get('field')}: the card at position {e.get('from')} "
            f"moved up to {e.get('to')}"
        )
    return None


def _two_player_event(
    e: dict[str, Any], who: Callable[..., str], whose: Callable[..., str]
) -> str | None:
    """A line for the events of the game for two (None: not one of them)."""
    t = e.get("type")
    cards = _cards([str(k) for k in e.get("cards", [])])
    if t == "third-field-card":
        return f"{who()} {'hold' if who() == 'you' else 'holds'} the third-field card"
    if t == "third-field":
        return f"{who()} started a third field (f{e.get('field')}); the card goes to the opponent"
    if t == "field-lost":
        return f"{whose()} field {e.get('field')} is gone: harvested with three fields"
    if t == "stack-used":
        return f"{who()} took the stack {cards} to plant it"
    if t == "stack-discarded":
        return f"{who()} discarded the stack {cards}"
    if t == "drop":
        return f"{who()} discarded {card_label(str(e.get('card')))} from the hand"
    if t == "to-offer":
        return f"{card_label(str(e.get('card')))} from the discard pile joins the offer"
    if t == "offer-stacks":
        stacks = e.get("stacks") or []
        return "the offer: " + ("   ".join(stack_text(list(st)) for st in stacks) or "empty")
    if t == "coins-back":
        return f"the coins set aside go back to {who()}: {cards}"
    return None


def _quirk_event(e: dict[str, Any], who: Callable[..., str], whose: Callable[..., str]) -> str:
    card = str(e.get("card"))
    name = f"{whose()} {mama_name(card)}"
    if card == "flitzer":
        return f"the Flitzer goes to {who()}"
    if card == "messie":
        return f"{name}: no planting from the hand this turn"
    if card == "pruegelknabe":
        return f"{name}: the gift is accepted at once"
    if card == "aktivist":
        return f"{name} takes the revealed {card_label(str(e.get('takes')))} onto his field"
    if card == "kameradenschwein":
        return f"{name}: the front hand card of {who('from')} is taken"
    if card == "schuerzenjaeger":
        return f"{name} took {card_label(str(e.get('taken')))} from the discard pile"
    if card == "arbeitstier" and "plants" in e:
        return f"{name}: the back hand card {card_label(str(e['plants']))} is planted"
    if "to" in e:
        return f"{name} moved up to position {e['to']} of field {e.get('field')}"
    if "moved" in e:
        moved = card_label(str(e["moved"]))
        if card == "frauenversteher":
            return f"{name} brought {moved} to the top of field {e.get('field')}"
        return f"{name} discarded {moved} from field {e.get('field')}"
    if "field" in e:
        return f"{name}: field {e['field']} is harvested"
    return f"{name} acts"


# --------------------------------------------------------------------------
# Bohnkick: bean football (rules/bohnkick.md); no fields, no coins

#: the teams' names (team 0 plays the National deck, team 1 the International one)
BK_TEAMS = ("National", "International")
#: the corners of the goal in words
BK_CORNERS = {"ul": "upper left", "ur": "upper right", "ll": "lower left", "lr": "lower right"}
#: the Referee's calls in words
BK_CALLS = {"free-kick": "free kick", "penalty": "penalty", "striker-foul": "striker foul"}
#: a shot being aimed (a goal card's kind, or a kick) in words
BK_SHOTS = {
    "shot": "shot",
    "long-shot": "long shot",
    "header": "header",
    "free-kick": "free kick",
    "penalty": "penalty",
}
#: the Goalie symbol that stops each kind of shot (bohnkick §3.5.3, §4.6)
BK_BLOCKED_BY = {
    "shot": "shot",
    "long-shot": "long shot",
    "header": "header",
    "free-kick": "long shot",
    "penalty": "penalty",
}
#: why an attack ended (``attack-over``)
BK_REASONS = {
    "goal": "a goal",
    "blocked": "the shot was blocked",
    "tackle": "a successful tackle",
    "striker-foul": "a striker foul",
    "missed-pass": "a missed pass",
    "only-goal-cards": "the attacker held only goal cards",
}

BOHNKICK_HELP = """\
Bohnkick (bean football) - answer with:
  <number>          the numbered action of the list
  <action text>     any action, also one not listed:
                      play h2           attacker: play team card h2 (the ball goes on)
                      pass              defender: continue (no tackle, no swap); against
                                        an aimed shot: no block, let it in
                      swap d0,d2        defender: discard 1-3 defensive cards and draw as
                                        many; a Referee card drawn for them acts
                      tackle d1         defender: play the Tackle card of the bean that
                                        played the last card
                      aim ul            shooter: name the corner (ul upper left, ur upper
                                        right, ll lower left, lr lower right)
                      block d0          defender: a Goalie card with the shot's symbol
                                        showing the aimed corner stops the shot
                      advantage         after a free kick is awarded: play on instead
                      drop h0           an opener holding only goal cards discards one
  table             show the table again
  log               the recent events
  help              this text
  quit              leave the game
Team cards are h0, h1, ... (6 in hand), defensive cards d0, d1, d2. A card names its
bean and what it does: "brech: pass to garten" (the ball goes to garten), "garten:
cross to feuer" (then every feuer card, also the header, may follow), "feuer: shot".
Only the bean with the ball plays; the first card of an attack is no goal card.
Goalie cards show their symbol and corners: "Goalie (shot) ul+ll".
"""


def bk_card(key: str) -> str:
    """A Bohnkick card in words.

    >>> bk_card("brech/pass:garten"), bk_card("feuer/header"), bk_card("sau/long-shot")
    ('brech: pass to garten', 'feuer: header', 'sau: long shot')
    >>> bk_card("goalie:shot:ul+ll"), bk_card("tackle:brech"), bk_card("referee:free-kick")
    ('Goalie (shot) ul+ll', 'Tackle brech', 'Referee: free kick')
    """
    bean, sep, kind = key.partition("/")
    if sep:
        if kind.startswith("pass:"):
            return f"{bean}: pass to {kind[5:]}"
        if kind == "cross":
            return f"{bean}: cross to feuer"
        return f"{bean}: {kind.replace('-', ' ')}"
    what, _, rest = key.partition(":")
    if what == "referee":
        return f"Referee: {BK_CALLS.get(rest, rest)}"
    if what == "tackle":
        return f"Tackle {rest}"
    if what == "goalie":
        symbol, _, corners = rest.partition(":")
        return f"Goalie ({BK_SHOTS.get(symbol, symbol)}) {corners}"
    return key


def _bk_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _bk_cards(keys: list[Any]) -> str:
    return ", ".join(bk_card(str(k)) for k in keys) if keys else "none"


def bk_corner(corner: Any) -> str:
    """A corner in words: ``upper left corner (ul)``."""
    return f"{BK_CORNERS.get(str(corner), str(corner))} corner ({corner})"


def bk_ball_after(key: str) -> str:
    """Where the ball is after team card ``key`` is played (bohnkick §4.1)."""
    bean, _, kind = key.partition("/")
    if kind.startswith("pass:"):
        return f"the ball goes to {kind[5:]}"
    if kind == "cross":
        return (
            "the ball goes to feuer after a cross (every feuer card, also the header, may follow)"
        )
    if kind == "dribble":
        return f"the ball stays with {bean}"
    return f"a {BK_SHOTS.get(kind, kind)} on goal"


def bk_team(t: int, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
    """A team with its name and players: ``team 0 (National: you, seat 2 (greedy))``."""
    seats = [s for s, p in enumerate(obs.get("seats", [])) if p.get("team") == t]
    names = ", ".join(_seat_name(s, seat, kinds) for s in seats)
    name = BK_TEAMS[t] if 0 <= t < len(BK_TEAMS) else str(t)
    return f"team {t} ({name}: {names})" if names else f"team {t} ({name})"


def bk_score(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
    """The score: ``team 0 (National: you) 2 goals, team 1 (...) 1 goal``."""
    score = obs.get("score") or [0, 0]
    return ", ".join(
        f"{bk_team(t, obs, seat, kinds)} {score[t]} goal{'s' if score[t] != 1 else ''}"
        for t in (0, 1)
    )


def _bk_goals(obs: dict[str, Any]) -> list[str]:
    goals = obs.get("goals") or [[], []]
    return [f"  goals of team {t}: {_bk_cards(list(goals[t]))}" for t in (0, 1) if t < len(goals)]


def _bk_does(s: int, seat: int, kinds: dict[int, str], verb: str) -> str:
    """``seat 1 (greedy) plays`` or ``you play`` (``verb`` in its third-person form)."""
    if s == seat:
        return f"you {verb.removesuffix('s')}"
    return f"{_seat_name(s, seat, kinds)} {verb}"


def _bk_phase_line(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
    """Who acts now and what he may do."""
    phase = obs.get("phase")
    n = int(obs.get("players", 2))
    mover = int(obs.get("to_play", -1))
    reactor = int(obs.get("reactor", -1))
    mover_name = _seat_name(mover, seat, kinds)
    reactor_name = _seat_name(reactor, seat, kinds)

    def moves(verb: str) -> str:
        return _bk_does(mover, seat, kinds, verb)

    played = [str(k) for k in obs.get("played", [])]
    shot = BK_SHOTS.get(str(obs.get("shot")), str(obs.get("shot")))
    nxt = _bk_does((reactor + 1) % n, seat, kinds, "plays on") if reactor >= 0 else ""
    if phase == "play":
        if not played:
            return f"{moves('opens')} the attack: any team card but a goal card"
        return f"{moves('plays')} the next team card: a card of the bean with the ball"
    if phase == "react":
        acting = played[-1].partition("/")[0] if played else "?"
        tackle = f" or tackle {acting}" if n == 2 else ""
        return (
            f"{_bk_does(reactor, seat, kinds, 'reacts')}: continue, swap defensive "
            f"cards{tackle}; then {nxt}"
        )
    if phase == "shot-react":
        acting = played[-1].partition("/")[0] if played else "?"
        return f"{reactor_name} may tackle the {shot} (Tackle {acting}) or continue"
    if phase == "aim":
        return f"{moves('aims')} the {shot} at a corner"
    if phase == "block":
        return (
            f"{reactor_name} may block with a Goalie card ({BK_BLOCKED_BY.get(str(obs.get('shot')), '?')} "
            f"symbol showing the {BK_CORNERS.get(str(obs.get('corner')), '?')} corner) or let it in"
        )
    if phase == "kick":
        return f"FREE KICK for {mover_name}: aim it at a corner, or call advantage and play on"
    if phase == "only-goal-cards":
        return (
            f"{moves('holds')} only goal cards: discard them one at a time (drop) until "
            "another card comes; then the attack is lost"
        )
    if phase == "over":
        return "the game is over"
    return f"phase {phase}"


def bohnkick_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """Bohnkick's table as ``seat`` sees it, from its observation only."""
    lines: list[str] = [""]
    team = int(obs.get("attacking_team", 0))
    lines.append(
        f"=== Bohnkick - attack {obs.get('attack')} - phase: {obs.get('phase')} ==="
        + ("   LAST ATTACK" if obs.get("last_attack") else "")
    )
    lines.append(f"score: {bk_score(obs, seat, kinds)}")
    lines += _bk_goals(obs)
    if obs.get("phase") != "over":
        lines.append(
            f"attacking: {bk_team(team, obs, seat, kinds)}; the attack was opened by "
            f"{_seat_name(int(obs.get('opener', -1)), seat, kinds)}"
        )
        lines.append(f"now: {_bk_phase_line(obs, seat, kinds)}")
    played = [str(k) for k in obs.get("played", [])]
    if played:
        lines.append(
            "played in this attack: "
            + "  ".join(f"{i + 1}) {bk_card(k)}" for i, k in enumerate(played))
        )
    elif obs.get("phase") != "over":
        lines.append("played in this attack: nothing yet")
    ball = obs.get("ball")
    if ball:
        cross = (
            " - after a cross: every feuer card, also the header, may follow"
            if obs.get("after_cross")
            else ""
        )
        lines.append(f"ball: with {ball}{cross}")
    if obs.get("shot"):
        shot = str(obs["shot"])
        aim = (
            f" at the {bk_corner(obs['corner'])}" if obs.get("corner") else " (no corner named yet)"
        )
        lines.append(
            f"shot on goal: {BK_SHOTS.get(shot, shot)}{aim}; only a Goalie card with the "
            f"{BK_BLOCKED_BY.get(shot, '?')} symbol blocks it"
        )
    decks = obs.get("team_decks") or [0, 0]
    discards = obs.get("team_discards") or [[], []]
    runouts = obs.get("runouts") or [0, 0]
    for t in (0, 1):
        r = int(runouts[t])
        lines.append(
            f"team {t} ({BK_TEAMS[t]}) deck: {_bk_count(int(decks[t]))}, discard pile "
            f"{_bk_count(len(discards[t]))}, ran out {r} time{'s' if r != 1 else ''}"
        )
    ddiscard = [str(k) for k in obs.get("defence_discard", [])]
    top = f" (top: {bk_card(ddiscard[-1])})" if ddiscard else ""
    lines.append(
        f"defensive deck: {_bk_count(int(obs.get('defence_deck', 0)))}   its discard pile: "
        f"{_bk_count(len(ddiscard))}{top}"
    )
    if obs.get("last_attack"):
        lines.append(
            "LAST ATTACK: the second team deck has run out; no more team cards are drawn and "
            "the game ends with this attack"
        )
    lines.append("")
    active = {int(obs.get("to_play", -1)), int(obs.get("reactor", -1))}
    for s, p in enumerate(obs["seats"]):
        mark = "*" if s in active else " "
        lines.append(
            f"{mark} {_seat_name(s, seat, kinds)} (team {p.get('team')}): "
            f"{p.get('hand_size')} team cards, {p.get('defence_size')} defensive cards"
        )
    lines.append("")
    me = obs["seats"][seat]
    hand = [str(k) for k in me.get("hand", [])]
    defence = [str(k) for k in me.get("defence", [])]
    lines.append(
        "your team cards: "
        + ("   ".join(f"h{i} {bk_card(k)}" for i, k in enumerate(hand)) or "none")
    )
    lines.append(
        "your defensive cards: "
        + ("   ".join(f"d{i} {bk_card(k)}" for i, k in enumerate(defence)) or "none")
    )
    return lines


def bohnkick_final(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """The end of a Bohnkick game: the score, the scoring cards, the winner or a draw."""
    out = [f"  score: {bk_score(obs, seat, kinds)}", *_bk_goals(obs)]
    score = obs.get("score") or [0, 0]
    if score[0] == score[1]:
        out.append(f"a draw: {score[0]} goals each")
    else:
        best = 0 if score[0] > score[1] else 1
        out.append(f"winner: {bk_team(best, obs, seat, kinds)}")
    return out


def _bk_action(a: Action, obs: dict[str, Any], seat: int) -> str:
    """A sentence for one of ``seat``'s legal Bohnkick actions."""
    me = obs["seats"][seat]
    hand = [str(k) for k in me.get("hand", [])]
    defence = [str(k) for k in me.get("defence", [])]
    n = int(obs.get("players", 2))
    phase = obs.get("phase")
    shot = str(obs.get("shot"))
    shot_name = BK_SHOTS.get(shot, shot)

    def h(i: int) -> str:
        return f"{bk_card(hand[i])} (h{i})" if 0 <= i < len(hand) else f"h{i}"

    def d(i: int) -> str:
        return f"{bk_card(defence[i])} (d{i})" if 0 <= i < len(defence) else f"d{i}"

    if isinstance(a, KickPlay):
        key = hand[a.card] if 0 <= a.card < len(hand) else "?"
        opens = "open the attack with" if not obs.get("played") else "play"
        kind = key.partition("/")[2]
        if kind in BK_SHOTS:
            after = (
                "the defender may tackle, then you aim at a corner"
                if n == 2
                else "you aim at a corner next"
            )
            return f"{opens} {h(a.card)}: a {BK_SHOTS[kind]} on goal; {after}"
        return f"{opens} {h(a.card)}: {bk_ball_after(key)}"
    if isinstance(a, Pass):
        if phase == "react":
            return "continue: no swap, no tackle; the attack goes on"
        if phase == "shot-react":
            return f"continue: no tackle; the {shot_name} is aimed at a corner next"
        if phase == "block":
            if n == 4:
                return f"do not block the {shot_name}: a goal unless your partner still blocks it"
            return f"let the {shot_name} in: no block, a goal for the attackers"
        return "pass"
    if isinstance(a, Swap):
        cards = ", ".join(d(i) for i in a.cards)
        k = len(a.cards)
        text = f"swap {cards}: discard and draw {k} new defensive card{'s' if k != 1 else ''}"
        if n == 2:
            text += (
                "; a Referee card drawn for them acts (free kick or penalty for the "
                "attackers, a striker foul ends the attack)"
            )
        return text
    if isinstance(a, Tackle):
        bean = defence[a.card].partition(":")[2] if 0 <= a.card < len(defence) else "?"
        return (
            f"tackle {bean} with {d(a.card)}: draw 1 defensive card; the attack is over unless "
            "it is a Referee free kick or penalty (then the attackers get that kick)"
        )
    if isinstance(a, Aim):
        what = "take the free kick" if phase == "kick" else f"aim the {shot_name}"
        return f"{what} at the {bk_corner(a.corner)}"
    if isinstance(a, Block):
        return f"block the {shot_name} with {d(a.card)}: no goal, the attack is over"
    if isinstance(a, Advantage):
        played = [str(k) for k in obs.get("played", [])]
        last = played[-1].partition("/")[2] if played else ""
        if last in BK_SHOTS:  # the foul came on a goal card: that shot goes on
            return (
                f"advantage: no free kick; your {BK_SHOTS[last]} goes on, you aim it at a "
                "corner next"
            )
        ball = obs.get("ball") or "the same bean"
        return f"advantage: no free kick, the attack goes on (the ball stays with {ball})"
    if isinstance(a, Drop):
        return (
            f"discard the goal card {h(a.card)} and draw a replacement (you hold only goal "
            "cards; the attack is lost once another card comes)"
        )
    return a.text()


def _bk_event(e: dict[str, Any], me: int) -> str | None:
    """A line for a Bohnkick event as ``me`` sees it (None: not worth a line)."""
    t = e.get("type")

    def who(key: str = "seat") -> str:
        s = e.get(key)
        return "you" if s == me else f"seat {s}"

    def verb(you: str, other: str) -> str:
        return you if e.get("seat") == me else other

    def team(key: str = "team") -> str:
        tm = e.get(key)
        name = BK_TEAMS[tm] if isinstance(tm, int) and 0 <= tm < len(BK_TEAMS) else "?"
        return f"team {tm} ({name})"

    def cards() -> str:
        if e.get("cards") is not None:
            return _bk_cards(list(e["cards"]))
        return str(e.get("count"))

    if t == "attack":
        return f"--- attack {e.get('attack')}: {who()} {verb('open', 'opens')} it for {team()}"
    if t == "play":
        key = str(e.get("card"))
        return f"{who()} played {bk_card(key)}: {bk_ball_after(key)}"
    if t == "draw":
        if e.get("cards") is not None:
            return f"{who()} drew the team card {cards()}"
        n = int(e.get("count", 1))
        return f"{who()} drew {n} team card{'s' if n != 1 else ''}"
    if t == "defence-draw":
        if e.get("cards") is not None:
            return f"{who()} drew the defensive card {cards()}"
        n = int(e.get("count", 1))
        return f"{who()} drew {n} defensive card{'s' if n != 1 else ''}"
    if t == "deal":
        if e.get("cards") is not None:
            return f"{who()} got the team cards {cards()}"
        return f"{who()} got {e.get('count')} team cards"
    if t == "referee":
        call = str(e.get("card")).partition(":")[2]
        return f"{who()} drew a Referee card ({BK_CALLS.get(call, call)}): shown and discarded"
    if t == "call":
        call = str(e.get("call"))
        if call == "striker-foul":
            return "the referee calls a striker foul: the attackers fouled, the attack is over"
        return f"the referee calls a {BK_CALLS.get(call, call)}: the defender fouled"
    if t == "swap":
        return f"{who()} swapped {cards()}"
    if t == "tackle":
        return f"{who()} tackled with {bk_card(str(e.get('card')))}"
    if t == "missed-pass":
        return (
            f"{who()} {verb('have', 'has')} no card for the bean with the ball: "
            "a missed pass, the ball is lost"
        )
    if t == "aim":
        shot = str(e.get("shot"))
        return f"{who()} aimed the {BK_SHOTS.get(shot, shot)} at the {bk_corner(e.get('corner'))}"
    if t == "block":
        return f"{who()} blocked the shot with {bk_card(str(e.get('card')))}"
    if t == "goal":
        return f"GOAL for {team()} by {who()}: {bk_card(str(e.get('card')))}"
    if t == "advantage":
        return f"{who()} called advantage: no free kick, play goes on"
    if t == "drop":
        return f"{who()} discarded the goal card {bk_card(str(e.get('card')))} (only goal cards)"
    if t == "pass":
        return f"{who()} passed (continue: no tackle, swap or block)"
    if t == "deck-out":
        if e.get("final"):
            return (
                f"the deck of {team()} ran out and the other team's deck had run out before: LAST "
                "ATTACK, "
                "no more team cards are drawn; the game ends with this attack"
            )
        return f"the deck of {team()} ran out: its discard pile becomes its new deck"
    if t == "attack-over":
        why = BK_REASONS.get(str(e.get("reason")), str(e.get("reason")))
        played = list(e.get("cards") or [])
        gone = f"; to the discard pile: {_bk_cards(played)}" if played else ""
        return f"the attack is over ({why}){gone}"
    if t == "shuffle":
        pile = str(e.get("pile"))
        if pile == "assistant referee":
            return (
                "the Referee cards drawn differ: the assistant referee shuffles them and "
                "one is picked at random"
            )
        return f"the {pile} was shuffled ({e.get('size', '?')} cards)"
    if t == "game-over":
        goals = (e.get("details") or {}).get("goals") or e.get("scores") or [0, 0]
        if goals[0] == goals[1]:
            return f"the game is over: {goals[0]} : {goals[1]}, a draw"
        best = 0 if goals[0] > goals[1] else 1
        return f"the game is over: {goals[0]} : {goals[1]}, team {best} ({BK_TEAMS[best]}) wins"
    return None


# --------------------------------------------------------------------------
# the screen


def seat_extras(p: dict[str, Any]) -> list[str]:
    """The lines of a seat beyond its fields, for the keys its observation has:
    coin faces, buildings, General Store, stew, Distillery and Teepee coins."""
    out: list[str] = []
    if "blind_coins" in p:  # Mutterböhnchen: known faces and face-down starting coins
        out.append(coin_text(p))
        out += quirk_lines(p)
    elif "coin_cards" in p:
        out.append(f"coins: {_counted(p['coin_cards'])}")
    if "buildings" in p:
        owned = list(p["buildings"])
        worth = sum(info[0] for info in map(_building_info, owned) if info is not None)
        text = ", ".join(owned) if owned else "none"
        out.append(f"buildings: {text}" + (f" (worth {worth})" if owned else ""))
    labels = (
        ("store" if "hand" not in p else "", "General Store"),  # mine: listed with refs
        ("stew_coins", "stew coins under the Saloon"),
        ("distillery_coins", "coins under the distillery-3"),
        ("teepee_coins", "Teepee coins"),
    )
    for key, label in labels:
        if key and p.get(key):
            out.append(f"{label}: {_counted(p[key])}")
    if int(p.get("plant_limit", 2)) > 2:
        out.append(f"plants up to {p['plant_limit']} cards in phase 1")
    return out


def table_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """The shared parts of the table the observation has beyond the bean
    game: the building supply and the decisions open now."""
    out: list[str] = []
    if "razzia" in obs:  # Prohibohn
        out += prohibohn_lines(obs, seat, kinds)
    elif "supply" in obs:
        out.append(f"building supply: {supply_text(obs['supply'])}")
    if obs.get("removed"):
        out.append(f"out of the game: {', '.join(obs['removed'])}")
    window = obs.get("distillery")
    if window:
        who = ", ".join(_seat_name(s, seat, kinds) for s in window.get("seats", []))
        out.append(
            f"distillery-2 named {window.get('building_type')}: {who or 'nobody'} may still "
            "buy one now"
        )
    jail = obs.get("jail_coin")
    if jail:
        out.append(
            f"jail-4: {_seat_name(int(jail['seat']), seat, kinds)} takes one of "
            f"{_cards(jail.get('cards', []))} as a coin"
        )
    if "bosses" in obs:
        out += mafia_lines(obs)
    if "razzia" in obs:
        out += decision_lines(obs, seat, kinds)
    if obs.get("final_buyer") is not None:
        out.append(f"final buying: {_seat_name(int(obs['final_buyer']), seat, kinds)} buys now")
    return out


def prohibohn_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """Prohibohn's town: the cards still to be had, the Razzia, the fourth deck."""
    out = [f"to be had: {establishment_supply_text(obs.get('supply', []))}"]
    if obs.get("razzia"):
        owner = next(
            (s for s, p in enumerate(obs["seats"]) if "razzia" in p.get("establishments", [])),
            None,
        )
        by = f" by {_seat_name(owner, seat, kinds)}" if owner is not None else ""
        out.append(
            f"RAZZIA bought{by}: every 1-establishment is worth 0, except 4 with its full set"
        )
    else:
        out.append("Razzia: not bought yet (1-establishments are worth 1, 4 with the full set)")
    if obs.get("extended"):
        out.append("the deck is being played through a fourth time (the last one)")
    return out


def decision_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """Prohibohn's open decision: the set-up coins, the third card, the
    Police Station's treasury coin, pub-4's removal, pub-3, the Undertakers,
    the Gas Stations' draw and the final buying."""
    phase = obs.get("phase")
    active = int(obs.get("active", -1))
    who = _seat_name(active, seat, kinds)
    d = obs.get("decision") or {}
    if phase == "start-coins":
        waiting = [_seat_name(s, seat, kinds) for s in obs.get("waiting_for", [])]
        return [
            "set-up: each player lays 2 hand cards face down as starting coins; still to "
            f"choose: {', '.join(waiting) or 'nobody'}"
        ]
    if phase == "remove-third":
        third = str(d.get("third"))
        return [
            f"decision: {who} bought a second {third.rpartition('-')[0]} card and may remove "
            f"the third, {third}, from the game"
        ]
    if phase == "police-coin":
        treasury = d.get("treasury")
        if treasury is None:
            return [f"decision: {who} takes a coin of the mafia treasury (Police Station)"]
        return [
            f"decision: take one coin of the mafia treasury (Police Station): {_counted(treasury)}"
        ]
    if phase == "pub-removal":
        return [
            f"decision: pub-4: {who} may remove one of these 1-establishments worth 1: "
            f"{_cards(d.get('removable', []))}"
        ]
    if phase == "protect":
        boss = d.get("boss")
        to = _boss_name(boss) if isinstance(boss, str) else "the boss"
        return [f"decision: pub-3: field {d.get('field')} may give {to} more cards"]
    if phase == "uncover-more":
        return [
            f"decision: uncovering stopped early after {obs.get('uncovered')} cards; the "
            "Undertaker may uncover one more"
        ]
    if phase == "draw":
        counts = " or ".join(str(n) for n in d.get("counts", []))
        return [f"decision: {who} may draw {counts} cards (Gas Station)"]
    if phase == "final-buying":
        return [f"final buying: {who} may harvest and buy now; then pass"]
    return []


def mafia_lines(obs: dict[str, Any]) -> list[str]:
    """The bean mafia (Al Cabohne): the bosses' fields with their thresholds,
    the treasury, the uncovered piles and the boss to feed."""
    out = [f"the mafia: treasury {_coins(int(obs.get('treasury', 0)))}"]
    for k, b in enumerate(obs.get("bosses", [])):
        fld = b["field"]
        grows = f"{len(fld)} x {fld[-1]}" if fld else "empty"
        out.append(
            f"  m{k} {_boss_name(b['key'])}: {grows} (harvests at {_coins(int(b['threshold']))})"
        )
    piles = obs.get("piles") or []
    if piles:
        out.append(
            "uncovered piles: "
            + "   ".join(f"p{i}: {p[0]} x{len(p)}" for i, p in enumerate(piles) if p)
        )
    if obs.get("feed"):
        out.append(f"feed {_boss_name(obs['feed'])}: his field is empty, give him a hand card")
    return out


def gender_lines(obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
    """The lines of a game whose cards have genders (Ladybohn): how fields are
    shown, the third fields left in the game and a baby that must be planted now."""
    out = [GENDER_LEGEND]
    if obs.get("variant") == "mutterbohnchen":  # nobody buys a field; foist: below
        return out
    if "third_fields_left" in obs:
        left = int(obs["third_fields_left"])
        out.append(f"third fields left in the game: {left}" + ("" if left else " (none to buy)"))
    foist = obs.get("foist")
    if foist:
        who = _seat_name(int(foist["seat"]), seat, kinds)
        out.append(
            f"foist: {who} must plant the received {_cards(foist.get('cards', []))} at once "
            "on a field of its type (ladybohn §4.3)"
        )
    return out


def screen(
    obs: dict[str, Any],
    seat: int,
    kinds: dict[int, str],
    table: CardTable | None,
    asking: str | None = None,
) -> list[str]:
    """The table as ``seat`` sees it, from its observation only (``asking``:
    the mama's bean whose quirk asks ``seat`` now, :func:`open_quirk`)."""
    if obs.get("variant") == "bohnkick":  # bean football: no fields, no coins
        return bohnkick_lines(obs, seat, kinds)
    lines: list[str] = []
    active = int(obs.get("active", -1))
    lines.append("")
    lines.append(
        f"=== turn {obs.get('turn')} - {_seat_name(active, seat, kinds)} "
        f"{'are' if active == seat else 'is'} active - phase: {obs.get('phase')} ==="
    )
    discard = obs.get("discard", [])
    under = int(obs.get("under", 0))  # Prohibohn: paid coins under the pile
    top = f" (top: {card_label(discard[-1])})" if len(discard) > under else ""
    if under:
        top += f", {_coins(under)} paid under it"
    lines.append(
        f"draw pile: {obs.get('deck_size')} cards   discard: {len(discard)} cards{top}   "
        f"exhaustions: {obs.get('exhaustions')} of {obs.get('final_exhaustion')}"
        + ("   LAST TURN" if obs.get("last_turn") else "")
    )
    lines += table_lines(obs, seat, kinds)
    genders = gendered(table)
    if genders:
        lines += gender_lines(obs, seat, kinds)
    if obs.get("variant") == "mutterbohnchen":
        lines += mutterbohnchen_lines(obs, seat, kinds, asking)
    lines.append("")
    for s, p in enumerate(obs["seats"]):
        mark = "*" if s == active else " "
        name = _seat_name(s, seat, kinds)
        lines.append(f"{mark} {name}: {p['coins']} coins, {p['hand_size']} cards in hand")
        for f in range(len(p["fields"])):
            if "open_fields" in p and f not in p["open_fields"]:
                holder = obs.get("third_field_card")
                lines.append(
                    f"      f{f}: not a field"
                    + (" (may start one here: holds the third-field card)" if holder == s else "")
                )
                continue
            lines.append("      " + seat_field_text(p, f, genders))
        if p.get("trading_area"):
            lines.append(f"      trading area: {_cards(p['trading_area'])}")
        lines += ["      " + x for x in seat_extras(p)]
        if "establishments" in p:
            lines += ["      " + x for x in establishment_lines(p, bool(obs.get("razzia")))]
    lines.append("")
    me = obs["seats"][seat]
    hand = me.get("hand", [])
    lines.append(
        "your hand (front first): "
        + ("  ".join(f"h{i} {card_label(k)}" for i, k in enumerate(hand)) or "empty")
    )
    drawn = obs.get("drawn") or []
    if drawn:
        lines.append(
            "your drawn cards (bank-3: choose their order): "
            + "  ".join(f"{i}) {k}" for i, k in enumerate(drawn))
        )
    if obs.get("deck_top"):
        lines.append(f"top card of the draw pile (bank-2): {obs['deck_top']}")
    if me.get("store"):
        lines.append(
            "your General Store: " + "  ".join(f"s{i} {k}" for i, k in enumerate(me["store"]))
        )
    if me.get("trading_area"):
        lines.append(
            "your trading area: "
            + "  ".join(f"t{i} {card_label(k)}" for i, k in enumerate(me["trading_area"]))
        )
    revealed = obs.get("revealed", [])
    if revealed:
        lines.append(
            "revealed: " + "  ".join(f"r{i} {card_label(k)}" for i, k in enumerate(revealed))
        )
    offers = obs.get("offers", [])
    if offers:
        lines.append("open offers:")
        hidden = False
        for o in offers:
            give, want = _cards(o.get("give", [])), _cards(o.get("want", []))
            if genders and o.get("from") != seat:
                give = _hidden_cards(o.get("give", []))
                hidden = hidden or "?" in give
            if o.get("to") == seat:
                lines.append(
                    f"  >> offer {o['id']} TO YOU from seat {o['from']}: you would get "
                    f"{give}; seat {o['from']} wants {want}"
                )
            elif o.get("from") == seat:
                refs = ", ".join(o.get("give_refs", []))
                lines.append(
                    f"     offer {o['id']} from you to seat {o['to']}: you give {give}"
                    + (f" ({refs})" if refs else "")
                    + f"; you want {want}"
                )
            else:
                lines.append(
                    f"     offer {o['id']} seat {o['from']} -> seat {o['to']}: gives {give}; "
                    f"wants {want}"
                )
        if hidden:
            lines.append(
                "  (? after a bean type: a card named by its type only; a hand card's gender "
                "stays hidden until the deal, ladybohn §3.3)"
            )
    return lines


# --------------------------------------------------------------------------
# the game loop


class Session:
    """One terminal game: the game, the bots, the person's seat and the output."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: dict[int, Bot],
        kinds: dict[int, str],
        input_fn: Callable[[str], str],
        out: TextIO,
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.trackers: dict[int, Any] = {}
        self.kinds = kinds
        self.input_fn = input_fn
        self.out = out
        self.table = _table_of(game)
        self.genders = gendered(self.table)
        self.variant: str | None = getattr(game, "variant", None)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show_events(self, events: list[Any], prefix: str = "  ") -> None:
        for ev in events:
            view = ev.view(self.seat)
            if view is None:
                continue
            line = describe_event(view, self.seat, self.genders, self.variant)
            if line is not None:
                self.say(prefix + line)

    def run(self) -> int:
        game = self.game
        n = game.n
        last = (int(getattr(game, "active", 0)) - 1) % n
        for entry in game.events(self.seat):
            line = describe_event(entry, self.seat, self.genders, self.variant)
            if line is not None:
                self.say(line)
        steps = 0
        try:
            while True:
                waiting = game.waiting_for()
                if not waiting:
                    break
                if steps >= MAX_STEPS:
                    self.say("the game did not end in time; stopping")
                    return 1
                s = next_seat(waiting, last, n)
                if s == self.seat:
                    self.human_turn()
                else:
                    self.bot_turn_interruptible(s)
                last = s
                steps += 1
        except Quit as q:
            self.say(str(q))
            return 0
        self.final()
        return 0

    def bot_turn_interruptible(self, s: int) -> None:
        """:meth:`bot_turn`, with Ctrl-C taken once the bot's move is made
        (``bohn.interrupts``): the person leaves the game."""
        try:
            with deferred_interrupt() as stop_here:
                self.bot_turn(s)
            stop_here()
        except KeyboardInterrupt:
            raise Quit("\ninterrupted: leaving the game.") from None

    def bot_turn(self, s: int) -> None:
        game = self.game
        view = seat_view(game, s, self.bots[s], self.trackers)
        legal = view.legal
        action = self.bots[s].act(view)
        try:
            events = game.apply(s, action)
        except BohnError as e:  # a bot's mistake must not end the person's game
            self.say(f"seat {s} ({self.kinds[s]}) tried {action.text()!r}: {e}")
            action = legal[0]
            events = game.apply(s, action)
        if self.variant == "bohnkick":  # the events tell the play; the action is brief
            self.say(f"seat {s} ({self.kinds[s]}): {action.text()}")
            self.show_events(events, prefix="    ")
            return
        summary = []
        shown = (
            "turn",
            "reveal",
            "offer",
            "trade",
            "deal",
            "keep",
            "draw",
            "exhausted",
            "stash",
            "police-coin",
            "mafia-coin",
            "final-buying",
            "play-on",
            "foist",
            "pull",
            "attack",
            "turn-up",
            "capture",
            "attack-spent",
            "quirk",
            "steal",
            "flitzer-offer",
            "final-placement",
            "third-field",
            "field-lost",
            "stack-used",
            "stack-discarded",
            "drop",
            "to-offer",
            "offer-stacks",
            "coins-back",
        )
        rest = []
        for ev in events:
            v = ev.view(self.seat)
            if v is None:
                continue
            t = v.get("type")
            if t == "harvest" and v.get("seat") == s and not v.get("final"):
                summary.append(_coins(v["coins"]))
            elif t == "plant" and v.get("seat") == s:
                where = " (bottom)" if v.get("bottom") else ""
                where = " (under the lady)" if v.get("under_lady") else where
                summary.append(f"{card_label(str(v['card']))} on field {v['field']}{where}")
            elif t in shown or t == "plant" or (t == "harvest" and v.get("final")):
                rest.append(ev)  # another seat's planting: a baby foisted by this deal
        seen = game.action_view(action)  # e.g. a Police Station's coin stays hidden
        text = action.text() if seen == action.to_json() else f"{seen.get('type')} (hidden)"
        line = f"seat {s} ({self.kinds[s]}): {text}"
        if summary:
            line += " -> " + ", ".join(summary)
        self.say(line)
        self.show_events(rest, prefix="    ")

    def ordered_legal(self) -> list[Action]:
        """The legal actions in the order they are listed: the usual moves first."""
        order: tuple[type[Action], ...] = (
            KickPlay,
            Aim,
            Block,
            Tackle,
            Plant,
            Attack,
            Pick,
            Stash,
            Store,
            Order,
            Take,
            Draw,
            Protect,
            Uncover,
            Remove,
            Bury,
            MoveCard,
            Pass,
            Swap,
            Advantage,
            EndTrading,
            Accept,
            Decline,
            Keep,
            Propose,
            Withdraw,
            Harvest,
            Drop,
            Build,
        )
        rank: dict[type[Action], int] = {kind: i for i, kind in enumerate(order)}
        legal = self.game.legal_actions(self.seat)
        return sorted(legal, key=lambda a: rank.get(type(a), len(order)))

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit("\ninput closed: leaving the game.") from None
        except KeyboardInterrupt:
            raise Quit("\ninterrupted: leaving the game.") from None

    def human_turn(self) -> None:
        game = self.game
        obs = game.observe(self.seat)
        legal = self.ordered_legal()
        price = getattr(game, "options", {}).get("third_field_price")
        asking = None
        if obs.get("phase") == "quirk":
            asking = open_quirk(obs, self.seat, legal, list(game.events(self.seat)))
        for line in screen(obs, self.seat, self.kinds, self.table, asking):
            self.say(line)
        self.say("")
        self.say("your choices:")
        for i, a in enumerate(legal, 1):
            self.say(
                f"  {i:>2}) {describe_action(a, obs, self.seat, self.table, price)}   [{a.text()}]"
            )
        while True:
            answer = self.ask("your move (number, action, help, log, table, quit)> ").strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("quit", "exit", "q"):
                raise Quit("you left the game.")
            if word in ("help", "h", "?") and self.variant == "bohnkick":
                self.say(BOHNKICK_HELP)
                continue
            if word in ("help", "h", "?"):
                self.say(HELP)
                if "razzia" in obs:
                    self.say(PROHIBOHN_HELP)
                elif "supply" in obs:
                    self.say(HIGH_BOHN_HELP)
                elif self.genders:
                    self.say(LADYBOHN_HELP)
                if self.variant == "mutterbohnchen":
                    self.say(MUTTERBOHNCHEN_HELP)
                continue
            if word == "log":
                self.show_log()
                continue
            if word in ("table", "show"):
                for line in screen(obs, self.seat, self.kinds, self.table, asking):
                    self.say(line)
                continue
            action: Action
            if answer.isdigit():
                k = int(answer)
                if not 1 <= k <= len(legal):
                    self.say(f"there is no choice {k}; type a number from 1 to {len(legal)}")
                    continue
                action = legal[k - 1]
            else:
                try:
                    action = parse_action(answer)
                except BohnError as e:
                    self.say(f"not understood: {e} (type 'help' for the commands)")
                    continue
            try:
                events = game.apply(self.seat, action)
            except BohnError as e:
                self.say(f"not allowed: {e}")
                continue
            self.say(f"you: {action.text()}")
            self.show_events(events, prefix="    ")
            return

    def show_log(self) -> None:
        lines = []
        for e in self.game.events(self.seat):
            if e.get("type") == "action":
                continue
            line = describe_event(e, self.seat, self.genders, self.variant)
            if line is not None:
                lines.append(line)
        self.say("recent events:")
        for line in lines[-LOG_LINES:]:
            self.say("  " + line)

    def final(self) -> None:
        r = self.game.result()
        if r is None:  # pragma: no cover - the loop ends only when the game is over
            return
        self.say("")
        self.say(f"=== game over ({r.reason}) ===")
        if self.variant == "bohnkick":
            for line in bohnkick_final(self.game.observe(self.seat), self.seat, self.kinds):
                self.say(line)
            return
        tally = (r.details or {}).get("tally")
        for s in r.ranking:
            line = f"  {_seat_name(s, self.seat, self.kinds)}: {_coins(r.scores[s])}"
            if isinstance(tally, list) and s < len(tally):
                t = tally[s]
                parts = [f"{TALLY_LABELS.get(k, k)} {v}" for k, v in t.items() if k != "total"]
                line += f" ({', '.join(parts)})"
            self.say(line)
        details = r.details or {}
        if "mafia" in details:
            self.say(f"  the mafia: {_coins(int(details['mafia']))}")
        if details.get("winner") == "mafia":
            self.say("winner: the mafia (no player has more coins than its treasury)")
        else:
            winners = ", ".join(_seat_name(s, self.seat, self.kinds) for s in r.winners)
            self.say(f"winner: {winners}")
        if r.tie_break:
            self.say(
                "tie on the most coins, broken by the rule: the tied player whose first "
                "turn came latest wins"
            )


def main(
    variant: str,
    players: int,
    seat: int,
    bots: list[str],
    seed: int | str,
    options: dict[str, Any] | None = None,
    *,
    input_fn: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
) -> int:
    """Play ``variant`` in the terminal as ``seat`` against bots; the exit code.

    ``bots`` names the bot kind of every other seat in order, or one kind for
    all of them. Unless ``options`` sets ``trade_cap`` or ``trade_caps``, the
    person may make :data:`HUMAN_TRADE_CAP` proposals per trading phase and
    each bot :data:`BOT_TRADE_CAP`. Returns 0 when the game ends or the person leaves,
    2 when the game cannot be set up.
    """
    from bohn import new_game

    def fail(msg: str) -> int:
        print(f"bohn play: {msg}", file=out)
        return 2

    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        return fail(f"players must be a positive number, not {players!r}")
    if not 0 <= seat < players:
        return fail(f"seat must be from 0 to {players - 1}, not {seat}")
    others = [s for s in range(players) if s != seat]
    specs = list(bots) or ["greedy"]
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        return fail(
            f"name one bot kind for all other seats or one for each of the {len(others)} "
            f"other seats, not {len(specs)}"
        )
    options = dict(options or {})
    trades = "trade_caps" in VARIANTS[variant].OPTIONS if variant in VARIANTS else False
    if trades and "trade_cap" not in options and "trade_caps" not in options:
        options["trade_caps"] = [
            HUMAN_TRADE_CAP if s == seat else BOT_TRADE_CAP for s in range(players)
        ]
    try:
        game = new_game(variant, players, seed, options)
        bot_objs = {
            s: make_bot(spec, bot_seed(seed, s)) for s, spec in zip(others, specs, strict=True)
        }
    except (BohnError, ValueError) as e:
        return fail(str(e))
    kinds = {s: parse_bot_spec(spec)[0] for s, spec in zip(others, specs, strict=True)}
    print(
        f"{getattr(game, 'title', variant) or variant}: {players} players, seed {seed}; "
        f"you are seat {seat}. Type 'help' for the commands.",
        file=out,
    )
    return Session(game, seat, bot_objs, kinds, input_fn, out).run()
