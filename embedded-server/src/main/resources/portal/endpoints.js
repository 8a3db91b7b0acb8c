// The link's endpoints: name, URL, status, failure rate and circuit state for everyone; create, edit, pause/resume,
// roll the secret and delete only when the link has can_manage_endpoint (the API refuses them otherwise too).
import { api } from './api.js';
import {
  h, showView, announce, messageBox, say, table, badge, confirmDialog, fieldMessage, fieldError, idLine, dateField,
  parseLocal, formatLocal, timeElement, time,
} from './dom.js';
import { batchRetry, heldNote, lastResponse } from './deliveries.js';

function rate(endpoint) {
  if (endpoint.failure_rate === null || endpoint.failure_rate === undefined) {
    return h('span', { class: 'muted' }, 'not sampled');
  }
  return `${Number(endpoint.failure_rate).toFixed(1)} %`; // the API gives a percentage
}

function circuit(endpoint) {
  return endpoint.cb_state ? badge(`Circuit ${endpoint.cb_state}`) : h('span', { class: 'muted' }, 'no samples');
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new signing secret, made here: the portal API never shows secrets (docs/adr/0028), so the page makes the secret,
 * sends it with the create or roll, and shows it once. 25 characters like the server's own, drawn without bias.
 */
function newSecret() {
  const out = [];
  while (out.length < 25) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 248 && out.length < 25) { // 248 = 4 * 62: larger bytes would favour the first letters
        out.push(SECRET_ALPHABET[byte % 62]);
      }
    }
  }
  return out.join('');
}

/**
 * The list. keep: the new secret on screen ({ endpoint, secret }), shown again after this view re-renders itself (a
 * pause or delete next to it must not hide a secret the user has not stored yet).
 */
