"""Types of :mod:`bohn.rl.cwriter` (a Cython module: ``cwriter.pyx``)."""

from array import array
from typing import Any

class BeanWriter:
    py: Any
    pay_by_cards: bool
    def __init__(self, py: Any, pays: list[list[int]] | None) -> None: ...
    def offer_slots(self, game: Any, seat: int) -> tuple[list[int], list[int]]: ...
    def encode(self, game: Any, seat: int) -> array[float]: ...
