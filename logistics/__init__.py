"""logistics: a solver-based supply and logistics analyzer for hex-and-counter wargames."""

__version__ = "0.1.0"
