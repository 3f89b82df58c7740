"use strict";
// The local server's page: a Discord server where Duelboard plays, as one member sees it.
// Everything shown comes from the emulator through /api/world and the live socket; every action
// is a request the server turns into what Discord's client would send.

const COLORS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#00a8fc"];
const OPTION = { SUB_COMMAND: 1, SUB_COMMAND_GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, NUMBER: 10 };
const state = {
  world: null, member: localStorage.getItem("member"), channel: null, messages: new Map(),
  socket: null, command: null, values: {}, focused: null, menu: [], active: 0, asked: 0,
};
const $ = (id) => document.getElementById(id);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function byId(a, b) { const x = BigInt(a), y = BigInt(b); return x < y ? -1 : x > y ? 1 : 0; }
function me() { return state.world.people.find((p) => p.id === state.member); }
function locale() { return me().locale; }
function person(id) {
  const all = [...state.world.people, state.world.bot];
  return all.find((p) => p.id === id);
}
function localized(item, field) {
  const names = item[`${field}_localizations`] || {};
  return names[locale()] || names[locale().split("-")[0]] || item[field];
}
function avatar(who) {
  const color = COLORS[Number(BigInt(who.id) % BigInt(COLORS.length))];
  return el("span", { class: "avatar", style: `background:${color}`, "aria-hidden": "true" },
    who.name.slice(0, 1).toUpperCase());
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ as: state.member, ...body }),
  });
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}
function notice(text) { const n = $("notice"); n.textContent = text || ""; n.hidden = !text; }

// The world: channels, people, language.

async function load() {
  const query = state.member ? `?as=${state.member}` : "";
  setWorld(await (await fetch(`/api/world${query}`)).json());
  drawMessages();
  connect();
}

function setWorld(world) {
  state.world = world;
  state.member = world.member;
  localStorage.setItem("member", state.member);
  if (!state.channel || !world.channels.some((c) => c.id === state.channel)) {
    state.channel = world.channels[0].id;
  }
  document.documentElement.lang = locale();
  $("server-name").textContent = world.server;
  drawChannels();
  drawPeople();
  drawLanguages();
  drawOptions();
}

// A thread under its channel; a DM ("@") and a group DM ("👥") where the bot is not a member:
// there Duelboard answers only as the app each person installed to their account.
function channelMark(channel) {
  if (channel.kind === "dm") return "@ ";
  if (channel.kind === "group") return "👥 ";
  return channel.parent ? "↳ " : "# ";
}

function drawChannels() {
  const list = $("channel-list");
  list.replaceChildren(...state.world.channels.map((channel) => el("li", {},
    el("button", {
      class: `channel${channel.parent ? " thread" : ""}${channel.id === state.channel ? " current" : ""}`,
      "data-id": channel.id, type: "button", onclick: () => showChannel(channel.id),
    }, `${channelMark(channel)}${channel.name}`))));
  const current = state.world.channels.find((c) => c.id === state.channel);
  const mark = current.kind === "text" ? "# " : channelMark(current);
  $("channel-header").textContent = `${mark}${current.name}`;
}

function drawPeople() {
  $("people").replaceChildren(...state.world.people.map((who) => el("li", {},
    el("button", {
      class: `member${who.id === state.member ? " current" : ""}`, type: "button",
      "data-id": who.id, "aria-pressed": String(who.id === state.member),
      onclick: () => actAs(who.id),
    }, avatar(who), who.name))));
  const bot = state.world.bot;
  $("bots").replaceChildren(el("li", { class: "member" }, avatar(bot), bot.name, el("span", { class: "tag" }, "BOT")));
}

function drawLanguages() {
  const select = $("language");
  select.replaceChildren(...Object.entries(state.world.locales).map(([code, name]) =>
    el("option", { value: code, selected: code === locale() }, name)));
}

