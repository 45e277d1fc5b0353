// What the game page's parts share (play.js, moves.js, trade.js): the page's
// state (page-state.js: the last state message, the log, the connection's
// retries, a move on its way), the socket, the ruleset's own client code, and
// the helpers every part uses. Each part reads and writes ``S``; a part that must
// redraw another's share asks through ``hooks`` (play.js sets them).
import { t } from "./i18n.js";
import { who as whoOf } from "./table.js";
import { moveSent, newPage } from "./page-state.js";

export const S = {
  ...newPage(),
  /** the WebSocket, while open */
  ws: null,
  /** the ruleset's own client code (table.js: loadClient) */
  client: {},
};

/** The redraws one part asks of another (play.js sets them). */
export const hooks = { renderBoard: () => {}, renderLog: () => {} };

export const $ = (id) => document.getElementById(id);
export const me = () => (S.state ? S.state.seat : null);
export const obs = () => S.state.observation;
export const who = (s) => whoOf({ me: me(), state: S.state }, s);

/** Show `text` in `box` (hidden when there is none), marked `data-<mark>="<value>"` if a value is given. */
export function say(box, text, mark, value) {
  box.textContent = text || "";
  box.hidden = !text;
  if (value) box.dataset[mark] = value;
  else delete box.dataset[mark];
}

export const showError = (text, code) => say($("error"), text, "code", code);

/** Send a move chosen on the state shown; the move buttons wait for its answer. */
export function send(action) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN || !S.state) {
    showError(t("not-sent"));
    return;
  }
  moveSent(S);
  showError("");
  S.ws.send(JSON.stringify({ type: "act", seq: S.state.seq, action }));
  for (const b of document.querySelectorAll("button[data-testid='action']")) b.disabled = true;
}

// Whether the game waits for this seat's move: the server says (your_move);
// an older message: waited for, with a legal action that is not an any-time one.
export function yourMove() {
  if (me() === null || !S.state) return false;
  if (typeof S.state.your_move === "boolean") return S.state.your_move;
  return (S.state.waiting_for || []).includes(me()) && (S.state.legal || []).some((l) => l.advances !== false);
}
