// hacktable's web table page (issue 12 §2): the live log, the view of the table, the
// buttons with the odds first, prompts, chat. No framework; every URL is relative, so
// the page works under /t/NAME/. Untrusted text only ever goes in through textContent.
"use strict";

const ROLE = document.body.dataset.role;
const WHO = document.body.dataset.who;
const IS_GM = ROLE === "gm";
const ENTERABLE = new Set(["test", "save", "check", "usage"]);
const $ = (id) => document.getElementById(id);
let last = 0;
let view = null;
const revealed = new Set();
const answered = new Set();
const secretItems = new Map();
const promptEvents = [];
const closed = new Set();
const ODDS_ORDER = ["success", "critical_success", "failure", "critical_failure"];
const NOTHING_ASKED = "Nothing asked of you now.";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function fold(name) { return String(name || "").trim().toLowerCase(); }

// -- a roll: odds first, then the dice (kept marked, dropped struck), why, the result --
function oddsText(odds) {
  if (!odds) return "";
  if (typeof odds === "string") return odds;
  if (odds.text) return `${odds.test ? odds.test + ": " : "odds: "}${odds.text}`;
  const percent = odds.percent || {};
  // One order wherever odds are shown (the log's JSON may hold the keys in another).
  const rank = (key) => { const at = ODDS_ORDER.indexOf(key); return at < 0 ? ODDS_ORDER.length : at; };
  // A critical the rules do not have (fantasy-hack's checks, skill-die's) is not shown
  // as "critical success 0.00%" (docs/rulings.md H686).
  const keys = Object.keys(percent).filter((key) => !(key.startsWith("critical") && Number(percent[key]) === 0))
    .sort((a, b) => rank(a) - rank(b));
  if (!keys.length) return "";
  return "odds: " + keys.map((key) => `${key.replace(/_/g, " ")} ${Number(percent[key]).toFixed(2)}%`).join(" · ");
}

function resultOf(check) {
  const critical = check.critical && check.critical !== "none";
  const text = critical ? check.critical : check.success ? "success" : "failure";
  return el("span", {class: `result ${check.success ? "success" : "failure"}${critical ? " critical" : ""}`, text});
}

function diceRow(faces, kept) {
  const row = el("span", {class: "dice"});
  const keptAt = kept == null ? -1 : faces.lastIndexOf(kept);
  faces.forEach((face, index) => {
    if (index === keptAt) row.append(el("mark", {class: "die kept", title: "kept", text: String(face)}));
    else if (keptAt >= 0) row.append(el("s", {class: "die dropped", title: "dropped", text: String(face)}));
    else row.append(el("span", {class: "die", text: String(face)}));
  });
  return row;
}

function enteredNote(dice) {
  const by = [...new Set((dice || []).filter((d) => d.entered_by).map((d) => d.entered_by))];
  return by.length ? el("span", {class: "entered", text: ` entered by ${by.join(", ")}`}) : null;
}

function renderCheck(check, dice) {
  const box = el("div", {class: "check"});
  const odds = oddsText(check.odds);
  if (odds) box.append(el("div", {class: "odds", text: odds}));
  // "test" is the engine's kind of a plain roll, not every game's word (a check): left out.
  const kind = check.kind === "test" ? "" : check.kind;
  const what = [check.who, check.attribute, kind].filter(Boolean).join(" ");
  box.append(el("div", {}, el("span", {text: `${what}: `}), diceRow(check.faces || [], check.kept),
    " ", resultOf(check), enteredNote(dice)));
  if (check.explanation) box.append(el("div", {class: "explanation", text: check.explanation}));
  return box;
}

