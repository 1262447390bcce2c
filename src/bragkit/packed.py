"""Rows of text kept compressed: :class:`PackedRows`, where a long session keeps what it holds of
each finished deal (its events, its ledger entries, its record) in a few dozen bytes.

A row is a line of text (no NUL character). Rows are appended, read back by their index, and
never changed but the last (which :meth:`PackedRows.replace_last` rewrites: a kept hand changes
the last deal's result, R2). They are compressed a block of :attr:`PackedRows.block` rows at a
time; the last block stays open as text until it is full, and the last block read is kept
decompressed, so reading rows in order costs one decompression a block.

>>> rows = PackedRows(block=2)
>>> for text in ["deal 1", "deal 2", "deal 3"]:
...     rows.append(text)
>>> len(rows), rows[0], rows[-1], rows[1:]
(3, 'deal 1', 'deal 3', ['deal 2', 'deal 3'])
>>> rows.replace_last("deal 3, kept")
>>> list(rows.rows_from(1))
['deal 2', 'deal 3, kept']
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, overload

__all__ = ["PackedRows"]

#: The separator of the rows of a block (a row holds none).
_NUL: Final = "\x00"
#: zlib's level: 1 packs a session's rows about as small as 6 does, several times faster.
_LEVEL: Final = 1
#: How a block's text is kept as bytes: UTF-8, a lone surrogate (a Python string may hold one)
#: kept as its own three bytes, so every string without NUL is a row.
_ERRORS: Final = "surrogatepass"


class PackedRows(Sequence[str]):
    """An append-only sequence of text rows, compressed ``block`` rows at a time (see the
    module docstring)."""

    __slots__ = ("_blocks", "_cached", "_cached_at", "_tail", "block")

    def __init__(self, rows: Iterable[str] = (), *, block: int = 256) -> None:
        if type(block) is not int or block < 1:
            raise ValueError(f"a block holds at least one row, not {block!r}")
        self.block = block
        self._blocks: list[bytes] = []
        self._tail: list[str] = []
        self._cached: list[str] = []
        self._cached_at = -1
        for row in rows:
            self.append(row)

    def append(self, row: str) -> None:
        """Add ``row`` at the end."""
        if _NUL in row:
            raise ValueError("a packed row holds no NUL character")
        tail = self._tail
        if len(tail) == self.block:  # the open block is full: close it (the new row opens one)
            self._blocks.append(zlib.compress(_NUL.join(tail).encode("utf-8", _ERRORS), _LEVEL))
            tail = self._tail = []
        tail.append(row)

    def extend(self, rows: Sequence[str]) -> None:
        """Add ``rows`` at the end, in order (as many :meth:`append` calls; a row with a NUL
        character refuses them all).

        >>> rows = PackedRows(["a"], block=2)
        >>> rows.extend(["b", "c", "d", "e"])
        >>> list(rows), len(rows)
        (['a', 'b', 'c', 'd', 'e'], 5)
        """
        if any(_NUL in row for row in rows):
            raise ValueError("a packed row holds no NUL character")
        tail, block, at = self._tail, self.block, 0
        while at < len(rows):
            if len(tail) == block:  # the open block is full: close it
                self._blocks.append(zlib.compress(_NUL.join(tail).encode("utf-8", _ERRORS),
                                                  _LEVEL))
                tail = self._tail = []
            taken = rows[at:at + block - len(tail)]
            tail += taken
            at += len(taken)

    def replace_last(self, row: str) -> None:
        """Rewrite the last row (it is always in the open block)."""
        if not self._tail:
            raise IndexError("no row to replace")
        if _NUL in row:
            raise ValueError("a packed row holds no NUL character")
        self._tail[-1] = row

    def __len__(self) -> int:
        return len(self._blocks) * self.block + len(self._tail)

    def _rows_of(self, number: int) -> list[str]:
        """The rows of block ``number`` (the open block is the one after the closed ones)."""
        if number == len(self._blocks):
            return self._tail
        if number != self._cached_at:
            text = zlib.decompress(self._blocks[number]).decode("utf-8", _ERRORS)
            self._cached = text.split(_NUL)
            self._cached_at = number
        return self._cached

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        size = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(size)
            if step == 1:
                return list(self.rows_from(start, stop))
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("row index out of range")
        number, offset = divmod(index, self.block)
        return self._rows_of(number)[offset]

    def rows_from(self, start: int, stop: int | None = None) -> Iterator[str]:
        """The rows from index ``start`` (to ``stop``), a block decompressed at a time and none
        kept: reading every row in order holds one block at once."""
        stop = len(self) if stop is None else min(stop, len(self))
        index = max(start, 0)
        while index < stop:
            number, offset = divmod(index, self.block)
            if number == len(self._blocks):
                rows = self._tail
            elif number == self._cached_at:
                rows = self._cached
            else:
                rows = zlib.decompress(self._blocks[number]).decode("utf-8", _ERRORS).split(_NUL)
            end = min(len(rows), offset + stop - index)
            yield from rows[offset:end]
            index += end - offset

    def __iter__(self) -> Iterator[str]:
        return self.rows_from(0)

    @property
    def nbytes(self) -> int:
        """The bytes the compressed blocks hold (the open block's text not counted)."""
        return sum(len(block) for block in self._blocks)

    def __repr__(self) -> str:
        return f"<PackedRows: {len(self)} rows in {len(self._blocks)} blocks>"
