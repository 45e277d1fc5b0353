// The people at the table: what each seat is (a person, or a bot and its
// kind), whether a person's page is connected, the log's notes of people
// leaving and coming back, the creator's invitations, and the rematch.
import { api, el, inviteKey } from "./common.js";
import { lang, t } from "./i18n.js";
import { S, me, who } from "./session.js";

/** What the seat head shows beside a seat's name: the bot's kind, or
 * whether the person's page is connected. Nothing for the viewer's own seat. */
export function seatMarks(state, i) {
  const seat = (state.seats || [])[i];
  if (!seat) return [];
  if (seat.kind === "bot") return [el("span", { class: "seat-kind", dataset: { testid: `seat-kind-${i}` } }, t("bot-kind", seat.bot || ""))];
  if (i === state.seat || !state.presence) return [];
  const on = (state.presence.connected || []).includes(i);
  const joined = seat.joined !== false;
  const word = on ? t("presence-here") : joined ? t("presence-away") : t("presence-not-yet");
  return [
    el(
      "span",
      { class: `presence presence-${on ? "on" : "off"}`, dataset: { testid: `presence-${i}`, connected: on ? "yes" : "no" }, title: word },
      el("span", { class: "presence-dot", "aria-hidden": "true" }),
      word,
    ),
  ];
}

/** The log's entries with the notes of people leaving and coming back put
 * in at the state they happened. */
export function withPresence(entries, state) {
  const notes = (state && state.presence && state.presence.notes) || [];
  if (!notes.length) return entries;
  const out = entries.map((e) => ({ ...e, events: [...e.events] }));
  for (const n of notes) {
    const entry = out.find((e) => e.step === n.seq) || out[out.length - 1];
    if (!entry) continue;
    const text = t(n.what === "left" ? "presence-left" : "presence-back", who(n.seat));
    entry.events.push({ type: "presence", seat: n.seat, text });
  }
  return out;
}

// ---------------------------------------------------------------- invitations

function invites(game) {
  try {
    const v = JSON.parse(sessionStorage.getItem(inviteKey(game)) || "null");
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

function copyButton(url, testid) {
  const b = el("button", { type: "button", class: "copy", dataset: { testid } }, t("copy-link"));
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      b.textContent = t("copied");
    } catch {
      b.textContent = t("copy-by-hand");
    }
  });
  return b;
}

/** The creator's invitations (the links of the seats still open), until
 * every person has come to the table or the creator closes them. */
export function renderInvites(box) {
  const state = S.state;
  const links = state && me() !== null ? invites(state.game) : null;
  const seats = (state && state.seats) || [];
  const open = (links || []).filter((l) => l.seat === undefined || (seats[l.seat] && seats[l.seat].joined === false));
  const people = open.filter((l) => l.seat !== undefined);
  box.hidden = !people.length || Boolean(state.result);
  if (box.hidden) return;
  const close = el("button", { type: "button", class: "link-button", dataset: { testid: "invite-close" } }, t("invite-close"));
  close.addEventListener("click", () => {
    sessionStorage.removeItem(inviteKey(state.game));
    box.hidden = true;
  });
  box.replaceChildren(
    el("h2", {}, t("invite-title")),
    el("p", { class: "hint" }, t("invite-hint")),
    el(
      "ul",
      { class: "invites" },
      ...open.map((l) =>
        el(
          "li",
          { dataset: { testid: l.seat === undefined ? "invite-spectate" : `invite-${l.seat}` } },
          el("span", { class: "label" }, l.seat === undefined ? t("invite-spectate") : l.name ? t("invite-for", l.seat, l.name) : t("invite-open", l.seat)),
          " ",
          el("input", { type: "text", readonly: true, value: l.url, class: "invite-url", "aria-label": t("invite-link") }),
          " ",
          copyButton(l.url, l.seat === undefined ? "invite-spectate-copy" : `invite-${l.seat}-copy`),
        ),
      ),
    ),
    close,
  );
}

// ---------------------------------------------------------------- rematch

/** The rematch button under the result: starts the rematch, or joins the
 * one another player started (one click each), and opens it. */
export function rematchBlock(token) {
  const state = S.state;
  if (!state || !state.result || me() === null || !token) return null;
  const started = Boolean(state.rematch);
  const b = el("button", { type: "button", class: "primary rematch", dataset: { testid: "rematch" } }, t(started ? "rematch-join" : "rematch"));
  const note = el("span", { class: "hint", role: "status", dataset: { testid: "rematch-note" } }, started ? t("rematch-started") : t("rematch-hint"));
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      const r = await api(`/api/games/${encodeURIComponent(state.game)}/rematch`, { method: "POST", token });
      const url = new URL(r.url, location.origin);
      if (lang !== "en") url.searchParams.set("lang", lang);
      location.assign(url.href);
    } catch (e) {
      b.disabled = false;
      note.textContent = e.message;
    }
  });
  return el("p", { class: "rematch-row" }, b, " ", note);
}
