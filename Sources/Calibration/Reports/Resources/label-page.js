"use strict";
(function () {
  const data = JSON.parse(document.getElementById("sheet-data").textContent);
  const dims = data.dimensions;
  const blank = () => ({ position: 0, active: 0, scores: data.rows.map(() => ({})), notes: data.rows.map(() => "") });
  let state = blank();
  try {
    const saved = JSON.parse(localStorage.getItem(data.storageKey) || "null");
    if (saved && Array.isArray(saved.scores) && saved.scores.length === data.rows.length) state = saved;
  } catch (e) { console.warn("saved progress unreadable; starting afresh"); }
  const save = () => localStorage.setItem(data.storageKey, JSON.stringify(state));
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const complete = s => dims.every(d => s[d.column] !== undefined);
  function render() {
    const i = state.position, row = data.rows[i];
    document.getElementById("position").textContent = "Row " + (i + 1) + " of " + data.rows.length;
    document.getElementById("progress").textContent = state.scores.filter(complete).length + " of " + data.rows.length + " rows scored";
    document.getElementById("row-id").textContent = row.id + (row.rater ? " (rater " + row.rater + ")" : "");
    const context = document.getElementById("context");
    context.replaceChildren();
    data.contextColumns.forEach((name, c) => {
      context.append(el("dt", name));
      const dd = el("dd");
      dd.append(el("pre", row.context[c], "text"));
      context.append(dd);
    });
    const scoring = document.getElementById("scoring");
    scoring.replaceChildren();
    dims.forEach((d, k) => {
      const box = el("fieldset", undefined, k === state.active ? "dimension active" : "dimension");
      box.dataset.dimension = d.column;
      box.append(el("legend", d.name));
      d.levels.forEach((level, n) => {
        const b = el("button", level.label, "level");
        b.type = "button";
        b.title = level.description;
        b.dataset.level = level.label;
        b.setAttribute("aria-pressed", String(state.scores[i][d.column] === level.label));
        b.addEventListener("click", () => score(k, n));
        box.append(b);
      });
      scoring.append(box);
    });
    document.getElementById("note").value = state.notes[i];
  }
  function score(k, n) {
    state.scores[state.position][dims[k].column] = dims[k].levels[n].label;
    state.active = Math.min(k + 1, dims.length - 1);
    save();
    render();
  }
  function move(step) {
    state.position = Math.max(0, Math.min(data.rows.length - 1, state.position + step));
    state.active = 0;
    save();
    render();
  }
  const field = text => /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  window.judgecalCSV = function () {
    const lines = [data.columns.map(field).join(",")];
    data.rows.forEach((row, i) => {
      const cells = [row.id].concat(dims.map(d => state.scores[i][d.column] || ""), [row.rater, state.notes[i]], row.context);
      lines.push(cells.map(field).join(","));
    });
    return lines.join("\n") + "\n";
  };
  document.getElementById("export").addEventListener("click", () => {
    const link = el("a");
    link.href = URL.createObjectURL(new Blob([window.judgecalCSV()], { type: "text/csv" }));
    link.download = data.fileName;
    document.body.append(link);
    link.click();
    link.remove();
  });
  document.getElementById("previous").addEventListener("click", () => move(-1));
  document.getElementById("next").addEventListener("click", () => move(1));
  document.getElementById("note").addEventListener("input", e => {
    state.notes[state.position] = e.target.value;
    save();
  });
  document.addEventListener("keydown", e => {
    if (e.target instanceof HTMLTextAreaElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (/^[0-9]$/.test(e.key)) {
      const levels = dims[state.active].levels;
      let n = levels.findIndex(l => l.label === e.key);
      if (n < 0 && Number(e.key) >= 1 && Number(e.key) <= levels.length) n = Number(e.key) - 1;
      if (n >= 0) score(state.active, n);
    } else if (e.key === "ArrowRight") move(1);
    else if (e.key === "ArrowLeft") move(-1);
    else if (e.key === "ArrowDown") { state.active = Math.min(dims.length - 1, state.active + 1); save(); render(); }
    else if (e.key === "ArrowUp") { state.active = Math.max(0, state.active - 1); save(); render(); }
    else return;
    e.preventDefault();
  });
  // Once scoring has begun the instructions fold away; they stay one click off.
  if (state.scores.some(s => Object.keys(s).length > 0)) document.getElementById("instructions").open = false;
  render();
})();
