"""VASSAL saves and modules, read as VASSAL reads them (formats from VASSAL's own Java source)."""
