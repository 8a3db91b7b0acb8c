// Event deliveries to the link's endpoints: filters (status, endpoint, event type, time window) kept in the
// address bar's hash, cursor paging, each delivery with its attempts (request and response headers and bodies),
// retry, and batch retry that says how many deliveries it would retry before it does.
import { api } from './api.js';
import {
  h, showView, announce, messageBox, say, table, tableRow, badge, timeElement, headerList, codeBlock, confirmDialog, time,
  dateField, parseLocal, idLine, fieldError,
} from './dom.js';

export const STATUSES = ['Success', 'Failure', 'Retry', 'Scheduled', 'Processing', 'Discarded'];
/** What the API sends again by hand (others are refused: sent already, or still on their way). */
const RETRYABLE = new Set(['Failure', 'Discarded']);
const PER_PAGE = 25;

function endpointName(session, id) {
  const endpoint = session.endpoints.find((e) => e.uid === id);
  return endpoint ? endpoint.name : id;
}

/** What holds a delivery, in words (the server's held_by; its description says the same in its own words). */
export const HOLDS = {
  circuit_open: 'Held: the endpoint\u2019s circuit is open',
  rate_limited: 'Held: the endpoint\u2019s rate limit is used up',
  endpoint_paused: 'Held: the endpoint is paused',
};

/** The date field's local time ("2026-12-02 14:30") to the API's RFC 3339 (UTC), or ''. */
export function toApiTime(local) {
  const date = parseLocal(local);
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '';
}

/** The API query of the filters in the hash (status and heldBy repeated, endpointId, eventType, eventId, window). */
export function filterQuery(params) {
  return {
    status: params.getAll('status'),
    heldBy: params.getAll('heldBy'),
    endpointId: params.get('endpointId') || '',
    eventType: params.get('eventType') || '',
    eventId: params.get('eventId') || '',
    startDate: toApiTime(params.get('from')),
    endDate: toApiTime(params.get('to')),
  };
}

/** The endpoint of a delivery, from the link's endpoints (or null). */
function endpointOf(session, id) {
  return session.endpoints.find((e) => e.uid === id) || null;
}

/**
 * Whether Retry is offered: the server's retryable when it says, otherwise failed or discarded deliveries whose
 * endpoint is not paused (the API refuses those).
 */
export function canRetry(session, d) {
  if (d.retryable === true || d.retryable === false) {
    return d.retryable;
  }
  const endpoint = endpointOf(session, d.endpoint_id);
  return RETRYABLE.has(d.status) && !(endpoint && endpoint.status === 'paused') && d.held_by !== 'endpoint_paused';
}

/** Why a delivery waits and when it is tried next, or null when nothing holds it. */
export function heldNote(session, d) {
  const endpoint = endpointOf(session, d.endpoint_id);
  const hold = d.held_by || (endpoint && endpoint.status === 'paused' && ['Scheduled', 'Retry'].includes(d.status)
    ? 'endpoint_paused' : null);
  if (!hold) {
    return null;
  }
  const next = d.metadata && d.metadata.next_send_time;
  const words = [HOLDS[hold] || `Held: ${hold}`];
  if (d.description && d.held_by) {
    words.push(d.description);
  }
  if (next && hold !== 'endpoint_paused') {
    words.push(`next try ${time(next)}`);
  } else if (hold === 'endpoint_paused') {
    words.push('sent once the endpoint is resumed');
  }
  return h('span', { class: 'held' }, words.join(' \u00b7 '));
}

/** The last answer in short ("410 Gone", "timeout"), or a dash when never tried. */
export function lastResponse(d) {
  if (d.last_response) {
    return d.last_response;
  }
  return h('span', { class: 'muted', 'aria-label': 'none yet' }, '\u2014');
}

export function endpointSelect(session, id, selected) {
  return h('select', { id, name: 'endpointId' },
    h('option', { value: '' }, 'All endpoints'),
    session.endpoints.map((e) => h('option', { value: e.uid, selected: e.uid === selected }, e.name)));
}

export function windowFields(prefix, params) {
  return [
    dateField(`${prefix}-from`, 'from', 'From', params.get('from')),
    dateField(`${prefix}-to`, 'to', 'To', params.get('to')),
  ];
}

/** Checks the form's date fields; shows what is wrong at the field and answers false when something is. */
export function checkDates(form) {
  let ok = true;
  for (const input of form.querySelectorAll('input[name="from"], input[name="to"]')) {
    const bad = input.value.trim() !== '' && !parseLocal(input.value);
    fieldError(input, bad ? 'Write the date as year-month-day and the time as hours:minutes, e.g. 2026-12-02 14:30.' : '');
    if (bad && ok) {
      input.focus();
      ok = false;
    }
  }
  return ok;
}

