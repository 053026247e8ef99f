// wikiqa web page: plain JS, no build step. Every call goes to the protected API with the
// key kept in localStorage; nothing from the server is inserted as HTML (textContent only).
"use strict";

const KEY = "wikiqa.apiKey";
const $ = (id) => document.getElementById(id);
let lastResult = null;

function headers() {
  const h = { "Content-Type": "application/json" };
  const key = localStorage.getItem(KEY);
  if (key) h.Authorization = "Bearer " + key;
  return h;
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

async function explain(resp) {
  let detail = resp.statusText;
  try { detail = (await resp.json()).detail || detail; } catch (_) { /* not JSON */ }
  if (typeof detail !== "string") detail = JSON.stringify(detail);
  const retry = resp.headers.get("Retry-After");
  if (resp.status === 401) return "The server needs a valid API key: " + detail;
  if (retry) return detail + " (retry in " + retry + " s)";
  return detail;
}

async function loadSources() {
  const status = $("key-status");
  const resp = await fetch("/api/me", { headers: headers() });
  const select = $("source");
  select.replaceChildren();
  if (!resp.ok) {
    status.textContent = await explain(resp);
    status.className = "note error";
    return;
  }
  const me = await resp.json();
  status.className = "note";
  status.textContent = me.auth ? "Using key “" + me.key + "”." : "This server needs no key.";
  for (const spec of me.sources) {
    const opt = el("option", spec);
    opt.value = spec;
    if (spec === me.default_source) opt.selected = true;
    select.append(opt);
  }
}

const STEP = {
  answerer: "Choosing how to answer",
  search: "Searching",
  fetch: "Reading",
  retrieve: "Retrieving",
  model: "Thinking",
  tool: "Using a tool",
  validate: "Checking every quote against the text",
  repair: "Repairing a citation",
  refuse: "Refusing",
  error: "Problem",
};

function progress(text, done) {
  const list = $("progress");
  const last = list.lastElementChild;
  if (last) last.classList.add("done");
  const li = el("li", text);
  if (done) li.classList.add("done");
  list.append(li);
}

function parseEvents(buffer, onEvent) {
  // Server-sent events: blocks separated by a blank line, "event:" and "data:" lines.
  let cut;
  while ((cut = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 2);
    let name = "message", data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) name = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (data) onEvent(name, JSON.parse(data));
  }
  return buffer;
}

async function ask(question) {
  const source = $("source").value || undefined;
  $("progress").replaceChildren();
  $("result").hidden = true;
  $("evidence").hidden = true;
  $("ask-button").disabled = true;
  progress("Sending the question");
  try {
    const resp = await fetch("/api/ask/stream", {
      method: "POST", headers: headers(), body: JSON.stringify({ question, source }),
    });
    if (!resp.ok) { showError(await explain(resp)); return; }
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), (name, data) => {
        if (name === "trace") progress((STEP[data.kind] || data.kind) + ": " + data.detail);
        else if (name === "result") { progress("Done", true); showResult(data, question, source); }
        else if (name === "error") showError(data.detail);
      });
    }
  } catch (err) {
    showError("The connection failed: " + err.message);
  } finally {
    $("ask-button").disabled = false;
  }
}

function showError(text) {
  const box = $("answer");
  box.replaceChildren(el("p", text, "error"));
  $("result-heading").textContent = "Problem";
  $("usage").textContent = "";
  $("result").hidden = false;
}

function showResult(result, question, source) {
  lastResult = { result, source };
  const box = $("answer");
  box.replaceChildren();
  $("result").hidden = false;
  if (result.kind === "refusal") {
    $("result-heading").textContent = "No answer";
    const div = el("div", undefined, "refusal");
    const p = el("p");
    p.append(el("strong", "Refused (" + result.code.replaceAll("_", " ") + "): "), result.reason);
    div.append(p);
    if (result.ambiguity) div.append(senseLinks(result.ambiguity, question));
    box.append(div);
  } else {
    $("result-heading").textContent = "Answer";
    const p = el("p");
    result.claims.forEach((claim) => {
      p.append(claim.text);
      for (const i of claim.citations) p.append(" ", citeButton(i, result.citations[i]));
      p.append(" ");
    });
    box.append(p);
  }
  const u = result.usage;
  $("usage").textContent = u ? u.answerer + (u.model ? " · " + u.model : "") + " · " +
    Math.round(u.latency_ms) + " ms" : "";
}

