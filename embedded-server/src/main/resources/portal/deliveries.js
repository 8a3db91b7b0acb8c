// Event deliveries to the link's endpoints: filters (status, endpoint, event type, time window) kept in the
// address bar's hash, cursor paging, each delivery with its attempts (request and response headers and bodies),
// retry, and batch retry that says how many deliveries it would retry before it does.
import { api } from './api.js';
import {
  h, showView, announce, messageBox, say, table, badge, timeElement, headerList, codeBlock, confirmDialog, time,
} from './dom.js';

export const STATUSES = ['Success', 'Failure', 'Retry', 'Scheduled', 'Processing', 'Discarded'];
/** What the API sends again by hand (others are refused: sent already, or still on their way). */
const RETRYABLE = new Set(['Failure', 'Discarded']);
const PER_PAGE = 25;

function endpointName(session, id) {
  const endpoint = session.endpoints.find((e) => e.uid === id);
  return endpoint ? endpoint.name : id;
}

/** datetime-local value (local time) to the API's RFC 3339 (UTC), or ''. */
export function toApiTime(local) {
  if (!local) {
    return '';
  }
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The API query of the filters in the hash (status repeated, endpointId, eventType, startDate, endDate). */
export function filterQuery(params) {
  return {
    status: params.getAll('status'),
    endpointId: params.get('endpointId') || '',
    eventType: params.get('eventType') || '',
    startDate: toApiTime(params.get('from')),
    endDate: toApiTime(params.get('to')),
  };
}

export function endpointSelect(session, id, selected) {
  return h('select', { id, name: 'endpointId' },
    h('option', { value: '' }, 'All endpoints'),
    session.endpoints.map((e) => h('option', { value: e.uid, selected: e.uid === selected }, e.name)));
}

export function windowFields(prefix, params) {
  return [
    h('div', { class: 'field' }, h('label', { for: `${prefix}-from` }, 'From'),
      h('input', { type: 'datetime-local', id: `${prefix}-from`, name: 'from', value: params.get('from') || '' })),
    h('div', { class: 'field' }, h('label', { for: `${prefix}-to` }, 'To'),
      h('input', { type: 'datetime-local', id: `${prefix}-to`, name: 'to', value: params.get('to') || '' })),
  ];
}

/** Reads a filter form into hash parameters (empty values left out) and navigates there. */
export function applyFilters(form, section) {
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

export async function deliveriesView(session, params, prefetched = null) {
  const query = filterQuery(params);
  const requests = prefetched && prefetched.key === params.toString() ? prefetched : fetchDeliveries(params);
  const statuses = new Set(params.getAll('status'));
  const form = h('form', { class: 'filters', id: 'delivery-filters', 'aria-label': 'Filter deliveries' },
    h('fieldset', {},
      h('legend', {}, 'Status'),
      h('div', { class: 'checks' }, STATUSES.map((s) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'status', value: s, id: `status-${s.toLowerCase()}`, checked: statuses.has(s) }),
        s)))),
    h('div', { class: 'field' }, h('label', { for: 'filter-endpoint' }, 'Endpoint'),
      endpointSelect(session, 'filter-endpoint', params.get('endpointId'))),
    h('div', { class: 'field' }, h('label', { for: 'filter-event-type' }, 'Event type'),
      h('input', { id: 'filter-event-type', name: 'eventType', value: params.get('eventType') || '', autocomplete: 'off' })),
    windowFields('filter', params),
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'apply-filters' }, 'Apply filters'),
      h('a', { class: 'button', href: '#/deliveries', id: 'clear-filters' }, 'Clear')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    applyFilters(form, 'deliveries');
  });
  const result = messageBox('delivery-result');
  const listRegion = h('section', { id: 'delivery-list', 'aria-label': 'Deliveries', 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading deliveries…'));
  const batch = h('button', { type: 'button', id: 'batch-retry', onclick: () => batchRetry(query, result) },
    'Retry all matching…');
  const totalsRegion = h('section', { id: 'delivery-totals', class: 'totals', 'aria-label': 'Status totals' });
  showView('Deliveries', filterPanel(form, params), totalsRegion, h('div', { class: 'toolbar' }, batch), result, listRegion);

  // the totals come from hourly counters and are not needed for the list: they never hold it up
  requests.totals
    .then(({ data: totals }) => showTotals(totalsRegion, totals, params))
    .catch((error) => {
      if (error.status !== 401) {
        totalsRegion.replaceChildren(h('p', { class: 'muted' }, `Totals unavailable: ${error.message}`));
      }
    });
  const { data } = await requests.list;
  const rows = data.content || [];
  listRegion.setAttribute('aria-busy', 'false');
  if (rows.length === 0) {
    listRegion.replaceChildren(h('p', { class: 'empty', id: 'no-deliveries' }, 'No deliveries match these filters.'));
    announce('No deliveries match these filters.');
    markPainted();
    return;
  }
  listRegion.replaceChildren(
    table('Deliveries, newest first', ['Status', 'Event type', 'Endpoint', 'Attempts', 'Created', 'Actions'], rows, (d) => [
      badge(d.status),
      d.event_type || '',
      endpointName(session, d.endpoint_id),
      String((d.metadata && d.metadata.num_trials) || 0),
      timeElement(d.created_at),
      h('div', { class: 'row-actions' },
        h('a', { class: 'button', href: `#/deliveries/${encodeURIComponent(d.uid)}`, id: `open-${d.uid}`,
          'aria-label': `Open the ${d.status} delivery of ${d.event_type} created ${time(d.created_at)}` }, 'Open'),
        RETRYABLE.has(d.status) ? h('button', { type: 'button', id: `retry-${d.uid}`, onclick: () => retry(d, result),
          'aria-label': `Retry the delivery of ${d.event_type} created ${time(d.created_at)}` }, 'Retry') : null),
    ]),
    pager(data, params, 'deliveries', 'Deliveries'));
  announce(`${rows.length} deliveries shown${data.pagination && data.pagination.has_next_page ? ', more on the next page' : ''}.`);
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
        return h('li', {}, h('a', { href: `#/deliveries?${next.toString()}`, id: `total-${status.toLowerCase()}`,
          'aria-label': `${counts[status] || 0} ${status}: show only these` },
        badge(status), ' ', h('span', { class: 'count' }, String(counts[status] || 0))));
      })));
}

