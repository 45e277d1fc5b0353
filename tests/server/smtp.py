"""A local SMTP sink for the tests of turn mails (aiosmtpd on loopback,
never the network): it keeps every mail it is given."""

from __future__ import annotations

import email
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from bohn.server.launch import free_port


class Sink:
    """An SMTP server's handler that keeps every mail."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        """The mails sent to ``address``."""
        return [m for m in self.mails if m["To"] == address]


@pytest.fixture
def sink() -> Iterator[tuple[Sink, int]]:
    """A running sink and its port."""
    handler, port = Sink(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()