export async function endpointsView(session, keep = null) {
  const manage = session.info.can_manage_endpoint;
  const endpoints = await session.reloadEndpoints();
  const result = messageBox('endpoint-result');
  const secretBox = h('div', { id: 'secret-box', class: 'secret-box', hidden: true });
  const actions = (endpoint) => {
    const paused = endpoint.status === 'paused';
    return h('div', { class: 'row-actions' },
      h('a', { class: 'button', href: `#/endpoints/${encodeURIComponent(endpoint.uid)}/edit`, id: `edit-${endpoint.uid}`,
        'aria-label': `Edit ${endpoint.name}` }, 'Edit'),
      h('button', { type: 'button', id: `pause-${endpoint.uid}`, 'aria-label': `${paused ? 'Resume' : 'Pause'} ${endpoint.name}`,
        onclick: () => togglePause(endpoint) }, paused ? 'Resume' : 'Pause'),
      h('button', { type: 'button', id: `roll-${endpoint.uid}`, 'aria-label': `Roll secret of ${endpoint.name}`,
        onclick: () => rollSecret(endpoint) }, 'Roll secret'),
      h('button', { type: 'button', class: 'danger', id: `delete-${endpoint.uid}`, 'aria-label': `Delete ${endpoint.name}`,
        onclick: () => remove(endpoint) }, 'Delete'),
      h('span', { class: 'row-note', id: `endpoint-note-${endpoint.uid}`, role: 'status' }));
  };
  const columns = ['Name', 'URL', 'Status', 'Failure rate', 'Circuit'];
  if (manage) {
    columns.push('Actions');
  }
  const list = endpoints.length === 0
    ? h('p', { class: 'empty' }, manage ? 'No endpoints yet. Add one to start receiving webhooks.' : 'This link has no endpoints yet.')
    : table('Your endpoints', columns, endpoints, (endpoint) => {
      const cells = [h('a', { href: `#/endpoints/${encodeURIComponent(endpoint.uid)}`, id: `view-${endpoint.uid}` }, endpoint.name),
        h('span', { class: 'url' }, endpoint.url), h('span', { id: `status-of-${endpoint.uid}` }, badge(endpoint.status)),
        rate(endpoint), circuit(endpoint)];
      if (manage) {
        cells.push(actions(endpoint));
      }
      return cells;
    });
  showView('Endpoints',
    manage ? h('p', {}, h('a', { class: 'button primary', href: '#/endpoints/new', id: 'new-endpoint' }, 'New endpoint')) : null,
    result, secretBox, list);
  const notice = session.notice;
  session.notice = null;
  if (notice && notice.secret) {
    showSecretOnce(notice.secret);
  } else if (keep) {
    showSecretOnce(keep, false);
  } else if (notice && notice.saved) {
    say(result, `${notice.saved.name} was saved.`);
  } else {
    announce(`${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'}`);
  }

  /** Pauses or resumes in place: the row's status and button change, the note beside them says so, focus stays. */
  async function togglePause(endpoint) {
    const note = document.getElementById(`endpoint-note-${endpoint.uid}`);
    try {
      const { data } = await api('PUT', `/endpoints/${encodeURIComponent(endpoint.uid)}/pause`);
      Object.assign(endpoint, data);
      const known = session.endpoints.find((e) => e.uid === data.uid);
      if (known) {
        Object.assign(known, data);
      }
      const paused = data.status === 'paused';
      document.getElementById(`status-of-${endpoint.uid}`).replaceChildren(badge(data.status));
      const button = document.getElementById(`pause-${endpoint.uid}`);
      button.textContent = paused ? 'Resume' : 'Pause';
      button.setAttribute('aria-label', `${paused ? 'Resume' : 'Pause'} ${data.name}`);
      button.focus();
      note.classList.remove('error');
      note.textContent = `${data.name} is ${paused ? 'paused: deliveries wait until it is resumed' : 'active again'}.`;
    } catch (error) {
      note.classList.add('error');
      note.textContent = error.message;
    }
  }

  async function rollSecret(endpoint) {
    const seconds = h('input', { type: 'number', id: 'secret-expiration', min: '0', max: '604800', value: '3600',
      required: true });
    const ok = await confirmDialog(`Roll the secret of ${endpoint.name}? A new secret signs every delivery from now on.`,
      'Roll secret', { extra: [h('label', { for: 'secret-expiration' }, 'Keep the old secret valid for (seconds)'), seconds] });
    if (!ok) {
      return;
    }
    try {
      const secret = newSecret();
      const { data } = await api('PUT', `/endpoints/${encodeURIComponent(endpoint.uid)}/expire_secret`,
        { body: { expiration: Number(seconds.value), secret } });
      showSecretOnce({ endpoint: data, secret });
    } catch (error) {
      say(document.getElementById('endpoint-result'), error.message, true);
    }
  }

  async function remove(endpoint) {
    const ok = await confirmDialog(`Delete ${endpoint.name}? Nothing more is delivered to ${endpoint.url}.`, 'Delete endpoint',
      { danger: true });
    if (!ok) {
      return;
    }
    try {
      await api('DELETE', `/endpoints/${encodeURIComponent(endpoint.uid)}`);
      const kept = shownSecret();
      await endpointsView(session, kept && kept.endpoint.uid !== endpoint.uid ? kept : null);
      say(document.getElementById('endpoint-result'), `${endpoint.name} was deleted.`);
    } catch (error) {
      say(document.getElementById('endpoint-result'), error.message, true);
    }
  }
}

/** The new secret ({ endpoint, secret }), shown once: nothing shows it again (the receiver must store it now). */
function showSecretOnce(shown, focus = true) {
  const { endpoint, secret } = shown;
  const box = document.getElementById('secret-box');
  box.shown = shown;
  const value = h('code', { id: 'new-secret' }, secret);
  const copied = h('span', { role: 'status', 'aria-live': 'polite', class: 'muted' });
  box.replaceChildren(
    h('h2', {}, `New secret for ${endpoint.name}`),
    h('p', {}, 'Store it in your receiver now: this page does not show it again.'),
    h('p', {}, value),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'copy-secret', onclick: async () => {
        try {
          await navigator.clipboard.writeText(value.textContent);
          copied.textContent = 'Copied';
        } catch {
          copied.textContent = 'Select the secret and copy it by hand';
        }
      } }, 'Copy'),
      h('button', { type: 'button', id: 'hide-secret', onclick: () => {
        box.replaceChildren();
        box.hidden = true;
        box.shown = null;
        document.getElementById('view-title').focus();
      } },
        'I have stored it'),
      copied));
  box.hidden = false;
  if (focus) {
    box.querySelector('#copy-secret').focus();
    announce(`The new secret of ${endpoint.name} is shown once.`);
  }
}

