"""Generic agents: they play any registered game through the core protocol alone."""