// Which of a bare roll's dice stand, from its event's detail (H675): a usage die's
// ``rolls`` and ``kept`` face (advantage: two dice, one kept), or a dice expression's
// ``rolls``, each with its tree of dice marked kept (4d6kh3), of which ``kept`` names
// the roll that stands when there are two (advantage). ``null`` when the detail does
// not tell, or its faces are not the outcome's: then no die is marked.
function keptFlags(detail, dice) {
  const rolls = detail && detail.rolls;
  if (!Array.isArray(rolls) || !rolls.length) return null;
  const faces = [];
  const flags = [];
  if (rolls.every((roll) => typeof roll === "number")) {
    if (rolls.length < 2 || typeof detail.kept !== "number") return null;
    const at = rolls.lastIndexOf(detail.kept);
    rolls.forEach((face, index) => { faces.push(face); flags.push(index === at); });
  } else {
    const walk = (node, chosen) => {
      if (!node || typeof node !== "object") return;
      if (node.type === "dice" && Array.isArray(node.dice)) {
        for (const die of node.dice) { faces.push(die.value); flags.push(chosen && die.kept !== false); }
        return;
      }
      for (const value of Object.values(node)) walk(value, chosen);
    };
    rolls.forEach((roll, index) => walk(roll && roll.tree, rolls.length < 2 || index === detail.kept));
  }
  const same = faces.length === dice.length && dice.every((die, index) => die.face === faces[index]);
  return same && flags.includes(false) ? flags : null;
}

function renderOutcome(outcome, detail) {
  const box = el("div", {class: "outcome"});
  const checks = outcome.checks || [];
  for (const check of checks) box.append(renderCheck(check, outcome.dice));
  if (!checks.length && (outcome.dice || []).length) {
    const row = el("div", {class: "dice"});
    const flags = keptFlags(detail, outcome.dice);
    outcome.dice.forEach((die, index) => {
      const text = `d${die.sides} ${die.face}`;
      if (!flags) row.append(el("span", {class: "die", title: `d${die.sides}`, text}));
      else if (flags[index]) row.append(el("mark", {class: "die kept", title: "kept", text}));
      else row.append(el("s", {class: "die dropped", title: "dropped", text}));
    });
    row.append(enteredNote(outcome.dice) || "");
    box.append(row);
  }
  return box;
}

function renderLines(lines) {
  return (lines || []).map((line) => el("p", {class: `line ${line.style || ""}`, text: line.text}));
}

// -- the reply to the user's own command -------------------------------------------
function showReply(target, ok, body) {
  target.replaceChildren();
  target.classList.toggle("error", !ok);
  if (!ok) { target.append(el("p", {class: "line error", text: body.error || "refused"})); return; }
  const lines = body.lines || [];
  if (!lines.length && body.text) lines.push({text: body.text, style: ""});
  const checks = body.checks || [];
  if (!checks.length) {
    // dice rolled with no check (an ordered fight's attack, damage, a usage die): shown
    // as the log shows them, after the lines that explain them (docs/rulings.md H686)
    target.append(...renderLines(lines));
    if ((body.dice || []).length) target.append(renderOutcome(body));
    return;
  }
  // The checks drawn (odds first, the dice kept and dropped) stand where the console
  // prints the odds; the lines that only repeat them in words are left out.
  const said = new Set(checks.map((check) => (check.explanation || "").trim()));
  const at = lines.findIndex((line) => line.style === "odds");
  const outcome = renderOutcome(body);
  if (at < 0) target.append(outcome);
  lines.forEach((line, index) => {
    if (index === at) target.append(outcome);
    if (line.style === "odds" || said.has(line.text.trim())) return;
    target.append(...renderLines([line]));
  });
}

// A request that got no answer (the server restarting, the network down) may or may not
// have been done: the log says which once the page is back (docs/rulings.md H784).
const UNANSWERED = "the server did not answer: if it was done, the log shows it once the table is back; if not, try again";

async function send(line) { return post("api/command", {line}); }

async function post(path, payload) {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: {"content-type": "application/json", "x-hacktable": "1"},
      body: JSON.stringify(payload),
    });
    const body = await response.json().catch(() => ({error: `HTTP ${response.status}`}));
    return {ok: response.ok, body};
  } catch (_error) {  // (the browser's own words, "TypeError: Failed to fetch", say nothing to a player)
    return {ok: false, body: {error: UNANSWERED}};
  }
}

async function command(line) {
  const answer = await send(line);
  showReply($("reply"), answer.ok, answer.body);
  return answer.ok;
}

// -- the live log --------------------------------------------------------------------
function isSecret(event) { return event.visibility === "gm" || event.visibility === "blind"; }

