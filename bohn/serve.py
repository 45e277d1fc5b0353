"""``bohn serve``: the multiplayer server from the command line
(``docs/cli.md``, ``docs/server.md``). Before it says where it listens, it
checks the database URL, migrates the database and binds its socket: any of
these failing is one line and exit 2."""

from __future__ import annotations

import argparse
import logging
from typing import Any

from bohn.cli import EXIT_OK
from bohn.cli import _count
from bohn.cli import _positive
from bohn.cli import _positive_float
from bohn.cli import add_command
from bohn.cli import examples
from bohn.userfiles import UsageError


def public_url(value: str) -> str:
    """``bohn serve --public-url``: the address people reach the server at,
    as the links it hands out start (``https://bohn.example.org``,
    ``http://192.168.1.5:8000``): http or https, a host, an optional port,
    no path, query or fragment; without its trailing slash."""
    from urllib.parse import urlsplit

    what = f"--public-url {value!r}"
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError as e:
        raise UsageError(f"{what} is not a URL ({e})") from None
    if parts.scheme not in ("http", "https"):
        raise UsageError(f"{what} must start with http:// or https://")
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise UsageError(f"{what} must name a host (and no user or password)")
    if parts.hostname in ("0.0.0.0", "::"):
        raise UsageError(f"{what}: nobody reaches a server at an unspecified address")
    if parts.path not in ("", "/") or parts.query or parts.fragment or value.strip().endswith("?"):
        raise UsageError(f"{what} must have no path, query or fragment (the server is at /)")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + ("" if port is None else f":{port}")


def _one_line(err: BaseException) -> str:
    """An exception's message on one line (a driver's first line)."""
    text = str(getattr(err, "orig", None) or err).strip().splitlines()
    return text[0] if text else type(err).__name__