/**
 * The event-type box: suggestions from the project's catalogue, matched without regard to case ("invoice" finds
 * invoice.paid and Invoice.failed). Resolves the typed text to one catalogue name, or says at the field what to pick.
 */
export function eventTypeInput(session, id, value) {
  const listId = `${id}-options`;
  return [h('input', { id, name: 'eventType', value: value || '', autocomplete: 'off', list: listId,
    'aria-describedby': `${id}-hint` }),
  h('datalist', { id: listId, 'data-catalogue': '' }, (session.catalogue || []).map((t) => h('option', { value: t.name }))),
  h('p', { class: 'hint', id: `${id}-hint` }, 'Any part of the name; upper or lower case does not matter.')];
}

/** The catalogue names containing text (case-insensitive); an exact match alone when there is one. */
export function matchTypes(session, text) {
  const wanted = text.trim().toLowerCase();
  const names = (session.catalogue || []).map((t) => t.name);
  const exact = names.filter((n) => n.toLowerCase() === wanted);
  return exact.length ? exact : names.filter((n) => n.toLowerCase().includes(wanted));
}

function resolveEventType(session, form, focus) {
  const input = form.querySelector('input[name="eventType"]');
  if (!input) {
    return true;
  }
  if (input.value.trim() === '' || !(session.catalogue || []).length) {
    fieldError(input, '');
    return true;
  }
  const matches = matchTypes(session, input.value);
  if (matches.length === 1) {
    input.value = matches[0];
    fieldError(input, '');
    return true;
  }
  fieldError(input, matches.length === 0
    ? `No event type of this project contains \u201c${input.value.trim()}\u201d.`
    : `${matches.length} event types contain \u201c${input.value.trim()}\u201d: ${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', \u2026' : ''}. Pick one.`);
  if (focus) {
    input.focus();
  }
  return false;
}

/** Reads a filter form into hash parameters (empty values left out) and navigates there. */
export function applyFilters(form, section, session = null) {
  const datesOk = checkDates(form);
  const typeOk = !session || resolveEventType(session, form, datesOk);
  if (!datesOk || !typeOk) {
    return;
  }
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form).entries()) {
    if (value !== '') {
      params.append(key, value);
    }
  }
  const text = params.toString();
  window.location.hash = `#/${section}${text ? `?${text}` : ''}`;
}

/**
 * The filter form in a disclosure: open at desktop width or when a filter is set, folded at phone width so the
 * list is on the first screen.
 */
export function filterPanel(form, params) {
  const set = [...new Set([...params.keys()].filter((k) => k !== 'next' && k !== 'prev'))].length;
  const wide = window.matchMedia('(min-width: 641px)').matches;
  return h('details', { class: 'filter-panel', open: wide || set > 0 },
    h('summary', {}, set > 0 ? `Filters (${set} set)` : 'Filters'), form);
}

export function pager(page, params, section, label) {
  const go = (direction, cursor) => {
    const next = new URLSearchParams(params);
    next.delete('next');
    next.delete('prev');
    next.set(direction, cursor);
    window.location.hash = `#/${section}?${next.toString()}`;
  };
  const p = page.pagination || {};
  return h('nav', { class: 'pager', 'aria-label': `${label} pages` },
    h('button', { type: 'button', id: `${section}-prev`, disabled: !p.has_prev_page,
      onclick: () => go('prev', p.prev_page_cursor) }, '← Newer'),
    h('button', { type: 'button', id: `${section}-next`, disabled: !p.has_next_page,
      onclick: () => go('next', p.next_page_cursor) }, 'Older →'));
}

export function cursorQuery(params) {
  if (params.get('prev')) {
    return { direction: 'prev', prev_page_cursor: params.get('prev') };
  }
  return { direction: 'next', next_page_cursor: params.get('next') || '' };
}

/**
 * Starts the list's request, and the totals' once the list has answered (the page does this before it knows the
 * link's name, so the first paint waits for one round trip, not three). Failures surface when the view awaits them.
 */
export function fetchDeliveries(params) {
  const query = filterQuery(params);
  const list = api('GET', '/eventdeliveries', { query: { ...query, ...cursorQuery(params), perPage: PER_PAGE } });
  // the totals are asked once the rows are in: on a busy server the rows (what the person came for) go first
  const totals = list.catch(() => null).then(() => api('GET', '/eventdeliveries/statustotals', { query }));
  list.catch(() => {});
  totals.catch(() => {});
  return { key: params.toString(), list, totals };
}

