"""What ``bragkit play``'s first screen remembers: the last game, opponents, stakes and house
rules chosen, as a small JSON file in the user's config folder (``platformdirs``; the
``BRAGKIT_CONFIG`` environment variable names another folder, as tests do). A file that cannot
be read gives one line saying so and the defaults, never a crash.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     os.environ["BRAGKIT_CONFIG"] = folder
...     saved = save_choice(Choice(game="crash", bots=("random",), stack=50,
...                                rules={"target": "9"}))
...     choice, problem = load_choice()
...     _ = (Path(folder) / FILE_NAME).write_text("{not json")
...     broken = load_choice()
...     del os.environ["BRAGKIT_CONFIG"]
>>> choice.game, choice.bots, choice.stack, choice.rules, problem
('crash', ('random',), 50, {'target': '9'}, '')
>>> broken[0] is None, broken[1].startswith("your saved choices")
(True, True)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

__all__ = ["FILE_NAME", "Choice", "choice_path", "load_choice", "save_choice"]

#: The file's name in the config folder.
FILE_NAME: Final = "play-menu.json"


@dataclass(frozen=True, kw_only=True, slots=True)
class Choice:
    """A choice made on the first screen: the game, the bot kinds, the buy-in, and the house
    rules as typed (option name -> text)."""

    game: str
    bots: tuple[str, ...]
    stack: int
    rules: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"game": self.game, "bots": list(self.bots), "stack": self.stack,
                "rules": dict(self.rules)}


def choice_path() -> Path:
    """The remembered choice's file."""
    folder = os.environ.get("BRAGKIT_CONFIG")
    if folder:
        return Path(folder) / FILE_NAME
    import platformdirs

    return Path(platformdirs.user_config_path("bragkit", appauthor=False)) / FILE_NAME


def _choice_of(data: Any) -> Choice:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    game, bots, stack, rules = (data.get("game"), data.get("bots"), data.get("stack"),
                                data.get("rules", {}))
    if not isinstance(game, str) or not isinstance(bots, list) or not all(
            isinstance(b, str) for b in bots) or type(stack) is not int or not isinstance(
            rules, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                    for k, v in rules.items()):
        raise ValueError("its keys are not game, bots, stack and rules")
    return Choice(game=game, bots=tuple(bots), stack=stack, rules=dict(rules))


def load_choice() -> tuple[Choice | None, str]:
    """The remembered choice (None if there is none), and a line saying why a file there could
    not be read ("" when all is well)."""
    path = choice_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, ""
    except (OSError, UnicodeDecodeError) as error:
        return None, f"your saved choices ({path}) cannot be read: {error}; the defaults"
    try:
        return _choice_of(json.loads(text)), ""
    except ValueError as error:
        reason = str(error).split(":")[0]
        return None, f"your saved choices ({path}) are damaged ({reason}): the defaults"


def save_choice(choice: Choice) -> str:
    """Remember ``choice``; "" or a line saying why it could not be saved."""
    path = choice_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(choice.to_dict(), indent=1), encoding="utf-8")
    except OSError as error:
        return f"your choices were not saved ({path}): {error.strerror or error}"
    return ""
