"""Mail that tells a person it is their turn (``bohn serve --smtp URL``;
``docs/server.md``, Your turn, told).

A turn-based game mails the account of a person's seat when the game starts
waiting for that seat, if the account gave an address and asked for turn
mails, and nobody has that seat's page open: at most one mail per seat and
turn of the game (``seats.mailed_turn``). Each mail links to the game and
to a page that unsubscribes in one click; its ``List-Unsubscribe`` and
``List-Unsubscribe-Post`` headers let a mail program do it too (RFC 8058).
Mails are sent in a worker thread, one at a time; a mail that cannot be
sent is logged and dropped (the game goes on).
"""

from __future__ import annotations

import asyncio
import email.policy
import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import quote
from urllib.parse import unquote
from urllib.parse import urlsplit

log = logging.getLogger("bohn.server")

#: the SMTP URL schemes: plain (``smtp``, STARTTLS when the server offers
#: it), STARTTLS required (``smtp+starttls``) and TLS from the start (``smtps``)
SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
#: how long one mail may take to send, in seconds
SEND_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class SmtpUrl:
    """Where mail goes: ``smtp[s|+starttls]://[USER[:PASSWORD]@]HOST[:PORT]``."""

    scheme: str
    host: str
    port: int
    user: str | None
    password: str | None

    @classmethod
    def parse(cls, text: str) -> SmtpUrl:
        """ValueError saying what is wrong with ``text``."""
        try:
            parts = urlsplit(text.strip())
            port = parts.port
        except ValueError as e:
            raise ValueError(f"--smtp {text!r} is not a URL ({e})") from None
        if parts.scheme not in SCHEMES:
            raise ValueError(
                f"--smtp {text!r}: the scheme is one of {', '.join(SCHEMES)} "
                "(smtp://HOST:PORT, smtps://USER:PASSWORD@HOST)"
            )
        if not parts.hostname or parts.path not in ("", "/") or parts.query:
            raise ValueError(f"--smtp {text!r} names a host and nothing after it")
        return cls(
            parts.scheme,
            parts.hostname,
            port or SCHEMES[parts.scheme],
            None if parts.username is None else unquote(parts.username),
            None if parts.password is None else unquote(parts.password),
        )

    def shown(self) -> str:
        """The URL as messages show it: without its password."""
        who = f"{self.user}@" if self.user else ""
        return f"{self.scheme}://{who}{self.host}:{self.port}"


def turn_mail(
    *,
    sender: str,
    to: str,
    name: str,
    title: str,
    game_url: str,
    unsubscribe_url: str,
    one_click_url: str,
) -> EmailMessage:
    """The mail telling ``name`` that the game ``title`` waits for their move."""
    # lines of up to 998 characters (RFC 5322), so that no link is broken
    # or encoded, in the body or in List-Unsubscribe
    msg = EmailMessage(policy=email.policy.SMTP.clone(max_line_length=998))
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = f"Your turn in {title} (bohn)"
    msg["List-Unsubscribe"] = f"<{one_click_url}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(
        f"Hello {name},\n\n"
        f"{title} waits for your move:\n{game_url}\n\n"
        "You get one mail a turn at most, and none while the game is open in your browser.\n"
        f"No more of these mails, in one click: {unsubscribe_url}\n",
        cte="8bit",
    )
    return msg


class Mailer:
    """Sends mails through one SMTP server, one at a time, off the event loop."""

    def __init__(self, url: SmtpUrl, sender: str) -> None:
        self.url = url
        self.sender = sender
        self._one = asyncio.Lock()
        #: mails sent, and mails that could not be sent (``/metrics``, tests)
        self.sent = 0
        self.failed = 0

    async def send(self, msg: EmailMessage) -> bool:
        """Send ``msg``; whether it went (a failure is logged)."""
        async with self._one:
            try:
                await asyncio.to_thread(self._send, msg)
            except (OSError, smtplib.SMTPException) as e:
                self.failed += 1
                log.warning("a turn mail to %s was not sent: %s", msg["To"], e)
                return False
        self.sent += 1
        return True

    def _send(self, msg: EmailMessage) -> None:
        u = self.url
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if u.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(u.host, u.port, timeout=SEND_TIMEOUT_S, context=context)
        else:
            smtp = smtplib.SMTP(u.host, u.port, timeout=SEND_TIMEOUT_S)
        with smtp:
            smtp.ehlo()
            if u.scheme == "smtp+starttls" or (u.scheme == "smtp" and smtp.has_extn("starttls")):
                smtp.starttls(context=context)
                smtp.ehlo()
            if u.user:
                smtp.login(u.user, u.password or "")
            smtp.send_message(msg)


def links(base: str, game_id: str, unsubscribe: str) -> dict[str, Any]:
    """A turn mail's links: the game, the unsubscribe page and its one-click address."""
    token = quote(unsubscribe, safe="")
    return {
        "game_url": f"{base}/play/{quote(game_id, safe='')}",
        "unsubscribe_url": f"{base}/unsubscribe?token={token}",
        "one_click_url": f"{base}/api/mail/unsubscribe?token={token}",
    }


__all__ = ["Mailer", "SmtpUrl", "links", "turn_mail"]
