"""The rulings of the seeded games, catalogued (catalogue/*.yaml) and checked by executable cases."""
