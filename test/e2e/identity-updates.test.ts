/**
 * User updates (spec "User updates", docs/decisions/tokens-and-rights.md D11): the address and the e-mail address are replaced
 * whole with PUT and read back through `/@me`; a partial, extended or wrongly typed body is a
 * 400 that changes nothing. Only the users set aside for it (support/identity.ts) are changed,
 * and every test puts back what it changed: the other e2e files share this sandbox.
 */
import { api } from './support/api';
import {
  ADDRESS_USER,
  ADMIN,
  EMAIL_USER,
  expectedAddress,
  expectedUserRecord,
  NOT_FOUND,
  UNKNOWN_USER_ID,
  userById,
} from './support/seed-identities';
import { bearer, tokenFor } from './support/tokens';

const admin = () => tokenFor(ADMIN, { admin: true });

/** A PUT with a JSON body (`raw` sends the text as it is). */
const put = (
  path: string,
  token: string,
  body: { json: unknown } | { raw: string } | undefined,
  type = 'application/json',
) =>
  api(path, {
    method: 'PUT',
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': type }) },
    ...(body === undefined ? {} : { body: 'raw' in body ? body.raw : JSON.stringify(body.json) }),
  });

const me = async (id: number) => {
  const response = await api('/@me', { headers: bearer(tokenFor(id)) });
  expect(response.status).toBe(200);
  return response.body;
};

const seededAddress = expectedAddress(userById(ADDRESS_USER));
const seededEmail = userById(EMAIL_USER).email;

/**
 * Whatever a test did, the users are as seeded after it: a write that should not have happened
 * fails its own test only, not every test after it.
 */
afterEach(async () => {
  await put(`/users/${ADDRESS_USER}/address`, admin(), { json: seededAddress });
  await put(`/users/${EMAIL_USER}/email`, admin(), { json: seededEmail });
});

afterAll(async () => {
  expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  expect(await me(EMAIL_USER)).toEqual(expectedUserRecord(EMAIL_USER));
});

const expectInvalidRequest = (response: Awaited<ReturnType<typeof api>>) => {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toEqual({ code: 'invalid_request', message: expect.any(String) });
};

describe('PUT /users/{user_id}/address', () => {
  const path = `/users/${ADDRESS_USER}/address`;
  const newAddress = { street: '8 Quai des Chartrons', zip_code: '33300', city: 'Bordeaux' };

  it('replaces the whole address and answers it; /@me reads it back, and nothing else changed', async () => {
    const response = await put(path, tokenFor(ADDRESS_USER), { json: newAddress });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(newAddress);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await me(ADDRESS_USER)).toEqual({ ...expectedUserRecord(ADDRESS_USER), address: newAddress });

    const restored = await put(path, tokenFor(ADDRESS_USER), { json: seededAddress });
    expect(restored.status).toBe(200);
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });

  it("lets the administrator replace a customer's address", async () => {
    const response = await put(path, admin(), { json: newAddress });
    expect(response.status).toBe(200);
    expect((await me(ADDRESS_USER)) as object).toMatchObject({ address: newAddress });
    await put(path, admin(), { json: seededAddress });
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });

  it('stores text trimmed of surrounding spaces', async () => {
    const response = await put(path, tokenFor(ADDRESS_USER), {
      json: { street: '  8 Quai des Chartrons ', zip_code: '33300 ', city: ' Bordeaux' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(newAddress);
    expect((await me(ADDRESS_USER)) as object).toMatchObject({ address: newAddress });
    await put(path, tokenFor(ADDRESS_USER), { json: seededAddress });
  });

  const full = { street: '8 Quai des Chartrons', zip_code: '33300', city: 'Bordeaux' };
  it.each<[string, { json: unknown } | { raw: string } | undefined]>([
    ['a partial body (no city)', { json: { street: full.street, zip_code: full.zip_code } }],
    ['a partial body (street only)', { json: { street: full.street } }],
    ['an empty object', { json: {} }],
    ['an extended body (country)', { json: { ...full, country: 'FR' } }],
    ['an extended body (the whole user record)', { json: { ...expectedUserRecord(ADDRESS_USER), ...full } }],
    ['a number for zip_code', { json: { ...full, zip_code: 33300 } }],
    ['null for street', { json: { ...full, street: null } }],
    ['an array for city', { json: { ...full, city: ['Bordeaux'] } }],
    ['an object for street', { json: { ...full, street: { line1: '8 Quai des Chartrons' } } }],
    ['an empty street', { json: { ...full, street: '' } }],
    ['a city of spaces only', { json: { ...full, city: '   ' } }],
    ['a control character in the street', { json: { ...full, street: '8 Quai\u0000des Chartrons' } }],
    ['a street of 201 characters', { json: { ...full, street: 'x'.repeat(201) } }],
    ['a JSON string', { json: '8 Quai des Chartrons, 33300 Bordeaux' }],
    ['a JSON array', { json: [full] }],
    ['JSON null', { json: null }],
    ['JSON that does not parse', { raw: '{"street": "8 Quai des Chartrons",' }],
    ['no body', undefined],
  ])('answers %s with 400 invalid_request and changes nothing', async (_, body) => {
    expectInvalidRequest(await put(path, tokenFor(ADDRESS_USER), body));
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });

  it('answers a body that is not JSON with 415 and changes nothing', async () => {
    const response = await put(
      path,
      tokenFor(ADDRESS_USER),
      { raw: 'street=8+Quai' },
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ code: 'unsupported_media_type', message: expect.any(String) });
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });

  it('answers another customer exactly as for an unknown user (404), and changes nothing', async () => {
    const token = tokenFor(ADDRESS_USER - 1);
    const theirs = await put(path, token, { json: newAddress });
    const unknown = await put(`/users/${UNKNOWN_USER_ID}/address`, token, { json: newAddress });
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: NOT_FOUND });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: NOT_FOUND });
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });

  it('answers the administrator 404 for an unknown user, and creates no user', async () => {
    const response = await put(`/users/${UNKNOWN_USER_ID}/address`, admin(), { json: newAddress });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect((await api(`/profiles/${UNKNOWN_USER_ID}`, { headers: bearer(admin()) })).status).toBe(404);
  });

  it('has no @me form: /users/@me/address names no user (404)', async () => {
    const response = await put('/users/@me/address', tokenFor(ADDRESS_USER), { json: newAddress });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await me(ADDRESS_USER)).toEqual(expectedUserRecord(ADDRESS_USER));
  });
});

