"""The files a person names on bohn's command line (``docs/cli.md``, Files).

* Reading: :func:`read_text` gives the text of a UTF-8 file (a byte-order mark
  is dropped), or one line saying what is wrong: no such file, a directory,
  not readable, not UTF-8.
* Writing: :func:`check_output` refuses an output that is also an input, a
  directory, or (without ``--force``) a file that exists; :func:`write_text`
  and :class:`PartFile` write under a temporary name and rename it into place,
  so an interrupted run never leaves half a file under the real name.

Every refusal is a :class:`UsageError`: ``bohn SUB: error: ...`` and exit 2.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO


class UsageError(Exception):
    """A mistake in the command line or its files, reported as one line."""


def _why(err: OSError) -> str:
    return err.strerror or str(err)


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the UTF-8 file at ``path`` (without a byte-order mark)."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"cannot read {p}: it is a directory; name a file")
    try:
        data = p.read_bytes()
    except OSError as err:
        raise UsageError(f"cannot read {p}: {_why(err)}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise UsageError(
            f"cannot read {p}: it is not UTF-8 text (byte {err.start} is 0x{data[err.start]:02x})"
        ) from None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def check_output(
    path: str | os.PathLike[str],
    flag: str,
    *,
    inputs: Sequence[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Refuse to write ``path`` (given with ``flag``) when it is one of the
    ``inputs``, a directory, or a file that exists (unless ``force``)."""
    p = Path(path)
    for i in inputs:
        if _same(p, Path(i)) or p.resolve() == Path(i).resolve():
            raise UsageError(f"{flag} {p} is also an input of this command; name another file")
    if p.is_dir():
        raise UsageError(f"{flag} {p} is a directory; name a file")
    if p.exists() and not force:
        raise UsageError(f"{p} exists; add --force to replace it, or name another file")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"cannot write {p}: there is no directory {parent}")


def _part(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.part")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file renamed into place."""
    p = Path(path)
    part = _part(p)
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, p)
    except OSError as err:
        part.unlink(missing_ok=True)
        raise UsageError(f"cannot write {p}: {_why(err)}") from None


class PartFile:
    """A text file written line by line under a temporary name next to
    ``path`` (``.NAME.PID.part``) and renamed to ``path`` by :meth:`close`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.part = _part(self.path)
        try:
            self._f: IO[str] = self.part.open("w", encoding="utf-8")
        except OSError as err:
            self.part.unlink(missing_ok=True)
            raise UsageError(f"cannot write {self.path}: {_why(err)}") from None

    def write(self, line: str) -> None:
        self._f.write(line)
        self._f.flush()

    def close(self) -> None:
        """The lines written so far, whole, under the real name."""
        if self._f.closed:
            return
        self._f.close()
        os.replace(self.part, self.path)


__all__ = ["PartFile", "UsageError", "check_output", "read_text", "write_text"]
