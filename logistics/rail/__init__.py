"""Rail nets, rail capacity and rail / strategic movement planning (Europa 7A, 43C2; OCS 13.3).

- `nets`: a side's rail-net sections, their rail-marshalling yards and capacities (Europa).
- `europa`, `ocs`: whether a requested rail move is legal, by which routes, and at what cost.
- `planner`: which legal moves fit the capacity (CP-SAT), and why the others do not.
- `moves`: the MOVES.yaml file a player writes; `cli`: the `logistics rail` commands.

Design notes: docs/rail.md.
"""
