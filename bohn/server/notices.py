"""Telling people it is their turn by mail (``bohn serve --smtp``;
:mod:`bohn.server.mail`): when a turn-based game starts waiting for a
person's seat that belongs to an account wanting turn mails, and a minute
later (:data:`MAIL_DELAY_S`) the game still waits for that seat and nobody
has its page open, its account is mailed, once a turn."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bohn.rulesets import VARIANTS
from bohn.server.accounts import AccountStore
from bohn.server.mail import Mailer
from bohn.server.mail import links
from bohn.server.mail import turn_mail

if TYPE_CHECKING:
    from bohn.server.turnclock import TurnClock

log = logging.getLogger("bohn.server")

#: how long after a person's turn starts the mail waits, in seconds: one who
#: comes to the page by then (or has already moved) gets none
MAIL_DELAY_S = 60.0


class TurnNotices:
    """Mails the accounts whose turn it is (one a seat and turn of a game)."""

    def __init__(self, mailer: Mailer, accounts: AccountStore, base_url: str) -> None:
        self.mailer = mailer
        self.accounts = accounts
        self.base_url = base_url
        #: the wait before a mail (tests give none)
        self.delay = MAIL_DELAY_S
        self._tasks: set[asyncio.Task[None]] = set()

    def told(self, room: TurnClock, seats: list[int]) -> None:
        """The game of ``room`` now waits for ``seats`` (their clocks started)."""
        if not room.turn_based:
            return
        turn = int(getattr(room.game, "turn", 0) or room.game.seq)
        for s in seats:
            account = room.row.seats[s].get("account_id")
            if account is None:
                continue
            task = asyncio.get_running_loop().create_task(self._mail(room, s, account, turn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _mail(self, room: TurnClock, seat: int, account: str, turn: int) -> None:
        started = room.deadlines.get(seat)
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        if room.deadlines.get(seat) != started or seat in room.presence.connected():
            return  # moved already, or at the table: told by the page
        try:
            target = await self.accounts.mail_target(account)
            if target is None or not await self.accounts.claim_mail(room.row.id, seat, turn):
                return
            name, address, unsubscribe = target
            title = (
                VARIANTS[room.row.variant].title
                if room.row.variant in VARIANTS
                else room.row.variant
            )
            msg = turn_mail(
                sender=self.mailer.sender,
                to=address,
                name=name,
                title=title,
                **links(self.base_url, room.row.id, unsubscribe),
            )
            await self.mailer.send(msg)
        except Exception:  # the mail is lost, never the game
            log.exception("the turn mail of game %s, seat %s", room.row.id, seat)

    async def close(self) -> None:
        """Wait for the mails on their way."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)


__all__ = ["TurnNotices"]
