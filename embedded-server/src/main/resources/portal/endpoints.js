// The link's endpoints: name, URL, status, failure rate and circuit state for everyone; create, edit, pause/resume,
// roll the secret and delete only when the link has can_manage_endpoint (the API refuses them otherwise too).
import { api } from './api.js';
import { h, showView, announce, messageBox, say, table, badge, confirmDialog } from './dom.js';

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
      h('button', { type: 'button', id: `roll-${endpoint.uid}`, 'aria-label': `Roll the secret of ${endpoint.name}`,
        onclick: () => rollSecret(endpoint) }, 'Roll secret'),
      h('button', { type: 'button', class: 'danger', id: `delete-${endpoint.uid}`, 'aria-label': `Delete ${endpoint.name}`,
        onclick: () => remove(endpoint) }, 'Delete'));
  };
  const columns = ['Name', 'URL', 'Status', 'Failure rate', 'Circuit'];
  if (manage) {
    columns.push('Actions');
  }
  const list = endpoints.length === 0
    ? h('p', { class: 'empty' }, manage ? 'No endpoints yet. Add one to start receiving webhooks.' : 'This link has no endpoints yet.')
    : table('Your endpoints', columns, endpoints, (endpoint) => {
      const cells = [endpoint.name, h('span', { class: 'url' }, endpoint.url), badge(endpoint.status), rate(endpoint),
        circuit(endpoint)];
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

  async function togglePause(endpoint) {
    try {
      const { data } = await api('PUT', `/endpoints/${encodeURIComponent(endpoint.uid)}/pause`);
      await endpointsView(session, shownSecret());
      const box = document.getElementById('endpoint-result');
      say(box, `${data.name} is ${data.status === 'paused' ? 'paused: no deliveries are sent to it' : 'active again'}.`);
    } catch (error) {
      say(result, error.message, true);
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
      await endpointsView(session);
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

/** Create (endpointId null) or edit an endpoint; the API's validation message shows under the form. */
export async function endpointFormView(session, endpointId) {
  if (!session.info.can_manage_endpoint) {
    showView('Not allowed', h('p', {}, 'This link lets you see endpoints, not change them.'));
    return;
  }
  let current = null;
  if (endpointId) {
    current = (await api('GET', `/endpoints/${encodeURIComponent(endpointId)}`)).data;
  }
  const name = h('input', { id: 'endpoint-name', name: 'name', autocomplete: 'off', value: current ? current.name : '' });
  const url = h('input', { id: 'endpoint-url', name: 'url', type: 'url', inputmode: 'url', autocomplete: 'off',
    'aria-describedby': 'endpoint-url-hint', value: current ? current.url : '' });
  const description = h('textarea', { id: 'endpoint-description', name: 'description', rows: '2' });
  description.value = current ? current.description || '' : '';
  const timeout = h('input', { id: 'endpoint-timeout', name: 'http_timeout', type: 'number', min: '1',
    'aria-describedby': 'endpoint-timeout-hint', value: current && current.http_timeout ? current.http_timeout : '' });
  const supportEmail = h('input', { id: 'endpoint-support-email', name: 'support_email', type: 'email', autocomplete: 'email',
    value: current ? current.support_email || '' : '' });
  const errors = h('p', { id: 'endpoint-form-error', class: 'message error', role: 'alert', hidden: true });
  const save = h('button', { type: 'submit', class: 'primary', id: 'endpoint-save' }, current ? 'Save changes' : 'Create endpoint');
  const form = h('form', { id: 'endpoint-form', novalidate: true, 'aria-describedby': 'endpoint-form-error' },
    field('endpoint-name', 'Name', name),
    field('endpoint-url', 'URL', url, 'Where deliveries are sent (https://…).'),
    field('endpoint-description', 'Description', description),
    field('endpoint-timeout', 'Timeout (seconds)', timeout, 'Leave empty for the project default.'),
    field('endpoint-support-email', 'Support email', supportEmail),
    errors,
    h('div', { class: 'actions' }, save, h('a', { class: 'button', href: '#/endpoints' }, 'Cancel')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(errors, '');
    const body = { name: name.value.trim(), url: url.value.trim(), description: description.value.trim() };
    if (!current) {
      body.secret = newSecret();
    }
    if (timeout.value !== '') {
      body.http_timeout = Number(timeout.value);
    }
    if (supportEmail.value.trim() !== '') {
      body.support_email = supportEmail.value.trim();
    }
    save.disabled = true;
    try {
      const { data } = current
        ? await api('PUT', `/endpoints/${encodeURIComponent(current.uid)}`, { body })
        : await api('POST', '/endpoints', { body });
      // the list shows next (hashchange); a new endpoint's first secret, made here, is shown there once
      session.notice = current ? { saved: data } : { secret: { endpoint: data, secret: body.secret } };
      window.location.hash = '#/endpoints';
    } catch (error) {
      say(errors, error.message, true);
      errors.scrollIntoView({ block: 'nearest' });
      save.disabled = false;
    }
  });
  showView(current ? `Edit ${current.name}` : 'New endpoint', form);
}
