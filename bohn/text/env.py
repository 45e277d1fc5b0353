"""Every bohn ruleset as a text game for agents, in TextArena's shape
(``docs/text.md``).

:class:`TextEnv` plays one game at a time. The player to move is the seat
the game waits for (where several wait, as in trading, the next of them
clockwise after the seat that moved last: :func:`bohn.bots.base.next_seat`);
it gets its observation as text (:meth:`~bohn.text.view.SeatText.observation`:
the rules in brief the first time, then what happened since its last move,
the table and its numbered moves) and answers with one move as text::

    env = TextEnv("bohnanza")
    env.reset(num_players=3, seed=1)
    done = False
    while not done:
        player_id, observation = env.get_observation()
        done, info = env.step(agent(observation))
    rewards, game_info = env.close()

Seats may be left to bohn's bots (``bots={1: "greedy"}``): they move within
``step``, and only the other seats are asked.

An answer that names no move the player may make is refused: the player is
asked again, its observation headed by the refusal (which lists its moves);
after :attr:`TextEnv.error_allowance` refusals in a row the player forfeits
and the game ends (TextArena's rule). ``rules`` or ``help`` as an answer asks
for the rules in brief: they head the next observation, and no move is made.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import next_seat
from bohn.bots.base import seat_view
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.engine.game import Result
from bohn.pacing import holds
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import find_variant
from bohn.sim.runner import bot_seed
from bohn.text.moves import MoveError
from bohn.text.moves import norm
from bohn.text.view import SeatText
from bohn.text.words import say

#: the answers that ask for the rules instead of making a move
ASK_RULES = frozenset(("rules", "help", "regeln", "hilfe"))


def rewards_of(result: Result, players: int) -> dict[int, float]:
    """Each seat's reward for a finished game, as TextArena gives them: 1 to
    a winner, -1 to a loser, 0 to everyone where every seat wins (a draw);
    -1 to every seat where none wins (the mafia of Al Cabohne)."""
    winners = set(result.winners)
    if len(winners) == players:
        return dict.fromkeys(range(players), 0.0)
    return {s: 1.0 if s in winners else -1.0 for s in range(players)}


class TextEnv:
    """One bohn game at a time as text, in TextArena's shape: ``reset``,
    ``get_observation``, ``step`` and ``close`` (see the module's text).

    ``variant`` and ``options`` choose the game; ``lang`` the language of
    every text (``"en"`` or ``"de"``); ``bots`` the seats bohn's bots play,
    by seat (``{1: "greedy", 2: "ismcts"}``, the specs of ``docs/bots.md``):
    they move within :meth:`step`, and only the other seats are players to
    move; ``error_allowance`` how many refused answers in a row a player may
    give before it forfeits; ``max_steps`` how many moves a game may take
    before it is stopped (no winner, every reward 0).
    """

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        options: dict[str, Any] | None = None,
        lang: str = "en",
        error_allowance: int = 3,
        max_steps: int = 20_000,
        bots: Mapping[int, str] | None = None,
    ) -> None:
        self.kind: type[Game] = find_variant(variant)
        self.kind.resolve_options(options)  # refuses an unknown option now
        self.variant = variant
        self.options = dict(options or {})
        self.lang = lang
        self.error_allowance = error_allowance
        self.max_steps = max_steps
        self.bot_specs = dict(bots or {})
        for spec in self.bot_specs.values():
            make_bot(spec, 0)  # refuses an unknown bot now
        self.bots: dict[int, Bot] = {}
        self.trackers: dict[int, Any] = {}
        self.game: Game | None = None
        self.seats: list[SeatText] = []
        self.player_id = -1
        self.steps = 0
        #: events each seat has been shown, by how many of ``game.events(seat)``
        self.shown: list[int] = []
        #: whether each seat has been given the rules yet
        self.told_rules: list[bool] = []
        #: the refusal to head the current player's next observation
        self.refusal: str | None = None
        self.errors = 0
        self.ended: dict[str, Any] | None = None
        self.rewards: dict[int, float] | None = None

    # ------------------------------------------------------------ the shape

    def reset(self, num_players: int, seed: int | None = None) -> None:
        """A new game for ``num_players`` players, dealt from ``seed`` (a
        random one where None)."""
        if num_players not in self.kind.allowed_players():
            raise SetupError(
                f"{self.variant} is for {self.kind.players_text()} players, not {num_players}"
            )
        if any(not 0 <= s < num_players for s in self.bot_specs):
            raise SetupError(f"bots sit at seats 0 to {num_players - 1} only")
        if len(self.bot_specs) >= num_players:
            raise SetupError("every seat is a bot's: leave one to a player")
        seed = secrets.randbelow(2**31) if seed is None else seed
        game = self.kind.new(num_players, seed, self.options)
        self.bots = {s: make_bot(spec, bot_seed(seed, s)) for s, spec in self.bot_specs.items()}
        self.trackers = {}
        self.game = game
        self.seats = [SeatText(game, s, self.lang) for s in range(num_players)]
        self.shown = [0] * num_players
        self.told_rules = [False] * num_players
        self.refusal = None
        self.errors = 0
        self.steps = 0
        self.ended = None
        self.rewards = None
        self.player_id = min(set(range(num_players)) - self.bots.keys())
        self._advance((game.active_seat() - 1) % game.n)

    def get_observation(self) -> tuple[int, str]:
        """The player to move and its observation (see the module's text);
        after the game, the last player's view of the result."""
        game = self._game()
        seat = self.player_id
        view = self.seats[seat]
        events = list(game.events(seat))
        fresh = events[self.shown[seat] :]
        self.shown[seat] = len(events)
        rules = not self.told_rules[seat]
        self.told_rules[seat] = True
        text = view.observation(rules=rules, events=fresh)
        if self.refusal is not None:
            text = f"{self.refusal}\n\n{text}"
            self.refusal = None
        return seat, text

    def step(self, action: str) -> tuple[bool, dict[str, Any]]:
        """The current player's answer: a move (made), ``rules`` (the rules
        head its next observation) or anything else (refused: it is asked
        again). Returns whether the game is done, and what happened."""
        game = self._game()
        if self.ended is not None:
            return True, dict(self.ended)
        seat = self.player_id
        view = self.seats[seat]
        if isinstance(action, str) and norm(action) in ASK_RULES:
            self.told_rules[seat] = False
            return False, {"player_id": seat, "rules": True}
        try:
            move = view.read(action)
        except MoveError as e:
            return self._refuse(seat, str(e))
        game.apply(seat, move)
        self.errors = 0
        self.steps += 1
        info: dict[str, Any] = {"player_id": seat, "action": move.to_json()}
        self._advance(seat)
        if game.is_over:
            return self._end(info)
        if self.steps >= self.max_steps:
            info["reason"] = say(self.lang, "too-long", n=self.max_steps)
            self.rewards = dict.fromkeys(range(game.n), 0.0)
            return self._end(info)
        return False, info

    def close(self) -> tuple[dict[int, float], dict[str, Any]]:
        """Each seat's reward (:func:`rewards_of`; all 0 for a game not
        finished) and the game's end: its reason and the result's JSON."""
        game = self._game()
        result = game.result()
        rewards = self.rewards
        if rewards is None:
            rewards = dict.fromkeys(range(game.n), 0.0)
            if result is not None:
                rewards = rewards_of(result, game.n)
        info = dict(self.ended or {})
        if result is not None:
            info["result"] = result.to_json()
        return rewards, info

    # ------------------------------------------------------------ helpers

    def _game(self) -> Game:
        if self.game is None:
            raise SetupError("call reset(num_players) first")
        return self.game

    def _advance(self, last: int) -> None:
        """The bots' moves until a player is to move (or the game is over):
        the waiting seats in turn clockwise after ``last``; a bot that would
        end the trading, or take back an offer to a player, while a player
        still trades holds its move (:func:`bohn.pacing.holds`, as at a
        table with people), and the next waiting player moves."""
        game = self._game()
        players = frozenset(s for s in range(game.n) if s not in self.bots)
        while not game.is_over and self.steps < self.max_steps:
            waiting = game.waiting_for()
            seat = next_seat(waiting, last, game.n)
            bot = self.bots.get(seat)
            if bot is None:
                self.player_id = seat
                return
            action = bot.act(seat_view(game, seat, bot, self.trackers))
            if holds(game, seat, action, players):
                self.player_id = next_seat(frozenset(waiting - self.bots.keys()), seat, game.n)
                return
            game.apply(seat, action)
            self.steps += 1
            last = seat

    def _refuse(self, seat: int, error: str) -> tuple[bool, dict[str, Any]]:
        """A refused answer: asked again, or forfeited after too many."""
        self.errors += 1
        info: dict[str, Any] = {"player_id": seat, "invalid_move": True, "error": error}
        if self.errors < self.error_allowance:
            left = self.error_allowance - self.errors
            self.refusal = say(self.lang, "refused", left=left, error=error)
            return False, info
        game = self._game()
        info["reason"] = say(
            self.lang, "forfeit", seat=self.seats[seat].words.n(seat), n=self.errors
        )
        self.rewards = {s: -1.0 if s == seat else 0.0 for s in range(game.n)}
        return self._end(info, forfeit=seat)

    def _end(self, info: dict[str, Any], forfeit: int | None = None) -> tuple[bool, dict[str, Any]]:
        """The game is over: ``info`` gets the reason, which :meth:`close`
        gives again (with the seat that forfeited, if one did)."""
        result = self._game().result()
        if result is not None and "reason" not in info:
            info["reason"] = result.reason
        self.ended = {"reason": info["reason"]}
        if forfeit is not None:
            self.ended["forfeit"] = forfeit
        return True, info
