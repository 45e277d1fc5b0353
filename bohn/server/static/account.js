// The account box of the lobby's header: sign in, create an account, change
// the password, sign out (here or everywhere). An account is optional: a
// guest plays by seat links as before, and on signing in or up the links this
// browser keeps go to the account, so its games follow it to any device.
import { api, el } from "./common.js";
import { t } from "./i18n.js";

/** Who is signed in: {id, name, mail}, or null for a guest; and whether the
 * server sends turn mails (set by loadAccount). */
export const account = { current: null, mail: false };

/** Ask the server who is signed in (this also gives a new browser its CSRF cookie). */
export async function loadAccount() {
  try {
    const data = await api("/api/account");
    account.current = data.account;
    account.mail = Boolean(data.mail);
  } catch {
    account.current = null;
  }
  return account.current;
}

/** The seat links a list of kept games holds: [{game, token}] (the server's shape). */
export function linksOf(games) {
  const out = [];
  for (const g of games) {
    try {
      const token = new URL(g.url, location.origin).searchParams.get("token");
      if (token && g.id) out.push({ game: g.id, token });
    } catch {
      // not a URL: nothing to hand over
    }
  }
  return out.slice(0, 200);
}

/** A refusal of the account routes in the page's words. */
export function accountError(e) {
  const d = e.data || {};
  if (e.code === "sign-in-failed") return t("account.failed");
  if (e.code === "name-taken") return t("account.name-taken");
  if (e.code === "bad-password") return t("account.bad-password", d.least || 8);
  if (e.code === "bad-name") return t("account.bad-name");
  if (e.code === "rate-limited") return t("account.wait", Math.ceil((d.retry_after || 60) / 60));
  if (e.code === "csrf") return t("account.reload");
  if (e.code === "bad-email") return t("account.bad-email");
  return e.message;
}

function field(id, label, type, autocomplete) {
  const input = el("input", { id, type, autocomplete, required: true, maxlength: type === "password" ? 1024 : 40, dataset: { testid: id } });
  return el("div", { class: "row" }, el("label", { for: id }, label), input);
}

/** The dialog for signing in or up (`mode`: "sign-in") or changing the password ("password"). */
function dialog(mode, { links, onDone }) {
  const box = el("dialog", { class: "account-dialog", dataset: { testid: "account-dialog" } });
  const error = el("p", { class: "error", role: "alert", hidden: true, dataset: { testid: "account-error" } });
  const fail = (e) => {
    error.textContent = accountError(e);
    error.hidden = false;
  };
  const close = el("button", { type: "button", class: "quiet", dataset: { testid: "account-cancel" } }, t("account.cancel"));
  close.addEventListener("click", () => box.close());
  box.addEventListener("close", () => box.remove());
  let form;
  if (mode === "mail") {
    const kept = (account.current && account.current.mail) || {};
    const address = el("input", {
      id: "account-email",
      type: "email",
      autocomplete: "email",
      maxlength: 254,
      value: kept.email || "",
      dataset: { testid: "account-email" },
    });
    const turns = el("input", { id: "account-turns", type: "checkbox", checked: Boolean(kept.turns), dataset: { testid: "account-turns" } });
    form = el(
      "form",
      { method: "dialog" },
      el("h2", {}, t("account.mail")),
      el("div", { class: "row" }, el("label", { for: "account-email" }, t("account.email")), address),
      el("div", { class: "row check" }, turns, el("label", { for: "account-turns" }, t("account.mail-turns"))),
      el("p", { class: "hint" }, t("account.mail-hint")),
      error,
      el("div", { class: "buttons" }, el("button", { type: "submit", dataset: { testid: "account-save" } }, t("account.save")), close),
    );
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        const saved = await api("/api/account/mail", { method: "POST", body: { email: address.value.trim() || null, turns: turns.checked } });
        account.current.mail = saved;
        box.close();
        onDone();
      } catch (e) {
        fail(e);
      }
    });
  } else if (mode === "password") {
    form = el(
      "form",
      { method: "dialog" },
      el("h2", {}, t("account.change-password")),
      field("account-current", t("account.current-password"), "password", "current-password"),
      field("account-new", t("account.new-password"), "password", "new-password"),
      el("p", { class: "hint" }, t("account.password-ends-others")),
      error,
      el("div", { class: "buttons" }, el("button", { type: "submit", dataset: { testid: "account-save" } }, t("account.save")), close),
    );
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        await api("/api/account/password", {
          method: "POST",
          body: { current: box.querySelector("#account-current").value, new: box.querySelector("#account-new").value },
        });
        box.close();
        onDone();
      } catch (e) {
        fail(e);
      }
    });
  } else {
    const up = el("button", { type: "button", dataset: { testid: "account-sign-up" } }, t("account.sign-up"));
    form = el(
      "form",
      { method: "dialog" },
      el("h2", {}, t("account.title")),
      el("p", { class: "hint" }, t("account.why")),
      field("account-name", t("account.name"), "text", "username"),
      field("account-password", t("account.password"), "password", "current-password"),
      error,
      el("div", { class: "buttons" }, el("button", { type: "submit", dataset: { testid: "account-sign-in" } }, t("account.sign-in")), up, close),
    );
    const send = async (path) => {
      const body = { name: box.querySelector("#account-name").value, password: box.querySelector("#account-password").value, links: links() };
      try {
        account.current = (await api(path, { method: "POST", body })).account;
        box.close();
        onDone();
      } catch (e) {
        fail(e);
      }
    };
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      send("/api/account/signin");
    });
    up.addEventListener("click", () => {
      if (form.reportValidity()) send("/api/account/signup");
    });
  }
  box.append(form);
  document.body.append(box);
  box.showModal();
  box.querySelector("input").focus();
}

