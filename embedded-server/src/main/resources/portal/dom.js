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
  main.replaceChildren(heading, ...nodes.flat());
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
export function table(caption, columns, rows, rowOf) {
  return h('div', { class: 'table-wrap' },
    h('table', {},
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rows.map((row) => {
        const cells = rowOf(row);
        return h('tr', {}, cells.map((cell, i) => h('td', { 'data-label': columns[i] }, cell)));
      }))));
}

/** A list of header name/value pairs. */
export function headerList(headers) {
  const entries = Object.entries(headers || {});
  if (entries.length === 0) {
    return h('p', { class: 'muted' }, 'No headers');
  }
  return h('dl', { class: 'headers' }, entries.map(([name, value]) => [
    h('dt', {}, name),
    h('dd', {}, Array.isArray(value) ? value.join(', ') : String(value)),
  ]));
}

export function codeBlock(label, text) {
  const content = pretty(text);
  return h('figure', { class: 'code' },
    h('figcaption', {}, label),
    content ? h('pre', { tabindex: '0', 'aria-label': label }, h('code', {}, content)) : h('p', { class: 'muted' }, 'Empty'));
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