function renderEvent(event) {
  const item = el("li", {"data-seq": String(event.seq), "data-action": event.action || ""});
  item.append(el("span", {class: "seq", text: `#${event.seq}`}), el("span", {class: "summary", text: event.summary}));
  if (event.outcome) item.append(renderOutcome(event.outcome, event.detail));
  if (!IS_GM && isSecret(event) && !event.outcome && !event.command) item.classList.add("muted", "stub");
  if (IS_GM && isSecret(event)) {
    item.classList.add("secret");
    if (!revealed.has(event.seq)) {
      const button = el("button", {type: "button", class: "reveal", text: "Reveal",
        "aria-label": `Reveal event ${event.seq}`,
        onclick: () => command(`reveal ${event.seq}`)});
      item.append(" ", button);
      secretItems.set(event.seq, button);
    }
  }
  return item;
}

function place(item, seq) {
  const log = $("log");
  for (const other of log.children) {
    if (Number(other.dataset.seq) < seq) { log.insertBefore(item, other); return; }
  }
  log.append(item);
}

function receive(event) {
  // A revealed event this page showed (as a stub) is drawn again in its place; one it
  // has not seen yet (its log sent from the start) is new to it, like any other.
  if (event.revealed && event.seq <= last) {
    const old = $("log").querySelector(`li[data-seq="${event.seq}"]`);
    const item = renderEvent(event);
    if (old) old.replaceWith(item); else place(item, event.seq);
    return;
  }
  if (event.seq <= last) return;
  last = event.seq;
  $("log").prepend(renderEvent(event));
  const detail = event.detail || {};
  if (event.action === "reveal" && typeof detail.reveals === "number") {
    revealed.add(detail.reveals);
    const button = secretItems.get(detail.reveals);
    if (button) { button.remove(); secretItems.delete(detail.reveals); }
  }
  if (event.action === "say" || event.action === "whisper") chatLine(event);
  // An invite made, used or revoked: the GM's Players section reads it again (H676).
  if (IS_GM && String(event.action || "").startsWith("invite")) window.hacktablePlayers?.reload();
  if (detail.prompt) { promptEvents.push(event); showPrompt(event); }
  if (typeof detail.answers === "number") answer(detail.answers);
  if (typeof detail.cancels === "number") answer(detail.cancels);  // the GM withdrew it
  refreshSoon();
}

let backoff = 1000;
let restartingSince = 0;  // when the server last closed with 1012 (H780)
let refusedSocket = false;
function connect() {
  const url = new URL(`ws?after=${last}`, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  socket.onopen = () => { backoff = 1000; restartingSince = 0; $("status").textContent = "live"; };
  socket.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.error) {
      refusedSocket = true;
      $("status").textContent = event.error;
      return;
    }
    receive(event);
  };
  socket.onclose = (closing) => {
    if (refusedSocket) return;
    // 1012: the server is restarting (H742): back soon, here or at another process,
    // resuming after the last event shown; a little jitter spreads the reconnects.
    if (closing.code === 1012) {
      restartingSince = Date.now();
      $("status").textContent = "reconnecting...";
      setTimeout(connect, 300 + Math.random() * 700);
      return;
    }
    // A restart takes seconds (H780): for a minute after a 1012 the page tries again
    // every 1-1.5 s, so it is back about a second after the server, not after a
    // doubled backoff; then it backs off as after any other close.
    if (restartingSince && Date.now() - restartingSince < 60000) {
      $("status").textContent = "reconnecting...";
      setTimeout(connect, 1000 + Math.random() * 500);
      return;
    }
    $("status").textContent = `reconnecting in ${Math.round(backoff / 1000)} s...`;
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 30000);
  };
}

// -- the view: panels, characters, buttons ------------------------------------------
let refreshTimer = null;
const shown = {panels: "", actions: ""};
function refreshSoon() {
  // At most 0.4 s after the first event not yet shown: a steady stream of events (a
  // busy fight) must not keep putting the view off.
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => { refreshTimer = null; loadView(); }, 400);
}

