// The referee page in the browser: the page's forms ask the public JSON API (GET /v1/{game}, hands/compare,
// tricks/winner, records/adjudicate with trace) and show its verdict; the page's state lives in the URL
// fragment, so a copied link gives the same verdict. Without this module the same forms post to the page.
// Hand-written, no build step, no dependency.

const DATA = document.getElementById("page-data");
const data = JSON.parse(DATA.textContent);
// A game chosen in place brings the new game's page and a fresh instance of this module (its own URL): this
// one then answers nothing more.
const alive = () => DATA.isConnected;
const SERIAL = Number(new URL(import.meta.url).searchParams.get("page") || 0);
const GAME = data.game;
const SUITS = data.suits; // letter -> [symbol, name]
const COLOURS = data.colours; // suit code -> its colour (never alone: the symbol and letters stay)
const VERDICT_WORDS = { complete: "complete", in_progress: "in progress", illegal: "illegal", undecided: "undecided" };
let catalog = null; // GET /v1/{game}
let catalogAsked = null; // its request, awaited by a question asked before it answered
let steps = []; // the current record's steps, for stepping through
let step = 0; // 0: after the deal; n: after the n-th step
let record = null; // the current record, for the table at a step
let states = new Map(); // step -> the state after it (records/adjudicate of the first n actions)
let view = null; // "compare" | "trick" | "record": what the verdict answers
let textAsked = false; // the record asked was the text (Record (text)), not the JSON

const $ = (id) => document.getElementById(id);
const forms = { compare: $("compare-form"), trick: $("trick-form"), record: $("record-form") };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// -- talking to the API ------------------------------------------------------------------------------
async function api(method, path, body, quiet = false) {
  if (method === "POST" && !quiet) $("status").textContent = "Asking the service…";
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body); // a text: as written (a record)
  }
  try {
    const response = await fetch(path, init);
    let answer = null;
    try {
      answer = await response.json();
    } catch {
      answer = null;
    }
    return { ok: response.ok, status: response.status, body: answer };
  } catch (error) {
    return { ok: false, status: 0, body: { detail: `The service could not be reached (${error.message}).` } };
  }
}

// -- cards -------------------------------------------------------------------------------------------
const splitCards = (text) => text.split(/[\s,]+/).filter(Boolean);

// The suit code a card's code ends with ("H" of "AH", "Sw" of "1Sw"), null for a named card.
const suitOf = (code) => [code.slice(-2), code.slice(-1)].find((s) => code.length > s.length && s in COLOURS) || null;
const suitClass = (code) => (suitOf(code) ? ` suit-${COLOURS[suitOf(code)]}` : "");

function cardNode(code) {
  const suit = code.length === 2 ? SUITS[code[1]] : undefined;
  return el(
    "span",
    { class: `card${suitClass(code)}` },
    suit ? el("span", { class: "sym", "aria-hidden": "true", text: code[0] + suit[0] }) : null,
    suit ? " " : null,
    el("span", { class: "code", text: code }),
  );
}

const SYMBOLS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const WORDS = { SPADE: "S", COPPE: "H", DENARI: "D", BASTONI: "C" };

// The Italian rank words a spelled card may use ("RE" of re-coppe: K), from the game's names (sentences.py).
const RANK_WORDS = () => Object.fromEntries(Object.entries((data.say.names.it || {}).rank || {}).map(([rank, w]) => [w.toUpperCase(), rank]));

function canonical(token) {
  // The pack's code for a typed card where it is plain to see (the API is the judge of everything else).
  if (!catalog) return null;
  let text = token.trim().toUpperCase();
  const word = text.match(/^(.+)-([A-Z]+)$/);
  if (word && WORDS[word[2]]) text = (RANK_WORDS()[word[1]] || word[1]) + WORDS[word[2]];
  text = text.replace(/[♠♥♦♣]/gu, (s) => SYMBOLS[s]).replace(/^10/, "T");
  return catalog.pack.find((code) => code.toUpperCase() === text) || null;
}

// -- the fields --------------------------------------------------------------------------------------
const handInputs = () => [...document.querySelectorAll("#hands input")];
const cardFields = () => [...handInputs(), $("cards")].filter(Boolean);

const MAX_HANDS = 20; // as the page without a script offers

function addHand(value = "") {
  if (handInputs().length >= MAX_HANDS) return handInputs()[MAX_HANDS - 1];
  const n = handInputs().length + 1;
  const id = `hand-${n}`;
  const input = el("input", { type: "text", id, name: "hand", autocomplete: "off", spellcheck: "false" });
  input.setAttribute("autocapitalize", "characters");
  input.value = value;
  const field = el("div", { class: "hand field" }, el("label", { for: id, text: `Hand ${n}` }), input);
  field.append(el("p", { class: "field-error", id: `${id}-error`, hidden: true }));
  $("hands").append(field);
  addPickButton(input, `Hand ${n}`);
  return input;
}

// An option for one player count only (Briscola's three- and six-player rules) shows when the trick's cards (or
// the hands compared) are that many, or none are typed yet; the page without a script shows them all.
function fitOptions() {
  const typed = $("cards") ? splitCards($("cards").value).length : handInputs().filter((i) => i.value.trim()).length;
  for (const field of document.querySelectorAll(".option[data-players]")) {
    field.hidden = typed > 1 && Number(field.dataset.players) !== typed;
  }
}

function optionControls(form) {
  return form ? [...form.querySelectorAll("[data-option]")] : [];
}

function optionValue(control) {
  const spec = catalog && catalog.options.find((o) => o.name === control.dataset.option);
  if (control.type === "checkbox") return control.checked;
  const raw = control.value;
  for (const allowed of (spec && spec.allowed) || []) if (String(allowed) === raw) return allowed;
  const text = raw.trim();
  if (spec && spec.nullable && text === "") return null;
  if (/^-?\d+$/.test(text) && (!spec || spec.type === "integer") && Number.isSafeInteger(Number(text))) return Number(text);
  return text;
}

function changedOptions(form) {
  if (!catalog) return null; // no default to compare with yet: ask() waits for the catalog first
  const changed = {};
  for (const control of optionControls(form)) {
    const spec = catalog && catalog.options.find((o) => o.name === control.dataset.option);
    const value = optionValue(control);
    if (!spec || value !== spec.default) changed[control.dataset.option] = value;
  }
  return Object.keys(changed).length ? changed : null;
}

function setOption(form, name, value) {
  const control = optionControls(form).find((c) => c.dataset.option === name);
  if (!control) return;
  if (control.type === "checkbox") control.checked = value === "true";
  else control.value = value;
  control.closest("details").open = true;
}

// -- the picker --------------------------------------------------------------------------------------
let pickTarget = null;

function addPickButton(input, name) {
  if (!catalog) return;
  const button = el(
    "button",
    { type: "button", class: "pick", "aria-expanded": "false", "aria-controls": "picker" },
    "Pick cards",
    el("span", { class: "visually-hidden", text: ` for ${name}` }),
  );
  button.addEventListener("click", () => togglePicker(input, name, button));
  input.after(button);
}

// A named card's own names (Broggin's trumps: "Witch", in Swedish "Häxan"), from the catalog's names of the
// card kind in each language of the game's sources, marked with that language.
function nativeNames(code) {
  const names = catalog.names || {};
  return Object.keys(names)
    .filter((lang) => lang !== "en" && names[lang].card && names[lang].card[code])
    .map((lang) => el("span", { class: "native", lang, text: `(${names[lang].card[code]})` }));
}

function buildPicker() {
  const pack = el("div", { class: "pack" });
  for (const code of catalog.pack) {
    const suit = code.length === 2 ? SUITS[code[1]] : undefined;
    const button = el(
      "button",
      { type: "button", class: `pick-card${suitClass(code)}`, "data-card": code },
      suit ? el("span", { class: "sym", "aria-hidden": "true", text: code[0] + suit[0] }) : null,
      suit ? " " : null,
      el("span", { class: "code", text: code }),
      nativeNames(code).flatMap((name) => [" ", name]),
    );
    button.addEventListener("click", () => pick(button));
    pack.append(button);
  }
  const done = el("button", { type: "button", class: "done", text: "Done picking" });
  done.addEventListener("click", () => closePicker(true));
  const picker = el(
    "div",
    { id: "picker", class: "picker", role: "group", "aria-labelledby": "picker-title", hidden: true },
    el("p", { id: "picker-title", class: "picker-title" }),
    el("p", { class: "hint", text: "A card already in use is marked and cannot be picked again." }),
    pack,
    done,
  );
  picker.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closePicker(true);
  });
  return picker;
}

function togglePicker(input, name, button) {
  const picker = $("picker");
  const open = !picker.hidden && pickTarget && pickTarget.input === input;
  closePicker(false);
  if (open) return;
  pickTarget = { input, button };
  $("picker-title").textContent = `Pick cards for ${name}`;
  input.closest(".field").after(picker);
  picker.hidden = false;
  button.setAttribute("aria-expanded", "true");
  markUsed();
  picker.querySelector(".pick-card:not([aria-disabled])")?.focus();
}

