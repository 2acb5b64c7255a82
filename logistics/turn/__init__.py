"""The turn engine (engine.py), its history of earlier states (history.py) and `logistics turn` (cli.py)."""
