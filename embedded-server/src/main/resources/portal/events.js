// Events sent to the link's endpoints: the list (endpoint, time window, payload words, cursor paging) and each
// event with its payload and its deliveries.
import { api } from './api.js';
import { h, showView, announce, table, badge, timeElement, codeBlock, headerList, idLine } from './dom.js';
import {
  toApiTime, endpointSelect, windowFields, applyFilters, pager, cursorQuery, filterPanel, heldNote,
} from './deliveries.js';

const PER_PAGE = 25;

export async function eventsView(session, params) {
  const idForm = h('form', { class: 'filters', id: 'event-id-search', role: 'search', 'aria-label': 'Find an event by its ID' },
    h('div', { class: 'field' }, h('label', { for: 'event-id' }, 'Event ID'),
      h('input', { id: 'event-id', name: 'eventId', autocomplete: 'off', spellcheck: 'false', required: true })),
    h('div', { class: 'actions' }, h('button', { type: 'submit', id: 'find-event' }, 'Find event')));
  idForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = idForm.querySelector('#event-id').value.trim();
    if (id) {
      window.location.hash = `#/events/${encodeURIComponent(id)}`;
    }
  });
  const form = h('form', { class: 'filters', id: 'event-filters', 'aria-label': 'Filter events', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'event-filter-endpoint' }, 'Endpoint'),
      endpointSelect(session, 'event-filter-endpoint', params.get('endpointId'))),
    h('div', { class: 'field' }, h('label', { for: 'event-filter-query' }, 'Payload contains'),
      h('input', { id: 'event-filter-query', name: 'query', value: params.get('query') || '', autocomplete: 'off' })),
    windowFields('event-filter', params),
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'apply-event-filters' }, 'Apply filters'),
      h('a', { class: 'button', href: '#/events' }, 'Clear')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    applyFilters(form, 'events', session);
  });
  const listRegion = h('section', { id: 'event-list', 'aria-label': 'Events', 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading events…'));
  showView('Events', idForm, filterPanel(form, params), listRegion);
  const { data } = await api('GET', '/events', {
    query: {
      endpointId: params.get('endpointId') || '', query: params.get('query') || '',
      startDate: toApiTime(params.get('from')), endDate: toApiTime(params.get('to')),
      ...cursorQuery(params), perPage: PER_PAGE,
    },
  });
  const rows = data.content || [];
  listRegion.setAttribute('aria-busy', 'false');
  if (rows.length === 0) {
    listRegion.replaceChildren(h('p', { class: 'empty' }, 'No events match these filters.'));
    announce('No events match these filters.');
    return;
  }
  listRegion.replaceChildren(
    table('Events, newest first', ['Event type', 'Endpoints', 'Created', 'Actions'], rows, (e) => [
      e.event_type || '',
      String((e.endpoints || []).length),
      timeElement(e.created_at),
      h('a', { class: 'button', href: `#/events/${encodeURIComponent(e.uid)}`, id: `open-event-${e.uid}`,
        'aria-label': `Open the ${e.event_type} event` }, 'Open'),
    ]),
    pager(data, params, 'events', 'Events'));
  announce(`${rows.length} events shown.`);
}

export async function eventView(session, id) {
  const [{ data: event }, { data: deliveries }] = await Promise.all([
    api('GET', `/events/${encodeURIComponent(id)}`),
    api('GET', '/eventdeliveries', { query: { eventId: id, perPage: 100 } }),
  ]);
  const names = new Map(session.endpoints.map((e) => [e.uid, e.name]));
  const rows = deliveries.content || [];
  showView(`Event ${event.event_type || ''}`.trim(),
    h('p', {}, h('a', { href: '#/events' }, '← All events')),
    h('dl', { class: 'facts' },
      h('dt', {}, 'Event type'), h('dd', {}, event.event_type || ''),
      h('dt', {}, 'Created'), h('dd', {}, timeElement(event.created_at)),
      h('dt', {}, 'ID'), h('dd', {}, idLine(event.uid, 'event ID'))),
    codeBlock('Payload', event.data),
    h('details', {}, h('summary', {}, 'Headers'), headerList(event.headers, 'event headers')),
    h('h2', {}, `Deliveries (${rows.length})`),
    rows.length === 0 ? h('p', { class: 'empty' }, 'No deliveries to your endpoints.')
      : table('Deliveries of this event', ['Status', 'Endpoint', 'Created', 'Actions'], rows, (d) => [
        [badge(d.status), heldNote(session, d)], names.get(d.endpoint_id) || d.endpoint_id, timeElement(d.created_at),
        h('a', { class: 'button', href: `#/deliveries/${encodeURIComponent(d.uid)}` }, 'Open'),
      ]));
}