function closePicker(focusBack) {
  const picker = $("picker");
  if (!picker || picker.hidden) return;
  picker.hidden = true;
  if (pickTarget) {
    pickTarget.button.setAttribute("aria-expanded", "false");
    if (focusBack) pickTarget.button.focus();
  }
  pickTarget = null;
}

function markUsed() {
  const used = new Set(cardFields().flatMap((input) => splitCards(input.value).map(canonical)));
  for (const button of document.querySelectorAll(".pick-card")) {
    if (used.has(button.dataset.card)) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }
}

function pick(button) {
  if (!pickTarget || button.getAttribute("aria-disabled") === "true") return;
  const input = pickTarget.input;
  input.value = [...splitCards(input.value), button.dataset.card].join(" ");
  markUsed();
}

// -- errors ------------------------------------------------------------------------------------------
function fieldOf(pointer) {
  // The field a problem's pointer names (its id, or null) and the words naming the spot in it.
  const parts = pointer.split("/").slice(1);
  const index = (i) => (parts.length > i && /^\d+$/.test(parts[i]) ? Number(parts[i]) : null);
  if (parts[0] === "hands" && index(1) !== null) {
    const card = index(2) !== null ? `, card ${index(2) + 1}` : "";
    return [`hand-${index(1) + 1}`, `Hand ${index(1) + 1}${card}`];
  }
  if (parts[0] === "cards") return ["cards", index(1) !== null ? `Card ${index(1) + 1}` : "Cards"];
  if (parts[0] === "options" && parts.length > 1) return [`opt-${parts[1]}`, parts[1]];
  if (parts[0] === "trump") return ["trump", "Trump"];
  if (parts[0] === "notation") return ["record-text", "Record (text)"];
  if (["record", "views", "trace"].includes(parts[0])) {
    // where in the record, as people count: "action 6" for /record/actions/5
    const action = parts[1] === "actions" && index(2) !== null ? `action ${index(2) + 1}${parts[3] ? `, ${parts[3]}` : ""}` : "at";
    return ["record", `Record${pointer ? `, ${action} (${pointer})` : ""}`];
  }
  return [null, pointer || "Request"];
}

// One problem as people read it; a repeated card counted from 1 as the field is (problems.item_text).
function itemText(where, detail) {
  const repeated = detail.match(/^Items must be distinct: this card is item (\d+) again\.?$/);
  return repeated ? `${where} is the same card as card ${Number(repeated[1]) + 1}.` : `${where}: ${detail}`;
}

function clearErrors() {
  for (const p of document.querySelectorAll(".field-error")) {
    p.hidden = true;
    p.textContent = "";
  }
  for (const field of document.querySelectorAll("[aria-invalid]")) {
    field.removeAttribute("aria-invalid");
    const ids = (field.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && !x.endsWith("-error"));
    if (ids.length) field.setAttribute("aria-describedby", ids.join(" "));
    else field.removeAttribute("aria-describedby");
  }
  $("error-summary").hidden = true;
  $("error-list").replaceChildren();
  $("record-text-where").hidden = true;
  $("record-text-where").replaceChildren();
}

function showErrors(items) {
  // items: [[field id or null, message]]
  clearErrors();
  const list = $("error-list");
  for (const [id, message] of items) {
    const field = id && $(id);
    const slot = id && $(`${id}-error`);
    if (field && slot && slot.hidden) {
      slot.textContent = message;
      slot.hidden = false;
      field.setAttribute("aria-invalid", "true");
      const ids = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      field.setAttribute("aria-describedby", [...ids, slot.id].join(" "));
      const details = field.closest("details");
      if (details) details.open = true;
    }
    list.append(el("li", {}, field ? el("a", { href: `#${id}`, text: message }) : message));
  }
  $("error-summary").hidden = false;
  $("status").textContent = "No verdict: the service found a problem (see the list at the top).";
  $("verdict-details").replaceChildren();
  $("share").hidden = true;
  $("error-summary").focus();
}

const ASKED = { record: ["record", "Record"], text: ["record-text", "Record (text)"], trick: ["cards", "Cards"] }; // the field a whole question names

function showProblem(answer) {
  const body = answer.body || {};
  const [asked, name] = ASKED[view === "record" && textAsked ? "text" : view] || [null, null];
  const items = (body.errors || body.problems || []).map((item) => {
    const [id, where] = fieldOf(String(item.pointer || ""));
    const at = item.line !== undefined && item.line !== null ? `, line ${item.line}, column ${item.column}` : "";
    return [id || asked, itemText(`${where}${at}`, String(item.detail || item.message))];
  });
  if (!items.length) {
    const detail = answer.status === 413 ? "over the service's size limit for a request" : body.detail || body.title;
    const said = detail || `The service answered ${answer.status}.`;
    items.push([asked, name ? `${name}: ${said}` : said]);
  }
  showErrors(items);
  if (view === "record" && textAsked) showWhere($("record-text").value, body.errors || []);
}

// Where a text's first error is, as a compiler shows it: the line quoted, the word at the column marked.
function showWhere(text, errors) {
  const at = errors.find((e) => Number.isInteger(e.line) && Number.isInteger(e.column));
  const lines = text.split(/\r\n|\r|\n/);
  if (!at || at.line < 1 || at.line > lines.length) return;
  const quoted = lines[at.line - 1];
  const start = Math.min(Math.max(at.column - 1, 0), quoted.length);
  const end = start + quoted.slice(start).split(/\s/)[0].length;
  $("record-text-where").replaceChildren(
    el("span", { class: "visually-hidden", text: `Line ${at.line}, column ${at.column}: ` }),
    quoted.slice(0, start),
    el("mark", { text: quoted.slice(start, end) }),
    quoted.slice(end),
    "\n",
    el("span", { "aria-hidden": "true", text: " ".repeat(start) + "^".repeat(Math.max(end - start, 1)) }),
  );
  $("record-text-where").hidden = false;
}

