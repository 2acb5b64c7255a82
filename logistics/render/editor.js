"use strict";
// The map editor: paint terrain, toggle hexside features, draw rail and roads, place cities and
// ports; save a correction file (docs/map-format.md, "Corrections"). No library, no network.
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const svg = document.getElementById("map-svg");
  const NS = "http://www.w3.org/2000/svg";
  const overlay = document.createElementNS(NS, "g");
  overlay.setAttribute("id", "edits-layer");
  svg.appendChild(overlay);
  const $ = function (id) { return document.getElementById(id); };
  const size = data.size;

  // The state: the map as shown, changed by each click. Saving compares it with the map read.
  const terrain = {};                  // hex -> [terrain, partial sea]
  const sides = {};                    // "A/B" -> features now (only hexsides touched)
  const tracks = {rail: {}, road: {}}; // "A/B" -> class now, or "" (taken out)
  const places = {city: {}, port: {}}; // name -> {size|class, hex} now, or null (removed)
  let anchor = null;                   // the last hex of the rail or road being drawn

  function key(a, b) { return a < b ? a + "/" + b : b + "/" + a; }
  function original(kind) { return kind === "rail" ? data.rail : data.roads; }
  function status(text) { $("status").textContent = text; }

  function shape(tag, attrs) {
    const node = document.createElementNS(NS, tag);
    for (const k in attrs) node.setAttribute(k, attrs[k]);
    overlay.appendChild(node);
    return node;
  }
  function shared(a, b) {   // the two corners hexes a and b share
    const ca = data.hexes[a].c, cb = data.hexes[b].c;
    return ca.filter(function (p) {
      return cb.some(function (q) { return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) < size * 0.01; });
    });
  }

  function svgPoint(ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  function nearestHex(x, y) { return nearestHexOf(data.hexes, size, x, y); }
  function nearestSide(x, y) {   // the hex clicked and its neighbour nearest the click
    const a = nearestHex(x, y);
    if (!a) return null;
    let best = null, dist = Infinity;
    data.hexes[a].n.forEach(function (b) {
      const h = data.hexes[b];
      const d = (h.x - x) * (h.x - x) + (h.y - y) * (h.y - y);
      if (d < dist) { dist = d; best = b; }
    });
    return best ? [a, best] : null;
  }

  // --- the tools ---------------------------------------------------------------------------------
  function paintTerrain(id) {
    terrain[id] = [$("terrain").value, $("partial").checked];
    status("hex " + id + ": " + terrain[id][0] + (terrain[id][1] ? " (partial sea)" : ""));
  }
  function toggleSide(pair) {
    const k = key(pair[0], pair[1]), feature = $("feature").value;
    const now = new Set(k in sides ? sides[k] : (data.sides[k] || []));
    if (now.has(feature)) now.delete(feature); else now.add(feature);
    sides[k] = Array.from(now).sort();
    status("hexside " + k + ": " + (sides[k].join(", ") || "none"));
  }
  function drawTrack(kind, id) {
    if (anchor && data.hexes[anchor].n.indexOf(id) >= 0) {
      const k = key(anchor, id), had = k in tracks[kind] ? tracks[kind][k] : (original(kind)[k] || "");
      tracks[kind][k] = had ? "" : $(kind + "-class").value;
      status(kind + " " + anchor + "-" + id + ": " + (tracks[kind][k] || "none"));
    } else {
      status(kind + " from " + id + ": click an adjacent hex");
    }
    anchor = id;
  }
  function placeAt(kind, id) {
    const name = $("place-name").value.trim();
    const known = kind === "city" ? data.cities : data.ports;
    if ($("remove-place").checked) {
      const here = Object.keys(known).concat(Object.keys(places[kind])).find(function (n) {
        const p = n in places[kind] ? places[kind][n] : {hex: (known[n].hexes || [known[n].hex])[0]};
        return p && p.hex === id;
      });
      if (!here) { status("no " + kind + " at " + id); return; }
      places[kind][here] = null;
      status(kind + " " + here + " removed");
      return;
    }
    if (!name) { status("give the " + kind + "'s name first"); return; }
    const value = kind === "city" ? $("city-size").value : $("port-class").value;
    places[kind][name] = {value: value, hex: id};
    status(kind + " " + name + ": " + value + " at " + id);
  }

  // --- what is drawn over the map ----------------------------------------------------------------
  function redraw() {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    for (const id in terrain) {
      shape("polygon", {points: data.hexes[id].c.map(function (p) { return p.join(","); }).join(" "),
                        fill: data.colours[terrain[id][0]], stroke: "#d0006f", "stroke-width": size * 0.12,
                        "data-edit": "terrain"});
    }
    for (const k in sides) {
      const ends = shared.apply(null, k.split("/"));
      if (ends.length === 2) {
        shape("line", {x1: ends[0][0], y1: ends[0][1], x2: ends[1][0], y2: ends[1][1], stroke: "#d0006f",
                       "stroke-width": size * 0.35, "data-edit": "hexside"});
      }
    }
    ["rail", "road"].forEach(function (kind) {
      for (const k in tracks[kind]) {
        const ab = k.split("/").map(function (id) { return data.hexes[id]; });
        shape("line", {x1: ab[0].x, y1: ab[0].y, x2: ab[1].x, y2: ab[1].y,
                       stroke: "#d0006f", "stroke-width": size * (kind === "rail" ? 0.3 : 0.2),
                       "stroke-dasharray": tracks[kind][k] ? "" : size * 0.3,   // dashed: taken out
                       "data-edit": kind});
      }
    });
    ["city", "port"].forEach(function (kind) {
      for (const name in places[kind]) {
        const p = places[kind][name];
        if (!p) continue;
        const h = data.hexes[p.hex];
        shape(kind === "city" ? "circle" : "rect", kind === "city"
          ? {cx: h.x, cy: h.y, r: size * 0.4, fill: "#d0006f", "data-edit": kind}
          : {x: h.x - size * 0.35, y: h.y - size * 0.35, width: size * 0.7, height: size * 0.7,
             fill: "#d0006f", "data-edit": kind});
        const t = shape("text", {x: h.x + size * 0.6, y: h.y, "font-size": size, fill: "#d0006f"});
        t.textContent = name;
      }
    });
    $("edits").textContent = corrections();
  }

  // --- the correction file ---------------------------------------------------------------------------
  // Only what differs from the map read is written, so every entry changes something.
  function q(text) { return JSON.stringify(text); }
  function corrections() {
    const out = {terrain: [], hexsides: [], rail: [], roads: [], cities: [], ports: []};
    Object.keys(terrain).sort().forEach(function (id) {
      const h = data.hexes[id], t = terrain[id];
      const parts = ["hex: " + q(id)];
      if (t[0] !== h.t) parts.push("terrain: " + t[0]);
      if (t[1] !== h.p) parts.push("partial_sea: " + t[1]);
      if (parts.length > 1) out.terrain.push("{" + parts.join(", ") + "}");
    });
    Object.keys(sides).sort().forEach(function (k) {
      const was = data.sides[k] || [], now = sides[k];
      now.filter(function (f) { return was.indexOf(f) < 0; }).forEach(function (f) {
        out.hexsides.push("{side: " + q(k) + ", add: " + f + "}");
      });
      was.filter(function (f) { return now.indexOf(f) < 0; }).forEach(function (f) {
        out.hexsides.push("{side: " + q(k) + ", remove: " + f + "}");
      });
    });
    [["rail", "rail"], ["road", "roads"]].forEach(function (pair) {
      const kind = pair[0], before = original(kind);
      Object.keys(tracks[kind]).sort().forEach(function (k) {
        const hexes = "[" + k.split("/").map(q).join(", ") + "]", now = tracks[kind][k], was = before[k] || "";
        if (now === was) return;
        if (was) out[pair[1]].push("{remove: " + hexes + "}");
        if (now) out[pair[1]].push("{add: " + hexes + ", class: " + now + "}");
      });
    });
    [["city", "cities", "size"], ["port", "ports", "class"]].forEach(function (t) {
      const known = t[0] === "city" ? data.cities : data.ports;
      Object.keys(places[t[0]]).sort().forEach(function (name) {
        const p = places[t[0]][name], old = known[name];
        if (p === null) { if (old) out[t[1]].push("{name: " + q(name) + ", remove: true}"); return; }
        const oldHex = old ? (old.hexes || [old.hex])[0] : null;
        const parts = ["name: " + q(name)];
        if (!old || old[t[2]] !== p.value) parts.push(t[2] + ": " + p.value);
        if (!old || oldHex !== p.hex) parts.push("hex: " + q(p.hex));
        if (parts.length > 1) out[t[1]].push("{" + parts.join(", ") + "}");
      });
    });
    const lines = ["# Corrections to map " + data.map + " (docs/map-format.md, \"Corrections\")"];
    for (const section in out) {
      if (!out[section].length) continue;
      lines.push(section + ":");
      out[section].forEach(function (entry) { lines.push("  - " + entry); });
    }
    return lines.join("\n") + "\n";
  }

  svg.addEventListener("click", function (ev) {
    const p = svgPoint(ev), mode = $("mode").value;
    if (mode === "hexside") {
      const pair = nearestSide(p.x, p.y);
      if (pair) toggleSide(pair);
    } else {
      const id = nearestHex(p.x, p.y);
      if (!id) return;
      if (mode === "terrain") paintTerrain(id);
      else if (mode === "rail" || mode === "road") drawTrack(mode, id);
      else placeAt(mode, id);
    }
    redraw();
  });
  $("mode").addEventListener("change", function () { anchor = null; });
  $("save").addEventListener("click", function () {
    const blob = new Blob([corrections()], {type: "application/x-yaml"});
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = $("file-name").value.trim() || "corrections.yaml";
    document.body.appendChild(link);
    link.click();
    link.remove();
    status("saved " + link.download + ": put it in the map folder's corrections/");
  });
  redraw();
})();
