import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { verifyNotification } from '#examples/webhook-receiver/verify-with-node-crypto';
import { callbackPayload } from '#functions/reports/domain/callback-body';

const mine = `whsec_${randomBytes(32).toString('base64')}`;
const next = `whsec_${randomBytes(32).toString('base64')}`;
const theirs = `whsec_${randomBytes(32).toString('base64')}`;
const body = callbackPayload('5b0c2f9e-4d1a-4c59-9f3e-0a6f1e2d3c4b');
const at = new Date();

/** Headers as the service sends them: one signature per secret of the caller (docs/decisions/report-export.md D60). */
const signedWith = (...secrets: string[]) => ({
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': secrets.map((s) => new Webhook(s).sign('msg_1', at, body)).join(' '),
});

describe('the node:crypto verifier of docs/webhooks.md', () => {
  it('accepts what is signed with the secret held, alone or beside another (a rotation)', () => {
    expect(verifyNotification(mine, signedWith(mine), body)).toEqual(JSON.parse(body));
    expect(verifyNotification(next, signedWith(mine, next), body)).toEqual(JSON.parse(body));
    expect(verifyNotification(mine, signedWith(mine, next), body)).toEqual(JSON.parse(body));
  });

  it("refuses another partner's notification, a changed body, and a stale or future timestamp", () => {
    expect(verifyNotification(mine, signedWith(theirs), body)).toBeUndefined();
    expect(verifyNotification(mine, signedWith(mine), body.replace('COMPLETED', 'FAILED'))).toBeUndefined();
    const now = Math.floor(at.getTime() / 1000);
    expect(verifyNotification(mine, signedWith(mine), body, now + 301)).toBeUndefined();
    expect(verifyNotification(mine, signedWith(mine), body, now - 301)).toBeUndefined();
    expect(verifyNotification(mine, { ...signedWith(mine), 'webhook-id': 'msg_2' }, body)).toBeUndefined();
  });
});
