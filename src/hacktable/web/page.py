"""The table's one page: the log, live, and a command box (no framework, no CDN)."""

from __future__ import annotations

__all__ = ["PAGE"]

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hacktable</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; }
#log { list-style: none; padding: 0; }
#log li { border-bottom: 1px solid #ddd; padding: .3rem 0; }
#reply { white-space: pre-wrap; background: #f4f4f4; padding: .5rem; min-height: 1rem; }
#reply.error { color: #a00; }
form { display: flex; gap: .5rem; }
input { flex: 1; font: inherit; padding: .4rem; }
</style>
</head>
<body>
<h1>hacktable <small id="who">{{who}}</small></h1>
<form id="command">
  <label for="line" hidden>Command</label>
  <input id="line" name="line" autocomplete="off" autofocus placeholder="a command, e.g. help">
  <button type="submit">Send</button>
</form>
<pre id="reply" aria-live="polite"></pre>
<ol id="log" aria-live="polite"></ol>
<script>
let last = 0;
const log = document.getElementById("log");
function connect() {
  const url = new URL(`ws?after=${last}`, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(url);
  ws.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.error) { document.getElementById("reply").textContent = event.error; return; }
    if (event.seq <= last) return;
    last = event.seq;
    const item = document.createElement("li");
    item.dataset.seq = event.seq;
    item.textContent = `#${event.seq} ${event.summary}`;
    log.prepend(item);
  };
  ws.onclose = () => setTimeout(connect, 1000);
}
connect();
document.getElementById("command").addEventListener("submit", async (submit) => {
  submit.preventDefault();
  const input = document.getElementById("line");
  const reply = document.getElementById("reply");
  const response = await fetch("api/command", {
    method: "POST",
    headers: {"content-type": "application/json", "x-hacktable": "1"},
    body: JSON.stringify({line: input.value}),
  });
  const body = await response.json();
  reply.className = response.ok ? "" : "error";
  reply.textContent = response.ok ? body.text : body.error;
  if (response.ok) input.value = "";
});
</script>
</body>
</html>
"""