/** The new secret on screen and not dismissed yet ({ endpoint, secret }), or null. */
function shownSecret() {
  const box = document.getElementById('secret-box');
  return box && !box.hidden ? box.shown : null;
}

function field(id, label, input, hint) {
  return h('div', { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null);
}

/** The project's event type catalogue, asked once per page load. */
export async function catalogue(session) {
  if (!session.catalogue) {
    try {
      session.catalogue = (await api('GET', '/event_types')).data || [];
      // suggestion lists drawn before the catalogue arrived get it now
      document.querySelectorAll('datalist[data-catalogue]').forEach((list) => {
        list.replaceChildren(...session.catalogue.map((t) => h('option', { value: t.name })));
      });
    } catch (error) {
      if (error.status === 401) {
        throw error;
      }
      session.catalogue = [];
    }
  }
  return session.catalogue;
}

/**
 * The event-type picker: "All event types" (also those added later) by default, or some of the catalogue's, found
 * by a case-insensitive search. picked(): ["*"] or the names ticked.
 */
function typePicker(types, current) {
  const all = !current || current.length === 0 || current.includes('*');
  const allBox = h('input', { type: 'checkbox', id: 'types-all', checked: all });
  const search = h('input', { type: 'search', id: 'types-search', autocomplete: 'off', 'aria-controls': 'types-list',
    'aria-describedby': 'types-search-hint' });
  const boxes = types.map((t) => h('label', { class: 'check', 'data-name': t.name.toLowerCase() },
    h('input', { type: 'checkbox', name: 'event_types', value: t.name, checked: all || current.includes(t.name) }),
    t.name, t.description ? h('span', { class: 'muted' }, ` \u2014 ${t.description}`) : null));
  const list = h('div', { class: 'type-list', id: 'types-list' }, boxes.length ? boxes
    : h('p', { class: 'muted' }, 'This project lists no event types yet: the endpoint receives every event.'));
  const some = h('div', { id: 'types-some', hidden: all || !types.length },
    h('div', { class: 'field' }, h('label', { for: 'types-search' }, 'Find event types'), search,
      h('p', { class: 'hint', id: 'types-search-hint' }, 'Any part of the name; upper or lower case does not matter.')),
    list);
  allBox.addEventListener('change', () => {
    some.hidden = allBox.checked || !types.length;
    if (!allBox.checked) {
      boxes.forEach((b) => { b.querySelector('input').checked = false; });
    }
  });
  search.addEventListener('input', () => {
    const wanted = search.value.trim().toLowerCase();
    boxes.forEach((b) => { b.hidden = wanted !== '' && !b.dataset.name.includes(wanted); });
  });
  const fieldset = h('fieldset', { class: 'type-picker', id: 'event-types' },
    h('legend', {}, 'Event types this endpoint receives'),
    h('label', { class: 'check' }, allBox, 'All event types, including ones added later'),
    some);
  fieldset.picked = () => (allBox.checked || !types.length ? ['*']
    : boxes.map((b) => b.querySelector('input')).filter((x) => x.checked).map((x) => x.value));
  fieldset.firstInput = () => (allBox.checked ? allBox : search);
  return fieldset;
}

/** Create (endpointId null) or edit an endpoint; what the API says about a field is shown at that field. */
export async function endpointFormView(session, endpointId) {
  if (!session.info.can_manage_endpoint) {
    showView('Not allowed', h('p', {}, 'This link lets you see endpoints, not change them.'));
    return;
  }
  let current = null;
  let currentTypes = null;
  if (endpointId) {
    [current, currentTypes] = await Promise.all([
      api('GET', `/endpoints/${encodeURIComponent(endpointId)}`).then((r) => r.data),
      api('GET', `/endpoints/${encodeURIComponent(endpointId)}/event_types`).then((r) => r.data.event_types),
    ]);
  }
  const types = await catalogue(session);
  const name = h('input', { id: 'endpoint-name', name: 'name', autocomplete: 'off', value: current ? current.name : '' });
  const url = h('input', { id: 'endpoint-url', name: 'url', type: 'url', inputmode: 'url', autocomplete: 'off',
    'aria-describedby': 'endpoint-url-hint', value: current ? current.url : '' });
  const description = h('textarea', { id: 'endpoint-description', name: 'description', rows: '2' });
  description.value = current ? current.description || '' : '';
  const timeout = h('input', { id: 'endpoint-timeout', name: 'http_timeout', type: 'number', min: '1',
    'aria-describedby': 'endpoint-timeout-hint', value: current && current.http_timeout ? current.http_timeout : '' });
  const supportEmail = h('input', { id: 'endpoint-support-email', name: 'support_email', type: 'email', autocomplete: 'email',
    value: current ? current.support_email || '' : '' });
  const picker = typePicker(types, currentTypes);
  const inputs = { name, url, description, http_timeout: timeout, support_email: supportEmail };
  const errors = h('p', { id: 'endpoint-form-error', class: 'message error', role: 'alert', hidden: true });
  const save = h('button', { type: 'submit', class: 'primary', id: 'endpoint-save' }, current ? 'Save changes' : 'Create endpoint');
  const form = h('form', { id: 'endpoint-form', novalidate: true },
    field('endpoint-name', 'Name', name),
    field('endpoint-url', 'URL', url, 'Where deliveries are sent (https://…).'),
    field('endpoint-description', 'Description', description),
    field('endpoint-timeout', 'Timeout (seconds)', timeout, 'Leave empty for the project default.'),
    field('endpoint-support-email', 'Support email', supportEmail),
    picker,
    errors,
    h('div', { class: 'actions' }, save, h('a', { class: 'button', href: current ? `#/endpoints/${encodeURIComponent(current.uid)}` : '#/endpoints' }, 'Cancel')));
  const pickerError = h('p', { id: 'event-types-error', class: 'field-error', role: 'alert', hidden: true });
  picker.append(pickerError);

  /** Puts the API's message at its field, in plain words; a message about no field goes under the form. */
  const showError = (message) => {
    const { field: key, text } = fieldMessage(message);
    const input = key ? inputs[key.split('.')[0]] : null;
    if (input) {
      fieldError(input, text);
      input.focus();
    } else if (key && key.startsWith('event_types')) {
      pickerError.textContent = text;
      pickerError.hidden = false;
      picker.firstInput().focus();
    } else {
      say(errors, text, true);
      errors.scrollIntoView({ block: 'nearest' });
    }
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(errors, '');
    Object.values(inputs).forEach((input) => fieldError(input, ''));
    pickerError.hidden = true;
    const body = { name: name.value.trim(), url: url.value.trim(), description: description.value.trim() };
    if (!body.name) {
      showError('name:please give the endpoint a name');
      return;
    }
    if (!/^https?:\/\/\S+$/i.test(body.url)) {
      showError('url:please write the full address, starting with https:// (or http://)');
      return;
    }
    const picked = picker.picked();
    if (picked.length === 0) {
      showError('event_types:pick at least one event type, or tick "All event types"');
      return;
    }
    if (!current) {
      body.secret = newSecret();
      body.event_types = picked;
    }
    if (timeout.value !== '') {
      body.http_timeout = Number(timeout.value);
    }
    if (supportEmail.value.trim() !== '') {
      body.support_email = supportEmail.value.trim();
    }
    save.disabled = true;
    try {
      let data;
      if (current) {
        data = (await api('PUT', `/endpoints/${encodeURIComponent(current.uid)}`, { body })).data;
        await api('PUT', `/endpoints/${encodeURIComponent(current.uid)}/event_types`, { body: { event_types: picked } });
      } else {
        data = (await api('POST', '/endpoints', { body })).data;
      }
      // the list shows next (hashchange); a new endpoint's first secret, made here, is shown there once
      session.notice = current ? { saved: data } : { secret: { endpoint: data, secret: body.secret } };
      window.location.hash = '#/endpoints';
    } catch (error) {
      showError(error.message);
      save.disabled = false;
    }
  });
  showView(current ? `Edit ${current.name}` : 'New endpoint', form);
}