async function loadView() {
  try {
    const response = await fetch("api/view", {headers: {accept: "application/json"}});
    if (!response.ok) return;
    view = await response.json();
  } catch (error) { return; }
  // Only what changed is drawn again, and a focused button keeps the focus (keyboard).
  const panels = JSON.stringify(view.panels || []);
  if (panels !== shown.panels) { shown.panels = panels; renderPanels(view.panels || []); }
  const actions = JSON.stringify(view.actions || []);
  if ($("actions") && actions !== shown.actions) {
    shown.actions = actions;
    const focused = document.activeElement?.dataset?.command;
    renderActions(view.actions || []);
    if (focused) $("actions").querySelector(`button[data-command="${CSS.escape(focused)}"]`)?.focus();
  }
  if (IS_GM) chatTargets(view.characters || []);
  for (const event of promptEvents) showPrompt(event);
}

function renderPanels(panels) {
  const box = $("panels");
  box.replaceChildren();
  if (!panels.length) box.append(el("p", {class: "muted", text: "Nothing to show yet."}));
  for (const panel of panels) {
    const part = el("details", {class: "panel", "data-command": panel.command});
    if (!closed.has(panel.title)) part.open = true;
    part.addEventListener("toggle", () => {
      if (part.open) closed.delete(panel.title); else closed.add(panel.title);
    });
    part.append(el("summary", {}, el("h3", {text: panel.title})), ...renderLines(panel.lines));
    box.append(part);
  }
}

function renderActions(actions) {
  const box = $("actions");
  box.replaceChildren();
  const by = new Map();
  for (const action of actions) {
    if (!by.has(action.character)) by.set(action.character, []);
    by.get(action.character).push(action);
  }
  for (const [name, list] of by) {
    const group = el("div", {class: "actions", role: "group", "aria-label": `${name}'s rolls`});
    for (const action of list) {
      group.append(el("button", {type: "button", class: "action", "data-command": action.command,
        text: action.label, "aria-label": `${name}: ${action.label}`, onclick: () => choose(action)}));
    }
    box.append(el("h3", {text: name}), group);
  }
  if (!actions.length) box.append(el("p", {class: "muted", text: "No character of yours to roll for."}));
}

function fill(line, values) {
  return line.replace(/\{([a-z]+)\}/g, (_, name) => values[name] ?? "");
}

function choose(action) {
  const pending = $("pending");
  pending.replaceChildren();
  if (!action.asks.length) { showOdds(action, {}); return; }
  const form = el("form", {class: "asks"});
  action.asks.forEach((name, index) => {
    const id = `ask-${name}`;
    form.append(el("label", {for: id, text: name === "dc" ? "DC" : name}),
      el("input", {id, name, required: "", autocomplete: "off", inputmode: name === "dc" ? "numeric" : "text",
        placeholder: name === "dc" ? "e.g. 15" : "e.g. normal",
        ...(name === "dc" ? {pattern: "[0-9]+", title: "the DC: a whole number"} : {})}));
    if (index === 0) setTimeout(() => form.querySelector("input").focus(), 0);
  });
  form.append(el("button", {type: "submit", text: "Show the odds"}));
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    showOdds(action, Object.fromEntries(new FormData(form)));
  });
  pending.append(el("p", {text: `${action.character}: ${action.label}`}), form);
}

async function showOdds(action, values) {
  const pending = $("pending");
  const odds = el("div", {class: "odds-shown"});
  pending.replaceChildren(odds);
  const line = fill(action.command, values);
  let enters = ENTERABLE.has(line.split(" ")[0]);
  if (action.odds_command) {
    const answer = await send(fill(action.odds_command, values));
    showReply(odds, answer.ok, answer.body);
    if (!answer.ok) return;
  } else {
    // The odds the ruleset gives the line (as a prompt shows them), or a refusal now,
    // before any die (docs/rulings.md H680); a line with no test has none to show.
    const answer = await post("api/odds", {line});
    odds.append(el("p", {class: "line title", text: `${action.character}: ${action.label}`}));
    if (!answer.ok) { showReply(odds, false, answer.body); return; }
    const found = answer.body.odds;
    enters = Boolean(answer.body.enters);
    if (found) odds.append(el("p", {class: "line odds", text: `${found.test}: ${found.text}`}));
    else odds.append(el("p", {class: "muted", text: "No test to reckon: the roll shows its dice."}));
  }
  const form = el("form", {class: "roll-form"});
  let die = null;
  if (view && view.entered_dice && enters) {
    die = el("input", {id: "roll-die", inputmode: "numeric", autocomplete: "off", placeholder: "optional"});
    form.append(el("label", {for: "roll-die", text: "Your die"}), die);
  }
  const roll = el("button", {type: "submit", class: "roll", text: "Roll"});
  form.append(roll, el("button", {type: "button", text: "Cancel", onclick: () => pending.replaceChildren()}));
  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const entered = die && die.value.trim() ? ` roll ${die.value.trim()}` : "";
    if (await command(line + entered)) pending.replaceChildren();
  });
  pending.append(form);
  roll.focus();
}