describe('PUT /users/{user_id}/email', () => {
  const path = `/users/${EMAIL_USER}/email`;
  const newEmail = 'noah.w@example.org';

  it('replaces the e-mail address with a JSON string and answers it; /@me reads it back', async () => {
    const response = await put(path, tokenFor(EMAIL_USER), { json: newEmail });
    expect(response.status).toBe(200);
    expect(response.body).toBe(newEmail);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await me(EMAIL_USER)).toEqual({ ...expectedUserRecord(EMAIL_USER), email: newEmail });

    await put(path, tokenFor(EMAIL_USER), { json: seededEmail });
    expect(await me(EMAIL_USER)).toEqual(expectedUserRecord(EMAIL_USER));
  });

  it("lets the administrator replace a customer's e-mail address", async () => {
    const response = await put(path, admin(), { json: 'support-contact@example.com' });
    expect(response.status).toBe(200);
    expect((await me(EMAIL_USER)) as object).toMatchObject({ email: 'support-contact@example.com' });
    await put(path, admin(), { json: seededEmail });
    expect(await me(EMAIL_USER)).toEqual(expectedUserRecord(EMAIL_USER));
  });

  it.each<[string, { json: unknown } | { raw: string } | undefined]>([
    ['an object holding the address', { json: { email: newEmail } }],
    ['an array', { json: [newEmail] }],
    ['a number', { json: 42 }],
    ['JSON null', { json: null }],
    ['a string that is no e-mail address', { json: 'not-an-email' }],
    ['an address without a domain', { json: 'noah@' }],
    ['an empty string', { json: '' }],
    ['an address of 255 characters', { json: `${'n'.repeat(243)}@example.org` }],
    ['the address unquoted (not JSON)', { raw: newEmail }],
    ['no body', undefined],
  ])('answers %s with 400 invalid_request and changes nothing', async (_, body) => {
    expectInvalidRequest(await put(path, tokenFor(EMAIL_USER), body));
    expect(await me(EMAIL_USER)).toEqual(expectedUserRecord(EMAIL_USER));
  });

  it('answers another customer exactly as for an unknown user (404), and changes nothing', async () => {
    const token = tokenFor(EMAIL_USER - 1);
    const theirs = await put(path, token, { json: newEmail });
    const unknown = await put(`/users/${UNKNOWN_USER_ID}/email`, token, { json: newEmail });
    expect({ status: theirs.status, body: theirs.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(NOT_FOUND);
    expect(await me(EMAIL_USER)).toEqual(expectedUserRecord(EMAIL_USER));
  });
});
