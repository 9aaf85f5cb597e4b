/**
 * Hostile input over every route of the route table (issue 6, point 2), property-based with
 * fast-check, over HTTP against the shared e2e sandbox. Each generated case is one hostile
 * input sent to every route at once (functions/routes.ts: a new route is covered as soon as it is
 * in the table): path ids, query strings, bodies, content types and headers, tokens, and bodies
 * over the size limit. Every answer must keep the one rule of support/answer-invariant.ts: the
 * route's success or a 4xx in the docs/decisions/http-requests.md D1 shape, never a 5xx, nothing that gives the service away;
 * a write's success that stored invisible text or U+FFFD for bytes that were not UTF-8 fails too
 * (D62, D63), and so does a Location that is not the API's own (D61).
 *
 * Runs are bounded and seeded, so a run is repeatable and short; HOSTILE_INPUT_SUMMARY=1 prints
 * how many requests were sent, by property and status, and every distinct error message, and
 * HOSTILE_INPUT_SEED / HOSTILE_INPUT_RUNS explore other or more cases.
 * Nothing seeded changes: the caller is a customer no other test reads (HOSTILE_USER), whose own
 * record is put back as seeded afterwards, or a valid token for a user who does not exist
 * (NOBODY) for the routes that start work; administrators only read.
 */
import fc from 'fast-check';
import { MAX_BODY_BYTES } from '#local/gateway/gateway-listener';
import { api } from './support/api';
import {
  bodyMutation,
  bytesInLeaf,
  hostileJsonText,
  leafCount,
  mutateBody,
  notUtf8,
} from './support/hostile/bodies';
import {
  exercise,
  goodBodyOf,
  OVERSIZE_RUNS,
  requestTo,
  settings,
  started,
  tally,
  tokenFrom,
} from './support/hostile/exercise';
import { hostileQuery } from './support/hostile/queries';
import {
  badAuthorization,
  oddAcceptLanguage,
  oddContentType,
  WRONG_METHODS,
} from './support/hostile/requests';
import { callerChoice, HOSTILE_USER, pathOf, targets } from './support/hostile/targets';
import { hostileId } from './support/hostile/url-parts';
import {
  expectedAddress,
  expectedOrdersPage,
  expectedUserRecord,
  ordersOf,
  userById,
} from './support/seed-identities';
import { bearer, REFUSED_TOKENS, type RefusedToken, refusedTokens, tokenFor } from './support/tokens';

