# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The bean games' state writer in C (Cython), built by ``make native``.

:class:`BeanWriter` writes the same vector as :class:`bohn.rl.state.BeanStateWriter`
(the reference, compiled by mypyc; the pure-Python build uses it alone), from
the same parts of the engine's state, but straight into the vector's floats:
no memo of blocks, no boxed numbers. It writes the bean games' blocks
itself and hands the rest to the reference writer it was made from: the
offers' slots (a state with open offers) and every ruleset's own blocks
(its :class:`~bohn.rl.state.ExtraWriter`\\ s), through a memoryview of the
same vector.

It reads exactly what the reference reads. A field's pay is read from a
table by its top card and size where the ruleset prices a field by those
alone (``pays``: :meth:`bohn.rl.parts.BeanEncoding.field_pays`, which asks
the rules), else asked of the game (``field_pays(seat)``: each field's
``harvest_value``). The tests compare its vector with the
reference's and with the dict encoder's at every step of seeded games of
every bean ruleset.
"""

from cpython.array cimport array, clone
from cpython.mem cimport PyMem_Free, PyMem_Malloc

from bohn.engine.cards import PAYOUT_LIMIT


cdef inline float capped(double x, double most) noexcept:
    return <float>(x if x < most else most)


cdef inline int rel(long s, long seat, long n) noexcept:
    """``(s - seat) % n`` as Python computes it (never negative)."""
    cdef long r = (s - seat) % n
    return <int>(r + n if r < 0 else r)


cdef class BeanWriter:
    """The bean games' blocks of one configuration (see the module docstring),
    made from its reference writer ``py`` (a ``BeanStateWriter``) and
    ``pays``, what a field pays by its top card and size (a row per card,
    sizes 0 ... ``PAYOUT_LIMIT``), or None: ask ``game.field_pays``."""

    cdef readonly object py
    cdef readonly bint pay_by_cards
    cdef array zero
    cdef dict phases
    cdef list extras
    cdef int n, nk, nb, nf, reveal, size, limit
    cdef double total
    cdef int o_phase, o_turn, o_active, o_first, o_planted, o_deck, o_exh, o_final
    cdef int o_last, o_wait, o_discard, o_top, o_dsize, o_revealed, o_hand, o_coins
    cdef int* o_seats
    cdef int* side
    cdef int* pays
    cdef int* counts
    cdef int* bean_counts

    def __cinit__(self, py, pays):
        cdef int k, c, j
        self.o_seats = NULL
        self.side = NULL
        self.pays = NULL
        self.counts = NULL
        self.bean_counts = NULL
        self.py = py
        self.pay_by_cards = pays is not None
        self.n = py.n
        self.nk = py.nk
        self.nb = py.nb
        self.nf = py.fields
        self.reveal = py.reveal
        self.size = py.size
        self.total = py.total
        self.phases = dict(py.phases)
        self.extras = list(py.extras)
        self.zero = array("f", bytes(4 * self.size))
        self.o_phase = py.o_phase
        self.o_turn = py.o_turn
        self.o_active = py.o_active
        self.o_first = py.o_first
        self.o_planted = py.o_planted
        self.o_deck = py.o_deck
        self.o_exh = py.o_exh
        self.o_final = py.o_final
        self.o_last = py.o_last
        self.o_wait = py.o_wait
        self.o_discard = py.o_discard
        self.o_top = py.o_top
        self.o_dsize = py.o_dsize
        self.o_revealed = py.o_revealed
        self.o_hand = py.o_hand
        self.o_coins = py.o_coins
        if py.o_counts != self.o_hand + 10 * self.nk:
            raise ValueError("hand_counts must follow the 10 positions of hand")
        self.limit = PAYOUT_LIMIT
        if pays is not None and (
            len(pays) != self.nk or any(len(row) != self.limit + 1 for row in pays)
        ):
            raise ValueError("pays must hold a row of PAYOUT_LIMIT + 1 pays per card")
        self.o_seats = <int*> PyMem_Malloc(self.n * sizeof(int))
        self.side = <int*> PyMem_Malloc(self.nk * sizeof(int))
        self.pays = <int*> PyMem_Malloc(self.nk * (self.limit + 1) * sizeof(int))
        self.counts = <int*> PyMem_Malloc(self.nk * sizeof(int))
        self.bean_counts = <int*> PyMem_Malloc(max(1, self.nb) * sizeof(int))
        if (not self.o_seats or not self.side or not self.pays or not self.counts
                or not self.bean_counts):
            raise MemoryError()
        for k in range(self.n):
            self.o_seats[k] = py.o_seats[k]
        for c in range(self.nk):
            self.side[c] = py.side[c]
            self.counts[c] = 0
            for j in range(self.limit + 1):
                self.pays[c * (self.limit + 1) + j] = pays[c][j] if pays is not None else 0
        for c in range(self.nb):
            self.bean_counts[c] = 0

    def __dealloc__(self):
        PyMem_Free(self.o_seats)
        PyMem_Free(self.side)
        PyMem_Free(self.pays)
        PyMem_Free(self.counts)
        PyMem_Free(self.bean_counts)

    def offer_slots(self, game, int seat):
        """The ids of the open offers made to / by ``seat``, oldest first."""
        return self.py.offer_slots(game, seat)

    cdef void hist(self, list cards, int base, double scale, double most, float* out):
        """:func:`bohn.rl.state.write_hist`: the histogram of ``cards`` at
        ``base``, count / ``scale``, at most ``most``."""
        cdef Py_ssize_t n = len(cards)
        cdef Py_ssize_t i
        cdef int c, k, first
        cdef int* counts = self.counts
        cdef bint same = True
        if n == 0:
            return
        first = cards[0]
        for i in range(1, n):
            if <int>cards[i] != first:
                same = False
                break
        if same:
            out[base + first] = capped(<double>n / scale, most)
            return
        for i in range(n):
            counts[<int>cards[i]] += 1
        for i in range(n):
            c = cards[i]
            k = counts[c]
            if k:
                out[base + c] = capped(<double>k / scale, most)
                counts[c] = 0

    def encode(self, game, int seat):
        """The seat's vector as a fresh ``array('f')``."""
        cdef array out = clone(self.zero, self.size, True)
        cdef float* v = out.data.as_floats
        cdef int n = self.n
        cdef int nk = self.nk
        cdef double total = self.total
        cdef int ph, j, k, s, a, c, b
        cdef Py_ssize_t m
        cdef list discard, revealed, hand, coins
        ph = self.phases.get(game.phase_name, -1)
        if ph >= 0:
            v[self.o_phase + ph] = 1.0
        x = game.turn
        if x:
            v[self.o_turn] = capped(<double>x / 100.0, 10.0)
        x = game.planted
        if x:
            v[self.o_planted] = capped(<double>x / 2.0, 10.0)
        m = len(game.deck)
        if m:
            v[self.o_deck] = capped(<double>m / total, 1.0)
        x = game.exhaustions
        if x:
            v[self.o_exh] = capped(<double>x / 4.0, 2.0)
        x = game.final_exhaustion()
        if x:
            v[self.o_final] = capped(<double>x / 4.0, 2.0)
        a = game.active
        if 0 <= a < n:
            v[self.o_active + rel(a, seat, n)] = 1.0
        a = game.start
        if 0 <= a < n:
            v[self.o_first + rel(a, seat, n)] = 1.0
        if game.final:
            v[self.o_last] = 1.0
        for x in game.waiting_for():
            v[self.o_wait + rel(x, seat, n)] = 1.0
        discard = game.discard
        if discard:
            self.hist(discard, self.o_discard, 10.0, total / 10.0, v)
            v[self.o_top + <int>discard[len(discard) - 1]] = 1.0
            v[self.o_dsize] = capped(<double>len(discard) / total, 1.0)
        revealed = game.revealed
        m = len(revealed)
        if m > self.reveal:
            m = self.reveal
        for j in range(m):
            v[self.o_revealed + j * nk + <int>revealed[j]] = 1.0
        fields = game.fields
        hands = game.hands
        coins_of = game.coins
        trade = game.trade
        proposals = game.proposals
        for k in range(n):
            s = (seat + k) % n
            self.write_seat(game, s, self.o_seats[k], fields[s], hands[s], coins_of[s], trade[s],
                      proposals[s], v)
        hand = hands[seat]
        m = len(hand)
        if m:
            for j in range(10 if m > 10 else m):
                v[self.o_hand + j * nk + <int>hand[j]] = 1.0
            self.hist(hand, self.o_hand + 10 * nk, 5.0, total / 5.0, v)
        coins = coins_of[seat]
        if coins:
            for j in range(len(coins)):
                b = self.side[<int>coins[j]]
                if b >= 0:
                    self.bean_counts[b] += 1
            for b in range(self.nb):
                k = self.bean_counts[b]
                if k:
                    v[self.o_coins + b] = capped(<double>k / 10.0, total / 10.0)
                    self.bean_counts[b] = 0
        if game.offers or self.extras:
            view = memoryview(out)
            if game.offers:
                self.py._offers(game, seat, view)
            for w in self.extras:
                w.write(game, seat, view)
        return out

    cdef void write_seat(self, game, int s, int base0, list flds, list hand, list coins, list area,
                   long proposals, float* v) except *:
        """Seat ``s``'s block at ``base0`` (``BeanStateWriter._seat_write``)."""
        cdef int nk = self.nk
        cdef int nf = self.nf
        cdef double total = self.total
        cdef int per_field = 3 + 2 * nk
        cdef int j, base, top, pay, row
        cdef Py_ssize_t size
        cdef long room
        cdef list f
        cdef list field_pays = None
        v[base0] = capped(<double>len(hand) / 10.0, 10.0)
        v[base0 + 1] = capped(<double>len(coins) / 10.0, 10.0)
        room = <long>game.cap(s) - proposals
        v[base0 + 2] = capped((<double>room if room > 0 else 0.0) / 20.0, 10.0)
        v[base0 + 3] = <float>(<double>len(flds) / nf)
        if area:
            self.hist(area, base0 + 4, 3.0, total / 3.0, v)
        for j in range(len(flds) if len(flds) < nf else nf):
            f = flds[j]
            base = base0 + 4 + nk + j * per_field
            v[base] = 1.0
            size = len(f)
            if size:
                v[base + 1] = capped(<double>size / 10.0, total / 10.0)
                top = f[size - 1]
                if self.pay_by_cards:
                    row = <int>size if size < self.limit else self.limit
                    pay = self.pays[top * (self.limit + 1) + row]
                else:
                    if field_pays is None:
                        field_pays = game.field_pays(s)
                    pay = field_pays[j]
                if pay:
                    v[base + 2] = capped(<double>pay / 4.0, 10.0)
                v[base + 3 + top] = 1.0
                self.hist(f, base + 3 + nk, 10.0, total / 10.0, v)
