"use strict";
(function () {
  const data = JSON.parse(document.getElementById("sheet-data").textContent);
  const dims = data.dimensions;
  // Saved progress names the sheet it belongs to (the fingerprint of its rows'
  // ids and raters and of its dimensions) and carries those ids, so it is
  // restored only into the same sheet and can always be exported against its own rows.
  const blank = () => ({
    fingerprint: data.fingerprint, run: data.runName, fileName: data.fileName,
    ids: data.rows.map(r => r.id), raters: data.rows.map(r => r.rater), dimensionColumns: dims.map(d => d.column),
    position: 0, active: 0, scores: data.rows.map(() => ({})), notes: data.rows.map(() => "")
  });
  const read = key => {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  };
  const worked = s => s && typeof s === "object" && Array.isArray(s.scores) &&
    (s.scores.some(x => x && Object.keys(x).length > 0) || (Array.isArray(s.notes) && s.notes.some(n => n)));
  let state = blank();
  const saved = read(data.storageKey);
  if (saved && saved.fingerprint === data.fingerprint && Array.isArray(saved.scores) && saved.scores.length === data.rows.length &&
    Array.isArray(saved.notes) && saved.notes.length === data.rows.length) {
    state = Object.assign(blank(), { position: saved.position || 0, active: saved.active || 0, scores: saved.scores, notes: saved.notes });
    state.position = Math.max(0, Math.min(data.rows.length - 1, state.position));
    state.active = Math.max(0, Math.min(dims.length - 1, state.active));
  }
  const save = () => {
    state.savedAt = new Date().toISOString();
    localStorage.setItem(data.storageKey, JSON.stringify(state));
  };
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  // A cell made inert for a spreadsheet by the rule of `CSVWriter.spreadsheetSafe(_:)`
  // (Sources/DataFormats/CSV/CSVWriter.swift), which `extract` applies to the CSV sheet: a `'` before a
  // cell beginning with = + - @, a tab, a CR or ', unless the cell is a plain decimal number
  // ([+-]?(digits[.digits?] | .digits)([eE][+-]?digits)?). The sheet reader removes it again.
  const plainNumber = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
  const spreadsheetSafe = text => /^[=+\-@\t\r']/.test(text) && !plainNumber.test(text) ? "'" + text : text;
  // One CSV field: made inert, then quoted when it must be (as `CSVWriter.field(_:)`).
  const field = cell => {
    const text = spreadsheetSafe(cell);
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  };
  const download = (text, name) => {
    const link = el("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  };

  // Progress this browser holds for another sheet of the same run and file
  // name (extracted again with other rows), or saved by an older page without
  // row ids: never applied here; shown, exportable with its own ids, deletable.
  const earlier = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || key === data.storageKey || !key.startsWith("judgecal:")) continue;
    const other = read(key);
    if (!worked(other)) continue;
    const legacy = key === data.legacyStorageKey && other.fingerprint === undefined;
    const sibling = other.run === data.runName && other.fileName === data.fileName && other.fingerprint !== data.fingerprint &&
      Array.isArray(other.ids) && other.ids.length === other.scores.length;
    if (legacy || sibling) earlier.push({ key: key, state: other, legacy: legacy });
  }
  const earlierCSV = s => {
    const columns = s.dimensionColumns || [];
    const lines = [["id"].concat(columns, ["rater", "note"]).map(field).join(",")];
    s.ids.forEach((id, i) => {
      const scores = s.scores[i] || {};
      lines.push([id].concat(columns.map(c => scores[c] || ""), [(s.raters || [])[i] || "", (s.notes || [])[i] || ""]).map(field).join(","));
    });
    return lines.join("\n") + "\n";
  };
  const stem = data.fileName.replace(/(\.labels)?\.csv$/i, "");
  function showEarlier() {
    const box = document.getElementById("earlier");
    if (earlier.length === 0) { box.hidden = true; return; }
    const scored = s => s.scores.filter(x => x && Object.keys(x).length > 0).length;
    const parts = earlier.map(e => e.legacy
      ? "progress saved by an older label page (" + scored(e.state) + " rows scored), which has no row ids and cannot be matched to any rows; " +
        "if you still have that page, export it there"
      : "progress for another sheet with " + e.state.ids.length + " rows (" + scored(e.state) + " scored" +
        (e.state.savedAt ? ", last saved " + e.state.savedAt.slice(0, 16).replace("T", " ") + " UTC" : "") + "; rows " +
        e.state.ids.slice(0, 3).join(", ") + (e.state.ids.length > 3 ? ", …" : "") + ")");
    document.getElementById("earlier-message").textContent = "This browser also holds " + parts.join("; and ") +
      ", saved under the same run (" + data.runName + ") and file name (" + data.fileName + "). Its rows are not this sheet's, " +
      "so it was not applied here: this sheet keeps its own progress. Export the earlier scores to keep them " +
      "(a label sheet with their own ids, which judgecal reads), or delete them.";
    document.getElementById("earlier-export").hidden = earlier.every(e => e.legacy);
    box.hidden = false;
  }
  document.getElementById("earlier-export").addEventListener("click", () => {
    earlier.filter(e => !e.legacy).forEach(e => download(earlierCSV(e.state), stem + ".earlier-" + e.state.fingerprint.slice(0, 8) + ".labels.csv"));
  });
  document.getElementById("earlier-discard").addEventListener("click", () => {
    earlier.forEach(e => localStorage.removeItem(e.key));
    earlier.length = 0;
    showEarlier();
  });
  const complete = s => dims.every(d => s[d.column] !== undefined);
  // The budget: rows scored here against this sheet's rows, the label set's earlier batches and plan,
  // and where the latest alignment stands; every text through textContent.
  // The row and the panel scroll on their own below the bar, so the page itself fits the window.
  function fit() {
    const top = document.getElementById("workspace").getBoundingClientRect().top + window.scrollY;
    document.documentElement.style.setProperty("--top", top + "px");
  }
  window.addEventListener("resize", fit);
  document.getElementById("instructions").addEventListener("toggle", fit);
  function showBudget() {
    const b = data.budget, here = state.scores.filter(complete).length, rows = new Set(data.rows.map(r => r.id)).size;
    const box = document.getElementById("budget");
    const parts = ["Budget: " + here + " of " + rows + " rows scored in this sheet"];
    if (b.earlierRows > 0) parts[0] += " · " + b.earlierLabelled + " of " + b.earlierRows + " rows labelled in earlier batches";
    const planned = b.planned === undefined || b.planned === null ? b.earlierRows + rows : b.planned;
    parts[0] += " · " + (b.earlierLabelled + here) + " of " + planned + " rows planned";
    box.replaceChildren(...parts.concat(b.standing).map(t => el("span", t)));
  }
  function render() {
    const i = state.position, row = data.rows[i];
    document.getElementById("position").textContent = "Row " + (i + 1) + " of " + data.rows.length;
    document.getElementById("progress").textContent = state.scores.filter(complete).length + " of " + data.rows.length + " rows scored";
    document.getElementById("row-id").textContent = row.id + (row.rater ? " (rater " + row.rater + ")" : "");
    // The input, then the output being judged, then any other field, each part on its own background.
    const context = document.getElementById("context");
    context.replaceChildren();
    [["input", "Input"], ["output", "Output being judged"], ["other", "Other fields"]].forEach(([role, title]) => {
      const columns = data.contextColumns.map((name, c) => c).filter(c => data.contextRoles[c] === role);
      if (columns.length === 0) return;
      const part = el("section", undefined, "part " + role);
      part.append(el("h3", title));
      const list = el("dl");
      columns.forEach(c => {
        list.append(el("dt", data.contextColumns[c]));
        const dd = el("dd");
        dd.append(el("pre", row.context[c], "text"));
        list.append(dd);
      });
      part.append(list);
      context.append(part);
    });
    const scoring = document.getElementById("scoring");
    scoring.replaceChildren();
    dims.forEach((d, k) => {
      const box = el("fieldset", undefined, k === state.active ? "dimension active" : "dimension");
      box.dataset.dimension = d.column;
      box.append(el("legend", d.name));
      d.levels.forEach((level, n) => {
        const choice = el("div", undefined, "choice");
        const b = el("button", level.label, "level");
        b.type = "button";
        b.title = level.description;
        b.dataset.level = level.label;
        b.setAttribute("aria-pressed", String(state.scores[i][d.column] === level.label));
        b.addEventListener("click", () => score(k, n));
        choice.append(b, el("span", level.description, "leveldesc"));
        box.append(choice);
      });
      scoring.append(box);
    });
    showBudget();
    fit();
    const active = scoring.querySelector("fieldset.active");
    if (active && active.scrollIntoView) active.scrollIntoView({ block: "nearest" });
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
  window.judgecalCSV = function () {
    const lines = [data.columns.map(field).join(",")];
    data.rows.forEach((row, i) => {
      const cells = [row.id].concat(dims.map(d => state.scores[i][d.column] || ""), [row.rater, state.notes[i]], row.context, row.sampling);
      lines.push(cells.map(field).join(","));
    });
    return lines.join("\n") + "\n";
  };
  document.getElementById("export").addEventListener("click", () => download(window.judgecalCSV(), data.fileName));
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
  showEarlier();
  render();
})();