const COLUMNS = ['Status', 'Event type', 'Endpoint', 'Last response', 'Attempts', 'Created', 'Actions'];

/** One delivery's row cells; onRetry(d, row) when Retry is allowed. */
function rowCells(session, d, onRetry) {
  return [
    [badge(d.status), heldNote(session, d)],
    d.event_type || '',
    endpointName(session, d.endpoint_id),
    lastResponse(d),
    String((d.metadata && d.metadata.num_trials) || 0),
    timeElement(d.created_at),
    h('div', { class: 'row-actions' },
      h('a', { class: 'button', href: `#/deliveries/${encodeURIComponent(d.uid)}`, id: `open-${d.uid}`,
        'aria-label': `Open the ${d.status} delivery of ${d.event_type} created ${time(d.created_at)}` }, 'Open'),
      canRetry(session, d) ? h('button', { type: 'button', id: `retry-${d.uid}`, onclick: () => onRetry(d),
        'aria-label': `Retry the delivery of ${d.event_type} created ${time(d.created_at)}` }, 'Retry') : null,
      h('span', { class: 'row-note', id: `note-${d.uid}`, role: 'status', tabindex: '-1' })),
  ];
}

/**
 * Retries one delivery and shows the answer in its own row: the row is redrawn from the server's answer, the note
 * beside it says it was queued, and the focus stays in the row (on the note, since Retry is gone once queued).
 */
async function retryInRow(session, d, afterwards) {
  const note = document.getElementById(`note-${d.uid}`);
  try {
    const { data } = await api('PUT', `/eventdeliveries/${encodeURIComponent(d.uid)}/resend`);
    const row = document.getElementById(`row-${d.uid}`);
    if (row) {
      const fresh = tableRow(COLUMNS, rowCells(session, data, (x) => retryInRow(session, x, afterwards)), `row-${d.uid}`);
      row.replaceWith(fresh);
    }
    const newNote = document.getElementById(`note-${d.uid}`);
    newNote.textContent = `Queued for retry (now ${data.status})`;
    newNote.focus();
    afterwards();
  } catch (error) {
    if (note) {
      note.textContent = error.message;
      note.classList.add('error');
      note.focus();
    }
  }
}

