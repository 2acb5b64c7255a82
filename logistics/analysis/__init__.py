"""Questions about a position beyond its verdicts: where supply is weakest (the hexes whose loss
cuts the most, `cuts`, with the max-flow model in `flow`) and what changes if pieces move
(`whatif`). Every answer is re-judged by the game's own supply engine."""
