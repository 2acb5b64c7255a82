"use strict";
// The supply page: hover a unit, click a hex, switch layers, search. No library, no network.
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const svg = document.getElementById("map-svg");
  const info = document.getElementById("info");
  const NS = "http://www.w3.org/2000/svg";
  const overlay = document.createElementNS(NS, "g");
  overlay.setAttribute("id", "hover");
  svg.appendChild(overlay);

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function el(tag, attrs) {
    const node = document.createElementNS(NS, tag);
    for (const k in attrs) node.setAttribute(k, attrs[k]);
    overlay.appendChild(node);
    return node;
  }
  function para(parent, text, id) {
    const p = document.createElement(id === "h3" ? "h3" : "p");
    p.textContent = text;
    if (id && id !== "h3") p.id = id;
    parent.appendChild(p);
    return p;
  }

  function showUnit(id) {
    const u = data.units[id];
    if (!u) return;
    clear(overlay);
    const size = data.size;
    if (u.line.length > 1) {
      const pts = u.line.map(function (p) { return p[0] + "," + p[1]; }).join(" ");
      el("polyline", {points: pts, fill: "none", stroke: "#F0E442", "stroke-width": size * 0.6,
                      "stroke-linecap": "round", "stroke-linejoin": "round"});
      el("polyline", {id: "unit-line", points: pts, fill: "none", stroke: "#000", "stroke-width": size * 0.22,
                      "stroke-linecap": "round", "stroke-linejoin": "round", "data-for": id});
    }
    if (u.block) {
      el("circle", {id: "unit-block", cx: u.block[0], cy: u.block[1], r: size * 0.8, fill: "none",
                    stroke: "#000", "stroke-width": size * 0.2});
    }
    clear(info);
    para(info, id, "h3");
    para(info, u.verdict.join("\n"), "unit-verdict");
  }

  function nearestHex(x, y) { return nearestHexOf(data.hexes, data.size, x, y); }

  function showHex(id) {
    const h = data.hexes[id];
    clear(info);
    para(info, "hex " + id, "hex-id");
    para(info, "terrain: " + h.terrain + (h.city ? "\ncity: " + h.city : "") + "\ncountry: " + h.country +
         "\nowner: " + h.owner + "\nunits: " + (h.units.join(", ") || "none"));
    const lines = data.sides.map(function (s) { return s + ": " + h.entry[s]; });
    para(info, "a supply line of\n" + lines.join("\n"), "hex-entry");
    clear(overlay);
    el("circle", {cx: h.x, cy: h.y, r: data.size, fill: "none", stroke: "#000", "stroke-width": data.size * 0.15});
  }

  svg.addEventListener("mouseover", function (ev) {
    const target = ev.target.closest("[data-unit]");
    if (target) showUnit(target.getAttribute("data-unit"));
  });
  svg.addEventListener("click", function (ev) {
    if (ev.target.closest("[data-unit]")) return;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const id = nearestHex(p.x, p.y);
    if (id) showHex(id);
  });

  document.querySelectorAll("#layers input").forEach(function (box) {
    box.addEventListener("change", function () {
      const name = box.getAttribute("data-layer");
      document.querySelectorAll("g.layer-" + name).forEach(function (g) {
        g.classList.toggle("hidden", !box.checked);
      });
    });
  });

  const search = document.getElementById("search");
  search.addEventListener("change", function () {
    const q = search.value.trim().toLowerCase();
    if (!q) return;
    // An exact name first (unit, then city), then a part of one.
    const units = Object.keys(data.units), cities = Object.keys(data.cities);
    const exact = function (n) { return n.toLowerCase() === q; };
    const part = function (n) { return n.toLowerCase().indexOf(q) >= 0; };
    const unit = units.find(exact), city = cities.find(exact);
    if (unit) { showUnit(unit); return; }
    if (city) { showHex(data.cities[city]); return; }
    const someUnit = units.find(part), someCity = cities.find(part);
    if (someUnit) { showUnit(someUnit); return; }
    if (someCity) { showHex(data.cities[someCity]); return; }
    clear(info);
    para(info, "nothing named " + search.value);
  });
})();
