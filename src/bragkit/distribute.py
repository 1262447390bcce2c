"""Independent seeded jobs, run here or spread over a Ray cluster, results in job order.

A long computation that splits into jobs which share nothing but what each is given (a seed
among it), such as the sessions of an arena match (:func:`bragkit.arena.play_arena`), gives the
same results wherever its jobs run and in whatever order they finish: :func:`run_jobs` calls
``function(job)`` for each job and returns the results in the jobs' order, in this process or,
given a Ray address, on the workers of a Ray cluster (https://www.ray.io/; the ``ray`` extra,
``pip install 'bragkit[ray]'``). Ray is imported only here and only when asked for, so
``import bragkit`` neither needs it nor waits for it.

An address (:func:`parse_address`) is one of:

- ``local`` — start a Ray instance on this machine with a worker per core (``local:N``: N
  workers), shut down again when done;
- ``auto`` — the cluster this machine belongs to (started with ``ray start``);
- ``ray://HOST:PORT`` — a cluster's Ray Client server (port 10001 by default), from anywhere;
- ``HOST:PORT`` — a cluster's head node (its GCS, port 6379 by default), from a node of it.

Each worker imports ``function`` by its module and name, so every machine of the cluster needs
the same bragkit installed (the ``local`` instance's workers share this process's).

>>> run_jobs(pow, [(2, 3), (3, 2)], star=True)
[8, 9]
>>> seen = []
>>> run_jobs(abs, [-1, 2, -3], done=lambda index, result: seen.append((index, result)))
[1, 2, 3]
>>> seen
[(0, 1), (1, 2), (2, 3)]
>>> parse_address("local:2"), parse_address("auto"), parse_address("ray://head:10001")
(RayAddress(text='local:2', workers=2), RayAddress(text='auto', workers=None), \
RayAddress(text='ray://head:10001', workers=None))
>>> parse_address("local:0")
Traceback (most recent call last):
...
bragkit.errors.BragError: --ray local:N takes a number of workers of 1 or more, not 'local:0'
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bragkit.errors import BragError

__all__ = [
    "INSTALL",
    "MissingRayError",
    "RayAddress",
    "connected",
    "parse_address",
    "run_jobs",
]

J = TypeVar("J")
R = TypeVar("R")

#: How to install what distributing needs.
INSTALL = "pip install 'bragkit[ray]'"


class MissingRayError(BragError):
    """A Ray cluster was asked for but Ray is not installed."""


@dataclass(frozen=True, kw_only=True, slots=True)
class RayAddress:
    """Where to run: ``text`` as given, and for ``local``/``local:N`` the workers to start
    (``None``: one per core, or whatever the cluster has)."""

    text: str
    workers: int | None = None

    @property
    def local(self) -> bool:
        """Whether this starts a Ray instance of its own on this machine."""
        return self.text == "local" or self.text.startswith("local:")


def parse_address(text: str) -> RayAddress:
    """The address of ``--ray`` (module docstring); :class:`~bragkit.errors.BragError` for
    text that is none."""
    text = text.strip()
    if text == "local":
        return RayAddress(text=text, workers=os.cpu_count() or 1)
    if text.startswith("local:"):
        count = text.partition(":")[2]
        if not count.isdigit() or int(count) < 1:
            raise BragError(f"--ray local:N takes a number of workers of 1 or more, not {text!r}")
        return RayAddress(text=text, workers=int(count))
    if text == "auto" or text.startswith("ray://") or _host_port(text):
        return RayAddress(text=text)
    raise BragError(f"--ray takes local, local:N, auto, ray://HOST:PORT or HOST:PORT, "
                    f"not {text!r}")


def _host_port(text: str) -> bool:
    host, sep, port = text.rpartition(":")
    return bool(sep and host and port.isdigit())


def _ray() -> Any:
    """The ``ray`` module, or :class:`MissingRayError` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise MissingRayError(f"Ray is not installed; to use a Ray cluster: {INSTALL}") from None


@contextlib.contextmanager
def connected(address: str | RayAddress) -> Iterator[RayAddress]:
    """Connected to Ray at ``address`` for the duration (a ``local`` instance started, and
    stopped after); inside, :func:`run_jobs` without an address runs its jobs there.
    :class:`MissingRayError` without Ray, :class:`~bragkit.errors.BragError` for an address
    that cannot be reached."""
    where = parse_address(address) if isinstance(address, str) else address
    if _connected_ray() is not None:  # already connected (an outer ``connected``): stay so
        yield where
        return
    ray = _ray()
    _check_reachable(where)
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    try:
        if where.local:
            ray.init(address="local", num_cpus=where.workers, include_dashboard=False, **quiet)
        else:
            ray.init(address=where.text, **quiet)
    except Exception as error:  # Ray's own: ConnectionError, RuntimeError, ValueError, ...
        raise BragError(f"cannot reach the Ray cluster at {where.text!r}: "
                        f"{' '.join(str(error).split())[:300]}") from None
    try:
        yield where
    finally:
        ray.shutdown()


def _check_reachable(where: RayAddress) -> None:
    """Refuse at once an address of a host and port that nothing answers on (Ray itself would
    retry for ever)."""
    if where.local or where.text == "auto":
        return
    host, _, port = where.text.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except (OSError, ValueError) as error:
        raise BragError(f"cannot reach the Ray cluster at {where.text!r}: {error}") from None


def run_jobs(
    function: Callable[..., R],
    jobs: Sequence[Any],
    *,
    address: str | RayAddress | None = None,
    star: bool = False,
    done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``function(job)`` for each of ``jobs`` (``function(*job)`` with ``star``), the results
    in the jobs' order. In this process, one after another, unless Ray is connected
    (:func:`connected`) or ``address`` names a cluster (connected for this call only): then
    on its workers, all at once as they have room. ``done(index, result)`` is called here as
    each job finishes (in the order they finish). ``function`` must be importable by its
    module and name, and jobs and results picklable, to run on Ray."""
    if address is not None:
        with connected(address):
            return run_jobs(function, jobs, star=star, done=done)
    ray = _connected_ray()
    if ray is None:
        results: list[R] = []
        for index, job in enumerate(jobs):
            result = function(*job) if star else function(job)
            results.append(result)
            if done is not None:
                done(index, result)
        return results
    remote = ray.remote(_star if star else _call)
    pending = {remote.remote(function, job): index for index, job in enumerate(jobs)}
    found: dict[int, R] = {}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            index = pending.pop(ref)
            found[index] = ray.get(ref)
            if done is not None:
                done(index, found[index])
    return [found[index] for index in range(len(jobs))]


def _connected_ray() -> Any:
    """The ``ray`` module when it is imported and connected, else None (never imports it)."""
    ray = sys.modules.get("ray")
    return ray if ray is not None and ray.is_initialized() else None


def _call(function: Callable[[Any], Any], job: Any) -> Any:
    return function(job)


def _star(function: Callable[..., Any], job: Sequence[Any]) -> Any:
    return function(*job)
