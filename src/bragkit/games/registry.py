"""The registry of Brag games, as python-chess names its variants: :class:`GameInfo`.

Each game module lists the games it plays in a module attribute ``GAMES`` (a tuple of
:class:`GameInfo`); the registry reads the modules in :data:`MODULES` on first use. Front ends list
games from here and start them with :func:`new`; nothing outside a game's own module asks which
game it holds.

>>> "three-card" in names()
True
>>> find("brag").name, find("four-card").name     # an alias, and a preset of the game
('three-card', 'three-card')
>>> game = new("three-card", players=["Ann", "Bob"], seed=7, max_bet=10)
>>> game.to_act, game.rules.max_bet
('Ann', 10)
>>> new("four-card", players=["Ann", "Bob"], seed=7).rules.cards
4
>>> find("go fish")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown game 'go fish' (known: three-card...)
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from bragkit.actions import Verb
from bragkit.errors import RulesError
from bragkit.games.protocol import Game, Trainer

if TYPE_CHECKING:  # the session's modules load the games, which import this module
    from bragkit.cards import RandomSource
    from bragkit.session import Dealing, Session

__all__ = ["MODULES", "Ante", "GameInfo", "TableTerms", "dealing", "find", "games", "names", "new",
           "open_session"]

#: The modules that play games, each with its ``GAMES`` (read on first use, in this order).
MODULES: Final = (
    "bragkit.games.three_card",
    "bragkit.games.nine_card",
    "bragkit.games.crash",
    "bragkit.games.historic",
    "bragkit.games.brag_poker",
    "bragkit.games.teen_patti",
)


@dataclass(frozen=True, kw_only=True, slots=True)
class TableTerms:
    """What a game's rules give a table beyond the game itself, the same fields for every game:
    the ``ante`` each deal takes (D2; 0 where there is none), the ``buy_in`` a player brings at
    least (M1; 0: the table's own), the ``most_players`` the pack deals with a kept hand aside
    (D1, R1; None: the game's own seat range says it), and the ``variant`` a record names (None:
    the game's name).

    >>> find("crash").terms(find("crash").make_rules())
    TableTerms(ante=0, buy_in=0, most_players=None, variant=None)
    >>> find("four-card").terms(find("four-card").make_rules("four-card", ante=2))
    TableTerms(ante=2, buy_in=0, most_players=12, variant='four-card')
    """

    ante: int = 0
    buy_in: int = 0
    most_players: int | None = None
    variant: str | None = None

    @property
    def least_buy_in(self) -> int:
        """The least a player sits down with: the buy-in and the ante (M1, D2), at least 1."""
        return max(self.buy_in, self.ante, 1)


@dataclass(frozen=True, kw_only=True, slots=True)
class Ante:
    """The stake a game's every deal forces, as its rules set it, for a table whose antes rise
    (a sit-and-go: :mod:`bragkit.sit_and_go`): ``name`` is the game's word for it ("ante", D2;
    "boot", TP2; "big blind", P1; "least stake", S2); ``of(rules)`` its amount under
    ``rules``; ``at(rules, n)`` the same rules with it at ``n`` (from 1, validated by the
    rules); ``cost(rules)`` the most one player must put in before they act (the ante, the
    boot, the big blind, the dealer's least stake), never more than the amount.

    >>> ante = find("teen-patti").ante
    >>> rules = ante.at(find("teen-patti").make_rules(), 5)
    >>> ante.name, ante.of(rules), rules.boot, ante.cost(rules)
    ('boot', 5, 5, 5)
    """

    name: str
    of: Callable[[Any], int]
    at: Callable[[Any, int], Any]
    cost: Callable[[Any], int]


def _no_terms(rules: Any) -> TableTerms:
    return TableTerms()


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """One game of the registry.

    ``start(players, rules, rng)`` begins a game (``rules`` an object of :attr:`rules`, ``rng`` a
    seeded :class:`random.Random`, the game's alone: nothing else draws from it). ``presets``
    are named option sets of the rules (a preset's name finds the game too);
    ``record_format`` is the ``format`` name of its records.
    ``dealing(rules, rng=...)`` makes the game's :class:`~bragkit.session.Dealing`, the hook that
    plays it deal after deal in a :class:`~bragkit.session.Session` (``rng``: a seed, a
    :class:`random.Random`, or None for a secure source); None for a game without one.
    ``bots`` names the module that brings the game's own bots, if it has any: its ``register()``
    signs them up with :mod:`bragkit.bots.players` when the bots are first listed.
    ``trainer(rules)`` makes the game's :class:`~bragkit.games.protocol.Trainer`, if it has one;
    ``session_record(session)`` writes a session of the game as a record (None: not written);
    ``record_suffix`` ends the name of a file holding one of its records (``.bhh``);
    ``picture`` names how a front end draws the game's view (``"three-card"``, ``"stake"``,
    ``"nine-card"``, ``"crash"``: the terminal's :mod:`bragkit.play.picture`).
    ``fair`` says whether its hook deals commit-reveal shuffles on request
    (``dealing(rules, rng=..., fair=True)``, :mod:`bragkit.fairness`, D4).
    ``unit`` is what a session of it counts: ``"chips"``, or ``"points"`` for a game played
    to a target of points (N7, C6), whose deals end naming points, not chips.
    ``table(rules)`` is what those rules give a table (:class:`TableTerms`; the default: no
    ante, no buy-in of its own, the seat range as the limit); read it with :meth:`terms`.
    ``agents`` says whether the agents of :mod:`bragkit.bots` (``make_bot``: they read its
    deals' views) play it, so that the arena seats them at its table with the arena's stakes
    (:mod:`bragkit.arena`); the other games' bots are the players of
    :mod:`bragkit.bots.players`, at a session.
    ``preset_titles`` names each preset for a reader ("Four Card Brag"; a preset without one is
    read as the game's title and its name) and ``preset_summaries`` says in a line what it
    changes (read with :meth:`summary_of`); ``verb_names`` are the game's own words for verbs
    that it calls otherwise (Teen Patti's *chaal*, TP3), for a front end's keys and prompts.
    ``out_word`` says in the game's word that a player is out of the deal (*folded*; the stake
    games' *dropped*, S2, P2; Teen Patti's *packed*, TP3), for a seat's status.
    ``ante`` is the stake every deal forces, where the rules set one that a table may raise
    (:class:`Ante`; None: the game has none, as the points games and the three stakes of S4).
    """

    name: str
    title: str
    summary: str
    rules: type[Any]
    start: Callable[[Sequence[str], Any, random.Random], Game]
    seats: tuple[int, int]
    record_format: str
    aliases: tuple[str, ...] = ()
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    dealing: Callable[..., Dealing] | None = None
    bots: str | None = None
    trainer: Callable[[Any], Trainer] | None = None
    session_record: Callable[[Session], str] | None = None
    record_suffix: str = ".toml"
    picture: str = ""
    table: Callable[[Any], TableTerms] = _no_terms
    unit: str = "chips"
    fair: bool = False
    agents: bool = False
    preset_titles: Mapping[str, str] = field(default_factory=dict)
    preset_summaries: Mapping[str, str] = field(default_factory=dict)
    verb_names: Mapping[Verb, str] = field(default_factory=dict)
    out_word: str = "folded"
    ante: Ante | None = None

    def title_of(self, name: str) -> str:
        """The title a reader sees for ``name``, the game's or one of its presets' (D1, F1).

        >>> find("four-card").title_of("four-card"), find("three-card").title_of("brag")
        ('Four Card Brag', 'Three Card Brag')
        """
        name = name.strip().lower()
        if name in self.presets:
            return self.preset_titles.get(name, f"{self.title} ({name})")
        return self.title

    def summary_of(self, name: str) -> str:
        """What a reader is told of ``name`` in a line: the game's summary, or what one of its
        presets changes (a preset without its own words: its options, each with its value).

        >>> find("four-card").summary_of("four-card")
        'four cards each: one is discarded, the best three play (F1, F2)'
        >>> find("three-card").summary_of("three-card") == find("three-card").summary
        True
        """
        name = name.strip().lower()
        if name not in self.presets:
            return self.summary
        told = self.preset_summaries.get(name)
        if told is not None:
            return told
        words = ", ".join(f"{key} = {value!r}" for key, value in self.presets[name].items())
        return f"{self.title} with {words}"

    def verb_name(self, verb: Verb) -> str:
        """The game's own word for ``verb`` (Teen Patti's *chaal* for a bet, TP3).

        >>> from bragkit.actions import Verb
        >>> find("teen-patti").verb_name(Verb.BET), find("three-card").verb_name(Verb.BET)
        ('chaal', 'bet')
        """
        return self.verb_names.get(verb, verb.value)

    def terms(self, rules: Any) -> TableTerms:
        """What ``rules`` (an object of :attr:`rules`) give a table: ante, buy-in, the most
        players, the variant (:class:`TableTerms`)."""
        return self.table(rules)

    def make_rules(self, preset: str | None = None, **options: Any) -> Any:
        """The rules object of this game: a preset's options, then ``options``, validated by
        the rules class."""
        chosen = dict(self.presets[preset]) if preset is not None else {}
        chosen.update(options)
        try:
            return self.rules(**chosen)
        except TypeError as error:
            raise RulesError(f"{self.name}: {error}") from None


_GAMES: dict[str, GameInfo] = {}
_NAMES: dict[str, tuple[GameInfo, str | None]] = {}


def _load() -> dict[str, tuple[GameInfo, str | None]]:
    if not _NAMES:
        for module in MODULES:
            for info in getattr(importlib.import_module(module), "GAMES", ()):
                _GAMES[info.name] = info
                for name in (info.name, *info.aliases):
                    _NAMES[name] = (info, None)
                for preset in info.presets:
                    _NAMES.setdefault(preset, (info, preset))
    return _NAMES


def games() -> tuple[GameInfo, ...]:
    """Every registered game, in registry order."""
    _load()
    return tuple(_GAMES.values())


def names() -> list[str]:
    """The names of the registered games (not their aliases or presets)."""
    return [info.name for info in games()]


def _lookup(name: str) -> tuple[GameInfo, str | None]:
    found = _NAMES.get(name) if type(name) is str else None  # (a name as registered: at once)
    if found is not None:
        return found
    found = _load().get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise RulesError(f"unknown game {name!r} (known: {', '.join(names())})")
    return found


def find(name: str) -> GameInfo:
    """The game called ``name``: its name, an alias or one of its presets."""
    return _lookup(name)[0]


def new(name: str, *, players: Sequence[str], seed: int | None = None, **rules: Any) -> Game:
    """Start the game ``name`` for ``players``: its rules from a preset (when ``name`` is one)
    and ``rules``; the cards from ``seed`` (a secure source when ``None``)."""
    info, preset = _lookup(name)
    rng = (_seeded(seed) if type(seed) is int else random.Random(seed) if seed is not None
           else random.SystemRandom())
    return info.start(tuple(players), _rules(info, preset, rules), rng)


def _seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole number, without the two Python frames it goes
    through (speed: a game a few decisions long starts with one): the C seeding, then no
    Gaussian pending, as ``Random.seed`` does.

    >>> all(_seeded(s).getstate() == random.Random(s).getstate() for s in (0, 7, -3, 2**70))
    True
    """
    rng: random.Random = _new_random(random.Random)
    _seed_random(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


_new_random = random.Random.__new__
#: The C seeding of :class:`random.Random` (``Random.seed``'s own, for a whole number).
_seed_random: Final = random.Random.__mro__[1].seed  # type: ignore[attr-defined]


def dealing(name: str, *, seed: RandomSource = None, **rules: Any) -> Dealing:
    """The session hook of the game ``name`` (its name, an alias or a preset), with its rules
    from the preset and ``rules``; ``seed`` drives its shuffles (None: a secure source). The
    session's own settings, ``buy_in`` (M1) and ``lending`` (M4), go to the hook when the game's
    rules do not hold them. See :func:`open_session`, which seats a session.

    >>> dealing("three-card", seed=7, ante=2).rules.ante
    2
    >>> hook = dealing("crash", seed=7, target=10, buy_in=5, lending=True)
    >>> hook.rules.target, hook.buy_in, hook.lending
    (10, 5, True)
    """
    info, preset = _lookup(name)
    if info.dealing is None:
        raise RulesError(f"{info.name} is not played in sessions")
    held = inspect.signature(info.rules).parameters
    own = {k: rules.pop(k) for k in _SESSION_OPTIONS if k in rules and k not in held}
    return info.dealing(_rules(info, preset, rules), rng=seed, **own)


#: The settings of a session rather than of a game (M1, M4).
_SESSION_OPTIONS: Final = ("buy_in", "lending")


_RULES: dict[tuple[str, str | None, tuple[tuple[str, Any], ...]], Any] = {}


def _rules(info: GameInfo, preset: str | None, options: Mapping[str, Any]) -> Any:
    """The rules object of a game, preset and options: one object for the same choices (rules
    objects are frozen; the engines cache what they derive from one)."""
    try:
        # (no options, the commonest: no sorting)
        key = (info.name, preset, tuple(sorted(options.items())) if options else ())
        found = _RULES.get(key)
    except TypeError:  # an unhashable option value: the rules class will say what is wrong
        return info.make_rules(preset, **options)
    if found is None:
        found = info.make_rules(preset, **options)
        if len(_RULES) < 256:
            _RULES[key] = found
    return found


def open_session(name: str, *, seats: Sequence[str],
                 buy_ins: int | Sequence[int] | Mapping[str, int], dealer: str | None = None,
                 seed: RandomSource = None, **rules: Any) -> Session:
    """A session of the registered game ``name`` (its name, an alias or a preset), seated
    through the game's own :class:`~bragkit.session.Dealing` (:attr:`GameInfo.dealing`):
    ``rules`` are the game's options, ``seed`` drives its shuffles (None: a secure source);
    ``seats``, ``buy_ins`` and ``dealer`` as for :class:`~bragkit.session.Session`. Replay its
    log with ``Session.replay(dealing(name, **rules), lines)``.

    >>> session = open_session("nine-card", seats=["Ann", "Bob"], buy_ins=50, seed=1)
    >>> game = session.start_deal()
    >>> type(game).__name__, game.players, game.dealer, game.rules.target
    ('NineCardGame', ('Ann', 'Bob'), 'Ann', 21)
    """
    from bragkit.session import Session  # imported when used: the session's modules load games

    hook = dealing(name, seed=seed, **rules)
    return Session(hook, seats=seats, buy_ins=buy_ins, dealer=dealer)