/** Checks the recover form's time: shown at the field when it does not read as a date. */
function sinceValue(input) {
  const date = parseLocal(input.value);
  fieldError(input, date ? '' : 'Write the date as year-month-day and the time as hours:minutes, e.g. 2026-12-02 14:30.');
  return date;
}

/**
 * One endpoint: its state (status, failure rate, circuit), the event types it receives, a test event, its signing
 * secret on request, its recent failures and "recover failed since <time>" (counted first, then queued).
 */
export async function endpointView(session, endpointId) {
  const manage = session.info.can_manage_endpoint;
  const enc = encodeURIComponent(endpointId);
  const [{ data: endpoint }, typesAnswer, failures] = await Promise.all([
    api('GET', `/endpoints/${enc}`),
    api('GET', `/endpoints/${enc}/event_types`),
    api('GET', '/eventdeliveries', { query: { endpointId, status: ['Failure'], perPage: 10 } }),
  ]);
  const receives = typesAnswer.data.event_types || [];
  const all = receives.length === 0 || receives.includes('*');
  const result = messageBox('endpoint-page-result');

  const facts = h('dl', { class: 'facts' },
    h('dt', {}, 'URL'), h('dd', { class: 'url' }, endpoint.url),
    h('dt', {}, 'Status'), h('dd', { id: 'endpoint-status' }, badge(endpoint.status)),
    h('dt', {}, 'Failure rate'), h('dd', { id: 'endpoint-failure-rate' }, rate(endpoint)),
    h('dt', {}, 'Circuit'), h('dd', { id: 'endpoint-circuit' }, circuit(endpoint)),
    h('dt', {}, 'Receives'), h('dd', { id: 'endpoint-types' }, receives.length === 0 ? 'No subscription yet: nothing is delivered'
      : (all ? 'All event types' : receives.join(', '))),
    h('dt', {}, 'ID'), h('dd', {}, idLine(endpoint.uid, 'endpoint ID')));

  // send a test event: one of the types it receives, or a sample when it receives every type
  let testPanel = null;
  if (manage) {
    const typeChoice = h('select', { id: 'test-event-type' },
      all ? h('option', { value: '' }, 'Sample event (portal.test)') : null,
      (all ? (session.catalogue || []).map((t) => t.name) : receives).map((n) => h('option', { value: n }, n)));
    const testNote = h('span', { class: 'row-note', id: 'test-event-result', role: 'status', tabindex: '-1' });
    const send = h('button', { type: 'button', id: 'send-test-event', onclick: async () => {
      testNote.classList.remove('error');
      try {
        const body = typeChoice.value ? { event_type: typeChoice.value } : {};
        const { data } = await api('POST', `/endpoints/${enc}/test_event`, { body });
        testNote.replaceChildren('Test event sent and queued: ',
          h('a', { href: `#/events/${encodeURIComponent(data.event_id)}`, id: 'test-event-link' }, 'see its delivery'));
      } catch (error) {
        testNote.classList.add('error');
        testNote.textContent = fieldMessage(error.message).text;
      }
    } }, 'Send test event');
    testPanel = h('section', { class: 'panel', 'aria-labelledby': 'test-heading' },
      h('h2', { id: 'test-heading' }, 'Send a test event'),
      h('div', { class: 'recover' }, h('div', { class: 'field' }, h('label', { for: 'test-event-type' }, 'Event type'), typeChoice),
        send, testNote));
  }

  // the signing secret, on request
  let secretPanel = null;
  if (manage) {
    const shown = h('p', { class: 'secret-inline', id: 'secret-shown', hidden: true });
    const reveal = h('button', { type: 'button', id: 'reveal-secret', 'aria-expanded': 'false', onclick: async () => {
      if (!shown.hidden) {
        shown.hidden = true;
        shown.replaceChildren();
        reveal.textContent = 'Reveal secret';
        reveal.setAttribute('aria-expanded', 'false');
        return;
      }
      try {
        const { data } = await api('GET', `/endpoints/${enc}/secret`);
        shown.replaceChildren(h('code', { id: 'endpoint-secret' }, data.secret), ' ',
          h('button', { type: 'button', class: 'copy', 'aria-label': 'Copy signing secret', onclick: async (e) => {
            try {
              await navigator.clipboard.writeText(data.secret);
              e.target.textContent = 'Copied';
            } catch {
              e.target.textContent = 'Select and copy by hand';
            }
          } }, 'Copy'));
        shown.hidden = false;
        reveal.textContent = 'Hide secret';
        reveal.setAttribute('aria-expanded', 'true');
      } catch (error) {
        say(result, error.message, true);
      }
    } }, 'Reveal secret');
    secretPanel = h('section', { class: 'panel', 'aria-labelledby': 'secret-heading' },
      h('h2', { id: 'secret-heading' }, 'Signing secret'),
      h('p', { class: 'muted' }, 'Your receiver checks each delivery\u2019s signature with this secret.'),
      h('div', { class: 'actions' }, reveal), shown);
  }

  // recent failures and recover
  const failureRegion = h('div', { id: 'recent-failures' });
  const showFailures = (page) => {
    const rows = page.content || [];
    failureRegion.replaceChildren(rows.length === 0
      ? h('p', { class: 'empty' }, 'No failed deliveries to this endpoint.')
      : table(`Recent failures of ${endpoint.name}`, ['Event type', 'Last response', 'Created', 'Actions'], rows, (d) => [
        [d.event_type || '', heldNote(session, d)], lastResponse(d), timeElement(d.created_at),
        h('a', { class: 'button', href: `#/deliveries/${encodeURIComponent(d.uid)}`, 'aria-label': `Open the delivery of ${d.event_type} created ${time(d.created_at)}` }, 'Open'),
      ]));
  };
  showFailures(failures.data);
  const since = dateField('recover-since', 'since', 'Failed since', formatLocal(new Date(Date.now() - 24 * 3600 * 1000)));
  const recoverResult = messageBox('recover-result');
  const recover = h('button', { type: 'button', id: 'recover-failed', onclick: async () => {
    const date = sinceValue(since.querySelector('input'));
    if (!date) {
      return;
    }
    const query = { endpointId, status: ['Failure'], startDate: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      endDate: new Date(Date.now() + 60000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    await batchRetry(query, recoverResult, async () => {
      showFailures((await api('GET', '/eventdeliveries', { query: { endpointId, status: ['Failure'], perPage: 10 } })).data);
    }, `this endpoint since ${time(date.toISOString())}`);
  } }, 'Recover failed deliveries…');

  showView(endpoint.name,
    h('p', {}, h('a', { href: '#/endpoints' }, '\u2190 All endpoints')),
    facts,
    manage ? h('div', { class: 'toolbar' },
      h('a', { class: 'button', href: `#/endpoints/${enc}/edit`, id: 'edit-endpoint' }, 'Edit'),
      h('a', { class: 'button', href: `#/deliveries?endpointId=${enc}` }, 'All its deliveries')) : null,
    result,
    testPanel,
    secretPanel,
    h('section', { class: 'panel', 'aria-labelledby': 'failures-heading' },
      h('h2', { id: 'failures-heading' }, 'Recent failures'),
      failureRegion,
      h('h3', {}, 'Recover'),
      h('p', { class: 'muted' }, 'Queue every failed delivery to this endpoint since a time for another try. You see how many first.'),
      h('div', { class: 'recover' }, since, recover), recoverResult));
}
