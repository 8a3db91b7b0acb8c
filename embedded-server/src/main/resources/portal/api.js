// The only way the page talks to the server: /portal-api with a Bearer credential. On the first load the link's token
// leaves the address bar at once (history.replaceState) and is traded for a short-lived session key (POST /session);
// only that key is kept, in this tab's session storage (docs/adr/0025). The link's token is never stored, logged,
// put in a URL or sent to another origin.

const SESSION_KEY = 'hookline.portal.session';
const PROJECT_KEY = 'hookline.portal.project';

let token = null;
let onUnauthorized = () => {};

/** An answer of /portal-api that is not a success: its status and the API's own message. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Takes the link's token out of the URL (a refresh-token link's key is auth_token, a static link's token) and
 * answers the credential to use now: the URL's token (until the session is open) or the stored session key (a
 * reload); null when there is neither. exchanged: a promise settled once the session key replaced the token.
 */
export function takeToken() {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('auth_token') || url.searchParams.get('token');
  if (fromUrl) {
    url.searchParams.delete('token');
    url.searchParams.delete('auth_token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    sessionStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(PROJECT_KEY);
    token = fromUrl;
    return { token, exchanged: openSession() };
  }
  token = sessionStorage.getItem(SESSION_KEY);
  return { token, exchanged: Promise.resolve() };
}

/** Trades the link's token for a session key; requests started meanwhile use the token (no extra round trip). */
async function openSession() {
  const { data } = await api('POST', '/session');
  token = data.session_key;
  sessionStorage.setItem(SESSION_KEY, token);
}

/** Called once with the project's name when a request is refused for the token (expired or revoked meanwhile). */
export function whenUnauthorized(callback) {
  onUnauthorized = callback;
}

export function rememberProject(name) {
  sessionStorage.setItem(PROJECT_KEY, name);
}

export function rememberedProject() {
  return sessionStorage.getItem(PROJECT_KEY) || '';
}

/** Appends query parameters; arrays repeat the key, empty values are left out. */
export function withQuery(path, query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query || {})) {
    if (Array.isArray(value)) {
      value.filter((v) => v !== '').forEach((v) => params.append(key, v));
    } else if (value !== undefined && value !== null && value !== '') {
      params.set(key, value);
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls /portal-api and returns the envelope's data; throws ApiError with the API's message otherwise. */
export async function api(method, path, { query, body } = {}) {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(withQuery(`/portal-api${path}`, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  let envelope = null;
  try {
    envelope = await response.json();
  } catch {
    envelope = null;
  }
  if (response.status === 401) {
    onUnauthorized(rememberedProject());
    throw new ApiError(401, 'This link no longer works.');
  }
  if (!response.ok || !envelope || envelope.status === false) {
    throw new ApiError(response.status, (envelope && envelope.message) || `The request failed (HTTP ${response.status}).`);
  }
  return { data: envelope.data, message: envelope.message };
}
