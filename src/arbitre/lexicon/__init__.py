"""Word lists: folding, loading user lists and the default list, the compiled word graph."""
