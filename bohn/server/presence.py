"""Who sits at a table: whether each person's page is connected, and the
notes the log shows when a person left or came back.

A person counts as gone only after their last connection has been closed
for :data:`GRACE` seconds: a reload or a phone switching networks is not
told as leaving. A seat nobody has joined yet is neither gone nor back.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

#: seconds a person's last connection must stay closed before the table is
#: told they left
GRACE = 5.0
#: the most notes a table keeps (the oldest go first)
MOST_NOTES = 40


@dataclass
class Presence:
    """The connections of a table's people (``people``: their seats) and the
    notes of their leaving and coming back."""

    people: frozenset[int]
    grace: float = GRACE
    #: open connections by seat
    open: dict[int, int] = field(default_factory=dict)
    #: the seats told as gone and not back since
    gone: set[int] = field(default_factory=set)
    #: ``{"seq", "seat", "what"}``: ``left`` or ``back``, at the game's state ``seq``
    notes: list[dict[str, Any]] = field(default_factory=list)

    def connected(self) -> list[int]:
        """The people's seats with an open connection."""
        return sorted(s for s, n in self.open.items() if n > 0 and s in self.people)

    def came(self, seat: int | None, seq: int) -> bool:
        """A connection for ``seat`` opened; whether the table has news (a
        person connected, or came back after being told gone)."""
        if seat is None or seat not in self.people:
            return False
        self.open[seat] = self.open.get(seat, 0) + 1
        if seat in self.gone:
            self.gone.discard(seat)
            self._note(seq, seat, "back")
        return self.open[seat] == 1

    def went(self, seat: int | None) -> bool:
        """A connection for ``seat`` closed; whether it was the seat's last
        (then, after :attr:`grace`, :meth:`check` tells whether it left)."""
        if seat is None or seat not in self.people or self.open.get(seat, 0) <= 0:
            return False
        self.open[seat] -= 1
        return self.open[seat] == 0

    def check(self, seat: int, seq: int) -> bool:
        """The grace after ``seat``'s last connection closed is over: if it
        has none still, the table is told it left; whether that was news."""
        if self.open.get(seat, 0) > 0 or seat in self.gone:
            return False
        self.gone.add(seat)
        self._note(seq, seat, "left")
        return True

    def _note(self, seq: int, seat: int, what: str) -> None:
        self.notes.append({"seq": seq, "seat": seat, "what": what})
        del self.notes[:-MOST_NOTES]

    def view(self) -> dict[str, Any]:
        """What every seat's state carries: the connected people and the notes."""
        return {"connected": self.connected(), "notes": list(self.notes)}


__all__ = ["GRACE", "MOST_NOTES", "Presence"]
