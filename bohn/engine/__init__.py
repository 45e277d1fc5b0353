"""The rules core of bohn: cards, actions, errors, the game contract and the
mechanics the bean games share. No I/O and no third-party dependency."""