async function actAs(id) {
  if (id === state.member) return;
  state.member = id;
  // The last member's live feed stops now: nothing of theirs may arrive after the switch.
  if (state.socket) state.socket.close();
  state.socket = null;
  clearCommand();
  state.messages.clear();
  drawMessages();
  await load();
}

function showChannel(id) {
  state.channel = id;
  drawChannels();
  drawMessages();
}

// Live messages.

function connect() {
  if (state.socket) state.socket.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/live?as=${state.member}`);
  state.socket = socket;
  socket.onmessage = (event) => {
    if (socket !== state.socket) return;
    const update = JSON.parse(event.data);
    if (update.type === "world") setWorld(update.world);
    else if (update.type === "message") receive(update.message);
  };
}

function receive(message) {
  if (message.deleted) state.messages.delete(message.id);
  else state.messages.set(message.id, message);
  const shown = document.querySelector(`.message[data-id="${message.id}"]`);
  if (message.deleted) { if (shown) shown.remove(); return; }
  if (message.channel !== state.channel) return;
  document.querySelector("#messages .empty")?.remove();
  const drawn = drawMessage(message);
  if (shown) shown.replaceWith(drawn);
  else {
    const list = $("messages");
    const after = [...list.children].find((li) => byId(li.dataset.id, message.id) > 0);
    list.insertBefore(drawn, after || null);
    if (!after) list.scrollTop = list.scrollHeight;
  }
}

function drawMessages() {
  const mine = [...state.messages.values()].filter((m) => m.channel === state.channel);
  mine.sort((a, b) => byId(a.id, b.id));
  const list = $("messages");
  list.replaceChildren(...(mine.length ? mine.map(drawMessage) : [emptyHint()]));
  list.scrollTop = list.scrollHeight;
}

// A channel with nothing in it yet says what to try, with the commands' names in the member's
// language.
function emptyHint() {
  const name = (command) => {
    const found = state.world.commands.find((c) => c.name === command);
    return el("code", {}, `/${found ? localized(found, "name") : command}`);
  };
  return el("li", { class: "empty" },
    el("strong", {}, "Nothing here yet."), " Type / to see the commands: ", name("help"),
    " says what Duelboard does; ", name("backgammon"), " or ", name("checkers"),
    " challenges another member (pick them under \"Act as\" to answer) or Duelboard itself.");
}

function drawMessage(message) {
  const who = message.author;
  const header = el("div", {}, el("span", { class: "who" }, who.name),
    who.bot ? el("span", { class: "tag" }, "BOT") : null,
    message.edited ? el("span", { class: "edited" }, " (edited)") : null);
  const used = message.used
    ? el("div", { class: "used" }, `${message.used.user.name} used /${message.used.command}`) : null;
  const content = el("div", { class: "content" });
  if (message.loading) content.append(el("span", { class: "thinking" }, `${who.name} is thinking…`));
  else content.innerHTML = markdown(message.content);
  const body = el("div", { class: "body" }, used, header, content,
    attachments(message), ...rows(message),
    message.ephemeral ? el("span", { class: "private" }, "Only you can see this") : null);
  const notified = message.notified.includes(state.member);
  return el("li", {
    class: `message${notified ? " notified" : ""}${message.ephemeral ? " ephemeral" : ""}`,
    "data-id": message.id,
  }, avatar(who), body);
}

function attachments(message) {
  if (!message.attachments.length) return null;
  return el("div", { class: "attachments" }, ...message.attachments.map((file) => {
    const url = `${file.url}?as=${state.member}`;
    if (!file.image) return el("a", { class: "file", href: url, download: file.filename }, `📄 ${file.filename}`);
    return el("figure", {},
      el("img", { src: url, alt: file.description || file.filename, title: file.description || "" }),
      file.description ? el("details", { class: "alt" }, el("summary", {}, "ALT"), file.description) : null);
  }));
}

function rows(message) {
  return message.components.filter((row) => row.type === 1).map((row) => el("div", { class: "row" },
    ...row.components.map((item) => item.type === 2 ? button(message, item) : menu(message, item))));
}

function button(message, item) {
  if (item.style === 5) return el("a", { href: item.url, target: "_blank" }, item.label);
  return el("button", {
    type: "button", class: `style-${item.style}`, disabled: item.disabled, "data-custom-id": item.custom_id,
    onclick: () => act("/api/click", { message: message.id, custom_id: item.custom_id }),
  }, item.label || "");
}

function menu(message, item) {
  const select = el("select", {
    "aria-label": item.placeholder || "Choose", "data-custom-id": item.custom_id,
    onchange: (event) => act("/api/select", {
      message: message.id, custom_id: item.custom_id, values: [event.target.value],
    }),
  }, el("option", { value: "", disabled: true, selected: true }, item.placeholder || "Choose…"),
  ...item.options.map((option) => el("option", { value: option.value }, option.label)));
  return select;
}

async function act(path, body) {
  notice("");
  try { await post(path, body); } catch (error) { notice(error.message); }
}

// Message text: the Markdown Discord renders, mentions and timestamps.

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function markdown(text) {
  const kept = [];
  const keep = (html) => `\u0000${kept.push(html) - 1}\u0000`;
  let out = text.replace(/```(?:[a-z]*\n)?([\s\S]*?)```/g, (_, code) => keep(`<pre>${escapeHtml(code)}</pre>`));
  out = out.replace(/`([^`\n]+)`/g, (_, code) => keep(`<code>${escapeHtml(code)}</code>`));
  out = out.replace(/\\([\\*_`~|>#\-\[\]()@<:])/g, (_, c) => keep(escapeHtml(c)));
  out = out.replace(/<@!?(\d+)>/g, (_, id) => keep(`<span class="mention">@${escapeHtml(person(id)?.name || "unknown")}</span>`));
  out = out.replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, s, style) => keep(`<span class="timestamp">${escapeHtml(when(Number(s), style))}</span>`));
  out = escapeHtml(out);
  out = out.replace(/\[([^\]\n]+)\]\((https?:[^)\s]+)\)/g, (_, label, url) => link(url, label));
  out = out.replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g, (_, before, url) => before + link(url, url));
  out = out.replace(/\*\*([\s\S]+?)\*\*/g, "<strong>$1</strong>");
  out = out.replace(/__([\s\S]+?)__/g, "<u>$1</u>");
  out = out.replace(/\*([^*\n]+)\*/g, "<em>$1</em>");
  out = out.replace(/(^|\W)_([^_\n]+)_(?=\W|$)/g, "$1<em>$2</em>");
  out = out.replace(/~~([\s\S]+?)~~/g, "<s>$1</s>");
  out = out.split("\n").map((line) => {
    if (line.startsWith("-# ")) return `<span class="sub">${line.slice(3)}</span>`;
    if (line.startsWith("&gt; ")) return `<blockquote>${line.slice(5)}</blockquote>`;
    const heading = line.match(/^(#{1,3}) (.*)$/);
    if (heading) return `<strong class="h${heading[1].length}">${heading[2]}</strong>`;
    return line;
  }).join("\n");
  return out.replace(/\u0000(\d+)\u0000/g, (_, index) => kept[Number(index)]);
}

function link(url, label) {
  const jump = url.match(/^https:\/\/discord\.com\/channels\/\d+\/(\d+)\/(\d+)$/);
  if (jump) return `<a href="#" data-channel="${jump[1]}" data-message="${jump[2]}" class="jump">${label}</a>`;
  return `<a href="${url}" target="_blank" rel="noreferrer">${label}</a>`;
}

function when(seconds, style) {
  const date = new Date(seconds * 1000);
  if (style === "R") {
    const delta = (date - Date.now()) / 1000;
    const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
    const [unit, size] = units.find(([, s]) => Math.abs(delta) >= s) || ["second", 1];
    return new Intl.RelativeTimeFormat(locale(), { numeric: "auto" }).format(Math.round(delta / size), unit);
  }
  return date.toLocaleString(locale());
}

document.addEventListener("click", (event) => {
  const jump = event.target.closest("a.jump");
  if (!jump) return;
  event.preventDefault();
  showChannel(jump.dataset.channel);
  document.querySelector(`.message[data-id="${jump.dataset.message}"]`)?.scrollIntoView();
});

// The composer: slash commands with their options, as Discord's client offers them.

// What the menu offers, as Discord's client does: a command, or each of its subcommands
// ("/tournament create"), with the options of that one.
function commands() {
  const all = state.world.commands.flatMap((command) => entries(command, [], []));
  return all.sort((a, b) => a.label.localeCompare(b.label));
}

function entries(item, names, labels) {
  const name = [...names, item.name];
  const label = [...labels, localized(item, "name")];
  const subs = (item.options || []).filter((o) => o.type === OPTION.SUB_COMMAND || o.type === OPTION.SUB_COMMAND_GROUP);
  if (subs.length) return subs.flatMap((sub) => entries(sub, name, label));
  return [{
    name: name.join(" "), label: label.join(" "), description: localized(item, "description"),
    options: item.options || [],
  }];
}

function onInput() {
  const text = $("input").value;
  if (state.command) {
    if (state.focused) { state.values[state.focused] = text; suggest(); }
    return;
  }
  if (!text.startsWith("/")) { hideMenu(); return; }
  const typed = text.slice(1).toLowerCase();
  state.menu = commands().filter((c) => c.label.startsWith(typed));
  state.active = 0;
  drawMenu();
}

function drawMenu() {
  const menu = $("command-menu");
  menu.hidden = state.menu.length === 0;
  menu.replaceChildren(...state.menu.map((command, index) => el("button", {
    type: "button", class: index === state.active ? "active" : "", "data-command": command.name,
    onclick: () => choose(command),
  }, `/${command.label}`, el("span", { class: "description" }, command.description))));
}

function hideMenu() { $("command-menu").hidden = true; state.menu = []; }

function choose(command) {
  state.command = command;
  state.values = {};
  state.focused = null;
  hideMenu();
  $("input").value = "";
  const first = command.options.find((o) => o.required) || null;
  drawOptions();
  if (first) focusOption(first.name);
  else $("input").placeholder = "Press Enter to send";
}

function clearCommand() {
  state.command = null;
  state.values = {};
  state.focused = null;
  $("choices").hidden = true;
  $("input").value = "";
  $("input").placeholder = "Type / for commands";
  drawOptions();
}

function drawOptions() {
  const box = $("options");
  if (!state.command) { box.replaceChildren(); return; }
  const command = state.command;
  const fields = command.options.map((option) => optionField(option));
  box.replaceChildren(el("span", { class: "command-name" }, `/${command.label}`), ...fields,
    el("button", { type: "button", class: "option clear", "aria-label": "Cancel", onclick: clearCommand }, "✕"));
}

function optionField(option) {
  const name = localized(option, "name");
  const value = state.values[option.name];
  const label = el("span", { title: localized(option, "description") }, `${name}${option.required ? "*" : ""}:`);
  let input;
  const picked = [OPTION.BOOLEAN, OPTION.USER, OPTION.CHANNEL, OPTION.ROLE];
  if (option.choices || picked.includes(option.type)) {
    const choices = option.choices
      ? option.choices.map((c) => [String(c.value), localized(c, "name")])
      : option.type === OPTION.BOOLEAN ? [["true", "True"], ["false", "False"]]
        : option.type === OPTION.CHANNEL ? state.world.channels.map((c) => [c.id, `#${c.name}`])
          : option.type === OPTION.ROLE ? state.world.roles.map((r) => [r.id, `@${r.name}`])
            : [...state.world.people, state.world.bot].map((p) => [p.id, p.name]);
    input = el("select", { "data-option": option.name, "aria-label": name, onchange: (e) => {
      state.values[option.name] = e.target.value === "" ? undefined : e.target.value;
    } }, el("option", { value: "" }, "—"),
    ...choices.map(([v, text]) => el("option", { value: v, selected: String(value) === v }, text)));
  } else {
    input = el("input", {
      "data-option": option.name, "aria-label": name, value: value ?? "",
      placeholder: localized(option, "description"),
      type: option.type === OPTION.INTEGER || option.type === OPTION.NUMBER ? "number" : "text",
      onfocus: () => { state.focused = option.name; suggest(); },
      oninput: (e) => { state.values[option.name] = e.target.value; state.focused = option.name; suggest(); },
    });
  }
  return el("label", { class: `option${state.focused === option.name ? " current" : ""}` }, label, input);
}

function focusOption(name) {
  state.focused = name;
  document.querySelector(`[data-option="${name}"]`)?.focus();
}

function typedValues() {
  const values = {};
  for (const option of state.command.options) {
    const raw = state.values[option.name];
    if (raw === undefined || raw === "") continue;
    if (option.type === OPTION.INTEGER) values[option.name] = Number.parseInt(raw, 10);
    else if (option.type === OPTION.NUMBER) values[option.name] = Number.parseFloat(raw);
    else if (option.type === OPTION.BOOLEAN) values[option.name] = raw === "true";
    else if (option.choices && option.type !== OPTION.STRING) values[option.name] = Number(raw);
    else values[option.name] = String(raw);
  }
  return values;
}

async function suggest() {
  const option = (state.command?.options || []).find((o) => o.name === state.focused);
  const box = $("choices");
  if (!option || !option.autocomplete) { box.hidden = true; return; }
  const asked = ++state.asked;
  const others = typedValues();
  delete others[option.name];
  try {
    const answer = await post("/api/autocomplete", {
      channel: state.channel, command: state.command.name, focused: option.name,
      options: { ...others, [option.name]: state.values[option.name] || "" },
    });
    if (asked !== state.asked) return;
    box.hidden = answer.choices.length === 0;
    box.replaceChildren(...answer.choices.map((choice) => el("button", {
      type: "button", class: "choice", onclick: () => {
        state.values[option.name] = String(choice.value);
        box.hidden = true;
        drawOptions();
      },
    }, choice.name)));
  } catch (error) { box.hidden = true; notice(error.message); }
}

async function send(event) {
  event.preventDefault();
  notice("");
  if (!state.command) {
    if (state.menu.length) choose(state.menu[state.active]);
    else if ($("input").value.trim()) notice("Duelboard is played with slash commands: type / to see them.");
    return;
  }
  const missing = state.command.options.filter((o) => o.required && !state.values[o.name]);
  if (missing.length) { notice(`Fill in ${missing.map((o) => localized(o, "name")).join(", ")}.`); return; }
  const body = { channel: state.channel, command: state.command.name, options: typedValues() };
  // The composer empties at once, as Discord's does: the next command can be typed while this
  // one's answer is still on its way (a slow answer left the old command in the way of "/").
  clearCommand();
  try {
    await post("/api/slash", body);
  } catch (error) { notice(error.message); }
}

$("input").addEventListener("input", onInput);
$("input").addEventListener("keydown", (event) => {
  if (event.key === "Enter") { send(event); return; }
  if (!state.menu.length) { if (event.key === "Escape") clearCommand(); return; }
  if (event.key === "ArrowDown") state.active = (state.active + 1) % state.menu.length;
  else if (event.key === "ArrowUp") state.active = (state.active + state.menu.length - 1) % state.menu.length;
  else return;
  event.preventDefault();
  drawMenu();
});
$("composer").addEventListener("submit", send);
// Enter sends from any field of the command, as in Discord (a form with several fields would not).
$("composer").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && event.target.tagName === "INPUT" && event.target.id !== "input") send(event);
});
$("language").addEventListener("change", async (event) => {
  try {
    await post("/api/locale", { locale: event.target.value });
    me().locale = event.target.value;
    setWorld(state.world);
    drawMessages();
  } catch (error) { notice(error.message); }
});

load();
