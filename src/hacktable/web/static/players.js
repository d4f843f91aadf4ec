// The GM's "players" section (issue 12 §1): who sits at the table, who is connected,
// invite links with their QR codes, and revoking. Self-contained: it renders into
// <section id="players"> when the page has one, from GET api/players (the GM's only:
// anyone else gets 403 and the section stays empty). Every POST carries the CSRF
// header x-hacktable: 1 (docs/rulings.md H613).
(function () {
  "use strict";
  const root = document.getElementById("players");
  if (!root) return;
  const headers = { "content-type": "application/json", "x-hacktable": "1" };
  // The last link made or message, kept across re-renders.
  const linkBox = document.createElement("div");
  linkBox.className = "invite-link";
  linkBox.setAttribute("aria-live", "polite");

  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    return node;
  }

  async function post(path, body) {
    const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  // The invite the link box shows: once it is used or revoked, the box says so
  // instead of offering a dead link (docs/rulings.md H676).
  let shown = null;
  function showLink(box, made) {
    shown = { seq: made.seq, who: made.role === "observer" ? "the observer" : made.player };
    box.replaceChildren();
    const who = made.role === "observer" ? "an observer" : made.player;
    box.append(el("p", `Invite for ${who} (one use): copy the link, or scan the code with a phone`));
    const field = el("input", null, { type: "text", readonly: "", value: made.link, "aria-label": "invite link" });
    field.size = Math.min(made.link.length, 60);
    const copy = el("button", "Copy", { type: "button" });
    copy.addEventListener("click", async () => {
      field.select();
      try { await navigator.clipboard.writeText(made.link); copy.textContent = "Copied"; }
      catch (_e) { document.execCommand("copy"); }
    });
    const qr = el("div", null, { class: "qr", "aria-label": "QR code of the link" });
    qr.innerHTML = made.qr; // SVG drawn by the server (segno) from the link
    box.append(field, copy, qr);
  }

  function fail(box, error) {
    shown = null;
    box.replaceChildren(el("p", error.message || String(error), { class: "error", role: "alert" }));
  }

  function retire(data) {
    if (!shown) return;
    const open = [...data.players.flatMap((seat) => seat.invites), ...data.observers.invites];
    if (open.some((invite) => invite.seq === shown.seq)) return;
    linkBox.replaceChildren(el("p", `The invite for ${shown.who} (#${shown.seq}) was used or revoked: invite again for a new link.`, { class: "muted" }));
    shown = null;
  }

  let picked = "";
  function render(data) {
    retire(data);
    root.replaceChildren(el("h2", "Players"));
    const list = el("ul");
    const characters = [];
    for (const seat of data.players) {
      const item = el("li");
      const state = seat.connected ? `connected (${seat.connected})` : "not connected";
      const plays = seat.characters.length ? seat.characters.join(", ") : "no characters";
      item.append(el("strong", seat.name), ` plays ${plays}; ${state}; ${seat.invites.length} open invite(s) `);
      const revoke = el("button", "Revoke", { type: "button", "data-player": seat.name });
      revoke.addEventListener("click", async () => {
        if (!window.confirm(`End ${seat.name}'s sessions and unused invites?`)) return;
        try { shown = null; linkBox.replaceChildren(el("p", (await post("api/revoke", { player: seat.name })).text)); load(); }
        catch (error) { fail(linkBox, error); }
      });
      item.append(revoke);
      list.append(item);
      characters.push(...seat.characters);
    }
    const watchers = el("li", `Observers: ${data.observers.connected} connected; ${data.observers.invites.length} open invite(s) `);
    const revokeAll = el("button", "Revoke observers", { type: "button" });
    revokeAll.addEventListener("click", async () => {
      try { shown = null; linkBox.replaceChildren(el("p", (await post("api/revoke", { player: "observers" })).text)); load(); }
      catch (error) { fail(linkBox, error); }
    });
    watchers.append(revokeAll);
    list.append(watchers);
    root.append(list);

    const form = el("form", null, { class: "invite" });
    const pick = el("select", null, { "aria-label": "character" });
    for (const name of characters) pick.append(el("option", name, { value: name }));
    if (characters.includes(picked)) pick.value = picked;
    pick.addEventListener("change", () => { picked = pick.value; });
    const invitePlayer = el("button", "Invite a player", { type: "submit" });
    invitePlayer.disabled = characters.length === 0;
    const inviteObserver = el("button", "Invite an observer", { type: "button" });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try { showLink(linkBox, await post("api/invites", { role: "player", character: pick.value })); load(); }
      catch (error) { fail(linkBox, error); }
    });
    inviteObserver.addEventListener("click", async () => {
      try { showLink(linkBox, await post("api/invites", { role: "observer" })); load(); }
      catch (error) { fail(linkBox, error); }
    });
    form.append(pick, invitePlayer, inviteObserver);
    root.append(form, linkBox);

    const address = el("details");
    address.append(el("summary", `This table's address: ${data.address}`));
    const qr = el("div", null, { class: "qr" });
    qr.innerHTML = data.qr;
    address.append(qr);
    root.append(address);
  }

  async function load() {
    const response = await fetch("api/players", { cache: "no-store" });
    if (!response.ok) { root.hidden = true; return; }
    root.hidden = false;
    render(await response.json());
  }
  load();
  setInterval(() => {  // who is connected
    if (!document.hidden && !root.contains(document.activeElement)) load();
  }, 10000);
  window.hacktablePlayers = { reload: load };
})();
