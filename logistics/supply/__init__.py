"""Supply verdicts: is a unit in supply, and if not, why (rule systems in submodules)."""
from .verdict import Block, LineStep, Verdict

__all__ = ["Block", "LineStep", "Verdict"]
