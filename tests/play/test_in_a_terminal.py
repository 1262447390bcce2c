"""Issue 24, item 4: a person's test. The real ``bragkit play`` runs in a real pseudo-terminal
(tmux, 110 x 36), and the test types keys as a person would and reads the screen: the menu and
its form (an error typed, shown in sight), every game and preset for one deal (looking,
betting, discarding, drawing, sets suggested and played, a fold), the keys each offers, the
help, an error and its rule, saving the deal and the session (read back by ``bragkit
replay``), and leaving in the middle of a deal with the ledger. Every program runs at once in
its own window of one private tmux server, so the whole takes about as long as the slowest.

It is the test that would have caught items 1.1 to 1.8: each check below names its item.
Skipped, saying why, where tmux is not installed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bragkit
from bragkit.cli import app as cli
from bragkit.play.config import game_names

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed: no pseudo-terminal to play in")

WIDTH, HEIGHT = 110, 36
SRC = Path(bragkit.__file__).resolve().parents[1]
#: The most a person waits for the screen to show something: a bound for a program that never
#: shows it, not a speed (a fully loaded machine draws slowly).
PATIENCE = 240.0
#: The move words a keys line offers ("f fold", "b chaal 2 or 4"), each after its key.
MOVE = re.compile(r"^(\S) (look|fold|pack|drop|blind chaal|blind|bet|chaal|see|cover|raise|call|"
                  r"check|keep|throw|discard|draw|stand|agree|play|arrange|crash|pass|show|"
                  r"sideshow|accept|decline|suggest)\b")


class Terminal:
    """One private tmux server (its socket under ``folder``): a window per program."""

    def __init__(self, folder: Path) -> None:
        self.socket = folder / "tmux.sock"
        self.folder = folder
        self.started = False

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", str(self.socket), "-f", os.devnull, *args],
                              capture_output=True, text=True, timeout=30, check=False)
        return done.stdout

    def run(self, name: str, *args: str) -> None:
        """Start ``bragkit ARGS`` in the window ``name``, with its own empty config and data
        folders; the window stays when it ends, with ``EXIT=status`` as its last line."""
        home = self.folder / name
        home.mkdir()
        env = {"PYTHONPATH": str(SRC), "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
               "XDG_DATA_HOME": str(home / "data"), "BRAGKIT_CONFIG": str(home / "config"),
               "BRAGKIT_CACHE": str(home / "cache"), "TERM": "xterm-256color",
               "COLUMNS": str(WIDTH), "LINES": str(HEIGHT)}
        command = " ".join([*(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                            shlex.quote(sys.executable), "-m", "bragkit",
                            *map(shlex.quote, args), "; echo EXIT=$?; sleep 600"])
        if not self.started:
            self.tmux("new-session", "-d", "-s", "person", "-x", str(WIDTH), "-y", str(HEIGHT),
                      "-n", name, command)
            self.tmux("set-option", "-g", "default-size", f"{WIDTH}x{HEIGHT}")
            self.started = True
        else:
            self.tmux("new-window", "-d", "-t", "person", "-n", name, command)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", f"person:{name}")

    def styled(self, name: str) -> str:
        """The screen with its colours and styles: what changes when focus moves too."""
        return self.tmux("capture-pane", "-p", "-e", "-t", f"person:{name}")

    def press(self, name: str, *keys: str) -> str:
        """Type ``keys`` and wait for the screen to answer (a person looks before the next
        key, however slowly the program draws); the screen after."""
        before = self.styled(name)
        self.keys(name, *keys)
        wait(self, name, lambda _: self.styled(name) != before)
        return self.screen(name)

    def keys(self, name: str, *keys: str) -> None:
        """Type ``keys`` in the window ``name``: tmux key names, or text (``-l``) for any
        key longer than one character that is not a key name."""
        for key in keys:
            named = key in ("Enter", "Escape", "Tab", "Up", "Down", "C-u", "C-q", "BSpace")
            self.tmux("send-keys", "-t", f"person:{name}", *([] if named else ["-l"]), key)

    def close(self) -> None:
        if self.started:
            self.tmux("kill-server")


def left(screen: str) -> str:
    """The table's side of the screen (the log's box cut off)."""
    lines = screen.splitlines()
    top = next((line for line in lines if "╮╭" in line), "")
    cut = top.index("╮╭") + 1 if top else WIDTH
    return "\n".join(line[:cut] for line in lines)


def moves(screen: str) -> dict[str, str]:
    """The moves the keys line offers now: word -> key ({"fold": "f", "chaal": "b"})."""
    found: dict[str, str] = {}
    for line in left(screen).splitlines():
        for item in re.split(r"\s{3,}", line.strip()):
            match = MOVE.match(item)
            if match:
                found.setdefault(match.group(2), match.group(1))
    return found


@dataclass
class Person:
    """A person at one window: what they have done, what they saw, what went wrong."""

    name: str
    game: str
    step: str = "start"
    bet: bool = False
    looked: bool = False
    seen: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    wait_until: float = 0.0
    pressed_on: str | None = None  # the screen the last keys were typed on
    pressed_at: float = 0.0

    def check(self, holds: bool, what: str) -> None:
        if not holds:
            self.problems.append(f"{self.name}: {what}\n{self.seen[-1] if self.seen else ''}")


def decide(person: Person, screen: str) -> list[str]:
    """The keys a person presses for their turn, from the moves on the screen."""
    offered = moves(screen)
    if "suggest" in offered and ("play" in offered or "arrange" in offered):
        return ["g"]  # the arranger's move; Enter plays it once it shows (N3, C2)
    if "pass" in offered and "crash" in offered:
        return [offered["pass"]]  # no crash call (C5)
    if "look" in offered and not person.looked:
        person.looked = True
        return [offered["look"]]
    if "discard" in offered:
        return ["1", offered["discard"]] if "discard 2" not in screen else [
            "1", "2", offered["discard"]]  # the first cards shown (F1, F3)
    if "draw" in offered and "stand" not in offered:
        return [offered["draw"]]  # a draw of nothing (P3)
    if "stand" in offered:
        return [offered["stand"]]  # nearest to 31 as it is (S4)
    for word in ("chaal", "bet", "blind chaal", "blind"):
        if word in offered and not person.bet:
            person.bet = True
            return [offered[word], "Enter"]  # the least (the prompt's Enter)
    for word in ("fold", "pack", "drop", "check", "call", "decline", "show"):
        if word in offered:
            return [offered[word]]
    return []


def play_one_deal(term: Terminal, person: Person) -> bool:
    """One look at the window and the person's next keys; whether they are done."""
    screen = term.screen(person.name)
    person.seen.append(screen)
    game = person.game
    if "Traceback" in screen:
        person.check(False, "a traceback on the screen")
        return True
    if person.step == "start":
        if "bragkit play" not in screen or not term_title_ok(screen, game):
            return False  # the table not drawn yet (or never titled: the deadline says)
        person.step = "playing"
    if person.step == "playing":
        if person.pressed_on is not None:  # the keys typed: has the screen answered them?
            if (left(screen) == person.pressed_on
                    and time.monotonic() - person.pressed_at < PATIENCE):
                return False
            person.pressed_on = None
        if "The deal's result:" in screen and "n the next deal of cards" in screen:
            term.keys(person.name, "n")  # a points game goes on to its target (N7, C6)
            person.wait_until = time.monotonic() + 0.5
            return False
        if "The deal's result:" in screen:
            person.step = "saved"
            term.keys(person.name, "w")
            person.wait_until = time.monotonic() + 0.5
            return False
        if "is thinking" in screen:
            return False  # the arranger finds the suggestion: a person waits
        if "suggested: Enter plays it" in screen:
            term.keys(person.name, "Enter")
            return False
        if ": type a move" not in left("\n".join(screen.splitlines()[:-1])):
            return False  # a bot's turn, the arranger thinking, or the screen being drawn
        footer = screen.splitlines()[-1]
        if game in ("three-card", "teen-patti-order", "teen-patti", "single-stake"):
            person.check("suggest" not in footer and "make a set" not in footer
                         and "undo" not in footer, "no other game's keys (1.8)")
        if family(game) == "teen-patti":  # its presets too
            person.check("bet " not in left(screen), "Teen Patti says chaal (1.7)")
        keys = decide(person, screen)
        if not keys:
            return False  # nothing to press yet (the screen mid-way): the deadline says
        if keys[0].isdigit():  # cards picked, then discarded (F1, F3)
            term.keys(person.name, *keys[:-1])
            count = len(keys) - 1
            try:
                shown = wait(term, person.name, lambda s: len(picked_cards(s)) == count)
            except Timeout as error:
                person.check(False, f"the digits pick cards (F1): {error}")
                return True
            picked = picked_cards(shown)
            term.keys(person.name, keys[-1])
            try:  # the cards discarded leave the hand (1.5)
                after = wait(term, person.name, lambda s: "discarded:" in left(s))
            except Timeout as error:
                person.check(False, f"the discard is shown (1.5): {error}")
                return True
            hand = left(after).partition("Your hand:")[2].partition("discarded:")[0]
            person.check(not any(card in hand for card in picked),
                         f"the discards {picked} left the hand (1.5)")
        else:
            term.keys(person.name, *keys)
        person.pressed_on, person.pressed_at = left(screen), time.monotonic()
        person.wait_until = time.monotonic() + 0.3  # a person's pace
        return False
    if person.step == "saved":
        if not re.search(r"Saved the (deal|game):", screen):
            person.check("not saved" not in screen, "w saves the deal (1.6)")
            return "not saved" in screen
        term.keys(person.name, "W")
        person.step = "session"
        person.wait_until = time.monotonic() + 0.5
        return False
    if person.step == "session":
        if "Saved the session:" not in screen:
            person.check("not saved" not in screen, "W saves the session (1.6)")
            return "not saved" in screen
        term.keys(person.name, "q")
        person.step = "leaving"
        return False
    if person.step == "leaving":
        if "The session is over." in screen and "EXIT=" not in screen:
            term.keys(person.name, "q")  # the summary's screen: q leaves it
            person.wait_until = time.monotonic() + 0.5
            return False
        if "EXIT=" not in screen:
            return False
        person.check("EXIT=0" in screen and "Ledger: " in screen and "Settlement: " in screen,
                     "the session ends with the ledger (T1)")
        return True
    return True


