"""Every reader of bragkit, fuzzed: only :class:`~bragkit.errors.BragError` may escape (issue 19).

The inputs start from valid records (the files under ``tests/records/``, one record of each
other game, fairness proofs) and are mutated with their structure in mind: a key renamed or
dropped, a value replaced by one of another type, a huge, negative, 64-bit-edge or non-ASCII
number, a long string, deep nesting; or the text itself is cut, spliced or made invalid UTF-8.
Each case must finish in under 2 s (the Hypothesis deadline); a few worst cases are measured with
:mod:`tracemalloc` against 200 MB.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import math
import os
import time
import tracemalloc
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bragkit import records
from bragkit.actions import Action
from bragkit.cards import Card, Pack, parse_cards
from bragkit.cli import app
from bragkit.errors import BragError
from bragkit.fairness import FairnessProof, ShuffleCommitment, verify
from bragkit.games.three_card.deal import VERBS
from bragkit.games.three_card.notation import key_line, read_bhh
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.session_records import read_session
from bragkit.toml_text import load_document

RECORDS = Path(__file__).parent / "records"
BHH = sorted(RECORDS.glob("*.bhh"))
SESSIONS = sorted((RECORDS / "sessions").glob("*.toml"))

# One record of each other game (their writers' output, kept here as text).
OTHER_GAMES = [
    '''format = "nine-card/1"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"

[rules]
target = 3

[[deals]]
pack = "6c Ks 7h Kc Ah Qd Td 2d 9d 5s Kh 2s 4h 3s 7s 9h Qh 8c 3h Ts 2c Jd Kd 5d 4c 3d Th 5c \
8h 2h 3c 6s 7c 5h 7d 6d 9s 9c Tc Qc 8d Ad Js As Jc Ac 8s Qs Jh 4d 6h 4s"
actions = [
  "Ann plays Jd Td 9h",
  "Bob plays Ks Kh Kd",
  "Cat plays Th 9d 8c",
]
''',
    '''format = "crash/1"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"

[rules]
target = 2

[[deals]]
pack = "6c Ks 7h Kc Ah Qd Td 2d 9d 5s Kh 2s 4h 3s 7s 9h Qh 8c 3h Ts 2c Jd Kd 5d 4c 3d Th 5c \
8h 2h 3c 6s 7c 5h 7d 6d 9s 9c Tc Qc 8d Ad Js As Jc Ac 8s Qs Jh 4d 6h 4s"
actions = [
  "Ann arranges 5s 5h 5c | Jd Td 9s | Kc 6c 4c | 9h 4h 3h",
  "Bob arranges Ks Kh Kd | Ah 3s 2d | Ts 9c 8h | Qh 7d 6s",
  "Cat arranges 7s 7h 7c | 2s 2h 2c | Th 9d 8c | Qd 6d 5d",
  "Ann pass",
  "Bob pass",
  "Cat pass",
]
''',
    '''format = "brag-poker/1"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"
stacks = [40, 40, 40]
actions = ["Cat look", "Cat raise 4", "Ann call", "Bob drop"]

[cards]
hands = { Ann = "Qs Qh 4d", Bob = "9c 7d 2h", Cat = "As Ks 5s" }
''',
    '''format = "historic/1"
variant = "single-stake"
players = ["Ann", "Bob", "Cat"]
dealer = "Cat"
stacks = [20, 20, 20]
actions = ["Cat bet 3", "Ann call", "Bob drop"]

[cards]
hands = { Ann = "Ks Kh 4d", Bob = "Qs Qh 5d", Cat = "2s 3h 5c" }
''',
]


def _proof(jokers: int, decks: int, seeds: list[str]) -> str:
    shuffle = ShuffleCommitment(deal=3, server_seed=bytes(range(32)), jokers=jokers, decks=decks)
    shuffle.publish()
    for seed in seeds:
        shuffle.add_client_seed(seed)
    return shuffle.reveal().to_json()


PROOFS = [_proof(0, 1, []), _proof(2, 1, ["alice", "bøb"]), _proof(1, 2, ["x"])]
#: A session of a game without a session format of its own (game-session/1), saved unfinished.
GAME_SESSIONS = sorted(RECORDS.glob("*-session-*.toml"))

TOML_SEEDS = [p.read_text(encoding="utf-8") for p in BHH + SESSIONS + GAME_SESSIONS] + OTHER_GAMES

# Values a hostile or unlucky file may hold where a count, a name or a card should be.
EDGE_NUMBERS = [0, 1, -1, 2, 52, 53, 100_000, 200_000_000, 10**12, 10**12 + 1, 2**31, 2**53,
                2**63 - 1, -(2**63)]
EDGE_TEXTS = ["", " ", "٣", "²", "Ann bet ٣", "Ann bet ²", "Ann bet 2", "Jk", "As Ks Qs",
              "Jk Jk Jk", "bhh/١", "bhh/1", "bhh-session/1", "crash/1", "nine-card/1",
              "three-card", "x" * 5000, "As " * 3000, "\x00", "Ann\nBob", "\u202e", "🂡",
              "é" * 300]


def _leaf() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(EDGE_NUMBERS),
        st.integers(-(2**63), 2**63 - 1),
        st.sampled_from(EDGE_TEXTS),
        st.text(max_size=30),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.just(datetime.date(1979, 5, 27)),
    )


HOSTILE: st.SearchStrategy[Any] = st.recursive(
    _leaf(),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["a", "Ann", "format", "cards",
                                                             "jokers", "x y"]), inner,
                                            max_size=3)),
    max_leaves=8,
)


# -- writing any document as TOML text (tomli_w refuses some of what a hostile file holds) --------


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(
            value) else repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_string(str(k))} = {_toml_value(v)}"
                               for k, v in value.items()) + "}"
    raise AssertionError(value)


def toml_text(document: dict[str, Any]) -> str:
    """Every top-level key on one line, tables inline: TOML for any document."""
    return "".join(f"{_toml_string(str(k))} = {_toml_value(v)}\n" for k, v in document.items())


# -- structure-aware mutations --------------------------------------------------------------------


@st.composite
def mutated_document(draw: st.DrawFn, document: Any, steps: int = 3) -> Any:
    """A copy of a parsed document with a few of its keys or values changed."""
    document = json.loads(json.dumps(document, default=str))  # a deep copy, dates as text
    for _ in range(draw(st.integers(1, steps))):
        # walk down to a container
        node: Any = document
        for _ in range(draw(st.integers(0, 4))):
            children = (list(node.values()) if isinstance(node, dict) else
                        node if isinstance(node, list) else [])
            children = [c for c in children if isinstance(c, dict | list) and c]
            if not children:
                break
            node = draw(st.sampled_from(children))
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            how = draw(st.sampled_from(["replace", "drop", "rename", "wrap", "nudge"]))
            if how == "replace":
                node[key] = draw(HOSTILE)
            elif how == "drop":
                del node[key]
            elif how == "rename":
                node[draw(st.sampled_from([key + "_", key.upper(), "", "x" * 300]))] = (
                    node.pop(key))
            elif how == "wrap":
                node[key] = draw(st.sampled_from([[node[key]], {"v": node[key]}]))
            else:
                node[key] = _nudge(node[key], draw)
        elif isinstance(node, list) and node:
            index = draw(st.integers(0, len(node) - 1))
            how = draw(st.sampled_from(["replace", "drop", "repeat", "nudge"]))
            if how == "replace":
                node[index] = draw(HOSTILE)
            elif how == "drop":
                del node[index]
            elif how == "repeat":
                node.extend([node[index]] * draw(st.integers(1, 60)))
            else:
                node[index] = _nudge(node[index], draw)
    return document


def _nudge(value: Any, draw: st.DrawFn) -> Any:
    """A value changed a little in kind: a number moved to an edge, a string edited."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.sampled_from([value + 1, value - 1, -value, value * 10**6, 2**63 - 1,
                                     str(value), float(value)]))
    if isinstance(value, str):
        at = draw(st.integers(0, len(value)))
        insert = draw(st.sampled_from(["٣", "²", " ", "Jk ", "As ", "|", "9" * 30, "\\", '"',
                                       "x" * 2000, ""]))
        cut = draw(st.integers(0, 3))
        return value[:at] + insert + value[at + cut:]
    return draw(HOSTILE)


