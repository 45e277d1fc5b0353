// The game's log, summed up per turn: each finished turn of another seat is
// one line (the server's turn_summary) that opens to the full sentences; the
// current turn and the viewer's own turns stay in full. Only the describers'
// sentences are shown: no action syntax, no JSON.
import { el, eventText } from "./common.js";

// events shown only with "show all" (opts.all): shuffles and deals of others
const NOISY = new Set(["shuffle", "deal", "defence-draw"]);

// box -> {key: the viewer and "show all", turns: turn id -> its nodes}
const finished = new WeakMap();

function stepItem(entry, me, all, client) {
  const li = el("li", { dataset: entry.by_clock ? { testid: "log-step", step: entry.step, byClock: "yes" } : { testid: "log-step", step: entry.step } });
  const evs = el("ul", { class: "events" });
  for (const ev of entry.events) {
    if (!all && NOISY.has(ev.type) && !(ev.seat === me && ev.cards)) continue;
    const text = ev.text ?? eventText(ev, me, client);
    if (!text) continue;
    evs.append(el("li", { class: `ev ev-${ev.type}`, dataset: { event: ev.type } }, text));
  }
  if (!evs.children.length) return null;
  li.append(el("span", { class: "step" }, `#${entry.step}`), evs);
  return li;
}

// steps -> turns: a turn ends with the step whose entry carries turn_summary
function turns(entries) {
  const out = [];
  let cur = [];
  for (const e of entries) {
    cur.push(e);
    if (e.step === 0 || e.turn_summary) {
      out.push({ steps: cur, summary: e.turn_summary ?? null, seat: e.turn_seat ?? null });
      cur = [];
    }
  }
  if (cur.length) out.push({ steps: cur, summary: null, seat: null });
  return out;
}

/** Make ``box`` hold ``nodes``: the nodes it already holds in the same
 * places stay (a kept turn is not laid out again), the rest are replaced. */
function keepSame(box, nodes) {
  const old = box.children;
  let k = 0;
  while (k < nodes.length && k < old.length && old[k] === nodes[k]) k += 1;
  while (old.length > k) old[old.length - 1].remove();
  box.append(...nodes.slice(k));
}

/** Draw ``entries`` (the state messages' log entries, sorted by step) into
 * ``box`` (a list element) for seat ``me`` (null: a spectator); ``opts.all``
 * shows shuffles and deals too, ``opts.client`` is the ruleset's client code
 * (its words for an event the server sent without any). */
export function renderLogInto(box, entries, me, opts = {}) {
  const all = !!opts.all;
  const client = opts.client || {};
  // whether the list shows its end: measured by the caller before it changed
  // the page (opts.stuck), so that no layout is forced in the middle of a redraw
  const stuck = opts.stuck ?? box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.turnEnd));
  // a finished turn (one with its summary, or the deal) never changes: its
  // nodes are kept and reused, and so are the steps of the turn under way, so
  // a state update adds only its own step (a note that a player left or came
  // back is part of what a turn or a step is drawn from)
  const key = `${me}|${all}`;
  if (!finished.has(box) || finished.get(box).key !== key) finished.set(box, { key, turns: new Map(), steps: new Map() });
  const { turns: cache, steps } = finished.get(box);
  const noted = (e) => e.events.filter((ev) => ev.type === "presence").length;
  const nodes = [];
  for (const t of turns(entries)) {
    const end = String(t.steps[t.steps.length - 1].step);
    const first = String(t.steps[0].step);
    const id = `${first}-${end}-${t.steps.reduce((n, e) => n + noted(e), 0)}`;
    const closed = Boolean(t.summary) || end === "0";
    if (closed && cache.has(id)) {
      nodes.push(...cache.get(id));
      continue;
    }
    const items = t.steps
      .map((e) => {
        if (closed) return stepItem(e, me, all, client);
        const sid = `${e.step}-${e.events.length}-${noted(e)}`;
        if (!steps.has(sid)) steps.set(sid, stepItem(e, me, all, client));
        return steps.get(sid);
      })
      .filter(Boolean);
    const out = [];
    if (t.summary && t.seat !== me) {
      const det = el(
        "details",
        { class: "log-turn", dataset: { testid: "log-turn", turnEnd: end } },
        el("summary", { class: "log-turn-summary" }, t.summary),
        el("ul", { class: "log-turn-steps" }, ...items),
      );
      if (open.has(end)) det.open = true;
      out.push(el("li", { class: "log-turn-item", dataset: { testid: "log-turn-item" } }, det));
    } else {
      if (t.summary) out.push(el("li", { class: "log-turn-mine", dataset: { testid: "log-turn-mine" } }, t.summary));
      out.push(...items);
    }
    if (closed) {
      cache.set(id, out);
      steps.clear(); // the turn under way is over: its steps are drawn in it
    }
    nodes.push(...out);
  }
  keepSame(box, nodes);
  if (stuck) requestAnimationFrame(() => (box.scrollTop = box.scrollHeight));
}