def family(game: str) -> str:
    """The registry's name of the game ``game`` (a preset's game)."""
    from bragkit.games import find

    return find(game).name


def picked_cards(screen: str) -> list[str]:
    """The cards the picked line shows (``picked:  A♦   Q♦``)."""
    line = next((line for line in left(screen).splitlines() if "picked:" in line), "")
    return re.findall(r"[2-9TJQKA][♠♥♦♣]", line)


def fields(game: str) -> list[str]:
    """The house rules of ``game`` (a points game's target: played to 3 here, N7, C6)."""
    from bragkit.games import find
    from bragkit.games.options import options

    return [o.name for o in options(find(game).rules)]


def term_title_ok(screen: str, game: str) -> bool:
    from bragkit.play.game_table import game_title

    return game_title(game) in screen.splitlines()[0]


class Timeout(AssertionError):
    """What a person waited for never showed."""


def wait(term: Terminal, name: str, holds: Callable[[str], bool],
         seconds: float = PATIENCE) -> str:
    """The screen of ``name`` once ``holds`` it (Timeout after ``seconds``, with the screen)."""
    end = time.monotonic() + seconds
    while True:
        screen = term.screen(name)
        if holds(screen):
            return screen
        if time.monotonic() > end:
            raise Timeout(f"{name}: waited {seconds} s in vain\n{screen}")
        time.sleep(0.2)


