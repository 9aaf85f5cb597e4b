/**
 * A partner's receiver of the report callbacks, as docs/webhooks.md describes: it verifies the
 * Standard Webhooks signature with the partner's own secret (its caller's, from POST
 * /v1/@me/webhook-secrets: nothing signed for another partner passes), refuses notifications
 * older than five minutes (or from the future) so a captured one cannot be replayed, handles each
 * `webhook-id` once (the service sends the same id on every retry), answers at once, and then
 * downloads the report the notification points to.
 *
 * Copy it as a starting point: it keeps the ids it has seen in memory (use your database), and
 * it saves the PDFs in a folder.
 */
import http from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** The callback body (spec: "Callback notification body"). */
export interface ReportNotification {
  readonly status: 'COMPLETED';
  readonly links: readonly { readonly rel: string; readonly href: string }[];
}

export interface ReceiverOptions {
  /** `whsec_…`, your caller's own secret (POST /v1/@me/webhook-secrets), one the service signs with. */
  readonly secret: string;
  /** The API's versioned base, e.g. `https://api.example.com/v1`: `href`s are relative to it. */
  readonly apiBaseUrl: string;
  /** A bearer token of the customer whose reports these are, to download them. */
  readonly token: () => string | Promise<string>;
  /** What to do with a downloaded report. */
  readonly onReport: (report: { href: string; webhookId: string; pdf: Uint8Array }) => void | Promise<void>;
  /** Told of everything refused or failed, for your logs. */
  readonly onProblem?: (problem: string) => void;
  /** How long a `webhook-id` is remembered; longer than the service's retries (4 h 15 min). */
  readonly rememberIdsForMs?: number;
}

/** Callback bodies are small: anything bigger is not ours. */
const MAX_BODY_BYTES = 64 * 1024;

const readBody = (req: http.IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export const createReceiver = (options: ReceiverOptions): http.Server => {
  // The library refuses a timestamp more than five minutes away from now: the replay window.
  const webhook = new Webhook(options.secret);
  const seen = new Map<string, number>();
  const rememberMs = options.rememberIdsForMs ?? 24 * 60 * 60 * 1000;
  const problem = options.onProblem ?? ((text: string) => console.warn(text));

  const alreadySeen = (id: string) => {
    const now = Date.now();
    for (const [known, at] of seen) if (now - at > rememberMs) seen.delete(known);
    if (seen.has(id)) return true;
    seen.set(id, now);
    return false;
  };

  const fetchReport = async (href: string, webhookId: string) => {
    // A 302 to a short-lived S3 URL is followed; fetch drops the token when it leaves the API's host.
    const response = await fetch(new URL(`${options.apiBaseUrl.replace(/\/$/, '')}${href}`), {
      headers: { authorization: `Bearer ${await options.token()}` },
    });
    if (!response.ok) throw new Error(`GET ${href} answered ${response.status}`);
    await options.onReport({ href, webhookId, pdf: new Uint8Array(await response.arrayBuffer()) });
  };

  return http.createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const body = await readBody(req);
    if (body === undefined) {
      res.writeHead(413).end();
      return;
    }
    let notification: ReportNotification;
    try {
      notification = webhook.verify(body, req.headers as Record<string, string>) as ReportNotification;
    } catch (error) {
      problem(`refused a notification: ${error instanceof WebhookVerificationError ? error.message : error}`);
      res.writeHead(401).end();
      return;
    }
    const webhookId = String(req.headers['webhook-id']);
    // Acknowledge first: the service waits 5 s at most, and a retry of a handled id is a no-op.
    res.writeHead(204).end();
    if (alreadySeen(webhookId)) return;
    const report = notification.links.find((link) => link.rel === 'reports');
    if (notification.status !== 'COMPLETED' || !report) {
      problem(`notification ${webhookId} names no report`);
      return;
    }
    fetchReport(report.href, webhookId).catch((error: unknown) =>
      problem(`report of ${webhookId} not downloaded: ${(error as Error).message}`),
    );
  });
};
