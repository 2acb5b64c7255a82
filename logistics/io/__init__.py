"""Reading positions from outside the project: VASSAL saves, spreadsheets (CSV)."""
