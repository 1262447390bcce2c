"""Where the terminal writes records: :func:`default_save_dir` and :func:`write_fresh` (never
over an earlier file).

>>> default_save_dir().name
'records'
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["default_save_dir", "write_fresh"]


def default_save_dir() -> Path:
    """Where ``w`` saves without ``--save-dir``: bragkit's folder in the user's data dir."""
    import platformdirs

    return Path(platformdirs.user_data_path("bragkit", appauthor=False)) / "records"


def write_fresh(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """Write ``text`` to ``folder/stem+suffix``, or ``stem-2``, ``stem-3``… : the first name
    not taken (an earlier file is never overwritten). Returns the path.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [write_fresh(Path(folder), "deal-0001", ".bhh", "x").name for _ in range(3)]
    ['deal-0001.bhh', 'deal-0001-2.bhh', 'deal-0001-3.bhh']
    """
    folder.mkdir(parents=True, exist_ok=True)
    count = 1
    while True:
        path = folder / (f"{stem}{suffix}" if count == 1 else f"{stem}-{count}{suffix}")
        try:
            with path.open("x", encoding="utf-8") as file:
                file.write(text)
        except FileExistsError:
            count += 1
            continue
        return path
