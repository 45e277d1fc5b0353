"""Examples of training with the research environments (NumPy only)."""