def test_a_person_plays_every_game_and_preset_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    people = [Person(name=f"g{i}", game=game) for i, game in enumerate(game_names())]
    saves = {p.name: tmp_path / f"saved-{p.name}" for p in people}
    try:
        term.run("menu", "play")
        for person in people:
            short = ["--rules", "target=3"] if "target" in fields(person.game) else []
            term.run(person.name, "play", "-g", person.game, "--bots", "random,random",
                     "--seed", "3", "--delay", "0", "--save-dir", str(saves[person.name]),
                     *short)
        problems: list[str] = []  # the menu's person, beside the others (a thread)
        def menu_person() -> None:
            try:
                problems.extend(menu_form_help_and_leaving(term))
            except Timeout as error:
                problems.append(f"menu: {error}")

        menu = threading.Thread(target=menu_person, daemon=True)
        menu.start()
        began = time.monotonic()
        deadline = began + 300  # a bound for a stuck game, not a speed (a loaded machine is slow)
        playing = list(people)
        while playing and time.monotonic() < deadline:
            for person in list(playing):
                if time.monotonic() < person.wait_until:
                    continue
                if play_one_deal(term, person):
                    playing.remove(person)
                    if os.environ.get("PERSON_LOG"):
                        print(f"{person.game}: {time.monotonic() - began:.1f} s")
            time.sleep(0.1)
        for person in playing:
            person.check(False, f"one deal in time (stuck at {person.step}"
                            + (": the table never showed, titled with the game (1.10))"
                               if person.step == "start" else ")"))
        menu.join(timeout=max(1.0, deadline - time.monotonic()))
        if menu.is_alive():
            problems.append(f"menu: the menu's person never got to the end\n"
                            f"{term.screen('menu')}")
        problems += [p for person in people for p in person.problems]
        Path(os.environ.get("PERSON_LOG", os.devnull)).write_text("\n\n".join(problems))
        assert not problems, "\n\n".join(problems)
    finally:
        term.close()
    for person in people:  # what was saved, bragkit replay reads (1.6)
        files = [f for f in saves[person.name].rglob("*") if f.is_file()]
        assert len(files) >= 2, (person.game, files)
        for path in files:  # read here, as the command reads them
            done = CliRunner().invoke(cli, ["replay", str(path)])
            assert done.exit_code == 0, (person.game, path, done.stderr)