// -- steps in words: the sentences of service/referee/sentences.py (the page's data carries its table) --------
const SAY = data.say;
const FIELD = /\{(\w+)(?:\|(\w+)(?::(\w+))?)?\}/g;
const present = (v) =>
  v !== null && v !== undefined && v !== false && !(Array.isArray(v) && !v.length) && !(typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
const englishName = (kind, id) => ((SAY.names.en || {})[kind] || {})[id] ?? String(id).replaceAll("_", " ");

// " (term)" in each of the game's other languages with a term of its own, each marked with its language.
function nativeTerms(kind, id, english) {
  const terms = Object.entries(SAY.names)
    .filter(([lang, kinds]) => lang !== "en" && kinds[kind] && id in kinds[kind] && kinds[kind][id].toLowerCase() !== english.toLowerCase())
    .map(([lang, kinds]) => el("span", { lang, text: kinds[kind][id] }));
  return terms.length ? [" (", ...terms.flatMap((t, i) => (i ? [", ", t] : [t])), ")"] : [];
}

function saidCard(code) {
  const colour = code.length > 1 ? COLOURS[code.slice(-2)] || COLOURS[code.slice(-1)] : null;
  const symbol = code.length === 2 ? SAY.symbols[code[1]] : undefined;
  const inner = symbol
    ? [el("span", { "aria-hidden": "true", text: (code[0] === "T" ? "10" : code[0]) + symbol }), el("span", { class: "visually-hidden", text: code })]
    : [code];
  return [el("span", { class: colour ? `card suit-${colour}` : "card" }, inner), ...nativeTerms("card", code, code)];
}

const joined = (lists, by) => lists.flatMap((nodes, i) => (i ? [by, ...nodes] : nodes));

function saidValue(value, how, arg) {
  if (!how) return [String(value)];
  if (how === "card") return saidCard(String(value));
  if (how === "cards") return joined(value.map((c) => saidCard(String(c))), " ");
  if (how === "count") return [value >= 0 && value < SAY.numbers.length ? SAY.numbers[value] : String(value)];
  if (how === "many") return [`${value} ${arg}${value === 1 ? "" : "s"}`];
  if (how === "name" || how === "word") {
    const english = englishName(arg, String(value));
    return [english, ...(how === "name" ? nativeTerms(arg, String(value), english) : [])];
  }
  if (how === "suit") return [SAY.suit_words[value] ?? String(value)];
  if (how === "assign") return joined(Object.entries(value).map(([k, v]) => [...saidCard(k), " as ", ...saidCard(v)]), ", ");
  if (how === "melds") {
    return joined(
      value.map((m) => {
        const english = englishName("meld", m.kind);
        const points = m.points !== undefined ? [": ", ...saidValue(m.points, "many", "point")] : [];
        return [english, ...nativeTerms("meld", m.kind, english), " with ", ...saidValue(m.cards, "cards"), ...points];
      }),
      " and ",
    );
  }
  return []; // "if": nothing said
}

function saidTemplate(template, event) {
  const out = [];
  let at = 0;
  for (const m of template.matchAll(FIELD)) {
    out.push(template.slice(at, m.index), ...saidValue(event[m[1]], m[2], m[3]));
    at = m.index + m[0].length;
  }
  out.push(template.slice(at));
  return out.filter((part) => part !== "");
}

const fits = (template, event) => [...template.matchAll(FIELD)].every((m) => present(event[m[1]]));

function sameKey(template, then, event) {
  const own = new Set([...(then || "").matchAll(FIELD)].map((m) => m[1]));
  return JSON.stringify([...template.matchAll(FIELD)].map((m) => m[1]).filter((f) => !own.has(f)).map((f) => event[f] ?? null));
}

function fallback(event) {
  const rest = Object.entries(event).filter(([k, v]) => k !== "type" && v !== null).map(([k, v]) => `${k} ${v}`);
  return [String(event.type ?? "").replaceAll("_", " "), ...rest].join(" ");
}

// The events as clauses (each a list of nodes): an event going on from the one before in its entry's "then".
function clauses(events) {
  const out = [];
  let previous = null;
  for (const event of events) {
    const entry = SAY.sentences[event.type];
    const chosen = entry ? entry.say.find((t) => fits(t, event)) : undefined;
    if (!chosen) {
      out.push([fallback(event)]);
      previous = null;
      continue;
    }
    const key = `${chosen}\n${sameKey(chosen, entry.then, event)}`;
    if (entry.then && previous === key && out.length) {
      out[out.length - 1].push(...saidTemplate(entry.then, event));
      continue;
    }
    out.push(saidTemplate(chosen, event));
    previous = entry.then ? key : null;
  }
  return out;
}

function capital(nodes) {
  const [first, ...rest] = nodes;
  return typeof first === "string" && /^\p{L}/u.test(first) ? [first[0].toUpperCase() + first.slice(1), ...rest] : nodes;
}

// A step's events as sentences; the deal's as one sentence, its clauses joined by semicolons.
const stepSaid = (events) => joined(clauses(events).map((c) => [...capital(c), "."]), " ");
function dealSaid(events) {
  const all = clauses(events);
  return all.length ? [...capital(joined(all, "; ")), "."] : [];
}
const saidNode = (nodes) => el("span", { class: "said" }, nodes);

// An action in words, with no full stop ("Seat 0 plays 7♣"), as the record sent it or the service listed it.
function actionSaid(listed) {
  // a free amount with one value is that amount ("bets 5", not "bets 5 to 5"), as sentences.Sayer.action says it
  const { min, max, ...rest } = listed;
  const action = "min" in listed && min === max ? { ...rest, amount: min } : listed;
  const entry = SAY.actions[action.type];
  const chosen = entry ? entry.say.find((t) => fits(t, action)) : undefined;
  return capital(chosen ? saidTemplate(chosen, action) : [fallback(action)]);
}

// A text the service wrote with every term of another language in it marked with its lang (sentences.marked).
const TERMS = new Map(SAY.terms);
const TERM = SAY.terms.length
  ? new RegExp(`(?<![\\p{L}\\p{N}])(${SAY.terms.map(([t]) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}\\p{N}])`, "gu")
  : null;
function marked(text) {
  if (!TERM) return [text];
  const out = [];
  let at = 0;
  for (const m of text.matchAll(TERM)) {
    out.push(text.slice(at, m.index), el("span", { lang: TERMS.get(m[1]), text: m[1] }));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((part) => part !== "");
}

// -- verdicts ----------------------------------------------------------------------------------------
function numbered(label, indices) {
  const names = indices.map((i) => String(i + 1));
  if (names.length === 1) return `${label} ${names[0]}`;
  return `${label}s ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// An identifier a narrow column breaks after an underscore, never inside a word (words.identifier).
const identNode = (name) =>
  el("code", { class: "ident" }, name.split("_").flatMap((part, i, all) => (i < all.length - 1 ? [`${part}_`, el("wbr")] : [part])));

// An option and its value in words, from the server's words for the game's options (service/referee/words.py).
const optionWords = (name) => data.words.options[name] || { label: name, values: {} };
const valueWords = (name, value) => optionWords(name).values[JSON.stringify(value)] ?? String(value);

function rulesTable(rules) {
  const rows = Object.entries(rules).map(([name, value]) => {
    const spec = catalog && catalog.options.find((o) => o.name === name);
    const rule = spec && spec.rule;
    return el(
      "tr",
      {},
      el("td", {}, el("span", { class: "option-words", text: optionWords(name).label }), " ", identNode(name)),
      el("td", { text: valueWords(name, value) }),
      el("td", {}, rule ? el("a", { href: `/referee/${GAME}/rules#${rule}`, text: rule }) : null),
    );
  });
  const head = el("tr", {}, ...["Option", "Value", "Rule"].map((t) => el("th", { scope: "col", text: t })));
  return el(
    "table",
    { class: "rules-table" },
    el("caption", { text: "Effective rules" }),
    el("thead", {}, head),
    el("tbody", {}, rows),
  );
}

function showVerdict(sentence, ...details) {
  clearErrors();
  $("status").textContent = sentence;
  $("verdict-details").replaceChildren(...details.filter((node) => node !== null && node !== undefined));
  $("share").hidden = false;
  $("link").value = location.href;
}

function compareVerdict(answer) {
  const top = answer.ranking[0];
  let sentence;
  if (top.length === 1) {
    const words = data.words.deciding[answer.deciding] || answer.deciding;
    sentence = `${numbered("Hand", top)} wins, decided by ${words}.`;
  } else {
    sentence = `${numbered("Hand", top)} tie.`;
    const tie = data.words.tie_rules[GAME];
    if (tie) sentence += ` Then the game's own tie rule: ${tie[1]} (${tie[0]}).`;
  }
  const groups = answer.ranking.map((group) => {
    const hands = group.map((i) => {
      const result = answer.results[i];
      const wilds = Object.entries(result.interpretation || {}).sort();
      return el(
        "li",
        {},
        el("strong", { text: `Hand ${i + 1}` }),
        " ",
        result.hand.flatMap((code) => [cardNode(code), " "]),
        el("span", { class: "description" }, marked(result.description)),
        wilds.length
          ? el(
              "ul",
              { class: "wilds" },
              wilds.map(([wild, reading]) => el("li", {}, cardNode(wild), " stands for ", cardNode(reading))),
            )
          : null,
      );
    });
    const equal = group.length > 1 ? el("p", { class: "equal", text: `Equal: ${group.map((i) => `Hand ${i + 1}`).join(" and ")}` }) : null;
    return el("li", {}, equal, el("ul", {}, hands));
  });
  showVerdict(
    sentence,
    el("h3", { id: "ranking-heading", text: "Hands, best first" }),
    el("ol", { class: "ranking", "aria-labelledby": "ranking-heading" }, groups),
    rulesTable(answer.rules),
  );
}

const TRICK_WHY = {
  trump: "the highest trump played",
  led: "no trump was played, and it is the highest card of the suit led",
  other: "as the game's rules say",
};

function trickRole(i, suit, winner, trump, led, won) {
  // What one card of a trick is and what it did (verdicts._trick_role says the same without a script).
  let kind = suit === trump ? "a trump" : suit === led ? "the suit led" : "another suit";
  if (i === 0) kind = suit === trump ? "led, a trump" : "led";
  if (i === winner) return `${kind}: takes the trick`;
  if (suit !== trump && suit !== led) return `${kind}: cannot win`;
  if (suit === won) return `${kind}: lower than card ${winner + 1}`;
  return `${kind}: beaten by card ${winner + 1}, a trump`;
}

function trickVerdict(answer, trump, typed) {
  const codes = typed.map((text) => canonical(text) || text);
  const suits = codes.map((code) => code.slice(-1));
  const winner = answer.winner;
  const [led, won] = [suits[0], suits[winner]];
  const why = TRICK_WHY[won === trump ? "trump" : won === led ? "led" : "other"];
  const named = (suit) => (SUITS[suit] ? SUITS[suit].join(" ") : suit);
  const cards = codes.map((code, i) =>
    el("li", {}, el("strong", { text: `Card ${i + 1}` }), " ", cardNode(code), ` ${trickRole(i, suits[i], winner, trump, led, won)}`),
  );
  showVerdict(
    `Card ${winner + 1} takes the trick, worth ${answer.points} card points: ${why}.`,
    el("p", { class: "trick-suits", text: `Trump: ${named(trump)}. Led: ${named(led)}.` }),
    el("h3", { id: "trick-cards-heading", text: "The trick, card by card" }),
    el("ol", { class: "trick", "aria-labelledby": "trick-cards-heading" }, cards),
    rulesTable(answer.rules),
  );
}

function seatsText(seats, verb) {
  if (!seats.length) return `Nobody ${verb}s (a drawn deal)`;
  const name = numbered("Seat", seats.map((s) => s - 1));
  return seats.length === 1 ? `${name} ${verb}s` : `${name} ${verb}`;
}

// The result beside the sentence (which says who wins), as verdicts.result_lines says it.
function resultLines(result) {
  if (!result) return [];
  const lines = [];
  const sides = Array.isArray(result.teams) && result.teams.some((team) => Array.isArray(team) && team.length > 1);
  for (const [key, label] of [["points", "Points"], ["team_points", "Points of each side"], ["payouts", "Payouts"]]) {
    if (key === "team_points" && !sides) continue;
    const who = key === "team_points" ? "side" : "seat";
    if (Array.isArray(result[key])) lines.push(`${label}: ${result[key].map((v, i) => `${who} ${i} ${v}`).join(", ")}.`);
  }
  if (result.reason) lines.push(`Decided by ${data.words.reasons[result.reason] || result.reason.replaceAll("_", " ")}.`);
  return lines;
}