def listen_socket(host: str, port: int) -> Any:
    """A TCP socket bound to ``host:port`` (``UsageError`` if it cannot be),
    so the server's address is known to work before it is printed."""
    import socket

    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as e:
        raise UsageError(f"--host {host!r}: no such address ({e.strerror})") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(2048)  # connections wait in the backlog until the app is up
    except OSError as e:
        sock.close()
        why = "the port is in use" if e.errno == 98 else e.strerror or str(e)
        raise UsageError(f"cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the multiplayer server until interrupted."""
    try:
        import uvicorn

        from bohn.server.app import WS_READ_MAX
        from bohn.server.app import create_app
        from bohn.server.store import shown_url
    except ImportError as err:  # pragma: no cover - the server's packages are missing
        raise UsageError(
            f"the server needs its packages: pip install 'bohn[server]' ({err})"
        ) from None
    base = public_url(args.public_url) if args.public_url else ""
    mail = _mail(args, base)
    _configure_bots(args)
    _open_database(args)
    sock = listen_socket(args.host, args.port)
    # without --public-url, links follow the address each visitor used (its
    # Host header), so none points at an unspecified address (0.0.0.0, ::)
    app = create_app(
        args.db,
        base_url=base,
        trust_proxy=args.trust_proxy,
        cluster=args.cluster,
        **_limits(args),
        **mail,
    )
    shown = args.host if args.host not in ("0.0.0.0", "::", "") else "localhost"
    url = base or f"http://{f'[{shown}]' if ':' in shown else shown}:{args.port}"
    print(
        f"bohn server on {url} (listening on {args.host}:{args.port}, "
        f"database {shown_url(args.db)}); Ctrl-C stops it",
        flush=True,
    )
    from bohn.server import logs

    logs.configure(args.log_format, logging.WARNING)
    config = uvicorn.Config(
        app,
        log_level="warning",
        log_config=None,  # uvicorn's records go through bohn's handler (bohn.server.logs)
        # messages over the app's limit (MAX_BODY) are read, refused with a
        # message and closed 1009; the protocol layer closes on larger ones
        ws_max_size=WS_READ_MAX,
        ws_per_message_deflate=False,  # small JSON messages: compressing costs more than it saves
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        raise UsageError("the server did not start (see the messages above)")
    return EXIT_OK


def _configure_bots(args: argparse.Namespace) -> None:
    """The bot pool's settings (``--bot-*``)."""
    from bohn.server.botpool import BotSettings
    from bohn.server.botpool import configure

    try:
        configure(
            BotSettings(args.bot_workers, args.bot_pool, args.bot_seconds, args.bot_iterations)
        )
    except ValueError as e:
        raise UsageError(str(e)) from None


def _open_database(args: argparse.Namespace) -> None:
    """Check ``--db`` (and ``--cluster``'s need of PostgreSQL) and migrate it."""
    from bohn.server.store import check_url
    from bohn.server.store import migrate
    from bohn.server.store import shown_url

    try:
        check_url(args.db)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.cluster and args.db.split(":", 1)[0] not in (
        "postgresql",
        "postgres",
        "postgresql+psycopg",
    ):
        raise UsageError(
            f"--cluster: the servers of a cluster share one PostgreSQL database "
            f"(--db postgresql://USER@HOST/DB), not {shown_url(args.db)}"
        )
    try:
        migrate(args.db)
    except Exception as e:
        raise UsageError(f"cannot open the database {shown_url(args.db)}: {_one_line(e)}") from None


def _mail(args: argparse.Namespace, base: str) -> dict[str, Any]:
    """Turn mails (``--smtp``, ``--mail-from``) as :func:`create_app` takes them."""
    if args.smtp is None:
        return {}
    from bohn.server.mail import SmtpUrl

    try:
        SmtpUrl.parse(args.smtp)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not base:
        raise UsageError(
            "--smtp: turn mails link to the server, so give the address people reach it "
            "at too (--public-url https://bohn.example.org)"
        )
    if "@" not in args.mail_from:
        raise UsageError(f"--mail-from is a mail address, not {args.mail_from!r}")
    return {"smtp": args.smtp, "mail_from": args.mail_from}


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    """The limits against abuse (``--*-rate``, ``--max-open-games``,
    ``--open-game-ttl``) as :func:`create_app` takes them."""
    from bohn.server import limits

    try:
        out = {
            "create_rate": limits.rate_flag(args.create_rate),
            "action_rate": limits.rate_flag(args.action_rate),
            "sign_in_rate": limits.rate_flag(args.sign_in_rate),
            "open_game_ttl": limits.duration_flag(args.open_game_ttl),
        }
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.max_open_games < 0:
        raise UsageError(f"--max-open-games is 0 (no cap) or more, not {args.max_open_games}")
    return {**out, "max_open_games": args.max_open_games or None}


def port_number(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a port is a number from 1 to 65535, not {text!r}"
        ) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {port}")
    return port


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn serve`` subcommand."""
    s = add_command(
        sub,
        "serve",
        cmd_serve,
        help="run the multiplayer server (HTTP lobby, WebSocket play)",
        description="Run the multiplayer server until Ctrl-C (docs/server.md): it checks the "
        "database, migrates it and binds its socket before it says where it listens.",
        epilog=examples(
            "bohn serve",
            "bohn serve --host 0.0.0.0 --port 8080 --public-url https://bohn.example.org",
            "bohn serve --db postgresql://bohn@db/bohn --cluster",
        ),
    )
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    s.add_argument("--port", type=port_number, default=8000, help="the TCP port, 1-65535")
    s.add_argument(
        "--db",
        default="sqlite:///bohn.db",
        metavar="URL",
        help="sqlite:///FILE (default sqlite:///bohn.db) or postgresql://USER@HOST/DB",
    )
    s.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players reach the server at (http[s]://HOST[:PORT]), which the "
        "links it hands out start with; default: the address each visitor used",
    )
    s.add_argument(
        "--cluster",
        action="store_true",
        help="one of several servers sharing the PostgreSQL database of --db: each game is "
        "played by one of them at a time, any serves any player (docs/server.md)",
    )
    _add_bot_options(s)
    _add_limit_options(s)
    s.add_argument(
        "--smtp",
        metavar="URL",
        help="send turn mails through this SMTP server: smtp://HOST:PORT, "
        "smtp+starttls://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST "
        "(needs --public-url; default: no mail)",
    )
    s.add_argument(
        "--mail-from",
        default="bohn@localhost",
        metavar="ADDRESS",
        help="the sender of turn mails",
    )
    s.add_argument(
        "--log-format",
        choices=["text", "json"],
        default="text",
        help="the server's log on stderr: lines for a person (text, the default) or one JSON "
        "object a line for a log collector (json)",
    )
    s.add_argument(
        "--trust-proxy",
        action="store_true",
        help="the server is behind a reverse proxy: a client is the last address of "
        "X-Forwarded-For, not the connection's",
    )


def _add_bot_options(s: argparse.ArgumentParser) -> None:
    from bohn.server import botpool

    s.add_argument(
        "--bot-workers",
        type=_positive,
        default=botpool.WORKERS,
        metavar="N",
        help="worker processes the search bots think in, shared by every game in turn "
        f"(default {botpool.WORKERS}: one fewer than the cores)",
    )
    s.add_argument(
        "--bot-seconds",
        type=_positive_float,
        default=botpool.THINK_S,
        metavar="S",
        help=f"the most seconds a bot thinks about one decision (default {botpool.THINK_S:g})",
    )
    s.add_argument(
        "--bot-iterations",
        type=_positive,
        default=botpool.ITERATIONS,
        metavar="N",
        help="the most iterations a search bot runs for one decision "
        f"(default {botpool.ITERATIONS})",
    )
    s.add_argument(
        "--bot-pool",
        choices=botpool.KINDS,
        default=botpool.KIND,
        help="where the search bots think: worker processes (the default) or threads of the "
        "server's process (slower answers while they think; for measurements)",
    )


def _add_limit_options(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--create-rate",
        default="20/60",
        metavar="BURST/SECONDS",
        help="games created and seats taken per client: BURST at once, then BURST every "
        "SECONDS (default 20/60; off: no limit)",
    )
    s.add_argument(
        "--action-rate",
        default="30/1.5",
        metavar="BURST/SECONDS",
        help="actions per client, HTTP and WebSocket (default 30/1.5: 30 at once, then 20 a "
        "second; off: no limit)",
    )
    s.add_argument(
        "--max-open-games",
        type=_count,
        default=10,
        metavar="N",
        help="open games (a person's seat not joined yet) one client may have created "
        "(default 10; 0: no cap)",
    )
    s.add_argument(
        "--sign-in-rate",
        default="10/300",
        metavar="BURST/SECONDS",
        help="sign-ins and sign-ups per client (default 10/300: 10 at once, then 10 in 5 "
        "minutes; off: no limit); failed sign-ins are also limited per name",
    )
    s.add_argument(
        "--open-game-ttl",
        default="24h",
        metavar="TIME",
        help="an open game nobody joined expires this long after its last change "
        "(seconds, or 90m, 24h, 2d; default 24h; off: never)",
    )