describe('hostile input on every route', () => {
  it('path ids: traversal, NUL, encoded dots, 1e309, -1, 0x10, very long, unicode, control characters; and wrong methods', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileId,
        fc.nat(),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(...WRONG_METHODS) },
        ),
        callerChoice,
        async (id, position, wrongMethod, caller) => {
          await exercise(
            'path ids',
            targets.map((target) => {
              const method = wrongMethod ?? target.route.method;
              const token = tokenFrom(target, caller);
              const body = method === target.route.method ? goodBodyOf(target) : undefined;
              return requestTo(target, {
                method,
                path: pathOf(target, { position, raw: id.wire }),
                token,
                contentType: 'application/json',
                ...(body === undefined ? {} : { body }),
                echoes: [id.text, id.wire],
              });
            }),
          );
        },
      ),
      settings(),
    );
  });

  it('query strings: repeated, unknown and empty parameters, hostile values, malformed escapes', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, callerChoice, async (query, caller) => {
        await exercise(
          'query strings',
          targets.map((target) => {
            const body = goodBodyOf(target);
            return requestTo(target, {
              query: query.wire,
              token: tokenFrom(target, caller),
              contentType: 'application/json',
              ...(body === undefined ? {} : { body }),
              echoes: query.values,
            });
          }),
        );
      }),
      settings(),
    );
  });

  it('JSON bodies: malformed, truncated, wrong types, huge and negative numbers, 1e309, long strings, invisible and direction-changing text, deep nesting, bytes that are not UTF-8 (a success that stored any of it fails)', async () => {
    // Mostly a mutation of the route's good body; sometimes bytes that are not UTF-8 at all.
    const body = fc.oneof(
      { weight: 9, arbitrary: bodyMutation },
      {
        weight: 1,
        arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        hostileJsonText,
        body,
        fc.boolean(),
        callerChoice,
        notUtf8,
        fc.nat(),
        async (json, mutation, chunked, caller, badBytes, badLeaf) => {
          await exercise(
            'bodies',
            targets.flatMap((target) => {
              const send = (text: string | Buffer) =>
                requestTo(target, {
                  token: tokenFrom(target, caller),
                  contentType: 'application/json',
                  body: text,
                  chunked,
                });
              // One hostile value in each field in turn, so that every field is reached with the
              // others valid; and one other mutation of the whole body.
              const everyField = Array.from({ length: leafCount(target.goodBody) }, (_, leaf) =>
                send(mutateBody(target.goodBody, { kind: 'replace-leaf', leaf, json })),
              );
              return [
                ...everyField,
                send(Buffer.isBuffer(mutation) ? mutation : mutateBody(target.goodBody, mutation)),
                // Valid JSON but for one string whose bytes are not UTF-8 (docs/decisions/http-requests.md D63).
                send(bytesInLeaf(target.goodBody, badLeaf, badBytes)),
              ];
            }),
          );
        },
      ),
      settings(),
    );
  });

  it('content types and other headers: odd and repeated Content-Type, Accept-Language, Host, X-Forwarded-Proto, Expect', async () => {
    const hostHeader = fc.constantFrom(
      'evil.example',
      '127.0.0.1:1',
      '[::1]:80',
      'a'.repeat(2_000),
      'host with spaces',
      'h\u00e9te.example',
      'example.com/path?x=1',
      'user@example.com',
    );
    const proto = fc.constantFrom('javascript', 'ftp', '', 'https, http', 'HTTP', 'x'.repeat(1_000));
    await fc.assert(
      fc.asyncProperty(
        oddContentType,
        fc.boolean(),
        fc.option(bodyMutation),
        fc.option(oddAcceptLanguage),
        fc.option(hostHeader),
        fc.option(proto),
        fc.boolean(),
        callerChoice,
        async (
          contentType,
          repeatContentType,
          mutation,
          acceptLanguage,
          host,
          forwardedProto,
          expectContinue,
          caller,
        ) => {
          const extra: [string, string][] = [];
          if (repeatContentType) extra.push(['content-type', 'text/plain']);
          if (acceptLanguage !== null) extra.push(['accept-language', acceptLanguage]);
          if (host !== null) extra.push(['host', host]);
          if (forwardedProto !== null) extra.push(['x-forwarded-proto', forwardedProto]);
          if (expectContinue) extra.push(['expect', '100-continue']);
          await exercise(
            'content types and headers',
            targets.map((target) => {
              const body =
                mutation === null ? (goodBodyOf(target) ?? '{}') : mutateBody(target.goodBody, mutation);
              return requestTo(target, {
                token: tokenFrom(target, caller),
                ...(contentType === undefined ? {} : { contentType }),
                body,
                headers: extra,
              });
            }),
          );
        },
      ),
      settings(),
    );
  });

  describe('without a valid token', () => {
    let refused: Record<RefusedToken, string | undefined>;
    beforeAll(async () => {
      refused = await refusedTokens(HOSTILE_USER);
    });

    it('token routes never succeed, whatever else the request holds; public routes keep the rule', async () => {
      const good = tokenFor(HOSTILE_USER);
      const authorization = fc.oneof(
        badAuthorization(good),
        fc.constantFrom(...REFUSED_TOKENS).map((name) => bearer(refused[name]).authorization),
        // A token for an impossible user id: the authorizer must refuse it.
        fc.constantFrom(0, -1, 1e21, 2 ** 53).map((sub) => `Bearer ${tokenFor(sub)}`),
      );
      await fc.assert(
        fc.asyncProperty(
          authorization,
          fc.boolean(),
          fc.option(hostileId),
          fc.option(bodyMutation),
          async (header, twice, id, mutation) => {
            await exercise(
              'tokens',
              targets.map((target) => {
                const body = mutation === null ? goodBodyOf(target) : mutateBody(target.goodBody, mutation);
                const headers: [string, string][] = header === undefined ? [] : [['authorization', header]];
                // The same bad header twice: neither is a token (short ones, to stay within the header limit).
                if (twice && header !== undefined && header.length < 1_000)
                  headers.push(['authorization', header]);
                return requestTo(target, {
                  ...(id === null
                    ? {}
                    : { path: pathOf(target, { position: 0, raw: id.wire }), echoes: [id.text] }),
                  authorized: false,
                  headers,
                  contentType: 'application/json',
                  ...(body === undefined ? {} : { body }),
                });
              }),
            );
          },
        ),
        settings(),
      );
    });
  });

  it(`bodies over the size limit (${MAX_BODY_BYTES} bytes, and API Gateway's 10 MB) answer 413 in the docs/decisions/http-requests.md D1 shape`, async () => {
    const size = fc.oneof(
      fc
        .constantFrom(MAX_BODY_BYTES + 1, 2 * MAX_BODY_BYTES, 10 * 1024 * 1024 + 1)
        .map((n) => ({ n, chunked: false })),
      fc
        .constantFrom(MAX_BODY_BYTES + 1, 2 * MAX_BODY_BYTES, 10 * 1024 * 1024 + 1)
        .map((n) => ({ n, chunked: true })),
    );
    const filler = fc.constantFrom('json', 'bytes');
    await fc.assert(
      fc.asyncProperty(size, filler, callerChoice, async ({ n, chunked }, kind, caller) => {
        const body =
          kind === 'json'
            ? Buffer.from(`{"items":${JSON.stringify('x'.repeat(n))}}`, 'utf8')
            : Buffer.alloc(n, 0xa5);
        const answers = await exercise(
          'oversize bodies',
          targets.map((target) =>
            requestTo(target, {
              token: tokenFrom(target, caller),
              contentType: 'application/json',
              body,
              chunked,
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(targets.map(() => 413));
      }),
      settings(OVERSIZE_RUNS),
    );
  });

  it('a body of exactly the limit is read, not refused as too large', async () => {
    const body = Buffer.from(`"${'x'.repeat(MAX_BODY_BYTES - 2)}"`, 'utf8');
    const answers = await exercise(
      'oversize bodies',
      targets.map((target) =>
        requestTo(target, { token: tokenFrom(target, 'customer'), contentType: 'application/json', body }),
      ),
    );
    expect(answers.filter((a) => a.status === 413)).toEqual([]);
  });
});

afterAll(async () => {
  // The customer's own writes are PUTs of its own address and e-mail: put them back as seeded.
  const token = tokenFor(HOSTILE_USER);
  const seeded = userById(HOSTILE_USER);
  const put = (what: string, body: unknown) =>
    api(`/users/${HOSTILE_USER}/${what}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await put('address', expectedAddress(seeded))).status).toBe(200);
  expect((await put('email', seeded.email)).status).toBe(200);

  // Nothing seeded has changed, and the sandbox still serves.
  const me = await api('/@me', { headers: bearer(token) });
  expect(me.body).toEqual(expectedUserRecord(HOSTILE_USER));
  const pages = Math.ceil(ordersOf(HOSTILE_USER).length / 100);
  for (let page = 1; page <= pages; page++) {
    const orders = await api(`/@me/orders?page=${page}&limit=100`, { headers: bearer(token) });
    expect(orders.body).toEqual(expectedOrdersPage(HOSTILE_USER, page, 100));
  }
  expect((await api('/countries')).status).toBe(200);

  if (process.env.HOSTILE_INPUT_SUMMARY) console.log(tally.summary((performance.now() - started) / 1000));
});