async function retry(delivery, result) {
  try {
    const { data } = await api('PUT', `/eventdeliveries/${encodeURIComponent(delivery.uid)}/resend`);
    say(result, `Delivery queued again (now ${data.status}).`);
  } catch (error) {
    say(result, error.message, true);
  }
}

/** Counts first, then asks, then retries exactly that filter. */
async function batchRetry(query, result) {
  try {
    const { data } = await api('GET', '/eventdeliveries/countbatchretryevents', { query });
    const count = data.num;
    if (!count) {
      say(result, 'No failed deliveries match these filters: nothing to retry.');
      return;
    }
    const ok = await confirmDialog(`${count} ${count === 1 ? 'delivery matches' : 'deliveries match'} these filters. Retry ${count === 1 ? 'it' : 'them all'}?`,
      `Retry ${count}`);
    if (!ok) {
      return;
    }
    const answer = await api('POST', '/eventdeliveries/batchretry', { query, body: {} });
    say(result, `Retry of ${count} started: ${answer.message}.`);
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
        h('h4', {}, 'Headers'), headerList(attempt.request_http_header),
        codeBlock('Request body', attempt.request_body)),
      h('section', { 'aria-label': `Attempt ${index + 1} response` },
        h('h3', {}, 'Response'),
        h('p', {}, attempt.http_status || 'No response'),
        attempt.error ? h('p', { class: 'message error' }, attempt.error) : null,
        h('h4', {}, 'Headers'), headerList(attempt.response_http_header),
        codeBlock('Response body', attempt.response_data))));
}

export async function deliveryView(session, id) {
  const [{ data: delivery }, { data: attempts }] = await Promise.all([
    api('GET', `/eventdeliveries/${encodeURIComponent(id)}`),
    api('GET', `/eventdeliveries/${encodeURIComponent(id)}/deliveryattempts`),
  ]);
  const result = messageBox('delivery-result');
  const facts = h('dl', { class: 'facts' },
    h('dt', {}, 'Status'), h('dd', { id: 'delivery-status' }, badge(delivery.status)),
    h('dt', {}, 'Event type'), h('dd', {}, delivery.event_type || ''),
    h('dt', {}, 'Endpoint'), h('dd', {}, endpointName(session, delivery.endpoint_id)),
    h('dt', {}, 'Event'), h('dd', {}, h('a', { href: `#/events/${encodeURIComponent(delivery.event_id)}` }, delivery.event_id)),
    h('dt', {}, 'Created'), h('dd', {}, timeElement(delivery.created_at)),
    delivery.description ? [h('dt', {}, 'Last result'), h('dd', {}, delivery.description)] : null,
    h('dt', {}, 'ID'), h('dd', { class: 'url' }, delivery.uid));
  const retryButton = h('button', { type: 'button', class: 'primary', id: 'retry-delivery', onclick: async () => {
    try {
      const { data } = await api('PUT', `/eventdeliveries/${encodeURIComponent(id)}/resend`);
      document.getElementById('delivery-status').replaceChildren(badge(data.status));
      retryButton.disabled = !RETRYABLE.has(data.status);
      say(result, `Delivery queued again (now ${data.status}).`);
    } catch (error) {
      say(result, error.message, true);
    }
  }, disabled: !RETRYABLE.has(delivery.status),
  title: 'Only failed or discarded deliveries are sent again by hand' }, 'Retry');
  const list = attempts.length === 0
    ? h('p', { class: 'empty' }, 'Not tried yet.')
    : h('div', { class: 'attempts' }, attempts.slice().reverse().map((a, i) => attemptView(a, attempts.length - 1 - i)));
  showView(`Delivery of ${delivery.event_type || 'an event'}`,
    h('p', {}, h('a', { href: '#/deliveries' }, '← All deliveries')),
    facts, h('div', { class: 'toolbar' }, retryButton), result,
    h('h2', {}, `Attempts (${attempts.length})`), list);
}