// Nodes as the text a sighted reader sees (a card as A♦, the code for a screen reader dropped): verdicts.plain.
function plainText(nodes) {
  const box = el("span", {}, nodes);
  for (const hidden of box.querySelectorAll(".visually-hidden")) hidden.remove();
  return box.textContent;
}

// Why a record is illegal, in words (verdicts.illegal_text): "in action 10 seat 0 plays A♦, but seat 0 does not hold AD."
// A match's error names its deal: "in deal 0, action 6 seat 1 plays ...".
function illegalText(error, action) {
  let at = `${error.deal !== null && error.deal !== undefined ? `in deal ${error.deal}, action` : "in action"} ${error.index + 1}`;
  if (error.line !== null && error.line !== undefined) at += ` (line ${error.line}, column ${error.column})`;
  const said = action.startsWith("Seat") ? action[0].toLowerCase() + action.slice(1) : action;
  return `${at} ${said}, but ${String(error.message).replace(/\.$/, "")}.`;
}

// A table record's verdict in words (table_words.py): what an undecided one waits for, what proves an illegal one.
const COUNTS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const missingText = (missing) =>
  (missing || [])
    .map((m) => `${m.deal != null ? `deal ${m.deal}: ` : ""}seat ${m.seat} must show ${m.cards === 1 ? "its card" : `its ${COUNTS[m.cards] ?? m.cards} cards`}`)
    .join("; ");
const neededText = (answer) => {
  const said = answer.missing && answer.missing.length ? [missingText(answer.missing)] : [];
  if (answer.missing_turn_up) {
    const deals = answer.deals || [];
    said.push(`${deals.length ? `deal ${deals[deals.length - 1].index}: ` : ""}the turn-up must be shown`);
  }
  return said.join("; ");
};
const undecidedText = (answer) => `${neededText(answer)} to decide the deal.`;
function proofSentence(error) {
  if (!error.proof) return "";
  const numbers = (error.proof.actions || []).map((i) => i + 1);
  const hands = (error.proof.hands || []).map((h) => `seat ${h.seat} holding ${h.cards.join(" ") || "nothing"}`).join("; ");
  const acts = numbers.length > 1 ? `actions ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}` : `action ${numbers[0] ?? "none"}`;
  return ` Proved by ${acts}${hands ? `, with the hands seen: ${hands}` : ""}.`;
}

const triedText = (tried) => (tried && typeof tried === "object" ? plainText(actionSaid(tried)) : String(tried));

// The code and the rule of an illegal verdict, beside its sentence (verdicts.why_code).
const whyCode = (error) =>
  el("p", { class: "why-code", id: "why-code" }, "Code ", el("code", { text: error.code }), ", rule ", el("a", { href: `/referee/${GAME}/rules#${error.rule}`, text: error.rule }), ".");

const andList = (items) => (items.length === 1 ? String(items[0]) : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

// The winners' score beside the others' (", 68 to 52"), as verdicts.score_text says it.
function scoreText(result) {
  const winners = result.winners || [];
  const values = Array.isArray(result.points) ? result.points : result.payouts;
  if (!winners.length) return "";
  let ours;
  let rest;
  if (Array.isArray(result.teams) && Array.isArray(result.team_points) && result.teams.length === result.team_points.length) {
    const found = result.teams.findIndex((team) => team.includes(winners[0]));
    const side = found < 0 ? 0 : found;
    [ours, rest] = [result.team_points[side], result.team_points.filter((_, i) => i !== side)];
  } else if (Array.isArray(values) && winners[0] < values.length) {
    [ours, rest] = [values[winners[0]], values.filter((_, i) => !winners.includes(i))];
  } else return "";
  return rest.length ? `, ${ours} to ${andList([...rest].sort((a, b) => b - a))}` : "";
}

// A message as a sentence: its own full stop, or one added.
const sentenceOf = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

// A deal's steps as list items, the illegal action's last (a record's, or one deal's of a match).
function stepItems(deal, actions) {
  const items = (deal.steps || []).map((s) => {
    const words = stepSaid(s.events);
    return el("li", { "data-step": s.index + 1 }, saidNode(words.length ? words : [...actionSaid(s.action), "."]));
  });
  const error = deal.error;
  if (deal.verdict === "illegal" && error && error.index !== null && error.index !== undefined) {
    const tried = (actions || [])[error.index];
    const legal = joined((error.legal_actions || []).map(actionSaid), "; ");
    items.push(
      el(
        "li",
        { class: "illegal" },
        el("strong", { text: "Illegal" }),
        ` (action ${error.index + 1}${error.line != null ? `, line ${error.line}, column ${error.column}` : ""}): `,
        tried && typeof tried === "object" ? actionSaid(tried) : String(tried),
        ". Code ",
        el("code", { text: error.code }),
        ", rule ",
        el("a", { href: `/referee/${GAME}/rules#${error.rule}`, text: error.rule }),
        `: ${sentenceOf(error.message)} `,
        el("span", { class: "legal" }, "Legal there: ", legal.length ? legal : "nothing", "."),
      ),
    );
  }
  return items;
}

// A deal's verdict sentence ("The record is complete: Seat 1 wins, 68 to 52."; a match's deal: "Deal 1 is ...").
function dealSentence(answer, subject = "The record", actions = []) {
  let sentence = `${subject} is ${VERDICT_WORDS[answer.verdict]}`;
  const error = answer.error;
  if (answer.verdict === "illegal" && error) sentence += `: ${illegalText(error, triedText((actions || [])[error.index]))}${proofSentence(error)}`;
  else if (answer.verdict === "undecided") sentence += `: ${undecidedText(answer)}`;
  else if (answer.result) sentence += `: ${seatsText(answer.result.winners || [], "win")}${scoreText(answer.result)}.`;
  else sentence += `: ${answer.applied} actions applied, all legal.`;
  return sentence;
}

// `analysis`: the body records/analyze takes of this record ({record} or {notation}), for Analyse.
function recordVerdict(asked, answer, analysis = null) {
  steps = answer.steps || [];
  analysable = analysis;
  analysed = null;
  verdictsShown += 1;
  record = asked;
  states = new Map([[steps.length, answer.state]]);
  const items = stepItems(answer, record.actions);
  const sentence = dealSentence(answer, "The record", record.actions);
  const result = resultLines(answer.result);
  const dealt = dealSaid(answer.deal_events || []);
  const list = el("ol", { class: "steps", id: "steps", "aria-labelledby": "steps-heading", tabindex: "0" }, items);
  list.addEventListener("keydown", stepKeys);
  const previous = el("button", { type: "button", id: "previous-step", text: "Previous step" });
  const next = el("button", { type: "button", id: "next-step", text: "Next step" });
  previous.addEventListener("click", () => goTo(step - 1));
  next.addEventListener("click", () => goTo(step + 1));
  for (const button of [previous, next]) button.addEventListener("keydown", stepKeys); // the README's arrow keys
  showVerdict(
    sentence,
    answer.verdict === "illegal" && answer.error ? whyCode(answer.error) : null,
    dealt.length ? el("p", { class: "deal" }, "The deal: ", saidNode(dealt)) : null,
    el("h3", { id: "steps-heading", text: "Steps" }),
    el(
      "div",
      { class: "stepper" },
      previous,
      " ",
      el("span", { id: "step-position", "aria-live": "polite" }),
      " ",
      next,
    ),
    el("p", { id: "step-detail", class: "hint" }),
    el("div", { id: "step-table", class: "step-table" }),
    list,
    result.length ? el("h3", { text: "Result" }) : null,
    result.length ? el("ul", { class: "result" }, result.map((line) => el("li", { text: line }))) : null,
    analysable ? analysisBlock() : null,
    rulesTable(answer.rules),
  );
}

// The values of the winners' side and the others' (best first; each value once where the seats play in sides).
function sideValues(values, winners, distinct) {
  const rest = values.filter((_, i) => !winners.includes(i));
  return [values[winners[0]], [...(distinct ? new Set(rest) : rest)].sort((a, b) => b - a)];
}

// A decided match's winners and score, as verdicts.match_score says it.
function matchScore(answer) {
  const winners = answer.winners || [];
  if (!winners.length) return "nobody wins (a drawn match)";
  let who = seatsText(winners, "win");
  who = who[0].toLowerCase() + who.slice(1);
  const deals = answer.deals || [];
  const decided = answer.decided_by;
  const result = decided !== null && decided !== undefined && decided < deals.length ? deals[decided].result || {} : {};
  const standings = answer.standings || [];
  if (result.game && typeof result.game === "object" && Array.isArray(result.game.score)) {
    const [ours, rest] = sideValues(result.game.score, winners, false);
    return rest.length ? `${who} the game, ${ours} to ${andList(rest)}` : `${who} the game`;
  }
  if (result.match && typeof result.match === "object") {
    const [ours, rest] = sideValues(standings.map((s) => s.deals_won ?? 0), winners, true);
    return rest.length ? `${who}, ${ours} deal${ours === 1 ? "" : "s"} to ${andList(rest)}` : who;
  }
  const key = standings.length && "payouts" in standings[0] ? "payouts" : "points";
  if (standings.length && key in standings[0]) {
    const [ours, rest] = sideValues(standings.map((s) => s[key] ?? 0), winners, false);
    return rest.length ? `${who}, ${ours} to ${andList(rest)}` : who;
  }
  return who;
}

// A match (matches/adjudicate with trace): the sentence, the standings, each deal's verdict and steps.
function matchVerdict(asked, answer) {
  steps = [];
  analysable = null;
  analysed = null;
  verdictsShown += 1;
  record = null;
  const error = answer.error;
  let sentence = `The match is ${VERDICT_WORDS[answer.verdict]}`;
  let unplayed = null;
  if (answer.verdict === "illegal" && error) {
    if (error.index !== null && error.index !== undefined) {
      const tried = ((asked.deals || [])[error.deal] || {}).actions || [];
      sentence += `: ${illegalText(error, triedText(tried[error.index]))}${proofSentence(error)}`;
    } else {
      const why = `${String(error.message).replace(/\.$/, "")}.`;
      sentence += `: deal ${error.deal} should not have been played: ${why}`;
      unplayed = el(
        "p",
        { class: "match-deal unplayed", id: "unplayed" },
        el("strong", { text: `Deal ${error.deal} should not have been played.` }),
        ` ${why[0].toUpperCase()}${why.slice(1)}`,
      );
    }
  } else if (answer.verdict === "undecided") sentence += `: ${undecidedText(answer)}`;
  else if (answer.verdict === "complete") sentence += `: ${matchScore(answer)}.`;
  else {
    const played = (answer.deals || []).length;
    sentence += `: ${played} deal${played === 1 ? "" : "s"} played, the match not decided yet.`;
  }
  const standings = answer.standings || [];
  const key = standings.length && "payouts" in standings[0] ? "payouts" : standings.length && "points" in standings[0] ? "points" : null;
  const label = { payouts: "Payouts", points: "Points" }[key];
  const head = el("tr", {}, ["Seat", "Deals won", ...(key ? [label] : [])].map((text) => el("th", { scope: "col", text })));
  const rows = standings.map((s) =>
    el("tr", {}, el("th", { scope: "row", text: `Seat ${s.seat}` }), el("td", { text: String(s.deals_won) }), key ? el("td", { text: String(s[key]) }) : null),
  );
  const sent = asked.deals || [];
  const deals = (answer.deals || []).map((deal) => {
    const dealt = dealSaid(deal.deal_events || []);
    const deciding = deal.index === answer.decided_by;
    return el(
      "details",
      { class: "match-deal", open: deal.verdict === "illegal" && deal.error ? true : null },
      el("summary", {}, dealSentence(deal, `Deal ${deal.index}`, (sent[deal.index] || {}).actions), deciding ? [" ", el("strong", { class: "deciding", text: "The deciding deal." })] : null),
      dealt.length ? el("p", { class: "deal" }, "The deal: ", saidNode(dealt)) : null,
      el("ol", { class: "steps", "aria-label": `Steps of deal ${deal.index}` }, stepItems(deal, (sent[deal.index] || {}).actions)),
    );
  });
  showVerdict(
    sentence,
    answer.verdict === "illegal" && error ? whyCode(error) : null,
    el("table", { class: "standings" }, el("caption", { text: "Standings" }), el("thead", {}, head), el("tbody", {}, rows)),
    el("h3", { id: "deals-heading", text: "Deals" }),
    ...deals,
    unplayed,
    rulesTable(answer.rules),
  );
}

// -- analysis: records/analyze under a record's verdict, in the words of service/referee/analysis_words.py ------
const ANALYSIS = data.analysis; // its sentences, the best actions' templates and the game's unit word
let analysable = null; // the body records/analyze takes of the record shown ({record} or {notation}); null: none
let analysed = null; // the level the record shown was analysed at (kept in the link)
let verdictsShown = 0; // the verdicts shown, counted: an analysis answered for an older verdict is dropped
let analysing = false;

// A loss or an accuracy to one decimal, a whole number without one (analysis_words.number: the same rounding).
const number = (x) => String(Math.floor(x * 10 + 0.5) / 10);
function many(x) {
  const said = number(x);
  const [one, more] = ANALYSIS.units[ANALYSIS.unit];
  return `${said} ${said === "1" ? one : more}`;
}
const counted = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
function labelsText(labels) {
  const said = Object.entries(labels || {})
    .filter(([name, n]) => n && ANALYSIS.counted[name])
    .map(([name, n]) => `${n} ${ANALYSIS.counted[name][n !== 1 ? 1 : 0]}`);
  if (!said.length) return "nothing";
  return said.length === 1 ? said[0] : `${said.slice(0, -1).join(", ")} and ${said[said.length - 1]}`;
}

// A sentence of the analysis's words with its {name} filled (a text, or nodes).
function filled(template, parts) {
  const out = [];
  let at = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    out.push(template.slice(at, m.index), ...[].concat(parts[m[1]]));
    at = m.index + m[0].length;
  }
  out.push(template.slice(at));
  return out.filter((part) => part !== "");
}
const filledText = (template, parts) => filled(template, parts).join("");