# -- text-level mutations -------------------------------------------------------------------------

SNIPPETS = [
    "deep = " + "[" * 500 + "]" * 500,
    "deep = " + "{ a = " * 500 + "1" + " }" * 500,
    "deep = " + "[ " * 200 + "]" * 200,
    "huge = " + "9" * 5000,
    "huge = -" + "1" * 4400,
    "edge = 9223372036854775808",
    "edge = 9223372036854775807",
    "jokers = 200000000",
    "decks = 100000",
    'long = "' + "x" * 100_000 + '"',
    '"' + "k" * 100_000 + '" = 1',
    "[" + " " * 50_000 + "x",
    "date = 1979-05-27T07:32:00Z",
    "[rules]\njokers = 30000000",
    "[cards]\npack = \"" + "Jk " * 20_000 + "\"",
    "[[deals]]",
    "stacks = [1e999, nan, -0.0]",
]


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str | bytes:
    """The text of a record cut, spliced with a hostile line, its digits made non-ASCII, or its
    bytes made invalid UTF-8."""
    how = draw(st.sampled_from(["splice", "cut", "digits", "bytes", "swap"]))
    lines = text.split("\n")
    at = draw(st.integers(0, len(lines)))
    if how == "splice":
        return "\n".join([*lines[:at], draw(st.sampled_from(SNIPPETS)), *lines[at:]])
    if how == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if how == "digits":
        digit = draw(st.sampled_from(["٣", "²", "３", "߃", "𝟑"]))
        return "\n".join(line.replace("2", digit) if i == at else line
                         for i, line in enumerate(lines))
    if how == "swap" and len(lines) > 1:
        other = draw(st.integers(0, len(lines) - 1))
        lines[min(at, len(lines) - 1)], lines[other] = lines[other], lines[min(at, len(lines) - 1)]
        return "\n".join(lines)
    data = bytearray(text.encode("utf-8"))
    position = draw(st.integers(0, len(data)))
    data[position:position] = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80",
                                                     b"\xf8\x88\x80\x80\x80", b"\x00"]))
    return bytes(data)