/** Draw the account box into `box`; `links()` gives the seat links to hand
 * over on signing in, `onChange()` runs after the account changed. */
export function renderAccount(box, { links, onChange }) {
  box.replaceChildren();
  const redraw = () => {
    renderAccount(box, { links, onChange });
    onChange();
  };
  if (!account.current) {
    const open = el("button", { type: "button", dataset: { testid: "account-open" } }, t("account.sign-in-or-up"));
    open.addEventListener("click", () => dialog("sign-in", { links, onDone: redraw }));
    box.append(open);
    return;
  }
  const out = async (path) => {
    try {
      await api(path, { method: "POST" });
    } catch {
      // signed out already (the session ended elsewhere)
    }
    account.current = null;
    redraw();
  };
  const pw = el("button", { type: "button", class: "quiet", dataset: { testid: "account-password-open" } }, t("account.change-password"));
  pw.addEventListener("click", () => dialog("password", { links, onDone: redraw }));
  const signOut = el("button", { type: "button", class: "quiet", dataset: { testid: "account-sign-out" } }, t("account.sign-out"));
  signOut.addEventListener("click", () => out("/api/account/signout"));
  const everywhere = el("button", { type: "button", class: "quiet", dataset: { testid: "account-sign-out-everywhere" } }, t("account.sign-out-everywhere"));
  everywhere.addEventListener("click", () => {
    if (confirm(t("account.sign-out-everywhere-sure"))) out("/api/account/signout-everywhere");
  });
  const profile = el(
    "a",
    { href: `/players/${encodeURIComponent(account.current.name)}`, class: "account-profile", dataset: { testid: "account-profile" } },
    t("account.profile"),
  );
  const actions = [profile, pw, signOut, everywhere];
  if (account.mail) {
    const mail = el("button", { type: "button", class: "quiet", dataset: { testid: "account-mail-open" } }, t("account.mail"));
    mail.addEventListener("click", () => dialog("mail", { links, onDone: redraw }));
    actions.unshift(mail);
  }
  box.append(
    el(
      "details",
      { class: "account-menu" },
      el("summary", { dataset: { testid: "account-name-shown" } }, t("account.signed-in-as", account.current.name)),
      el("div", { class: "account-actions" }, ...actions),
    ),
  );
}
