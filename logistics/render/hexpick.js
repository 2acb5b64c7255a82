"use strict";
// Shared by the supply page and the map editor: the id of the hex whose centre is nearest the
// picture point x, y (null when the point lies off the map's hexes).
function nearestHexOf(hexes, size, x, y) {
  let best = null, dist = Infinity;
  for (const id in hexes) {
    const h = hexes[id];
    const d = (h.x - x) * (h.x - x) + (h.y - y) * (h.y - y);
    if (d < dist) { dist = d; best = id; }
  }
  return dist <= size * size * 1.1 ? best : null;
}