// The best action as "best was ..." ends: its card, or what to do ("to call"); else its sentence.
function bestSaid(action) {
  const entry = ANALYSIS.best[action.type];
  const chosen = entry ? entry.say.find((t) => fits(t, action)) : undefined;
  if (chosen) return saidTemplate(chosen, action);
  const [first, ...rest] = actionSaid(action);
  return typeof first === "string" && first.startsWith("Seat") ? [first[0].toLowerCase() + first.slice(1), ...rest] : [first, ...rest];
}

// One decision beside its step: "Seat 0 plays 3♠: a mistake, 8 points lost; best was K♠."
function decisionSaid(d) {
  const parts = { action: actionSaid(d.action), label: ANALYSIS.labels[d.label] ?? d.label, loss: many(d.loss), best: bestSaid(d.best.action) };
  return filled(ANALYSIS[d.loss > 0 ? "decision" : "best_decision"], parts);
}

function seatSaid(seat) {
  const left = seat.unseen ? filledText(ANALYSIS.left_out, { unseen: counted(seat.unseen, "decision") }) : ""; // a table record's
  if (!seat.decisions || seat.accuracy === null || seat.accuracy === undefined) return filledText(ANALYSIS.no_decision, { seat: String(seat.seat), left });
  return filledText(ANALYSIS.seat, {
    left,
    seat: String(seat.seat),
    accuracy: number(seat.accuracy),
    decisions: counted(seat.decisions, "decision"),
    loss: many(seat.loss),
    labels: labelsText(seat.labels),
  });
}

function refusedSaid(answer) {
  const body = answer.body || {};
  let details = (body.errors || []).filter((i) => i && typeof i === "object").map((i) => String(i.detail || i.message || ""));
  if (!details.length) details = [String(body.detail || body.title || `the service answered ${answer.status}`)];
  const why = details
    .filter(Boolean)
    .map((d) => d[0].toUpperCase() + d.slice(1))
    .map((d) => (/[.!?]$/.test(d) ? d : `${d}.`))
    .join(" ");
  return filledText(ANALYSIS.refused, { why });
}

// Under a record's verdict: the level and Analyse (a button of the record's form, as without a script), what it said.
function analysisBlock() {
  const select = el("select", { id: "analyse-level", name: "level", form: "record-form" }, ANALYSIS.levels.map((level) => el("option", { value: level, text: level })));
  select.value = "normal";
  return el(
    "div",
    { class: "analysis", id: "analysis" },
    el("h3", { id: "analysis-heading", text: "Analysis" }),
    el("p", { class: "hint", id: "analyse-hint", text: ANALYSIS.hint }),
    el("div", { class: "field" }, el("label", { for: "analyse-level", text: "Analysis level" }), select),
    el("p", { class: "actions" }, el("button", { type: "submit", form: "record-form", name: "analyse", value: "1", id: "analyse", "aria-describedby": "analyse-hint", text: "Analyse" })),
    el("div", { id: "analysis-said", class: "analysis-said", "aria-live": "polite" }),
  );
}

