/**
 * Runs the example receiver:
 *
 *   WEBHOOK_SECRET=whsec_… API_BASE_URL=http://127.0.0.1:3000/v1 API_TOKEN=… \
 *     npx tsx examples/webhook-receiver/main.ts [--port 8080] [--out reports]
 *
 * WEBHOOK_SECRET is your own caller's secret, from `POST /v1/@me/webhook-secrets` with API_TOKEN
 * (docs/webhooks.md); a notification signed for anyone else is refused.
 *
 * then request a report with `"callback_url": "http://127.0.0.1:8080/hooks/reports"` (the
 * sandbox accepts loopback callbacks; a deployed stage only https URLs with public addresses).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createReceiver } from './receiver';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (see the comment at the top of this file).`);
    process.exit(2);
  }
  return value;
};

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, out: { type: 'string', default: 'reports' } },
});
const outDir = path.resolve(values.out);
mkdirSync(outDir, { recursive: true });
const token = required('API_TOKEN');

const server = createReceiver({
  secret: required('WEBHOOK_SECRET'),
  apiBaseUrl: required('API_BASE_URL'),
  token: () => token,
  onReport: ({ href, webhookId, pdf }) => {
    const file = path.join(outDir, `${path.basename(href)}.pdf`);
    writeFileSync(file, pdf);
    console.log(`${webhookId}: report saved to ${file} (${pdf.byteLength} bytes)`);
  },
});
server.listen(Number(values.port), '127.0.0.1', () =>
  console.log(`Receiving report callbacks on http://127.0.0.1:${values.port}/hooks/reports`),
);