# -- the readers ----------------------------------------------------------------------------------


def _text(data: str | bytes) -> str:
    return data if isinstance(data, str) else data.decode("utf-8", "surrogateescape")


def _read_cards(data: str | bytes) -> None:
    text = _text(data)
    parse_cards(text)
    Pack.parse(text[:4000])
    Card.parse(text[:40])


def _read_action(data: str | bytes) -> None:
    for line in _text(data).splitlines()[:40]:
        Action.parse(line.strip(' ",'), players=("Ann", "Bob", "Cy"), verbs=VERBS)


TOML_READERS: dict[str, Callable[[str | bytes], object]] = {
    "records.replay": records.replay,
    "records.load": records.load,
    "read_bhh": read_bhh,
    "read_session": lambda data: read_session(_text(data)),
    "load_document": load_document,
    "cards": _read_cards,
    "action": _read_action,
}


def _verify_proof(data: str | bytes) -> None:
    verify(FairnessProof.from_json(data))


def only_brag_errors(read: Callable[[Any], object], data: Any) -> None:
    """Read ``data``: it may be refused, but only with a BragError (so no other escapes)."""
    with contextlib.suppress(BragError):
        read(data)


# More examples, with fresh randomness, for a longer hunt: BRAGKIT_FUZZ_EXAMPLES=5000 pytest ...
EXAMPLES = int(os.environ.get("BRAGKIT_FUZZ_EXAMPLES", "0")) or None
SETTINGS = settings(max_examples=EXAMPLES or 60, deadline=timedelta(seconds=2),
                    derandomize=EXAMPLES is None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("reader", sorted(TOML_READERS))
@SETTINGS
@given(data=st.data())
def test_mutated_records_raise_only_brag_errors(reader: str, data: st.DataObject) -> None:
    """Structure-aware mutations of every record (keys, values, types, numbers, nesting,
    strings) and text-level ones (cuts, splices, non-ASCII digits, invalid UTF-8)."""
    seed = data.draw(st.sampled_from(TOML_SEEDS))
    if data.draw(st.booleans()):
        text: str | bytes = toml_text(data.draw(mutated_document(load_document(seed))))
    else:
        text = data.draw(mutated_text(seed))
    only_brag_errors(TOML_READERS[reader], text)


@SETTINGS
@given(data=st.data())
def test_mutated_proofs_raise_only_brag_errors(data: st.DataObject) -> None:
    """Fairness proofs: every field replaced, dropped or nudged; the JSON text cut or spliced."""
    seed = data.draw(st.sampled_from(PROOFS))
    if data.draw(st.booleans()):
        document = data.draw(mutated_document(json.loads(seed)))
        text: str | bytes = json.dumps(document, default=str, ensure_ascii=False)
    else:
        text = data.draw(mutated_text(seed))
    only_brag_errors(_verify_proof, text)


@settings(max_examples=EXAMPLES or 120, deadline=timedelta(seconds=2),
          derandomize=EXAMPLES is None)
@given(table=st.one_of(st.dictionaries(
    st.sampled_from(["ante", "min_bet", "max_bet", "raise_limit", "pot_limit", "see_cost",
                     "jokers", "cards", "wild", "buy_in", "ordering", "blind", "nonsense"]),
    HOSTILE, max_size=4), HOSTILE))
def test_rules_from_any_table_raise_only_rules_errors(table: Any) -> None:
    only_brag_errors(Rules.from_dict, table)


@settings(max_examples=EXAMPLES or 120, deadline=timedelta(seconds=2),
          derandomize=EXAMPLES is None)
@given(value=st.one_of(HOSTILE, st.text(alphabet="AKQJT98765432shdcJk♠♥♦♣ ,10٣²", max_size=60)))
def test_cards_from_anything_raise_only_card_errors(value: Any) -> None:
    only_brag_errors(parse_cards, value)
    only_brag_errors(Card.parse, value)
    only_brag_errors(Card, value)
    only_brag_errors(Pack, value)
    only_brag_errors(lambda v: Pack.standard(jokers=v), value)


# -- the CLI: one line and exit status 2 --------------------------------------------------------


def _one_line_or_success(command: str, path: Path) -> None:
    result = CliRunner().invoke(app, [command, str(path)])
    assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
    if result.exit_code == 2:
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr


@settings(max_examples=EXAMPLES or 40, deadline=timedelta(seconds=2),
          derandomize=EXAMPLES is None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_the_cli_answers_every_bad_file_in_one_line(tmp_path: Path, data: st.DataObject) -> None:
    """``bragkit replay`` and ``bragkit verify``: exit 2 and one line for every bad input."""
    proof = data.draw(st.booleans())
    seed = data.draw(st.sampled_from(PROOFS if proof else TOML_SEEDS))
    text = data.draw(mutated_text(seed))
    path = tmp_path / "input"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    _one_line_or_success("verify" if proof else "replay", path)


# -- regressions of issue 19: each failed before (an escape, a crash or a blow-up) -------------


@pytest.mark.parametrize("text", [
    "a = " + "[" * 500 + "]" * 500,  # RecursionError
    "a = " + "7" * 4300,  # ValueError: too many digits
    "a = [9223372036854775808]",  # beyond TOML's 64-bit integers
])
def test_toml_nesting_and_numbers_are_notation_errors(text: str) -> None:
    with pytest.raises(BragError):
        load_document(text)
    with pytest.raises(BragError):
        records.replay(text)


def test_bhh_reader_refuses_200_million_jokers_before_building_a_pack() -> None:
    """Rule W1: jokers are bounded (was: accepted, then a pack of 200,000,052 cards)."""
    text = (RECORDS / "jokers.bhh").read_text(encoding="utf-8").replace(
        "jokers = 2", "jokers = 200000000")
    started = time.perf_counter()
    with pytest.raises(BragError, match="jokers"):
        read_bhh(text)
    assert time.perf_counter() - started < 1


def test_non_ascii_version_and_amounts_are_refused() -> None:
    text = (RECORDS / "jokers.bhh").read_text(encoding="utf-8")
    with pytest.raises(BragError, match="version"):
        read_bhh(text.replace('"bhh/1"', '"bhh/١"'))  # was read as version 1
    with pytest.raises(BragError):
        read_bhh(text.replace('"Ann bet 2"', '"Ann bet ²"'))
    with pytest.raises(BragError, match="chips"):
        read_bhh(text.replace("[30, 30, 30]", "[30, 30, 9223372036854775807]"))


@pytest.mark.parametrize("change", [{"decks": 100_000}, {"jokers": 100_000_000},
                                    {"client_seeds": ["x"] * 5000}, {"deal": 2**64},
                                    {"deal": "[" * 5000}])
def test_proof_counts_are_bounded(change: dict[str, Any]) -> None:
    """A proof of 100,000 decks cost 5 s, of 100,000,000 jokers over a minute and 2.4 GB."""
    document = {**json.loads(PROOFS[0]), **change}
    text = json.dumps(document).replace('"' + "[" * 5000 + '"', "[" * 5000)
    started = time.perf_counter()
    with pytest.raises(BragError):
        verify(FairnessProof.from_json(text))
    assert time.perf_counter() - started < 1


def _cost(read: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds of this process (untraced: a loaded machine's other work is not counted) and
    peak traced bytes (a second run) of one read, refusals included. The bound guards against a
    blow-up (a backtracking expression took minutes), it measures no speed."""
    def run() -> None:
        with contextlib.suppress(BragError):
            read()

    started = time.process_time()
    run()
    seconds = time.process_time() - started
    tracemalloc.start()
    try:
        run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


MEGABYTE = 2**20
TEN_MB_KEY = '"' + "k" * 10_000_000 + '" = 1\n'


@pytest.mark.parametrize("name, read", [
    # the line of a key in a 10 MB file: was 1.4 GB (a backtracking regular expression)
    ("key_line 10 MB quoted key", lambda: key_line(TEN_MB_KEY, ("rules", "jokers"))),
    ("key_line 10 MB of lines", lambda: key_line("a = 1\n" * 1_700_000, ("b",))),
    ("key_line 50 kB header", lambda: key_line("[" + " " * 50_000 + "x\n", ("a",))),
    ("bhh 1 MB bad key", lambda: read_bhh('format = "bhh/1"\n' + TEN_MB_KEY[:1_000_000] + '"=1')),
    ("bhh 10 MB refused unparsed", lambda: read_bhh('format = "bhh/1"\n' + TEN_MB_KEY)),
    ("nesting 100,000 deep", lambda: records.replay("a = " + "[" * 100_000)),
    ("proof of 100,000 decks", lambda: verify(FairnessProof.from_json(
        PROOFS[0].replace('"decks": 1', '"decks": 100000')))),
    ("proof of the most seeds", lambda: verify(FairnessProof.from_json(
        _proof(52, 8, ["s" * 1024] * 1000)))),
])
def test_worst_cases_stay_under_2_seconds_and_200_mb(name: str, read: Callable[[], object]
                                                      ) -> None:
    seconds, peak = _cost(read)
    assert seconds < 2, (name, seconds)
    assert peak < 200 * MEGABYTE, (name, peak / MEGABYTE)
