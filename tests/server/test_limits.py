"""The per-client token buckets (bohn/server/limits.py)."""

from __future__ import annotations

import pytest

from bohn.server import limits
from bohn.server.limits import Limiter
from bohn.server.limits import Rate
from bohn.server.limits import client_key


def test_a_burst_then_the_rate() -> None:
    lim = Limiter(Rate.parse("3/60"))  # 3 at once, then one every 20 s
    assert [lim.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = lim.take("a", now=0.0)
    assert wait == pytest.approx(20.0)
    # a refusal takes nothing: after the wait there is exactly one again
    assert lim.take("a", now=19.0) == pytest.approx(1.0)
    assert lim.take("a", now=20.0) == 0.0
    assert lim.take("a", now=20.0) > 0
    # another client has its own bucket
    assert lim.take("b", now=0.0) == 0.0


def test_the_bucket_fills_no_further_than_its_burst() -> None:
    lim = Limiter(Rate(rate=1.0, burst=2))
    assert lim.take("a", now=0.0) == 0.0
    # an hour of quiet gives back only the burst
    assert [lim.take("a", now=3600.0) for _ in range(3)][:2] == [0.0, 0.0]
    assert lim.take("a", now=3600.0) > 0


def test_quiet_clients_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    lim = Limiter(Rate(rate=1.0, burst=2))
    lim.take("a", now=0.0)
    lim.take("b", now=9.0)
    lim.take("b", now=9.0)
    assert lim.forget(now=10.0) == 1  # a is full again, b is not
    assert set(lim.buckets) == {"b"}
    monkeypatch.setattr(limits, "MAX_CLIENTS", 4)
    for i in range(4):
        lim.take(f"c{i}", now=10.0)
    lim.take("new", now=10.0)  # past the cap, the fullest half goes
    assert len(lim.buckets) <= 4 and "new" in lim.buckets and "b" in lim.buckets


@pytest.mark.parametrize("text", ["", "3", "0/60", "3/0", "x/60", "3/-1", "3/inf", "3/nan"])
def test_bad_rates_are_named(text: str) -> None:
    with pytest.raises(ValueError, match="BURST/SECONDS"):
        Rate.parse(text)


def test_who_a_request_is_from() -> None:
    assert client_key("10.0.0.1", "1.2.3.4", trust_proxy=False) == "10.0.0.1"
    # behind a trusted proxy, the address the proxy added (the last one)
    assert client_key("10.0.0.1", "6.6.6.6, 1.2.3.4", trust_proxy=True) == "1.2.3.4"
    assert client_key("10.0.0.1", " ", trust_proxy=True) == "10.0.0.1"
    assert client_key(None, None, trust_proxy=False) == "unknown"
