"""The general supply status a Europa verdict gives (12B, 12C2, 12C3)."""

IN_SUPPLY = "in supply"
ON_POINTS = "in supply (supply points)"
OUT_OF_SUPPLY = "out of supply"
NOT_CHECKED = "not checked"
LIMITED = "in supply (limited source)"  # 12C2
