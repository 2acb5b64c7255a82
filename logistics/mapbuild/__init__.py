"""The map compiler: hex maps of Iberia built from public geography (issue [B]).

`python -m logistics.mapbuild [iberia-europa|iberia-tscw|all]` writes maps/<name>/. Inputs are the
curated files of `data/` (places, rail, roads, terrain areas, rivers, borders, sea zones, and the
maps' grids and fitted transforms) and the land mask of the optional `global-land-mask` package.
Nothing else in `logistics` imports this package.
"""
