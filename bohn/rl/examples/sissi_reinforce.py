"""Train a small policy for Sissi (3 players) with REINFORCE, NumPy only.

``python -m bohn.rl.examples.sissi_reinforce`` trains a linear softmax policy
over the masked actions against two ``random`` bots in ``--envs`` games at
once (:func:`bohn.rl.vector_env`, the single-agent form: game ``i``'s
learner sits at seat ``i % 3``, so the seats rotate), then measures
its win rate against ``random`` bots over ``--eval`` games with a Wilson 95%
interval, and writes a learning curve (``--plot``) and the numbers (``--json``).

The policy: ``logits = W[legal] @ x + b[legal]`` over the legal indices only
(``x``: the observation encoding); REINFORCE with a running-mean baseline on
the terminal reward ``score`` (the learner's coins minus the mean of the
others'), normalised by a running standard deviation; one update per game.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import numpy as np

from bohn.rl.vector import SingleAgentVectorEnv
from bohn.rl.vector import vector_env

VARIANT = "sissi"
PLAYERS = 3


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z = 1.96``)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (centre - half, centre + half)


@dataclass
class Policy:
    """A linear softmax policy over the masked action indices."""

    w: np.ndarray
    b: np.ndarray

    @classmethod
    def zeros(cls, actions: int, features: int) -> Policy:
        return cls(np.zeros((actions, features), np.float32), np.zeros(actions, np.float32))

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = self.w[legal] @ x + self.b[legal]
        z -= z.max()
        e = np.exp(z)
        out: np.ndarray = e / e.sum()
        return out


@dataclass
class Trainer:
    games: int = 800
    lr: float = 0.02
    eval_games: int = 300
    seed: int = 0
    log_every: int = 100
    opponents: str = "random"
    history: list[dict[str, Any]] = field(default_factory=list)

    envs: int = 6

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.venv = self.make(self.envs)
        self.policy = Policy.zeros(len(self.venv.envs[0].table), self.venv._d)

    def make(self, n: int) -> SingleAgentVectorEnv:
        venv = vector_env(
            VARIANT,
            PLAYERS,
            n,
            opponents=self.opponents,
            seat=[i % PLAYERS for i in range(n)],
            reward="score",
        )
        assert isinstance(venv, SingleAgentVectorEnv)
        return venv

    def play(
        self, venv: SingleAgentVectorEnv, seed: int, games: int, learn: bool, greedy: bool = False
    ) -> list[float]:
        """Play until ``games`` games have ended in ``venv`` (its games reset as
        they end); the learner's win share of each, in the order they ended.
        With ``learn``, one update per game as it ends."""
        obs, _ = venv.reset(seed=seed)
        n = venv.num_envs
        steps: list[list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]] = [[] for _ in range(n)]
        resetting = [False] * n
        shares: list[float] = []
        while len(shares) < games:
            actions = np.zeros(n, dtype=np.int64)
            for i in range(n):
                if resetting[i]:  # this step resets game i: its action is not used
                    continue
                x = obs["observation"][i]
                legal = obs["action_mask"][i].view(np.bool_).nonzero()[0]
                p = self.policy.probs(x, legal)
                j = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
                if learn:
                    steps[i].append((x, legal, j, p))
                actions[i] = legal[j]
            obs, reward, done, _, info = venv.step(actions)
            for i in range(n):
                resetting[i] = bool(done[i])
                if not done[i]:
                    continue
                if learn and len(shares) < games:
                    self.update(steps[i], float(reward[i]))
                steps[i] = []
                winners = info["result"][i]["winners"]
                shares.append(1.0 / len(winners) if venv.envs[i].seat in winners else 0.0)
        return shares[:games]

    def update(
        self, steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]], ret: float
    ) -> None:
        self.baseline = getattr(self, "baseline", ret)
        self.var = getattr(self, "var", 1.0)
        adv = ret - self.baseline
        self.baseline += 0.02 * (ret - self.baseline)
        self.var += 0.02 * (adv * adv - self.var)
        a = adv / math.sqrt(self.var + 1e-6)
        lr = self.lr / max(1, len(steps)) ** 0.5
        pol = self.policy
        for x, legal, j, p in steps:
            g = -p
            g[j] += 1.0
            g *= lr * a
            pol.w[legal] += np.outer(g, x)
            pol.b[legal] += g

    def train(self) -> dict[str, Any]:
        start = time.perf_counter()
        shares = self.play(self.venv, seed=self.seed * 1_000_003, games=self.games, learn=True)
        for game in range(self.log_every, self.games + 1, self.log_every):
            recent = shares[game - self.log_every : game]
            self.history.append({"games": game, "win_rate": sum(recent) / len(recent)})
        train_time = time.perf_counter() - start
        evaluate = self.make(min(self.envs, max(1, self.eval_games)))
        wins = sum(self.play(evaluate, seed=10**9, games=self.eval_games, learn=False, greedy=True))
        lo, hi = wilson(wins, self.eval_games)
        return {
            "variant": VARIANT,
            "players": PLAYERS,
            "opponents": self.opponents,
            "training_games": self.games,
            "training_seconds": round(train_time, 1),
            "eval_games": self.eval_games,
            "eval_wins": wins,
            "eval_win_rate": round(wins / max(1, self.eval_games), 4),
            "wilson95": [round(lo, 4), round(hi, 4)],
            "seat_share": round(1 / PLAYERS, 4),
            "beats_random": lo > 1 / PLAYERS,
            "total_seconds": round(time.perf_counter() - start, 1),
            "curve": self.history,
        }


def plot(result: dict[str, Any], path: str) -> None:
    """The learning curve: win rate per block of training games, the final
    evaluation with its interval, and the seat share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [c["games"] for c in result["curve"]]
    ys = [c["win_rate"] for c in result["curve"]]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(xs, ys, marker="o", label="training win rate (last block of games)")
    ax.axhline(result["seat_share"], color="grey", linestyle="--", label="seat share (1/3)")
    if xs:
        lo, hi = result["wilson95"]
        x = xs[-1]
        ax.errorbar(
            [x],
            [result["eval_win_rate"]],
            yerr=[[result["eval_win_rate"] - lo], [hi - result["eval_win_rate"]]],
            fmt="s",
            color="red",
            capsize=4,
            label=f"evaluation, {result['eval_games']} games (Wilson 95%)",
        )
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate against two random bots")
    ax.set_ylim(0, 1)
    ax.set_title("REINFORCE, linear softmax policy, Sissi for 3")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description="REINFORCE for Sissi (3 players), NumPy only.")
    p.add_argument("--games", type=int, default=800, help="training games")
    p.add_argument("--eval", type=int, default=300, help="evaluation games")
    p.add_argument("--lr", type=float, default=0.02)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log-every", type=int, default=100)
    p.add_argument("--envs", type=int, default=6, help="games played at once")
    p.add_argument("--plot", default="rl-sissi-learning-curve.png", help="the curve (PNG)")
    p.add_argument("--json", default=None, help="also write the numbers here")
    args = p.parse_args(argv)
    t = Trainer(
        games=args.games,
        lr=args.lr,
        eval_games=args.eval,
        seed=args.seed,
        log_every=args.log_every,
        envs=args.envs,
    )
    result = t.train()
    plot(result, args.plot)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    lo, hi = result["wilson95"]
    print(
        f"{result['training_games']} training games in {result['training_seconds']} s; "
        f"evaluation: {result['eval_wins']:g} wins in {result['eval_games']} games = "
        f"{result['eval_win_rate']:.3f} (Wilson 95% {lo:.3f}-{hi:.3f}; seat share 0.333)"
    )
    return result


if __name__ == "__main__":
    main()