function citeButton(index, citation) {
  const b = el("button", "[" + (index + 1) + "]", "cite");
  b.type = "button";
  b.setAttribute("aria-pressed", "false");
  b.setAttribute("aria-label", "Show citation " + (index + 1) + " from " + citation.title);
  b.addEventListener("click", () => showEvidence(b, citation));
  return b;
}

function senseLinks(ambiguity, question) {
  // The refusal's `ambiguity` field: {title, senses, unlisted}; each sense asks again with
  // the sense in place of the ambiguous title (or after the question if it is not there).
  const ul = el("ul", undefined, "senses");
  const title = ambiguity.title || "";
  for (const sense of ambiguity.senses || []) {
    const li = el("li");
    const a = el("a", sense);
    a.href = "#";
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      const at = title ? question.toLowerCase().indexOf(title.toLowerCase()) : -1;
      const again = at >= 0
        ? question.slice(0, at) + sense + question.slice(at + title.length)
        : question + " (" + sense + ")";
      $("question").value = again;
      ask(again);
    });
    li.append(a);
    ul.append(li);
  }
  if (ambiguity.unlisted > 0) ul.append(el("li", "and " + ambiguity.unlisted + " more", "more"));
  return ul;
}

function revisionUrl(c) {
  if (!c.url) return null;
  if (c.revision_id == null || c.url.includes("oldid=")) return c.url;
  const m = c.url.match(/^(https?:\/\/[^/]+)\/wiki\/(.+)$/);
  return m ? m[1] + "/w/index.php?title=" + m[2] + "&oldid=" + c.revision_id : c.url;
}

async function showEvidence(button, citation) {
  document.querySelectorAll(".cite[aria-pressed=true]").forEach((b) => b.setAttribute("aria-pressed", "false"));
  button.setAttribute("aria-pressed", "true");
  const panel = $("evidence");
  const text = $("evidence-text");
  text.replaceChildren(el("span", "Loading the source text…"));
  panel.hidden = false;
  const body = { source: lastResult.source || $("source").value, doc_id: citation.doc_id,
                 start: citation.start, end: citation.end, quote: citation.quote };
  const resp = await fetch("/api/citation", {
    method: "POST", headers: headers(), body: JSON.stringify(body),
  });
  if (!resp.ok) { text.replaceChildren(el("span", await explain(resp), "error")); return; }
  const w = await resp.json();
  const link = $("evidence-link");
  const href = revisionUrl({ url: w.url, revision_id: w.revision_id });
  link.textContent = w.title;
  if (href) link.href = href; else link.removeAttribute("href");
  $("evidence-rev").textContent = (w.revision_id != null ? "revision " + w.revision_id + ", " : "") +
    "characters " + w.start + "–" + w.end;
  const mark = el("mark", w.quote);
  text.replaceChildren((w.truncated_before ? "…" : "") + w.before, mark,
                       w.after + (w.truncated_after ? "…" : ""));
  panel.focus();
  mark.scrollIntoView({ block: "nearest" });
}

document.addEventListener("DOMContentLoaded", () => {
  $("api-key").value = localStorage.getItem(KEY) || "";
  $("key-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const key = $("api-key").value.trim();
    if (key) localStorage.setItem(KEY, key); else localStorage.removeItem(KEY);
    loadSources();
  });
  $("forget-key").addEventListener("click", () => {
    localStorage.removeItem(KEY);
    $("api-key").value = "";
    loadSources();
  });
  $("ask-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = $("question").value.trim();
    if (q) ask(q);
  });
  $("question").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); $("ask-form").requestSubmit(); }
  });
  loadSources();
});