// Analyse: records/analyze of the record shown; each decision said beside its step, each seat's accuracy below.
async function analyse(level = $("analyse-level") ? $("analyse-level").value : "normal") {
  if (!analysable || analysing) return;
  const serial = verdictsShown;
  analysing = true;
  if ($("analyse-level")) $("analyse-level").value = level;
  $("analysis-said").replaceChildren(el("p", { text: "Asking the service for the analysis…" }));
  let answer;
  try {
    answer = await api("POST", `/v1/${GAME}/records/analyze`, { ...analysable, level }, true);
  } finally {
    analysing = false;
  }
  if (serial !== verdictsShown || !alive()) return; // another verdict since
  for (const node of document.querySelectorAll("#steps .analysed")) node.remove();
  if (!answer.ok) {
    analysed = null;
    $("analysis-said").replaceChildren(el("p", { class: "analysis-problem", text: refusedSaid(answer) }));
    return;
  }
  const body = answer.body;
  for (const d of body.decisions || []) {
    const item = document.querySelector(`#steps li[data-step="${d.index + 1}"]`);
    if (item) item.append(el("span", { class: `analysed label-${d.label}` }, decisionSaid(d)));
  }
  const decisions = counted((body.decisions || []).length, "decision");
  $("analysis-said").replaceChildren(
    el("p", { text: filledText(ANALYSIS.analysed, { level: String(body.level), decisions }) }),
    el("ul", { class: "accuracy", "aria-label": "Accuracy" }, (body.summary || []).map((seat) => el("li", { text: seatSaid(seat) }))),
  );
  analysed = level;
  saveFragment();
}

// Where a deal stands after a step, in words: "the play, seat 1 to act", "the deal is over".
function phaseText(at) {
  if (at.phase === "complete" || at.to_act === null || at.to_act === undefined) return "the deal is over";
  return `the ${englishName("phase", at.phase)}, seat ${at.to_act} to act`;
}

function goTo(n) {
  step = Math.max(0, Math.min(steps.length, n));
  const items = [...document.querySelectorAll("#steps li[data-step]")];
  items.forEach((item, i) => {
    if (i + 1 === step) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  });
  $("step-position").textContent = `Step ${step} of ${steps.length}`;
  const current = steps[step - 1];
  $("step-detail").textContent = current ? `After step ${step}: ${phaseText(current)}.` : "Before the first step: the deal.";
  const focused = document.activeElement;
  $("previous-step").disabled = step === 0;
  $("next-step").disabled = step === steps.length;
  if (focused && focused.disabled) (focused.id === "next-step" ? $("previous-step") : $("next-step")).focus();
  items[step - 1]?.scrollIntoView({ block: "nearest" });
  showTable(step);
  saveFragment();
}

// -- the table at a step: the state after the first n actions, as the API gives it (docs/api.md 11) -----------
async function stateAt(n) {
  if (!states.has(n)) {
    const body = { record: { ...record, actions: (record.actions || []).slice(0, n) } };
    const answer = await api("POST", `/v1/${GAME}/records/adjudicate`, body, true);
    if (!answer.ok || !answer.body || !answer.body.state) throw new Error(`the service answered ${answer.status}`);
    states.set(n, answer.body.state);
  }
  return states.get(n);
}

function showTable(n) {
  stateAt(n)
    .then((state) => {
      if (step === n && $("step-table")) $("step-table").replaceChildren(...tableNodes(state, n));
    })
    .catch((error) => {
      if (step === n) $("step-table").replaceChildren(el("p", { text: `The table at this step is not known (${error.message}).` }));
    });
}

const stateWords = (key) => data.words.state[key] || key;
const shown = (value) => (value === true ? "yes" : value === false ? "no" : String(value));
const line = (label, ...content) => el("p", {}, el("strong", { text: `${label}: ` }), ...content);

function tableNodes(state, n, seen = null) {
  // What a person needs at a step: trump, the trick on the table, the pot, and each seat's cards and score;
  // with `seen`, as that seat sees it (its own hand, the others' counted).
  const nodes = [];
  const own = seen === null ? null : ((state.seats || [])[seen] || {}).hand;
  if (own) nodes.push(line(`Seat ${seen}'s hand`, own.length ? own.flatMap((code) => [cardNode(code), " "]) : "no cards"));
  if (state.trump) {
    const suit = SUITS[state.trump] ? SUITS[state.trump].join(" ") : state.trump;
    const colour = COLOURS[state.trump] ? `suit-${COLOURS[state.trump]}` : null;
    nodes.push(line("Trump", el("span", { class: colour, text: suit }), state.turn_up ? [", turned up ", cardNode(state.turn_up)] : null));
  }
  if (Array.isArray(state.trick)) {
    const cards = state.trick.flatMap((code) => [cardNode(code), " "]);
    const led = state.trick.length && state.leader !== undefined && state.leader !== null ? `(led by seat ${state.leader})` : null;
    nodes.push(line("On the table", cards.length ? cards : "no card yet", led));
  }
  const pots = Object.entries(state).filter(([key, value]) => /pot|stake|level/.test(key) && typeof value === "number");
  if (pots.length) nodes.push(line("Pot", pots.map(([key, value]) => `${stateWords(key).toLowerCase()} ${value}`).join("; ")));
  const seats = state.seats || [];
  const keys = Object.keys(seats[0] || {}).filter((key) => key !== "seat" && key !== "hand" && ["number", "boolean"].includes(typeof seats[0][key]));
  const head = el("tr", {}, ["Seat", "Cards", ...keys.map(stateWords)].map((text) => el("th", { scope: "col", text })));
  const rows = seats.map((seat) =>
    el(
      "tr",
      {},
      el("th", { scope: "row", text: `Seat ${seat.seat}` }),
      el("td", {}, seen === null || seat.seat === seen ? (seat.hand || []).flatMap((code) => [cardNode(code), " "]) : `${(seat.hand || []).length} cards`),
      keys.map((key) => el("td", { text: shown(seat[key]) })),
    ),
  );
  const caption = seen !== null ? `The seats as seat ${seen} sees them` : n ? `The seats after step ${n}` : "The seats after the deal";
  nodes.push(el("table", { class: "seats-table" }, el("caption", { text: caption }), el("thead", {}, head), el("tbody", {}, rows)));
  return nodes;
}

function stepKeys(event) {
  const moves = { ArrowDown: step + 1, ArrowRight: step + 1, ArrowUp: step - 1, ArrowLeft: step - 1, Home: 0, End: steps.length };
  if (event.key in moves) {
    event.preventDefault();
    goTo(moves[event.key]);
  }
}

// -- the three questions -----------------------------------------------------------------------------
// One question: its body with the options its form changed, posted to the game's `path`; the answer shown as
// the `question` view by `verdict`, or the problem.
async function ask(question, path, body, verdict) {
  if (!catalog && catalogAsked) await catalogAsked; // a question asked before the catalog came: its options' defaults
  const options = changedOptions(forms[question]);
  if (options) body.options = options;
  const answer = await api("POST", `/v1/${GAME}/${path}`, body);
  view = question;
  if (answer.ok) verdict(answer.body);
  else showProblem(answer);
}

async function compare() {
  const hands = handInputs().map((input) => splitCards(input.value));
  await ask("compare", "hands/compare", { hands }, compareVerdict);
}

async function trick() {
  fitOptions();
  const body = { trump: $("trump").value, cards: splitCards($("cards").value) };
  await ask("trick", "tricks/winner", body, (answer) => trickVerdict(answer, body.trump, body.cards));
}

// A record written as text (docs/api.md section 16): read by records/parse, judged by records/adjudicate with the
// text itself (an illegal action then has its line and column).
async function checkText(text, atStep) {
  const parsed = await api("POST", `/v1/${GAME}/records/parse`, { notation: text });
  if (!parsed.ok) return showProblem(parsed);
  const kind = parsed.body.match ? "match" : "record";
  const answer = await api("POST", `/v1/${GAME}/${PATHS[kind]}`, { notation: text, trace: true });
  if (!answer.ok) return showProblem(answer);
  if (kind === "match") return matchVerdict(parsed.body.match, answer.body);
  recordVerdict(parsed.body.record, answer.body, { notation: text });
  goTo(atStep === null ? steps.length : atStep);
}

const PATHS = { record: "records/adjudicate", match: "matches/adjudicate" }; // where each is judged

async function checkRecord(atStep = null) {
  view = "record";
  const text = $("record").value;
  const notation = $("record-text").value;
  textAsked = Boolean(notation.trim());
  if (textAsked && text.trim()) {
    return showErrors([["record-text", "Record (text): fill in Record (JSON) or Record (text), not both."]]);
  }
  if (textAsked) return checkText(notation, atStep);
  if (!text.trim()) return showErrors([["record", "Record: paste a record (JSON) or open a record file."]]);
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return showErrors([["record", `Record: this is not valid JSON: ${error.message}.`]]);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return showErrors([["record", "Record: a record is a JSON object: {players, dealer, seed or deck, actions}."]]);
  }
  // The text goes to the API as written (a key given twice, a number past a double's: the API's reading judges);
  // a match is an object with deals (or a body with match), as verdicts.record_body tells them apart
  const whole = "record" in value || "match" in value;
  const kind = whole ? ("record" in value ? "record" : "match") : "deals" in value ? "match" : "record";
  const body = !whole
    ? `{"${kind}":${text},"trace":true}`
    : "trace" in value
      ? text
      : `{"trace":true,${text.trimStart().slice(1)}`;
  const answer = await api("POST", `/v1/${GAME}/${PATHS[kind]}`, body);
  if (!answer.ok) return showProblem(answer);
  if (kind === "match") return matchVerdict(whole ? value.match : value, answer.body);
  recordVerdict(whole ? value.record : value, answer.body, { record: whole ? value.record : value });
  goTo(atStep === null ? steps.length : atStep);
}

