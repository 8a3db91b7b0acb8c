// The only way the page talks to the server: /portal-api with the link's token as a Bearer credential.
// The token leaves the address bar on load (history.replaceState) and lives in this tab's session storage only;
// it is never logged, never put in a URL and never sent to another origin.

const TOKEN_KEY = 'hookline.portal.token';
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
 * Moves the link's token from the URL into session storage and returns it (null when there is none). A refresh-token
 * link carries its key as auth_token (that is the credential); a static link only token.
 */
export function takeToken() {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('auth_token') || url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    sessionStorage.removeItem(PROJECT_KEY);
    url.searchParams.delete('token');
    url.searchParams.delete('auth_token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  token = sessionStorage.getItem(TOKEN_KEY);
  return token;
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