def menu_form_help_and_leaving(term: Terminal) -> list[str]:
    """The menu (1.1), the form with a refused stake in sight (1.2, 1.3), the preset's table
    and its keys (1.8), the help, an error and its rule, leaving mid-deal (1.4)."""
    problems: list[str] = []

    def check(holds: bool, what: str, screen: str) -> None:
        if not holds:
            problems.append(f"menu: {what}\n{screen}")

    # The menu is drawn in parts: wait for the whole of it (a person reads it once it is there).
    screen = wait(term, "menu", lambda s: "Which game?" in s and game_names()[-1] in s)
    check(all(f"({name})" in screen for name in game_names()), "every -g name (1.1)", screen)
    term.keys("menu", *["Down"] * game_names().index("teen-patti-order"), "Enter")
    screen = wait(term, "menu", lambda s: "opponents, stakes and house rules" in s)
    check("Three Card Brag in Teen Patti order" in screen, "the preset's title (1.10)", screen)
    term.press("menu", "Tab")  # to Stakes
    term.press("menu", "C-u")
    term.keys("menu", "99999999999999999999999999", "Enter")
    screen = wait(term, "menu", lambda s: "what the records hold" in s)
    check("1 to 1,000,000,000" in screen and "(M1)" in screen,
          "stakes no record holds are refused, in sight (1.2, 1.3)", screen)
    term.press("menu", "C-u")
    term.keys("menu", "abc", "Enter")
    screen = wait(term, "menu", lambda s: "'abc'" in s)
    check("'abc'" in screen, "abc in Stakes: said in sight (1.3)", screen)
    term.press("menu", "C-u")
    term.keys("menu", "100", "Enter")
    screen = wait(term, "menu", lambda s: ": type a move" in s)
    check("Three Card Brag in Teen Patti order" in screen.splitlines()[0], "the table", screen)
    footer = screen.splitlines()[-1]
    check(not re.search(r"suggest|make a set|undo|next deal|trainer", footer),
          "only this game's keys of the moment (1.8)", screen)
    term.press("menu", "l")
    term.keys("menu", "1", "2", "3")  # digits typed fast: no cards to pick here (1.8)
    term.keys("menu", "s")  # three still betting: no see (B8), in the engine's words
    screen = wait(term, "menu", lambda s: "R: rule" in s)  # the digits were read before s
    check("picked" not in screen, "digits pick nothing in Three Card Brag (1.8)", screen)
    cited = re.search(r"R: rule (\w+)", screen)
    check(cited is not None and f"(rule {cited.group(1)})" in screen,
          "an illegal key is explained with its rule", screen)
    term.keys("menu", "R")
    screen = wait(term, "menu", lambda s: "Help ·" in s and " · " in s.split("Help ·")[1])
    check(cited is not None and f"{cited.group(1)} ·" in screen, "R opens the help at the rule",
          screen)
    term.keys("menu", "3")
    screen = wait(term, "menu", lambda s: "Keys at the table" in s)
    check("suggest" not in screen and "make a set" not in screen,
          "the help lists this game's keys only (1.8)", screen)
    term.keys("menu", "Escape")
    screen = wait(term, "menu", lambda s: "Help ·" not in s)
    term.keys("menu", ":")
    screen = wait(term, "menu", lambda s: "e.g." in s)
    check("'call'" not in screen and "raise 4" not in screen,
          "the : prompt's examples are moves of the menu (1.9)", screen)
    term.keys("menu", "Escape")
    wait(term, "menu", lambda s: "e.g." not in s)  # the prompt closed: q is a key again
    term.keys("menu", "q")
    screen = wait(term, "menu", lambda s: "q again" in s)
    check("q again" in screen, "q mid-deal asks (1.4)", screen)
    term.keys("menu", "q")
    wait(term, "menu", lambda s: "The session is over." in s)
    term.keys("menu", "q")
    screen = wait(term, "menu", lambda s: "EXIT=" in s)
    check("EXIT=0" in screen and "Ledger: " in screen and "Settlement: " in screen,
          "leaving mid-deal ends with the ledger (1.4)", screen)
    return problems
