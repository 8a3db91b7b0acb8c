// The portal page's entry: takes the token from the URL, greets the holder with the project's name, and shows one
// view per address-bar hash (#/deliveries, #/deliveries/ID, #/events, #/events/ID, #/endpoints, ...), so Back,
// Forward and bookmarks of a view (never of the token) work.
import { api, takeToken, whenUnauthorized, rememberProject, rememberedProject } from './api.js';
import { h, showView } from './dom.js';
import { deliveriesView, deliveryView, fetchDeliveries } from './deliveries.js';

// the endpoint and event views are loaded when first shown: the deliveries list (the usual first view) does not wait
// for their code
const endpointsModule = () => import('./endpoints.js');
const eventsModule = () => import('./events.js');

const session = { info: null, endpoints: [], reloadEndpoints: () => loadEndpoints() };
/** The first deliveries list, requested together with the link's facts when the page opens on it. */
let prefetched = null;
let stopped = false;

/** The page a person sees when the link does not (or no longer) work; no API detail, no JSON. */
function linkProblem(title, message) {
  stopped = true;
  document.getElementById('sections').hidden = true;
  const main = showView(title, h('p', { id: 'link-problem-message' }, message));
  main.classList.add('notice');
  main.id = 'main';
}

function unauthorized(project) {
  if (stopped) {
    return;
  }
  linkProblem('This link no longer works', project
    ? `This link has expired or was revoked; ask ${project} for a new one. If it still works, open it again: a session lasts four hours.`
    : 'This link has expired or was revoked; ask whoever sent it for a new one. If it still works, open it again: a session lasts four hours.');
}

/** The link's endpoints (for names in lists and the endpoint filter), reloaded after a change. */
async function loadEndpoints() {
  const all = [];
  let cursor = '';
  for (let page = 0; page < 20; page += 1) {
    const { data } = await api('GET', '/endpoints', {
      query: { perPage: 100, direction: 'next', next_page_cursor: cursor },
    });
    all.push(...(data.content || []));
    if (!data.pagination || !data.pagination.has_next_page) {
      break;
    }
    cursor = data.pagination.next_page_cursor;
  }
  session.endpoints = all;
  return all;
}

function parseHash() {
  const raw = window.location.hash.replace(/^#/, '') || '/deliveries';
  const [path, search] = raw.split('?');
  return { parts: path.split('/').filter(Boolean), params: new URLSearchParams(search || '') };
}

function markSection(section) {
  for (const name of ['deliveries', 'events', 'endpoints']) {
    const link = document.getElementById(`nav-${name}`);
    if (name === section) {
      link.setAttribute('aria-current', 'page');
    } else {
      link.removeAttribute('aria-current');
    }
  }
}

async function route() {
  if (stopped) {
    return;
  }
  const { parts, params } = parseHash();
  const [section, id, action] = parts;
  markSection(section);
  try {
    if (section === 'endpoints' && id === 'new') {
      await (await endpointsModule()).endpointFormView(session, null);
    } else if (section === 'endpoints' && id && action === 'edit') {
      await (await endpointsModule()).endpointFormView(session, id);
    } else if (section === 'endpoints' && id) {
      await (await endpointsModule()).endpointView(session, id);
    } else if (section === 'endpoints') {
      await (await endpointsModule()).endpointsView(session);
    } else if (section === 'events' && id) {
      await (await eventsModule()).eventView(session, id);
    } else if (section === 'events') {
      await (await eventsModule()).eventsView(session, params);
    } else if (section === 'deliveries' && id) {
      await deliveryView(session, id);
    } else {
      markSection('deliveries');
      const early = prefetched;
      prefetched = null;
      await deliveriesView(session, params, early);
    }
  } catch (error) {
    if (error.status === 401) {
      return;
    }
    if (error.status === 404) {
      showView('Not found', h('p', { role: 'alert', class: 'message error' },
        `${error.message}: it is not one of this link's, or it no longer exists.`),
      h('p', {}, h('a', { href: '#/deliveries' }, 'Back to the deliveries')));
      return;
    }
    showView('Something went wrong', h('p', { role: 'alert', class: 'message error' }, error.message));
  }
}

async function start() {
  const { token, exchanged } = takeToken();
  if (!token) {
    linkProblem('This page needs your link', 'Open the portal link you were sent (it ends with ?token=…). '
      + 'If you no longer have it, ask whoever sent it for a new one.');
    return;
  }
  whenUnauthorized(unauthorized);
  try {
    // the link's facts, its endpoints (names for the lists) and, when the page opens on it, the deliveries list
    // are fetched together: one round trip before the first paint, not three
    const first = parseHash();
    if (!first.parts[0] || (first.parts[0] === 'deliveries' && !first.parts[1])) {
      prefetched = fetchDeliveries(first.params);
    }
    const [{ data }] = await Promise.all([api('GET', '/portal_link/info'), loadEndpoints(), exchanged]);
    session.info = data;
    // the address bar keeps the project (not a secret): a reload inside a vendor's frame is still allowed to frame
    const here = new URL(window.location.href);
    if (here.searchParams.get('project') !== data.project_id) {
      here.searchParams.set('project', data.project_id);
      history.replaceState(null, '', here.pathname + here.search + here.hash);
    }
    rememberProject(data.project_name);
    document.getElementById('project-name').textContent = data.project_name;
    document.getElementById('link-name').textContent = data.link_name ? `· ${data.link_name}` : '';
    document.getElementById('sections').hidden = false;
  } catch (error) {
    if (error.status !== 401) {
      linkProblem('The portal could not load', error.message);
    } else if (!stopped) {
      unauthorized(rememberedProject());
    }
    return;
  }
  window.addEventListener('hashchange', route);
  await route();
  // the event-type suggestions, once the first view is painted
  endpointsModule().then((m) => m.catalogue(session)).catch(() => {});
}

start();
