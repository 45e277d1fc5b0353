"""The server's health and its metrics in Prometheus's text format
(``GET /healthz``, ``GET /metrics``; :mod:`prometheus_client`).

Every app has a registry of its own (tests run several apps in one
process). What the hub and the store know already is read when the metrics
are asked for (callbacks), not kept twice: the live games, the actions
stored, the bot queue. Only the acknowledgement latency is measured here.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry
from prometheus_client import Histogram
from prometheus_client import generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

#: the buckets of the acknowledgement latency, in seconds (a held purchase
#: waits the priority window, 0.3 s)
ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class _Callbacks(Collector):
    """Metrics read from the hub and the store when asked for."""

    def __init__(self, hub: Callable[[], Any]) -> None:
        self.hub = hub

    def collect(self) -> Iterator[Any]:
        hub = self.hub()
        if hub is None:  # not started
            return
        rooms = list(hub.rooms.values())
        live = GaugeMetricFamily(
            "bohn_live_games", "games loaded in memory, by status", labels=["status"]
        )
        for status in ("running", "finished"):
            live.add_metric([status], sum(1 for r in rooms if r.row.status == status))
        yield live
        yield CounterMetricFamily(
            "bohn_actions",
            "actions stored since the server started (people's, bots' and the clock's)",
            value=hub.store.actions_stored,
        )
        yield GaugeMetricFamily(
            "bohn_bot_queue",
            "games whose bots have a move to make or are making one",
            value=bot_queue(hub),
        )


def bot_queue(hub: Any) -> int:
    """How many games wait for their bots: the hub's own count when it keeps
    one (``Hub.bot_queue_length()``), else the rooms whose bot task runs."""
    own = getattr(hub, "bot_queue_length", None)
    if callable(own):
        return int(own())
    return sum(
        1
        for room in list(hub.rooms.values())
        if (task := getattr(room, "_bot_task", None)) is not None and not task.done()
    )


class Metrics:
    """One app's metrics: its registry, the acknowledgement latency."""

    def __init__(self, hub: Callable[[], Any]) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(_Callbacks(hub))
        self.ack_seconds = Histogram(
            "bohn_ack_seconds",
            "from an action's request to its acknowledgement (HTTP and WebSocket)",
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )

    def text(self) -> bytes:
        return bytes(generate_latest(self.registry))


__all__ = ["ACK_BUCKETS", "Metrics", "bot_queue"]