// -- prompts: the GM asks this player for a roll ------------------------------------
function mine(prompt) {
  if (fold(prompt.player) === fold(WHO)) return true;
  const names = ((view && view.characters) || []).map((c) => fold(c.name));
  return prompt.character != null && names.includes(fold(prompt.character)) && ROLE === "player";
}

function showPrompt(event) {
  const box = $("prompts");
  const prompt = event.detail.prompt;
  if (!box || answered.has(event.seq) || $(`prompt-${event.seq}`) || !mine(prompt)) return;
  box.querySelector(".empty")?.remove();
  const card = el("div", {class: "card prompt", id: `prompt-${event.seq}`, "data-seq": String(event.seq)});
  card.append(el("p", {text: prompt.command ? `The GM asks: ${prompt.command}` : event.summary}));
  const odds = oddsText(prompt.odds);
  if (odds) card.append(el("p", {class: "odds", text: odds}));
  else if (Array.isArray(prompt.odds)) card.append(...renderLines(prompt.odds));
  const form = el("form");
  let die = null;
  if (!prompt.secret && (!view || view.entered_dice)) {
    const id = `prompt-die-${event.seq}`;
    die = el("input", {id, inputmode: "numeric", autocomplete: "off", placeholder: "optional"});
    form.append(el("label", {for: id, text: "Your die"}), die);
  }
  form.append(el("button", {type: "submit", class: "roll", text: "Roll"}));
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const entered = die && die.value.trim() ? ` roll ${die.value.trim()}` : "";
    command(`answer ${event.seq}${entered}`);
  });
  card.append(form);
  box.prepend(card);
}

function answer(seq) {
  answered.add(seq);
  $(`prompt-${seq}`)?.remove();
  const box = $("prompts");
  if (box && !box.querySelector(".prompt")) box.replaceChildren(el("p", {class: "muted empty", text: NOTHING_ASKED}));
}

// -- chat -------------------------------------------------------------------------------
function chatLine(event) {
  const log = $("chat-log");
  if (!log) return;
  const text = event.summary;
  log.prepend(el("li", {"data-seq": String(event.seq), class: event.action}, el("span", {class: "seq", text: `#${event.seq}`}), text));
}

function chatTargets(characters) {
  const select = $("chat-to");
  if (!select) return;
  const players = [...new Set(characters.map((c) => c.player).filter(Boolean))];
  const have = new Set([...select.options].map((o) => o.value));
  for (const player of players) {
    if (!have.has(player)) select.append(el("option", {value: player, text: `${player} only`}));
  }
}

async function chat(submit) {
  submit.preventDefault();
  const input = $("chat-line");
  const text = input.value.trim();
  if (!text) return;
  const to = $("chat-to").value;
  // A name of several words is quoted: "whisper Ann Lee hi" would whisper "Lee hi"
  // to another player, Ann (the command reads PLAYER as one word or "a quoted name").
  const player = /\s/.test(to) ? `"${to}"` : to;
  const line = to === "table" ? `say ${text}` : `whisper ${player} ${text}`;
  if (await command(line)) input.value = "";
}

// -- start ---------------------------------------------------------------------------------
// Lines typed in the box go one at a time, in the order typed (H781): a line sent
// while the one before is in flight waits for its answer instead of racing it, and an
// answered line clears the box only if it still holds that line (not what is typed next).
let commandsTyped = Promise.resolve();
$("command")?.addEventListener("submit", (submit) => {
  submit.preventDefault();
  const input = $("line");
  const line = input.value;
  if (!line.trim()) return;
  commandsTyped = commandsTyped.then(async () => {
    if (await command(line) && input.value === line) input.value = "";
  });
});
$("chat-form")?.addEventListener("submit", chat);
connect();
loadView();
