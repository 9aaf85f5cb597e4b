import { promises as dns, type LookupAddress, type LookupOneOptions } from 'node:dns';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { parseCallbackUrl } from '../domain/callback-url';
import { canonical, isLoopbackAddress, type LookupAll, type ResolvedAddress } from '../domain/public-address';
import { resolvePublic } from './public-address-resolver';

/**
 * Sends one signed callback (docs/decisions/report-export.md D6). One attempt: retries and their backoff belong to
 * the state machine, so a partner's failure is a result (`delivered: false`), never an
 * exception. Only a call without a well-formed secret (ours to fix) throws.
 */

export const USER_AGENT = 'commerce-api-webhooks/1.0';
/** The most of a partner's answer that is ever read; the rest is dropped with the socket. */
export const MAX_RESPONSE_BYTES = 4096;

export interface SendWebhookInput {
  url: string;
  /** The payload: a string is sent and signed byte for byte; anything else as its JSON. */
  body: string | object;
  /** Stable across the attempts of one notification, so the partner can deduplicate. */
  webhookId: string;
  /**
   * Every `whsec_<base64>` secret to sign with: one signature each, space-separated in
   * `webhook-signature`, which Standard Webhooks verifiers accept if any one matches (a partner's
   * secrets during a rotation, docs/decisions/report-export.md D60).
   */
  secrets: readonly string[];
  /** The attempt's time (`webhook-timestamp`); now by default. */
  timestamp?: Date;
  allowLoopbackHttp: boolean;
  /** For the whole attempt: resolution, connection, answer. */
  timeoutMs?: number;
  lookup?: LookupAll;
}

export interface SendWebhookResult {
  delivered: boolean;
  status?: number;
  reason?: string;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http(s).request` that answers only with the addresses already checked, so a
 * second resolution (DNS rebinding between the check and the connection) cannot redirect it.
 */
const pinnedLookup =
  (addresses: ResolvedAddress[]) =>
  (_hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
    const candidates = addresses.filter((a) => !options.family || a.family === options.family);
    if (candidates.length === 0) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '');
    } else if (options.all) {
      callback(null, candidates);
    } else {
      callback(null, candidates[0]!.address, candidates[0]!.family);
    }
  };

/** The addresses to connect to, or why there are none. */
const addressesFor = async (
  url: URL,
  loopback: boolean,
  lookup: LookupAll | undefined,
): Promise<{ ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: string }> => {
  if (!loopback) {
    const resolved = await resolvePublic(url.hostname, lookup);
    return resolved.ok ? resolved : { ok: false, reason: resolved.message };
  }
  // The sandbox allowance: 127.0.0.1 as it is, `localhost` only to loopback addresses.
  if (url.hostname === '127.0.0.1') return { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] };
  try {
    const answers = await (lookup ?? (dns.lookup as LookupAll))(url.hostname, { all: true });
    if (answers.length === 0 || !answers.every((a) => isLoopbackAddress(a.address))) {
      return { ok: false, reason: `${url.hostname} does not resolve to loopback addresses only` };
    }
    return { ok: true, addresses: answers.map((a) => canonical(a.address)) };
  } catch (err) {
    return {
      ok: false,
      reason: `${url.hostname} could not be resolved (${(err as { code?: string }).code})`,
    };
  }
};

const outcome = (status: number): SendWebhookResult =>
  status >= 200 && status < 300
    ? { delivered: true, status }
    : {
        delivered: false,
        status,
        reason: status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`,
      };

export const sendWebhook = async (input: SendWebhookInput): Promise<SendWebhookResult> => {
  const { webhookId, secrets, allowLoopbackHttp, timeoutMs = 5000 } = input;
  if (secrets.length === 0 || secrets.some((secret) => !secret)) {
    throw new Error('no webhook signing secret to sign with');
  }
  if (!webhookId) throw new Error('webhook id is required');
  const signers = secrets.map((secret) => new Webhook(secret)); // throws on a malformed secret: ours to fix
  const payload = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const timestamp = input.timestamp ?? new Date();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    'user-agent': USER_AGENT,
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signers.map((signer) => signer.sign(webhookId, timestamp, payload)).join(' '),
  };

  const parsed = parseCallbackUrl(input.url, { allowLoopbackHttp });
  if (!parsed.ok) return { delivered: false, reason: `callback_url refused: ${parsed.message}` };
  const { url, loopback } = parsed;

  return new Promise<SendWebhookResult>((resolve) => {
    let settled = false;
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    const finish = (result: SendWebhookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Whatever is left of the answer is dropped with the connection.
      res?.destroy();
      req?.destroy();
      resolve(result);
    };
    // One deadline for the whole attempt. Once the status is known the outcome is too, so a
    // deadline hit while reading the answer's body does not change it.
    const timer = setTimeout(
      () => finish(res?.statusCode ? outcome(res.statusCode) : { delivered: false, reason: 'timeout' }),
      timeoutMs,
    );

    addressesFor(url, loopback, input.lookup).then(
      (target) => {
        if (settled) return;
        if (!target.ok) return finish({ delivered: false, reason: target.reason });
        const request = url.protocol === 'https:' ? https.request : http.request;
        // The URL keeps the original name for Host and SNI; `lookup` pins the connection to
        // the checked addresses; no agent, so no pooled socket from an earlier resolution.
        req = request(url, {
          method: 'POST',
          headers,
          agent: false,
          lookup: pinnedLookup(target.addresses) as never,
        });
        req.on('error', (err: NodeJS.ErrnoException) =>
          finish(
            res?.statusCode
              ? outcome(res.statusCode)
              : { delivered: false, reason: `network error: ${err.code ?? err.message}` },
          ),
        );
        req.on('response', (answer) => {
          res = answer;
          const status = answer.statusCode ?? 0;
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= MAX_RESPONSE_BYTES) finish(outcome(status));
          });
          answer.on('end', () => finish(outcome(status)));
          answer.on('error', () => finish(outcome(status)));
          answer.on('aborted', () => finish(outcome(status)));
        });
        req.end(payload);
      },
      (err: Error) => finish({ delivered: false, reason: `resolution failed: ${err.message}` }),
    );
  });
};
