"""Bohnkick positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`)."""

from __future__ import annotations

from collections import Counter
from typing import Any
from typing import ClassVar

from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rulesets.bohnkick import rules as bk
from bohn.rulesets.bohnkick.rules import DEFENCE
from bohn.rulesets.bohnkick.rules import HAND
from bohn.rulesets.bohnkick.rules import KIND
from bohn.rulesets.bohnkick.rules import PER_TEAM
from bohn.rulesets.bohnkick.rules import TEAM
from bohn.rulesets.bohnkick.rules import Bohnkick
from bohn.scenario import PositionLoader
from bohn.scenario import card_list
from bohn.scenario import check_keys
from bohn.scenario import int_in


class BohnkickPositionLoader(PositionLoader):
    """Bohnkick positions (``rules/bohnkick.md``, ``docs/scenarios.md``).

    ``setup``: ``phase`` (``play``, ``react``, ``shot-react`` or
    ``only-goal-cards``), ``mover`` (the seat that plays the next team card,
    or in ``react``/``shot-react`` the seat that played the last one; default
    ``first_player``), ``played`` (the attack's team cards so far, in order;
    they must follow the rules of §4.1), ``decks`` (per team, top first),
    ``discards`` and ``goals`` (per team), ``defence_deck`` (top first),
    ``defence_discard``, ``runouts`` (per team), ``final`` and ``deck_rest``
    (``shuffle``: the cards not named go under the named deck cards, shuffled;
    ``none``: out of play). Per player ``hand`` (team cards) and ``defence``
    (defensive cards); a hand not given is dealt from its team's unnamed
    cards (6 team cards, 3 defensive cards that are not Referee cards).
    """

    setup_keys = frozenset(
        {
            "phase",
            "mover",
            "played",
            "decks",
            "discards",
            "goals",
            "defence_deck",
            "defence_discard",
            "runouts",
            "final",
            "deck_rest",
            "players",
        }
    )
    player_keys = frozenset({"hand", "defence"})
    PHASES: ClassVar[tuple[str, ...]] = ("play", "react", "shot-react", "only-goal-cards")

    def load(self, game: Game, setup: dict[str, Any]) -> None:
        assert isinstance(game, Bohnkick)
        check_keys(setup, self.setup_keys, "setup")
        n = game.n
        players = self._players(game, setup)
        phase = setup.get("phase", "play")
        if phase not in self.PHASES:
            raise SetupError(
                f"phase must be one of {', '.join(map(repr, self.PHASES))}, not {phase!r}"
            )
        mover = int_in(setup.get("mover", game.start), 0, n - 1, "mover")
        team = game.team_of(mover)
        rest = setup.get("deck_rest", "shuffle")
        if rest not in ("shuffle", "none"):
            raise SetupError(f"deck_rest must be 'shuffle' or 'none', not {rest!r}")
        decks = self._per_team(game, setup, "decks")
        discards = self._per_team(game, setup, "discards")
        goals = self._per_team(game, setup, "goals")
        played = card_list(game, setup.get("played", []), "played")
        hands, dhands = self._hands(game, players)
        ddeck = card_list(game, setup.get("defence_deck", []), "defence_deck")
        ddiscard = card_list(game, setup.get("defence_discard", []), "defence_discard")
        named = [decks[t] + discards[t] + goals[t] + (played if t == team else []) for t in (0, 1)]
        left = self._team_left(game, named, hands)
        dleft = self._defence_left(game, ddeck + ddiscard, dhands)
        # deal the missing hands from the unnamed cards, shuffled from the seed
        pools = [sorted(left[t].elements()) for t in (0, 1)]
        for t in (0, 1):
            game.shuffle_in(pools[t], f"team {t} deck")
        dpool = sorted(dleft.elements())
        game.shuffle_in(dpool, "defensive deck")
        self._deal(game, pools, dpool, hands, dhands)
        self._piles(game, rest, decks, ddeck, pools, dpool)
        game.discards = discards
        game.goals = goals
        game.ddiscard = ddiscard
        game.hands = [hands[s] for s in range(n)]
        game.dhands = [dhands[s] for s in range(n)]
        self._ending(game, setup)
        self._attack(game, phase, mover, played)

    def _players(self, game: Bohnkick, setup: dict[str, Any]) -> list[dict[str, Any]]:
        """The setup's players, one object per seat (``{}`` for a seat not given)."""
        n = game.n
        players = setup.get("players", [])
        if not isinstance(players, list) or len(players) > n:
            raise SetupError(f"setup players must be a list of at most {n} objects")
        players = players + [{}] * (n - len(players))
        for s, p in enumerate(players):
            if not isinstance(p, dict):
                raise SetupError(f"seat {s}: a player must be an object, not {p!r}")
            check_keys(p, self.player_keys, f"seat {s}")
        return players

    def _per_team(self, game: Bohnkick, setup: dict[str, Any], key: str) -> list[list[int]]:
        """The setup's ``key`` (``decks``, ``discards``, ``goals``): one card list per team."""
        value = setup.get(key, [[], []])
        if not isinstance(value, list) or len(value) != 2:
            raise SetupError(f"{key} must be two lists of card keys, one per team")
        return [card_list(game, value[t], f"{key}[{t}]") for t in (0, 1)]

    def _hands(
        self, game: Bohnkick, players: list[dict[str, Any]]
    ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """The hands (team cards) and defensive cards the players name, by seat."""
        hands: dict[int, list[int]] = {}
        dhands: dict[int, list[int]] = {}
        for s, p in enumerate(players):
            if "hand" in p:
                hands[s] = card_list(game, p["hand"], f"seat {s} hand")
            if "defence" in p:
                dhands[s] = card_list(game, p["defence"], f"seat {s} defence")
        return hands, dhands

    def _team_left(
        self, game: Bohnkick, named: list[list[int]], hands: dict[int, list[int]]
    ) -> list[Counter[int]]:
        """Per team, its team cards not named (``named``: per team, besides the
        hands): every team card named belongs to one team, within its count."""
        left: list[Counter[int]] = []
        for t in (0, 1):
            used = named[t] + [c for s, h in hands.items() if game.team_of(s) == t for c in h]
            have: Counter[int] = Counter(
                {c: PER_TEAM[c] for c in range(len(game.table)) if TEAM[c]}
            )
            for c, k in sorted(Counter(used).items()):
                if not TEAM[c]:
                    raise SetupError(f"{game.table.keys[c]!r} is a defensive card, not a team card")
                if k > have[c]:
                    raise SetupError(
                        f"team {t} uses {k} {game.table.keys[c]!r} but a team has {have[c]}"
                    )
            left.append(have - Counter(used))
        return left

    def _defence_left(
        self, game: Bohnkick, piles: list[int], dhands: dict[int, list[int]]
    ) -> Counter[int]:
        """The defensive cards not named (``piles``: the defensive deck and its
        discards); with 4 players there are no Referee or Tackle cards."""
        n = game.n
        dnamed = piles + [c for h in dhands.values() for c in h]
        dhave = Counter(c for c in game.table.deck() if not TEAM[c])
        if n == 4:
            dhave = Counter(
                {c: k for c, k in dhave.items() if KIND[c] not in ("referee", "tackle")}
            )
        for c, k in sorted(Counter(dnamed).items()):
            if TEAM[c]:
                raise SetupError(f"{game.table.keys[c]!r} is a team card, not a defensive card")
            if k > dhave[c]:
                raise SetupError(
                    f"the scenario uses {k} {game.table.keys[c]!r} but the game has {dhave[c]}"
                    + (" (with 4 players no Referee or Tackle cards)" if n == 4 else "")
                )
        return dhave - Counter(dnamed)

    def _deal(
        self,
        game: Bohnkick,
        pools: list[list[int]],
        dpool: list[int],
        hands: dict[int, list[int]],
        dhands: dict[int, list[int]],
    ) -> None:
        """Deal the hands not given from the shuffled ``pools`` (per team) and
        ``dpool`` (defensive: 6 team cards, 3 defensive cards that are not
        Referee cards), in seat order from the first player."""
        n = game.n
        for i in range(n):
            s = (game.start + i) % n
            if s not in hands:
                pool = pools[game.team_of(s)]
                if len(pool) < HAND:
                    raise SetupError(f"not enough team cards left to deal seat {s} its hand")
                hands[s] = [pool.pop() for _ in range(HAND)]
            if s not in dhands:
                dhand: list[int] = []
                skipped: list[int] = []
                while len(dhand) < DEFENCE and dpool:
                    c = dpool.pop()
                    (skipped if KIND[c] == "referee" else dhand).append(c)
                dpool += skipped
                if len(dhand) < DEFENCE:
                    raise SetupError(f"not enough defensive cards left to deal seat {s}")
                dhands[s] = dhand

    def _piles(
        self,
        game: Bohnkick,
        rest: str,
        decks: list[list[int]],
        ddeck: list[int],
        pools: list[list[int]],
        dpool: list[int],
    ) -> None:
        """The team decks and the defensive deck (the named cards on top, the
        rest under them or out of play as ``deck_rest`` says) and the box."""
        box = [
            c
            for c in game.table.deck()
            if game.n == 4 and not TEAM[c] and KIND[c] in ("referee", "tackle")
        ]
        if rest == "shuffle":
            game.decks = [pools[t] + list(reversed(decks[t])) for t in (0, 1)]
            game.ddeck = dpool + list(reversed(ddeck))
        else:
            game.decks = [list(reversed(decks[t])) for t in (0, 1)]
            game.ddeck = list(reversed(ddeck))
            box += pools[0] + pools[1] + dpool
        game.box = box

    def _ending(self, game: Bohnkick, setup: dict[str, Any]) -> None:
        """How near the end the game is: ``runouts`` per team and ``final``."""
        runouts = setup.get("runouts", [0, 0])
        if not isinstance(runouts, list) or len(runouts) != 2:
            raise SetupError("runouts must be two counts, one per team")
        game.runouts = [int_in(r, 0, 100, "runouts") for r in runouts]
        if game.runouts[0] and game.runouts[1]:
            raise SetupError("both team decks have run out: the game is over (bohnkick §5.2)")
        final = setup.get("final", False)
        if not isinstance(final, bool):
            raise SetupError("final must be true or false")
        game.final = final

    def _attack(self, game: Bohnkick, phase: str, mover: int, played: list[int]) -> None:
        """The attack in progress: the ball's way through ``played`` (§4.1)."""
        n = game.n
        game.team = game.team_of(mover)
        game.played = []
        game.played_by = []
        game.holder = -1
        game.crossed = False
        game.shot = ""
        game.corner = ""
        game.blockers = []
        game.reactor = -1
        game.attacks = 1
        game.end_reason = ""
        k = len(played)
        # who played each card: the partners alternate (BK-D14); in phase
        # 'play' the mover's partner played the last one
        lastp = mover if n == 2 or phase != "play" else (mover + 2) % n
        order = [lastp if (k - 1 - i) % 2 == 0 else (lastp + 2) % n for i in range(k)]
        for i, c in enumerate(played):
            player = order[i]
            game.hands[player].append(c)  # legal_cards reads the hand
            j = len(game.hands[player]) - 1
            game.mover = player
            if j not in game.legal_cards(player):
                game.hands[player].pop()
                raise SetupError(
                    f"played: {game.table.keys[c]} cannot follow "
                    + (", ".join(game.table.key_list(game.played)) or "the kick-off")
                    + " (bohnkick §4.1)"
                )
            game.hands[player].pop()
            if bk.GOAL[c] and i != len(played) - 1:
                raise SetupError("played: a goal card ends the attack (bohnkick §3.5)")
            game.played.append(c)
            game.played_by.append(player)
            kind = bk.KIND[c]
            if kind == "dribble":
                game.holder = game.table.bean[c]
            elif kind in ("pass", "cross"):
                game.holder = bk.TO[c]
            game.crossed = kind == "cross"
        game.opener = order[0] if order else mover
        if phase == "play":
            game.last = mover if n == 2 or not played else (mover + 2) % n
            game.mover = mover
            game.phase = bk.PLAY
            if played and bk.GOAL[played[-1]]:
                raise SetupError("phase 'play' follows a card that is no goal card")
            if not game.legal_cards(mover):
                raise SetupError(f"seat {mover} holds no card it may play now (bohnkick §3.4)")
        elif phase == "only-goal-cards":
            if played or any(not bk.GOAL[c] for c in game.hands[mover]):
                raise SetupError(
                    "phase 'only-goal-cards' opens an attack with a hand of goal cards only"
                )
            game.mover = game.last = mover
            game.phase = bk.CYCLE
        else:
            if not played:
                raise SetupError(f"phase {phase!r} answers a card: name the attack's cards")
            goal = bk.GOAL[played[-1]]
            if goal != (phase == "shot-react"):
                raise SetupError("phase 'shot-react' answers a goal card, 'react' any other card")
            if phase == "shot-react" and n == 4:
                raise SetupError("with 4 players no tackle answers a goal card (bohnkick §5.1.1)")
            game.mover = game.last = mover
            game.reactor = game._next_defender(mover)
            game.phase = bk.SHOT_REACT if goal else bk.REACT
            if goal:
                game.shot = bk.KIND[played[-1]]


#: the loader of this ruleset's positions
LOADER: PositionLoader = BohnkickPositionLoader()
