"""``bragkit serve``: the web table, where friends play Brag in their browsers.

Serves :mod:`bragkit.web` with uvicorn on ``--host``/``--port`` (default 127.0.0.1:8000, only
this machine: give ``--host 0.0.0.0`` to let friends on the network in). Tables live in
``--database`` (any SQLAlchemy URL; default SQLite in the user's data folder) and survive a
restart, even a crash: every open table resumes where it was.

The database's schema is brought up to date at start (Alembic migrations, shipped with
bragkit: an older database is upgraded and says so; one made by a newer bragkit is refused
with one line). Accounts are optional for players (``/signup``); ``/metrics`` is for the
operator (Prometheus). Behind a TLS proxy give ``--public-url https://…`` (the cookies are then
``Secure``) and, if the proxy is not on this machine, its address in ``--forwarded-allow-ips``
(only those addresses are believed about the player's address and ``https``).

Several processes may serve the same tables behind a load balancer, with no sticky routing:
give each the same PostgreSQL ``--database`` and the same ``--redis`` (or the environment's
``BRAGKIT_DATABASE`` and ``BRAGKIT_REDIS``); see :mod:`bragkit.web.cluster` and
``docs/deploy.md``.

Each start finishes the players' history of any table closed while the server stopped
(:meth:`History.catch_up <bragkit.web.history.History.catch_up>`); ``--rebuild-history`` makes
all of it, and the ratings, again from the event logs before serving (one process, the others
stopped: ``python -m bragkit.web.history rebuild`` does the same without serving).

>>> check_port(8000), check_port(0)
(8000, 0)
>>> check_port(70000)
Traceback (most recent call last):
...
bragkit.errors.BragError: port must be from 0 to 65535, not 70000
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Annotated

import typer

from bragkit.cli._app import app, fail
from bragkit.errors import BragError

if TYPE_CHECKING:
    from bragkit.web.store import Store

__all__ = ["bind", "check_port", "serve_command"]


def check_port(port: int) -> int:
    """A TCP port number (0: any free port)."""
    if not 0 <= port <= 65535:
        raise BragError(f"port must be from 0 to 65535, not {port}")
    return port


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, taken before anything else is made (no database
    is created, nothing printed, for a port that is taken): one clear :class:`BragError` else.

    >>> first = bind("127.0.0.1", 0)
    >>> taken = first.getsockname()[1]
    >>> bind("127.0.0.1", taken)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: cannot serve on 127.0.0.1:...: Address already in use
    >>> first.close()
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise BragError(f"cannot serve on {host}:{port}: {error.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # not a port in use (Linux)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise BragError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="A SQLAlchemy database URL (default: SQLite in your data folder); "
                     "postgresql://… for a cluster.", envvar="BRAGKIT_DATABASE",
                     show_default=False),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(help="A Redis URL (redis://host:6379/0): serve the same tables as the "
                     "other processes on this database and Redis.", envvar="BRAGKIT_REDIS",
                     show_default=False),
    ] = None,
    durable: Annotated[
        bool, typer.Option(help="SQLite: sync every event to disk (survives power loss).")
    ] = False,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.")] = "warning",
    public_url: Annotated[
        str | None,
        typer.Option(help="The address friends reach this server at, for invite links "
                     "(default: the LAN address when bound to 0.0.0.0).", show_default=False),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(help="The proxies whose X-Forwarded-For and X-Forwarded-Proto are "
                     "believed (comma-separated addresses; '*' for any: only when nothing "
                     "else can reach this port).", envvar="FORWARDED_ALLOW_IPS"),
    ] = "127.0.0.1",
    message_rate: Annotated[
        float, typer.Option(help="Messages a second one connection may send (bursts of three "
                            "seconds' worth); 0: no limit, for a load test among trusted "
                            "clients.")
    ] = 20.0,
    rebuild_history: Annotated[
        bool, typer.Option(help="Before serving, make the players' history and ratings again "
                           "from the tables' event logs (one process, the others stopped).")
    ] = False,
) -> None:
    """Serve the web table: create a table, send the invite link, play in the browser."""
    import uvicorn

    from bragkit.web.address import invite_base
    from bragkit.web.app import create_app
    from bragkit.web.cluster import Cluster, cluster_prefix
    from bragkit.web.limits import Limits
    from bragkit.web.store import Store, StoreError

    if log_level not in ("critical", "error", "warning", "info", "debug", "trace"):
        fail(f"unknown log level {log_level!r}")
    if not 0 <= message_rate <= 10_000:
        fail(f"--message-rate must be from 0 to 10000, not {message_rate}")
    limits = Limits(messages_per_second=message_rate,
                    message_burst=max(int(3 * message_rate), 1))
    try:
        check_port(port)
        listening = bind(host, port)
    except BragError as error:
        fail(str(error))
    port = listening.getsockname()[1]  # the port taken (any free one for 0)
    try:
        invite = invite_base(public_url, host=host, port=port)
        if redis is not None and (database is None or database.startswith("sqlite")):
            raise BragError("--redis needs a database the processes share: give --database "
                            "postgresql://…")
        if rebuild_history and redis is not None:
            raise BragError("--rebuild-history runs in one process: stop the cluster, run it "
                            "once without --redis, then start the cluster again")
        store = Store(database, durable=durable)
    except (BragError, StoreError) as error:
        listening.close()
        fail(str(error))
    except Exception as error:  # a URL SQLAlchemy cannot use, a driver not installed
        listening.close()
        fail(f"cannot open the database {database!r}: {error}")
    cluster = None
    if redis is not None:
        import redis as redis_client

        try:
            redis_client.Redis.from_url(redis, socket_connect_timeout=5).ping()
        except (redis_client.RedisError, ValueError) as error:
            listening.close()
            store.close()
            fail(f"cannot reach Redis at {redis!r}: {error}")
        cluster = Cluster(redis, prefix=cluster_prefix(store.url))
    together = "" if cluster is None else ", one of a cluster over Redis"
    if store.migrated.upgraded:
        typer.echo(f"bragkit: upgraded the database's schema from revision "
                   f"{store.migrated.before} to {store.migrated.after}")
    if rebuild_history:
        _rebuild(store, listening)
    typer.echo(f"bragkit: serving the web table on http://{host}:{port}/ "
               f"(database {store.safe_url}{together})")
    if invite is not None:
        typer.echo(f"bragkit: invite links use {invite}")
    config = uvicorn.Config(create_app(store=store, public_url=invite, cluster=cluster,
                                       limits=limits),
                            log_level=log_level, ws_max_size=65536, ws_ping_interval=20,
                            ws_ping_timeout=20, proxy_headers=True,
                            forwarded_allow_ips=forwarded_allow_ips)
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        listening.close()
        store.close()


def _rebuild(store: Store, listening: socket.socket) -> None:
    """``--rebuild-history``: the players' history and ratings made again from the event logs
    (:meth:`History.rebuild <bragkit.web.history.History.rebuild>`), said in one line; a
    failure is one line and status 2, nothing served."""
    from sqlalchemy.exc import SQLAlchemyError

    from bragkit.web.history import History

    try:
        count = History(store).rebuild()
    except (BragError, SQLAlchemyError) as error:
        listening.close()
        store.close()
        fail(f"cannot rebuild the history: {str(error).splitlines()[0]}")
    typer.echo(f"bragkit: rebuilt the history of {count} table{'s' if count != 1 else ''}")
