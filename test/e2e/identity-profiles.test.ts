/**
 * Profiles and the user record, tried as a new user would with tokens from the sandbox issuer
 * (issue 3): owners and the administrator read profiles, other customers get exactly the 404
 * of an unknown user, `/profile` names no id, `@me` answers are never cached, PATCH is a 405
 * with `Allow`, and a path that is not a route is a 404 with or without a token.
 */
import { api } from './support/api';
import { CUSTOMER_IDS } from './support/seed';
import {
  ADMIN,
  expectedProfile,
  expectedUserRecord,
  METHOD_NOT_ALLOWED,
  NOT_FOUND,
  UNKNOWN_USER_ID,
  UPDATED_USERS,
  users,
} from './support/seed-identities';
import { bearer, tokenFor } from './support/tokens';

const admin = () => tokenFor(ADMIN, { admin: true });
const get = (path: string, token?: string) => api(path, { headers: bearer(token) });

/** Status, body and the headers that could tell two answers apart. */
const answerOf = (r: Awaited<ReturnType<typeof api>>) => ({
  status: r.status,
  body: r.body,
  contentType: r.headers.get('content-type'),
  cacheControl: r.headers.get('cache-control'),
});

describe('GET /profiles/{user_id}', () => {
  it.each([2, 7, 13, 20])('lets customer %i read their own profile: {id, username}', async (id) => {
    const response = await get(`/profiles/${id}`, tokenFor(id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual(expectedProfile(id));
  });

  it("lets the administrator read every user's profile", async () => {
    const token = admin();
    for (const user of users) {
      const response = await get(`/profiles/${user.id}`, token);
      expect({ id: user.id, status: response.status, body: response.body }).toEqual({
        id: user.id,
        status: 200,
        body: { id: user.id, username: user.username },
      });
    }
  });

  it("answers another customer's profile exactly as an unknown user's: 404", async () => {
    const token = tokenFor(4);
    const unknown = answerOf(await get(`/profiles/${UNKNOWN_USER_ID}`, token));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    for (const other of [ADMIN, 5, 20]) {
      expect({ other, ...answerOf(await get(`/profiles/${other}`, token)) }).toEqual({ other, ...unknown });
    }
  });

  it('takes the administrator right from the token: user 1 without the admin group is a customer', async () => {
    const response = await get(`/profiles/${ADMIN}`, tokenFor(ADMIN));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedProfile(ADMIN));
    expect((await get('/profiles/2', tokenFor(ADMIN))).status).toBe(404);
  });

  it.each([String(UNKNOWN_USER_ID), '999999999999999', '0', '-2', '2.0', '1e1', 'abc', '%40me'])(
    'answers the administrator 404 for the user id %s',
    async (id) => {
      const response = await get(`/profiles/${id}`, admin());
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    },
  );
});

describe('the caller’s profile: /profile/@me, /users/@me/profile and /profile', () => {
  it.each([ADMIN, 2, 9, 19])('gives user %i their own {id, username} on both @me forms', async (id) => {
    const token = tokenFor(id, { admin: id === ADMIN });
    for (const path of ['/profile/@me', '/users/@me/profile']) {
      const response = await get(path, token);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 200,
        body: expectedProfile(id),
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each([ADMIN, 3, 16])('gives user %i on /profile their username and no id', async (id) => {
    const response = await get('/profile', tokenFor(id, { admin: id === ADMIN }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ username: expectedProfile(id).username });
    expect(response.body).not.toHaveProperty('id');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('reads the user from the token: the same path answers each caller with their own profile', async () => {
    const seen = new Set<unknown>();
    for (const id of CUSTOMER_IDS) seen.add(JSON.stringify((await get('/profile/@me', tokenFor(id))).body));
    expect(seen.size).toBe(CUSTOMER_IDS.length);
  });
});

describe('GET /@me', () => {
  // The update tests replace the records of UPDATED_USERS meanwhile; every other user is as seeded.
  const readOnlyUsers = users.filter((u) => !UPDATED_USERS.includes(u.id));

  it("answers each user's full record, as seeded", async () => {
    for (const user of readOnlyUsers) {
      const response = await get('/@me', tokenFor(user.id, { admin: user.id === ADMIN }));
      expect({ id: user.id, status: response.status, body: response.body }).toEqual({
        id: user.id,
        status: 200,
        body: expectedUserRecord(user.id),
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('has exactly the fields of the spec’s user record, with plausible values', async () => {
    const response = await get('/@me', tokenFor(5));
    const body = response.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['address', 'email', 'first_name', 'id', 'last_name', 'phone']);
    expect(Object.keys(body.phone as object).sort()).toEqual(['home', 'mobile']);
    expect(Object.keys(body.address as object).sort()).toEqual(['city', 'street', 'zip_code']);
    expect(body.email).toMatch(/^[a-z.]+@example\.(com|org)$/);
    expect((body.phone as Record<string, string>).mobile).toMatch(/^\+\d{10,14}$/);
  });

  it('gives the administrator their own record, which is an ordinary one', async () => {
    const response = await get('/@me', admin());
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedUserRecord(ADMIN));
  });
});

describe('PATCH on user paths', () => {
  it.each([
    ['/users/2/address', 'PUT'],
    ['/users/2/email', 'PUT'],
    ['/profiles/2', 'GET'],
    ['/profile/@me', 'GET'],
    ['/users/@me/profile', 'GET'],
    ['/profile', 'GET'],
    ['/@me', 'GET'],
  ])('PATCH %s is 405 with Allow: %s, with a token or without', async (path, allow) => {
    for (const token of [undefined, tokenFor(2)]) {
      const response = await api(path, {
        method: 'PATCH',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ city: 'Paris' }),
      });
      expect({ path, token: token !== undefined, status: response.status }).toEqual({
        path,
        token: token !== undefined,
        status: 405,
      });
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.body).toEqual(METHOD_NOT_ALLOWED);
    }
  });

  it('changes nothing', async () => {
    await api('/users/2/address', {
      method: 'PATCH',
      headers: { ...bearer(tokenFor(2)), 'content-type': 'application/json' },
      body: JSON.stringify({ city: 'Nowhere' }),
    });
    expect((await get('/@me', tokenFor(2))).body).toEqual(expectedUserRecord(2));
  });
});

describe('paths that are not routes', () => {
  // `@me` reaches API Gateway as a path variable: any other value in its place names nothing.
  it.each([
    '/nope',
    '/profile/nope',
    '/users/2/profile',
    '/users/me/profile',
    '/users/@me',
    '/users/2',
    '/me',
  ])(
    'GET %s is 404 with the docs/decisions/http-requests.md D1 body, with a token and without',
    async (path) => {
      for (const token of [undefined, tokenFor(2), admin()]) {
        const response = await get(path, token);
        expect({ path, token: token !== undefined, status: response.status, body: response.body }).toEqual({
          path,
          token: token !== undefined,
          status: 404,
          body: NOT_FOUND,
        });
      }
    },
  );
});
