"""Rail capacity as a budget of the turn, kept in the position (`capacity_used`).

Europa 7A / 43C2: a yard's capacity serves the phasing player's movement and exploitation phases
together (what movement spends, exploitation no longer has); OCS 13.3b: Rail Cap for a Movement
Phase; TSCW 11.2: the rail and sea limits of the turn. A yard's spending is kept under the yard's
name; a pool that is no yard's (Rail Cap, TSCW's limits) under the side and the pool's name. The
game object says when its capacity comes anew (`Game.capacity_resets`)."""
from __future__ import annotations

from dataclasses import replace

from logistics.position import Position
from logistics.rail.model import Candidate, Pool

EPSILON = 1e-9


def pool_key(side: str, pool: Pool) -> str:
    return f"{side} {pool.name}"


def remaining(used: dict[str, float]):
    """A `budget` for the planner: each pool less what this turn has spent of it."""
    def take_off(pools: list[Pool], side: str) -> None:
        for pool in pools:
            for yard in pool.yards:
                pool.yards[yard] = max(0.0, pool.yards[yard] - used.get(yard, 0.0))
            pool.base = max(0.0, pool.base - used.get(pool_key(side, pool), 0.0))
    return take_off


def spend(used: dict[str, float], pool: Pool, side: str, chosen: Candidate) -> dict[str, float]:
    """`used` after a move costing `chosen.cost` on `pool` (its remaining capacities): the base
    first, then the yards in name order; what 7A4b temporary increases pay is not kept (they are
    spent in the phase that buys them)."""
    used, cost = dict(used), chosen.cost
    if pool.base > EPSILON and cost > EPSILON:
        part = min(cost, pool.base)
        key = pool_key(side, pool)
        used[key] = used.get(key, 0.0) + part
        pool.base -= part
        cost -= part
    for yard in sorted(pool.yards):
        if cost <= EPSILON:
            break
        part = min(cost, pool.yards[yard])
        if part > EPSILON:
            used[yard] = used.get(yard, 0.0) + part
            pool.yards[yard] -= part
            cost -= part
    return {k: v for k, v in sorted(used.items()) if v > EPSILON}


def reset(position: Position) -> tuple[Position, list[str]]:
    """A new turn's capacity: nothing spent yet."""
    if not position.capacity_used:
        return position, []
    spent = ", ".join(f"{k} {v:g}" for k, v in sorted(position.capacity_used.items()))
    return replace(position, capacity_used={}), [f"capacity reset for the new turn (was spent: {spent})"]


# Europa 30A: a port's capacity is what the phase's naval transport may embark and disembark
# there, whatever orders files (and commands) give it: what is spent is kept in `capacity_used`
# under "port NAME" until the phase ends.
PORT = "port "


def port_spent(used: dict[str, float]) -> dict[str, float]:
    """REs through each port this phase, by the port's name."""
    return {k[len(PORT):]: v for k, v in used.items() if k.startswith(PORT)}


def with_ports(used: dict[str, float], spent: dict[str, float]) -> dict[str, float]:
    """`used` with the ports' REs of this phase set to `spent`."""
    kept = {k: v for k, v in used.items() if not k.startswith(PORT)}
    kept.update({PORT + name: v for name, v in spent.items() if v > EPSILON})
    return dict(sorted(kept.items()))


def reset_ports(position: Position) -> tuple[Position, list[str]]:
    """A new phase: no REs through any port yet (30A)."""
    spent = port_spent(position.capacity_used)
    if not spent:
        return position, []
    return replace(position, capacity_used=with_ports(position.capacity_used, {})), [
        "30A: port capacity comes anew with the phase (was spent: "
        + ", ".join(f"{k} {v:g} REs" for k, v in sorted(spent.items())) + ")"]
