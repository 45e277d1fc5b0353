// The countdowns of a table. renderTradeWindow(box, state, text) shows how
// long a bot keeps its trading open for the people (the state message's
// ``trade_window``: {"seat", "seconds", "left"}, or null), counting down.
// The turn clock's countdown: renderClock(box, state, me) draws, into ``box``,
// the seconds left of every running deadline of the state message's ``clock``
// (``{"seconds": N, "deadlines": {seat: seconds_left}}``, or null: no clock),
// and counts them down every second until the next state message redraws it.
import { el } from "./common.js";

const timers = new WeakMap();

/** Seconds left as a person reads them: "4:05", or a turn-based game's "23 h 04 min" and "2 d 5 h". */
export function fmt(s) {
  const t = Math.max(0, Math.ceil(s));
  if (t >= 2 * 86400) return `${Math.floor(t / 86400)} d ${Math.floor((t % 86400) / 3600)} h`;
  if (t >= 3600) return `${Math.floor(t / 3600)} h ${String(Math.floor((t % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

export function renderClock(box, state, me, lang = "en") {
  clearInterval(timers.get(box));
  const clock = state && state.clock;
  box.replaceChildren();
  box.hidden = !clock;
  if (!clock) return;
  const de = lang === "de";
  const start = performance.now();
  const rows = Object.entries(clock.deadlines || {}).map(([seat, left]) => {
    const mine = Number(seat) === me;
    // the JSON counts seats from 0; a person reads them from 1
    const who = mine ? (de ? "Deine Zeit" : "Your time") : de ? `Platz ${Number(seat) + 1}` : `Seat ${Number(seat) + 1}`;
    const time = el("span", { class: "clock-time" }, fmt(left));
    // a turn-based game: the times this seat's clock may still run out before a bot plays
    const skips = clock.turn_based && clock.skips_left ? clock.skips_left[seat] : undefined;
    const note = skips === undefined ? "" : de ? ` (${skips} Aussetzer übrig)` : ` (${skips} ${skips === 1 ? "skip" : "skips"} left)`;
    const row = el("span", { class: mine ? "clock-seat clock-mine" : "clock-seat", dataset: { testid: "clock-seat", seat } }, `${who} `, time, note);
    return { row, time, left };
  });
  if (!rows.length) {
    box.append(el("span", { class: "clock-idle" }, de ? `Zugzeit ${fmt(clock.seconds)}` : `Turn clock ${fmt(clock.seconds)}`));
    return;
  }
  box.append(...rows.map((r) => r.row));
  const tick = () => {
    const gone = (performance.now() - start) / 1000;
    for (const r of rows) {
      const left = r.left - gone;
      r.time.textContent = fmt(left);
      r.row.classList.toggle("clock-low", left <= 10);
    }
  };
  tick();
  timers.set(box, setInterval(tick, 1000));
}

/** How long the trading stays open for the people: ``text(seat, time)`` words
 * it, counted down every second until the next state message redraws it. */
export function renderTradeWindow(box, state, text) {
  clearInterval(timers.get(box));
  const win = state && state.trade_window;
  box.hidden = !win;
  if (!win) {
    box.textContent = "";
    return;
  }
  const start = performance.now();
  const tick = () => {
    const left = win.left - (performance.now() - start) / 1000;
    box.textContent = text(win.seat, fmt(left));
    box.classList.toggle("clock-low", left <= 5);
  };
  tick();
  timers.set(box, setInterval(tick, 1000));
}
