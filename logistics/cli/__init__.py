"""The click command groups that live beside their subject (`logistics rail`, `logistics turn`); cli.py registers them."""
