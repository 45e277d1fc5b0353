// The game page's own state: the last "state" message, the game's log as
// far as this page has seen it, the connection's retries, and whether a move
// is on its way. One object (``newPage``), changed only by the named
// transitions below, none of which touches the page: play.js calls them on
// each message and draws what they leave; trading (trade-state.js) and
// picking (pick-state.js) keep their own parts the same way.

/** The longest wait before connecting again, in milliseconds. */
export const MAX_RETRY_MS = 10000;
/** The close codes after which the page does not connect again: a refused
 * token (4403) and an unknown game (4404). */
export const FINAL_CLOSE = new Set([4403, 4404]);
/** The refusals after which the page does not connect again. */
export const FINAL_REFUSAL = new Set(["forbidden", "not-found"]);

/** A page that has seen nothing yet. */
export function newPage() {
  return {
    /** the last "state" message */
    state: null,
    /** step -> log entry: every entry the page has been sent */
    log: new Map(),
    /** connection attempts since the last state message */
    retries: 0,
    /** no reconnection (a refused token, an unknown game) */
    stopped: false,
    /** a move was sent and its answer has not come */
    pending: false,
    /** the first state has been drawn */
    painted: false,
  };
}

/** A "state" message came: its log entries join the log (a log that starts
 * at the set-up is the whole log, after a reconnection; an empty one keeps
 * it), the move on its way is answered. True when the game moved on (a new
 * seq), which ends any half-made move. */
export function receiveState(page, msg) {
  page.retries = 0;
  page.pending = false;
  const log = Array.isArray(msg.log) ? msg.log : [];
  if (log.length && log[0].step === 0) page.log.clear();
  for (const entry of log) page.log.set(entry.step, entry);
  const moved = !page.state || page.state.seq !== msg.seq;
  page.state = msg;
  return moved;
}

/** The log in step order. */
export function logEntries(page) {
  return [...page.log.keys()].sort((a, b) => a - b).map((k) => page.log.get(k));
}

/** A move was sent on the state shown. */
export function moveSent(page) {
  page.pending = true;
}

/** The server answered the move sent: an ack, or a refusal with its code;
 * a refusal of the page's right to the game stops reconnecting. */
export function answered(page, code = null) {
  page.pending = false;
  if (code !== null && FINAL_REFUSAL.has(code)) page.stopped = true;
}

/** The connection closed with ``code``: the milliseconds to wait before
 * connecting again (doubling from half a second, at most ten), or null when
 * the page stops (a refused token, an unknown game, or stopped before). */
export function connectionClosed(page, code) {
  page.pending = false;
  if (page.stopped || FINAL_CLOSE.has(code)) {
    page.stopped = true;
    return null;
  }
  const delay = Math.min(MAX_RETRY_MS, 500 * 2 ** page.retries);
  page.retries += 1;
  return delay;
}

/** The page drew a state; true the first time (the first paint). */
export function drawn(page) {
  if (page.painted) return false;
  page.painted = true;
  return true;
}
