// Small DOM helpers: elements are built with textContent only (never innerHTML), so data from the API cannot
// inject markup, and nothing needs an inline style or script (the page's CSP forbids both).

/** h('button', {class: 'x', onclick: fn, 'aria-label': 'y'}, 'text', child) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'class') {
      el.className = value;
    } else if (key === 'text') {
      el.textContent = value;
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) {
      continue;
    }
    if (Array.isArray(child)) {
      append(el, child);
    } else {
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
}

/** Replaces the main region's content with a view: a heading (focused, so screen readers start there) and nodes. */
export function showView(title, ...nodes) {
  const main = document.getElementById('main');
  const heading = h('h1', { tabindex: '-1', id: 'view-title' }, title);
  // null/false stand for "nothing here" (e.g. a button a read-only link does not get): never the text "null"
  main.replaceChildren(heading, ...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
  document.title = `${title} · Webhook portal`;
  heading.focus({ preventScroll: true });
  return main;
}

/** Says something to screen readers (the page's aria-live region) without moving focus. */
export function announce(message) {
  const region = document.getElementById('announcer');
  region.textContent = '';
  window.setTimeout(() => { region.textContent = message; }, 30);
}

/** A box for results of an action: role=status, or role=alert for errors. */
export function messageBox(id) {
  return h('p', { id, class: 'message', role: 'status', 'aria-live': 'polite', hidden: true });
}

export function say(box, text, isError = false) {
  box.textContent = text;
  box.hidden = !text;
  box.classList.toggle('error', isError);
  box.setAttribute('role', isError ? 'alert' : 'status');
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function time(value) {
  if (!value) {
    return '';
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : timeFormat.format(date);
}

export function timeElement(value) {
  return h('time', { datetime: value || '' }, time(value));
}

/** A status pill; the word is always there (colour is never the only signal). */
export function badge(status) {
  const word = status || 'Unknown';
  return h('span', { class: `badge badge-${word.toLowerCase().replace(/[^a-z]+/g, '-')}` }, word);
}

export function pretty(text) {
  if (text === undefined || text === null || text === '') {
    return '';
  }
  if (typeof text !== 'string') {
    return JSON.stringify(text, null, 2);
  }
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A table whose cells carry their column's name (shown as a label when rows stack at phone width). */
export function table(caption, columns, rows, rowOf, rowId = null) {
  return h('div', { class: 'table-wrap' },
    h('table', {},
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rows.map((row) => tableRow(columns, rowOf(row), rowId ? rowId(row) : null)))));
}

/** One row of {@link table}: cells labelled with their column (for phone width), optionally with an id. */
export function tableRow(columns, cells, id = null) {
  return h('tr', { id }, cells.map((cell, i) => h('td', { 'data-label': columns[i] }, cell)));
}

/** A list of header name/value pairs. */
export function headerList(headers, label = 'headers') {
  const entries = Object.entries(headers || {});
  if (entries.length === 0) {
    return [h('h4', {}, 'Headers'), h('p', { class: 'muted' }, 'No headers')];
  }
  const text = entries.map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`).join('\n');
  return [h('div', { class: 'code-head' }, h('h4', {}, 'Headers'), copyButton(`Copy ${label}`, () => text)),
    h('dl', { class: 'headers' }, entries.map(([name, value]) => [
      h('dt', {}, name),
      h('dd', {}, Array.isArray(value) ? value.join(', ') : String(value)),
    ]))];
}

export function codeBlock(label, text) {
  const content = pretty(text);
  return h('figure', { class: 'code' },
    h('div', { class: 'code-head' }, h('figcaption', {}, label),
      content ? copyButton(`Copy ${label.toLowerCase()}`, () => content) : null),
    content ? h('pre', { tabindex: '0', 'aria-label': label }, h('code', {}, content)) : h('p', { class: 'muted' }, 'Empty'));
}

/**
 * A small "Copy" button (its accessible name starts with its visible word, WCAG 2.5.3); says "Copied" beside itself.
 */
export function copyButton(name, textOf) {
  const button = h('button', { type: 'button', class: 'copy', 'aria-label': name }, 'Copy');
  button.addEventListener('click', async () => {
    let done = true;
    try {
      await navigator.clipboard.writeText(textOf());
    } catch {
      done = false;
    }
    button.textContent = done ? 'Copied' : 'Select and copy by hand';
    announce(done ? 'Copied' : 'Copying was refused: select the text and copy it by hand');
    window.setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  });
  return button;
}

/** An ID in monospace with its copy button. */
export function idLine(id, what) {
  return h('span', { class: 'id-line' }, h('span', { class: 'url' }, id), copyButton(`Copy ${what}`, () => id));
}

/**
 * A date-and-time field that is one Tab stop (a text box, not the browser's seven-part date control): it takes
 * "2026-12-02 14:30" (or with a T) in local time. Returns the wrapper; the input has the given id and name.
 */
export function dateField(id, name, label, value) {
  return h('div', { class: 'field' }, h('label', { for: id }, label),
    h('input', { type: 'text', id, name, value: value || '', inputmode: 'numeric', autocomplete: 'off',
      placeholder: 'YYYY-MM-DD HH:MM', 'aria-describedby': `${id}-hint`, spellcheck: 'false' }),
    h('p', { class: 'hint', id: `${id}-hint` }, 'Local time, e.g. 2026-12-02 14:30'));
}

/** "2026-12-02 14:30" (local) to a Date, or null. */
export function parseLocal(text) {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text || '');
  if (!m) {
    return null;
  }
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A Date as the date field's text (local time). */
export function formatLocal(date) {
  const p = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** What the API says about a field ("url:please provide a valid url") as { field, text } in plain words. */
export function fieldMessage(message) {
  const m = /^([a-z_.\[\]0-9]+):\s*(.+)$/i.exec(message || '');
  if (!m) {
    return { field: null, text: message };
  }
  const text = m[2].charAt(0).toUpperCase() + m[2].slice(1);
  return { field: m[1], text: /[.!?]$/.test(text) ? text : `${text}.` };
}

/** Shows text under the field's input (aria-invalid, described by the message); empty text clears it. */
export function fieldError(input, text) {
  const id = `${input.id}-error`;
  let box = document.getElementById(id);
  if (!box) {
    box = h('p', { id, class: 'field-error' });
    input.insertAdjacentElement('afterend', box);
  }
  box.textContent = text || '';
  box.hidden = !text;
  const described = (input.getAttribute('aria-describedby') || '').split(' ').filter((x) => x && x !== id);
  if (text) {
    described.push(id);
    input.setAttribute('aria-invalid', 'true');
  } else {
    input.removeAttribute('aria-invalid');
  }
  if (described.length) {
    input.setAttribute('aria-describedby', described.join(' '));
  } else {
    input.removeAttribute('aria-describedby');
  }
}

/**
 * Asks a yes/no question in a modal dialog (keyboard: Tab between buttons, Escape cancels). Resolves true when the
 * user confirms. extra: optional nodes shown in the dialog (e.g. an input), read by the caller before it closes.
 */
export function confirmDialog(question, confirmLabel, { danger = false, extra = [] } = {}) {
  return new Promise((resolve) => {
    const dialog = h('dialog', { class: 'dialog', 'aria-labelledby': 'dialog-question' });
    const cancel = h('button', { type: 'button', id: 'dialog-cancel' }, 'Cancel');
    const ok = h('button', { type: 'submit', id: 'dialog-confirm', class: danger ? 'danger' : 'primary' }, confirmLabel);
    const form = h('form', { method: 'dialog' },
      h('p', { id: 'dialog-question' }, question),
      extra,
      h('div', { class: 'actions' }, cancel, ok));
    dialog.append(form);
    let answered = false;
    const finish = (answer) => {
      if (answered) {
        return;
      }
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      finish(true);
    });
    cancel.addEventListener('click', () => finish(false));
    dialog.addEventListener('cancel', () => finish(false));
    document.body.append(dialog);
    dialog.showModal();
    (extra.length ? dialog.querySelector('input') : ok)?.focus();
  });
}