const RUN = { compare, trick, record: () => checkRecord() };

// -- build a record by pressing buttons: deals, legal-actions, actions, records/format, actions/suggest -------
// The page knows no rule: the service deals, lists what is legal, applies it and judges the record.
let built = null; // {players, seed, deals: [{dealer, seed | deck | seen, carry, actions, states, result}], legal, busy}
const builtDeal = () => built.deals[built.deals.length - 1];
const plainDeal = (deal) => ({ dealer: deal.dealer, ...(deal.seen ? { seen: deal.seen } : deal.deck ? { deck: deal.deck } : { seed: deal.seed }), actions: deal.actions });
// Cards unseen (docs/api.md 18): a deal from what the table sees, its turn-up if the field names one.
const seenDeal = () => ($("build-turn-up").value.trim() ? { turn_up: $("build-turn-up").value.trim().toUpperCase() } : {});
const builtBody = () =>
  built.deals.length === 1
    ? { record: { players: built.players, ...plainDeal(built.deals[0]) } }
    : { match: { players: built.players, deals: built.deals.map(plainDeal) } };

const BUILD_FIELDS = { players: "build-players", dealer: "build-dealer", seed: "build-seed", deck: "build-deck", carry: "build-seed", seen: "build-turn-up" };

function buildProblem(answer) {
  const body = answer.body || {};
  const items = (body.errors || []).map((item) => {
    const name = String(item.pointer || "").split("/")[1];
    const id = BUILD_FIELDS[name] || null;
    return [id, `${id ? $(id).labels[0].textContent : "Build a record"}: ${item.detail}`];
  });
  if (!items.length) items.push([null, `Build a record: ${body.detail || body.title || `the service answered ${answer.status}`}`]);
  showErrors(items);
}

// A new deal of the built record (or match): dealt by the service, its legal actions listed.
async function dealBuilt(deal) {
  const body = { players: built.players, ...plainDeal(deal) };
  delete body.actions;
  if (deal.carry) body.carry = deal.carry;
  const answer = await api("POST", `/v1/${GAME}/deals`, body, true);
  if (!answer.ok) return buildProblem(answer), false;
  deal.states = [answer.body.state];
  return true;
}

async function startBuild() {
  const deck = splitCards($("build-deck").value);
  const deal = { dealer: Number($("build-dealer").value), actions: [], result: null, carry: null };
  if ($("build-unseen").checked) deal.seen = seenDeal();
  else if (deck.length) deal.deck = deck;
  else deal.seed = $("build-seed").value;
  const next = { players: Number($("build-players").value), seed: $("build-seed").value, deals: [deal], legal: null };
  const keep = built;
  built = next;
  if (!(await dealBuilt(deal))) {
    built = keep;
    return;
  }
  $("build-play").hidden = false;
  await afterBuildStep();
  $("legal-list").querySelector("button")?.focus();
}

// After every step: what is legal now, the record's text, the verdict (records or matches/adjudicate, traced).
async function afterBuildStep() {
  const deal = builtDeal();
  const state = deal.states[deal.states.length - 1];
  $("build-hint-said").replaceChildren();
  const body = builtBody();
  const kind = "record" in body ? "record" : "match";
  const [legal, text, judged] = await Promise.all([
    api("POST", `/v1/${GAME}/legal-actions`, { state }, true),
    api("POST", `/v1/${GAME}/records/format`, body, true),
    api("POST", `/v1/${GAME}/${PATHS[kind]}`, { ...body, trace: true }),
  ]);
  for (const answer of [legal, text, judged]) if (!answer.ok) return buildProblem(answer);
  built.legal = legal.body;
  $("build-text").value = text.body.notation;
  view = "build";
  if (kind === "match") {
    matchVerdict(body.match, judged.body);
    const deals = document.querySelectorAll("#verdict details.match-deal");
    if (deals.length) deals[deals.length - 1].open = true; // the deal being built, its steps in view
  } else {
    recordVerdict(body.record, judged.body, { record: body.record });
    goTo(steps.length);
  }
  showLegal(state);
  saveFragment();
}

function showLegal(state) {
  const deal = builtDeal();
  const legal = built.legal;
  const n = built.deals.length - 1;
  const over = deal.result !== null || legal.to_act === null || !legal.actions.length;
  $("build-to-act").textContent = over
    ? `Deal ${n} is over${deal.result ? "" : " (nobody is to act)"}: press Next deal for the next deal of the match, or Undo.`
    : `Deal ${n}, ${deal.actions.length} action${deal.actions.length === 1 ? "" : "s"} so far: seat ${legal.to_act} to act.`;
  $("build-table").replaceChildren(...(over ? [] : tableNodes(state, deal.actions.length, legal.to_act)));
  $("build-table").hidden = over;
  const list = $("legal-list");
  list.replaceChildren(...(over ? [el("p", { class: "hint", text: "No legal action: the deal is over." })] : legalControls(legal.actions, state, !!deal.seen)));
  $("legal-actions").dataset.applied = String(built.deals.reduce((sum, d) => sum + d.actions.length, 0));
  buildButtons(over);
}

function buildButtons(over) {
  const deal = builtDeal();
  for (const b of document.querySelectorAll("#legal-list button")) b.disabled = false;
  $("build-undo").disabled = !built.deals.some((d) => d.actions.length) && built.deals.length === 1;
  $("build-hint").disabled = over;
  $("build-next").disabled = !deal.result;
}

// The legal actions as controls; with cards unseen (or a card "??"), each kind of card action is one Card field
// and its button, the card the table saw typed in it.
function legalControls(actions, state, unseen) {
  const named = (a) => typeof a.card === "string" && (unseen || a.card === "??");
  const kinds = [...new Set(actions.filter(named).map((a) => a.type))];
  const fields = kinds.map((type) => {
    const first = actions.find((a) => named(a) && a.type === type);
    const id = `legal-card-${type}`;
    const input = el("input", { type: "text", id, autocomplete: "off", autocapitalize: "characters", spellcheck: "false" });
    const button = el("button", { type: "button", class: "legal", "data-action": JSON.stringify(first) }, actionSaid({ ...first, card: "??" }));
    button.addEventListener("click", () => pressLegal({ ...first, card: input.value.trim().toUpperCase() }));
    return el("div", { class: "amount" }, el("label", { for: id, text: kinds.length === 1 ? "Card" : `Card (${type})` }), input, button);
  });
  return [...fields, ...actions.filter((a) => !named(a)).map((a, i) => legalControl(a, i, state))];
}

// One legal action as a control: a button; an amount's number field beside its button; Broggin's discard as
// card toggles beside its button.
function legalControl(action, i, state) {
  const button = el("button", { type: "button", class: "legal", "data-action": JSON.stringify(action) }, actionSaid(action));
  if ("min" in action || "max" in action) {
    const id = `legal-amount-${i}`;
    const input = el("input", { type: "number", id, min: action.min, max: action.max, value: action.min, inputmode: "numeric" });
    const { min, max, ...sent } = action;
    button.addEventListener("click", () => pressLegal({ ...sent, amount: Number(input.value) }));
    return el("div", { class: "amount" }, el("label", { for: id, text: `Amount (${action.type})` }), input, button);
  }
  if ("max_cards" in action) {
    const hand = ((state.seats || [])[action.seat] || {}).hand || [];
    const toggles = hand.map((code) => {
      const toggle = el("button", { type: "button", class: "toggle", "aria-pressed": "false", "data-card": code }, cardNode(code));
      toggle.addEventListener("click", () => toggle.setAttribute("aria-pressed", String(toggle.getAttribute("aria-pressed") !== "true")));
      return toggle;
    });
    const { max_cards, ...sent } = action;
    button.addEventListener("click", () =>
      pressLegal({ ...sent, discard: toggles.filter((t) => t.getAttribute("aria-pressed") === "true").map((t) => t.dataset.card) }),
    );
    return el("div", { class: "discard" }, el("div", { class: "discard", role: "group", "aria-label": "Cards to discard" }, toggles), button);
  }
  button.addEventListener("click", () => pressLegal(action));
  return button;
}

// One step at a time: every button of the builder waits while the service answers.
async function busy(run, focusLegal = false) {
  if (!built || built.busy) return;
  built.busy = true;
  for (const b of document.querySelectorAll("#build-play button")) b.disabled = true;
  try {
    await run();
  } finally {
    built.busy = false;
    const legal = built.legal;
    buildButtons(builtDeal().result !== null || !legal || legal.to_act === null || !legal.actions.length);
  }
  if (focusLegal) ($("legal-list").querySelector("button") || $("build-undo")).focus();
}

const pressLegal = (action) =>
  busy(async () => {
    const deal = builtDeal();
    const answer = await api("POST", `/v1/${GAME}/actions`, { state: deal.states[deal.states.length - 1], action }, true);
    if (!answer.ok) return buildProblem(answer);
    deal.actions.push(action);
    deal.states.push(answer.body.state);
    deal.result = answer.body.result || null;
    await afterBuildStep();
  }, true);