export async function deliveriesView(session, params, prefetched = null) {
  const query = filterQuery(params);
  const requests = prefetched && prefetched.key === params.toString() ? prefetched : fetchDeliveries(params);
  const statuses = new Set(params.getAll('status'));
  const holds = new Set(params.getAll('heldBy'));
  const form = h('form', { class: 'filters', id: 'delivery-filters', 'aria-label': 'Filter deliveries', novalidate: true },
    h('fieldset', {},
      h('legend', {}, 'Status'),
      h('div', { class: 'checks' }, STATUSES.map((s) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'status', value: s, id: `status-${s.toLowerCase()}`, checked: statuses.has(s) }),
        s)))),
    h('fieldset', {},
      h('legend', {}, 'Held by'),
      h('div', { class: 'checks' }, Object.keys(HOLDS).map((k) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'heldBy', value: k, id: `held-${k}`, checked: holds.has(k) }),
        k.replace('_', ' '))))),
    h('div', { class: 'field' }, h('label', { for: 'filter-endpoint' }, 'Endpoint'),
      endpointSelect(session, 'filter-endpoint', params.get('endpointId'))),
    h('div', { class: 'field' }, h('label', { for: 'filter-event-type' }, 'Event type'),
      eventTypeInput(session, 'filter-event-type', params.get('eventType'))),
    h('div', { class: 'field' }, h('label', { for: 'filter-event-id' }, 'Event ID'),
      h('input', { id: 'filter-event-id', name: 'eventId', value: params.get('eventId') || '', autocomplete: 'off',
        spellcheck: 'false' })),
    windowFields('filter', params),
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'apply-filters' }, 'Apply filters'),
      h('a', { class: 'button', href: '#/deliveries', id: 'clear-filters' }, 'Clear')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    applyFilters(form, 'deliveries', session);
  });
  const result = messageBox('delivery-result');
  const listRegion = h('section', { id: 'delivery-list', 'aria-label': 'Deliveries', 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading deliveries…'));
  const batch = h('button', { type: 'button', id: 'batch-retry', onclick: () => batchRetry(query, result, refresh) },
    'Retry failed deliveries…');
  const totalsRegion = h('section', { id: 'delivery-totals', class: 'totals', 'aria-label': 'Status totals' });
  showView('Deliveries', filterPanel(form, params), totalsRegion, h('div', { class: 'toolbar' }, batch, result), listRegion);

  const showTotalsFrom = (promise) => promise
    .then(({ data: totals }) => showTotals(totalsRegion, totals, params))
    .catch((error) => {
      if (error.status !== 401) {
        totalsRegion.replaceChildren(h('p', { class: 'muted' }, `Totals unavailable: ${error.message}`));
      }
    });
  const refreshTotals = () => showTotalsFrom(api('GET', '/eventdeliveries/statustotals', { query }));

  const showRows = (data) => {
    const rows = data.content || [];
    listRegion.setAttribute('aria-busy', 'false');
    if (rows.length === 0) {
      listRegion.replaceChildren(h('p', { class: 'empty', id: 'no-deliveries' }, 'No deliveries match these filters.'));
      return rows;
    }
    listRegion.replaceChildren(
      table('Deliveries, newest first', COLUMNS, rows,
        (d) => rowCells(session, d, (x) => retryInRow(session, x, refreshTotals)), (d) => `row-${d.uid}`),
      pager(data, params, 'deliveries', 'Deliveries'));
    return rows;
  };

  /** The list and totals again, in place (after a batch retry): the focus stays where it is. */
  async function refresh() {
    const fresh = fetchDeliveries(params);
    showTotalsFrom(fresh.totals);
    showRows((await fresh.list).data);
  }

  // the totals come from hourly counters and are not needed for the list: they never hold it up
  showTotalsFrom(requests.totals);
  const { data } = await requests.list;
  const rows = showRows(data);
  if (rows.length === 0) {
    announce('No deliveries match these filters.');
  } else {
    announce(`${rows.length} deliveries shown${data.pagination && data.pagination.has_next_page ? ', more on the next page' : ''}.`);
  }
  markPainted();
}

/**
 * Marks (User Timing) when the list's rows are in the page and, two animation frames later, surely painted: the
 * bench's first-paint measurement reads these (docs/BENCHMARKS.md). Only the first list of a page load is marked.
 */
function markPainted() {
  if (performance.getEntriesByName('portal:deliveries-shown').length > 0) {
    return;
  }
  performance.mark('portal:deliveries-shown');
  requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('portal:deliveries-painted')));
}

