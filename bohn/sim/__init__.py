"""Running games: one game (:mod:`bohn.sim.runner`) and batches of them."""