const undoBuilt = () =>
  busy(async () => {
    const deal = builtDeal();
    if (!deal.actions.length) {
      if (built.deals.length === 1) return;
      built.deals.pop(); // the next deal not begun: back to the end of the one before
    } else {
      deal.actions.pop();
      deal.states.pop();
      deal.result = null;
    }
    await afterBuildStep();
  });

// Next deal: the next deal of the match, dealt by the next seat with the result's carry (docs/api.md 15).
const nextDeal = () =>
  busy(async () => {
    const deal = builtDeal();
    if (!deal.result) return;
    const match = { match: { players: built.players, deals: built.deals.map(plainDeal) } };
    const judged = await api("POST", `/v1/${GAME}/matches/adjudicate`, match, true);
    if (judged.ok && judged.body.verdict === "complete" && judged.body.decided_by !== null && judged.body.decided_by !== undefined) {
      $("build-to-act").textContent = `The match was decided by deal ${judged.body.decided_by}: there is no next deal.`;
      return;
    }
    const k = built.deals.length;
    const next = { dealer: (deal.dealer + 1) % built.players, seed: `${built.seed}/${k}`, actions: [], result: null, carry: deal.result.carry || null };
    if (deal.seen) next.seen = seenDeal(); // the Turn-up field names the next deal's
    if (!(await dealBuilt(next))) return;
    built.deals.push(next);
    await afterBuildStep();
  });

// Hint: what actions/suggest would play for the seat to act, and why (what it weighed, best first).
const UNITS = { trick: "expected points" };
const hintBuilt = () =>
  busy(async () => {
    const deal = builtDeal();
    const answer = await api("POST", `/v1/${GAME}/actions/suggest`, { state: deal.states[deal.states.length - 1] }, true);
    if (!answer.ok) return buildProblem(answer);
    const hint = answer.body;
    const unit = UNITS[catalog && catalog.kind] || "expected chips";
    const weighed = (hint.considered || []).map((c) => el("li", {}, actionSaid(c.action), `: ${c.value} ${unit}`));
    $("build-hint-said").replaceChildren(
      el("p", { class: "hint-sentence" }, el("strong", { text: "Hint: " }), actionSaid(hint.action), ". What the hint weighed, best first:"),
      el("ol", { "aria-label": "Considered" }, weighed),
    );
    markHinted(hint.action);
  });

const sorted = (value) => JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))));
const sameAction = (a, b) => sorted(a) === sorted(b);

// The legal action the hint chose, marked among the buttons (an amount's or a discard's button by its type).
function markHinted(action) {
  for (const button of document.querySelectorAll("#legal-list button.legal")) {
    const legal = JSON.parse(button.dataset.action || "{}");
    const same = "min" in legal || "max_cards" in legal ? legal.type === action.type && legal.seat === action.seat : sameAction(legal, action);
    button.classList.toggle("hinted", same);
  }
}

function setUpBuild() {
  $("build-needs-script").hidden = true;
  $("build-form").hidden = false;
  if (catalog && catalog.players) {
    $("build-players").min = catalog.players.min;
    $("build-players").max = catalog.players.max;
    $("build-players").value = catalog.players.min;
  }
  $("build-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startBuild().catch(failed);
  });
  $("build-undo").addEventListener("click", () => undoBuilt().catch(failed));
  $("build-next").addEventListener("click", () => nextDeal().catch(failed));
  $("build-hint").addEventListener("click", () => hintBuilt().catch(failed));
}

// -- the URL fragment --------------------------------------------------------------------------------
function saveFragment() {
  const params = new URLSearchParams({ game: GAME });
  if (view) params.set("view", view);
  if (view === "compare") {
    for (const input of handInputs()) params.append("hand", input.value);
  } else if (view === "trick") {
    params.set("trump", $("trump").value);
    params.set("cards", $("cards").value);
  } else if (view === "build") {
    params.set("view", "record"); // a copied link shows the built record's verdict as its text
    params.set("text", $("build-text").value);
    if (built && built.deals.length === 1) params.set("step", String(step));
  } else if (view === "record") {
    if (textAsked) params.set("text", $("record-text").value);
    else params.set("record", $("record").value);
    params.set("step", String(step));
  }
  if (analysed && (view === "record" || view === "build")) params.set("analyse", analysed); // Analyse again there
  const options = view && view !== "record" && view !== "build" ? changedOptions(forms[view]) : null;
  for (const [name, value] of Object.entries(options || {})) params.set(`o.${name}`, String(value));
  history.replaceState(null, "", `#${params}`);
  $("link").value = location.href;
}

async function restore() {
  const params = new URLSearchParams(location.hash.slice(1));
  const asked = params.get("view");
  if (!asked || !(asked in RUN) || !forms[asked]) return;
  if (asked === "compare") {
    const hands = params.getAll("hand");
    hands.forEach((value, i) => {
      const input = handInputs()[i] || addHand();
      input.value = value;
    });
  } else if (asked === "trick") {
    $("trump").value = params.get("trump") || "S";
    $("cards").value = params.get("cards") || "";
  } else {
    $("record").value = params.get("record") || "";
    $("record-text").value = params.get("text") || "";
  }
  for (const [key, value] of params) {
    if (key.startsWith("o.")) setOption(forms[asked], key.slice(2), value);
  }
  const at = params.get("step") || "";
  if (asked === "record") {
    await checkRecord(/^\d+$/.test(at) ? Number(at) : null); // else: the last step
    if (params.get("analyse") && analysable) await analyse(params.get("analyse"));
  } else await RUN[asked]();
  if (asked !== "record") saveFragment();
}

// -- start -------------------------------------------------------------------------------------------
async function start() {
  const wanted = new URLSearchParams(location.hash.slice(1)).get("game");
  if (wanted && wanted !== GAME && /^[a-z-]+$/.test(wanted)) {
    location.replace(`/referee/${wanted}${location.hash}`);
    return;
  }
  // Choosing a game changes the page in place (no change of context on input, WCAG 2.2 SC 3.2.2), the text
  // typed in the record fields kept; without a script the select waits for "Show this game".
  $("game").addEventListener("change", (event) => switchGame(event.target.value).catch(failed));
  $("game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    switchGame($("game").value).catch(failed);
  });
  for (const [kind, form] of Object.entries(forms)) {
    if (!form) continue;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (event.submitter && event.submitter.id === "analyse") return analyse().catch(failed); // under the verdict
      const run = event.submitter && event.submitter.value === "add-hand" ? null : RUN[kind];
      if (!run) return addHand().focus();
      run()
        .then(saveFragment)
        .then(() => ($("error-summary").hidden ? $("verdict") : $("error-summary")).scrollIntoView({ block: "start" }))
        .catch(failed);
    });
  }
  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    try {
      const text = await file.text();
      const json = /^\s*\{/.test(text); // JSON or text, by its content (verdicts.is_json)
      $("record").value = json ? text : "";
      $("record-text").value = json ? "" : text;
      await checkRecord();
      saveFragment();
    } catch (error) {
      failed(error);
    }
  });
  $("copy-link").addEventListener("click", async () => {
    $("link").value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-link").textContent = "Link copied";
    } catch {
      $("link").select();
      $("copy-link").textContent = "Copy link";
    }
  });
  window.addEventListener("hashchange", () => (alive() ? restore().catch(failed) : null));
  catalogAsked = api("GET", `/v1/${GAME}`);
  const answer = await catalogAsked;
  if (answer.ok) {
    catalog = answer.body;
    const first = cardFields()[0];
    if (first) first.closest("form").querySelector(first.id === "cards" ? "#cards" : "#hands").after(buildPicker());
    for (const input of handInputs()) addPickButton(input, input.labels[0].textContent);
    if ($("cards")) addPickButton($("cards"), "the trick");
    document.addEventListener("input", (event) => {
      if (alive() && cardFields().includes(event.target)) markUsed();
      if (alive() && cardFields().includes(event.target)) fitOptions();
    });
    fitOptions();
  } else {
    showProblem(answer);
  }
  setUpBuild();
  await restore();
}

async function switchGame(id) {
  if (id === GAME || !/^[a-z-]+$/.test(id)) return;
  const response = await fetch(`/referee/${id}`, { headers: { Accept: "text/html" } });
  if (!response.ok) throw new Error(`the page of ${id} did not load (${response.status})`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const typed = ["record", "record-text"].map((field) => [field, $(field).value]);
  const main = document.adoptNode(page.querySelector("main"));
  // Until the new module listens, a form sent would post to the page (a navigation): hold it, then send it again.
  const held = [];
  const hold = (event) => {
    event.preventDefault();
    held.push([event.target, event.submitter]);
  };
  main.addEventListener("submit", hold, true);
  document.querySelector("main").replaceWith(main);
  document.title = page.title;
  for (const [field, value] of typed) $(field).value = value;
  history.replaceState(null, "", `/referee/${id}`);
  $("game").focus();
  try {
    await import(`/referee/static/referee.js?page=${SERIAL + 1}`); // its start() listens before its first await
  } finally {
    main.removeEventListener("submit", hold, true);
  }
  for (const [form, submitter] of held) form.requestSubmit(submitter);
}

function failed(error) {
  showErrors([[null, `Something went wrong on this page: ${error.message}`]]);
}

start().catch(failed);