/** Per-status counts for the filters and window; each count links to the list filtered by its status. */
function showTotals(region, totals, params) {
  const counts = (totals && totals.totals) || {};
  const window = params.get('from') || params.get('to') ? ' in this time window' : ', all time';
  region.replaceChildren(
    h('h2', { class: 'visually-hidden' }, 'Status totals'),
    h('ul', {},
      h('li', { class: 'total-all' }, h('span', { class: 'count', id: 'total-all' }, String(totals.total ?? 0)),
        ` matching${window}`),
      STATUSES.map((status) => {
        const next = new URLSearchParams(params);
        next.delete('status');
        next.delete('next');
        next.delete('prev');
        next.set('status', status);
        // the accessible name starts with what is visible ("Failure 3"), WCAG 2.5.3
        return h('li', {}, h('a', { href: `#/deliveries?${next.toString()}`, id: `total-${status.toLowerCase()}`,
          'aria-label': `${status} ${counts[status] || 0}: show only these` },
        badge(status), ' ', h('span', { class: 'count' }, String(counts[status] || 0))));
      })));
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Counts first (only failed deliveries are retried in a batch), then asks, then queues exactly that filter; the
 * answer is said next to the button, the list and totals are redrawn in place and the focus stays on the button.
 */
export async function batchRetry(query, result, refresh, scope = 'these filters') {
  const button = document.activeElement;
  try {
    const { data } = await api('GET', '/eventdeliveries/countbatchretryevents', { query });
    const count = data.num;
    if (!count) {
      say(result, `No failed deliveries match ${scope}: nothing to retry.`);
      return;
    }
    const ok = await confirmDialog(`${plural(count, 'failed delivery matches', 'failed deliveries match')} ${scope}. `
      + `Only failed deliveries are retried; deliveries in other states stay as they are. Queue ${count === 1 ? 'it' : 'them'} for retry?`,
    `Queue ${count} for retry`);
    if (!ok) {
      if (button && button.focus) {
        button.focus();
      }
      return;
    }
    await api('POST', '/eventdeliveries/batchretry', { query, body: {} });
    say(result, `${plural(count, 'delivery', 'deliveries')} queued for retry. They are sent in the background; the list shows their state now.`);
    if (button && button.focus) {
      button.focus();
    }
    await refresh();
  } catch (error) {
    say(result, error.message, true);
  }
}

function attemptView(attempt, index) {
  const ok = attempt.status === true;
  const summary = h('summary', {},
    badge(ok ? 'Success' : 'Failure'), ' ',
    `Attempt ${index + 1}: ${attempt.http_status || 'no response'}`,
    attempt.latency_ms !== undefined && attempt.latency_ms !== null ? ` · ${attempt.latency_ms} ms` : '',
    ' · ', timeElement(attempt.created_at));
  return h('details', { class: 'attempt', id: `attempt-${attempt.uid}` }, summary,
    h('div', { class: 'attempt-body' },
      h('section', { 'aria-label': `Attempt ${index + 1} request` },
        h('h3', {}, 'Request'),
        h('p', { class: 'url' }, `${attempt.method || 'POST'} ${attempt.url || ''}`),
        headerList(attempt.request_http_header, 'request headers'),
        codeBlock('Request body', attempt.request_body)),
      h('section', { 'aria-label': `Attempt ${index + 1} response` },
        h('h3', {}, 'Response'),
        h('p', {}, attempt.http_status || 'No response'),
        attempt.error ? h('p', { class: 'message error' }, attempt.error) : null,
        headerList(attempt.response_http_header, 'response headers'),
        codeBlock('Response body', attempt.response_data))));
}

export async function deliveryView(session, id) {
  let [{ data: delivery }, { data: attempts }] = await Promise.all([
    api('GET', `/eventdeliveries/${encodeURIComponent(id)}`),
    api('GET', `/eventdeliveries/${encodeURIComponent(id)}/deliveryattempts`),
  ]);
  const result = messageBox('delivery-result');
  const facts = () => h('dl', { class: 'facts', id: 'delivery-facts' },
    h('dt', {}, 'Status'), h('dd', { id: 'delivery-status' }, badge(delivery.status), heldNote(session, delivery)),
    h('dt', {}, 'Event type'), h('dd', {}, delivery.event_type || ''),
    h('dt', {}, 'Endpoint'), h('dd', {}, h('a', { href: `#/endpoints/${encodeURIComponent(delivery.endpoint_id)}` },
      endpointName(session, delivery.endpoint_id))),
    h('dt', {}, 'Event'), h('dd', {}, h('a', { href: `#/events/${encodeURIComponent(delivery.event_id)}` }, delivery.event_id)),
    h('dt', {}, 'Created'), h('dd', {}, timeElement(delivery.created_at)),
    delivery.last_response ? [h('dt', {}, 'Last response'), h('dd', {}, delivery.last_response)] : null,
    delivery.metadata && delivery.metadata.next_send_time && ['Scheduled', 'Retry'].includes(delivery.status)
      ? [h('dt', {}, 'Next try'), h('dd', {}, timeElement(delivery.metadata.next_send_time))] : null,
    delivery.description ? [h('dt', {}, 'Last result'), h('dd', {}, delivery.description)] : null,
    h('dt', {}, 'ID'), h('dd', {}, idLine(delivery.uid, 'delivery ID')));
  let shownFacts = facts();
  const retryButton = h('button', { type: 'button', class: 'primary', id: 'retry-delivery', onclick: async () => {
    try {
      const { data } = await api('PUT', `/eventdeliveries/${encodeURIComponent(id)}/resend`);
      delivery = data;
      const fresh = facts();
      shownFacts.replaceWith(fresh);
      shownFacts = fresh;
      say(result, `Queued for retry (now ${data.status}).`);
      if (!canRetry(session, data)) {
        retryButton.hidden = true;
        result.setAttribute('tabindex', '-1');
        result.focus();
      }
    } catch (error) {
      say(result, error.message, true);
    }
  }, hidden: !canRetry(session, delivery) }, 'Retry');
  const list = attempts.length === 0
    ? h('p', { class: 'empty' }, 'Not tried yet.')
    : h('div', { class: 'attempts' }, attempts.slice().reverse().map((a, i) => attemptView(a, attempts.length - 1 - i)));
  showView(`Delivery of ${delivery.event_type || 'an event'}`,
    h('p', {}, h('a', { href: '#/deliveries' }, '← All deliveries')),
    shownFacts, h('div', { class: 'toolbar' }, retryButton, result),
    h('h2', {}, `Attempts (${attempts.length})`), list);
}
