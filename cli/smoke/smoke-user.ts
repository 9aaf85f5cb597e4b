import { randomBytes, randomInt } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SMOKE_USER_IDS, smokeEventId } from '#lib/smoke-access';
import { sendEvents } from '#local/events/send-events';
import type { SandboxIssuer } from '#local/issuer/sandbox-issuer';
import type { ApiClient } from './api-client';
import { CheckFailed } from './checks';
import type { Cleanup } from './cleanup';

/** A new id in the range reserved for smoke users, random so that two runs never share one. */
export const smokeUserId = (): number =>
  SMOKE_USER_IDS.min + randomInt(SMOKE_USER_IDS.max - SMOKE_USER_IDS.min + 1);

export const smokeUserName = (id: number): string => `smoke-${id}`;

/** How a run makes its user on a stage and gets a token for it. */
export interface SmokeUserMaker {
  /** What the caller line calls the user, and how it is made. */
  describe(id: number): { readonly name: string; readonly how: string };
  /** Makes user `id`; adds to `cleanup` whatever it makes besides the table items. Answers an access token. */
  make(id: number, cleanup: Cleanup): Promise<string>;
}

const USER_RECORD_WAIT_MS = 30_000;
const POLL_MS = 250;

/**
 * The sandbox: the user is registered the way a stage gets users from a directory, a
 * `user.registered` event on the stage's bus (docs/events.md), and signs in with a token of the
 * sandbox's own issuer. The consumer applies the event within a second or so: the user is
 * ready when `/@me` answers it.
 */
export const sandboxUsers = (deps: {
  readonly events: EventBridgeClient;
  readonly busName: string;
  readonly issuer: SandboxIssuer;
  readonly api: ApiClient;
}): SmokeUserMaker => ({
  describe: (id) => ({ name: `sandbox user ${id}`, how: 'user.registered through the bus, then /@me' }),
  async make(id) {
    const outcome = await sendEvents(deps.events, deps.busName, [
      {
        type: 'user.registered',
        detail: {
          eventId: smokeEventId(id),
          occurredAt: new Date().toISOString(),
          version: 1,
          id,
          username: smokeUserName(id),
          firstName: 'Smoke',
          lastName: 'Check',
          email: `${smokeUserName(id)}@example.com`,
          phone: { home: '', mobile: '' },
          address: { street: '', zipCode: '', city: '' },
        },
      },
    ]);
    if (outcome.accepted !== 1) {
      throw new CheckFailed(
        `the bus refused the user.registered event: ${outcome.failures[0]?.reason ?? 'no reason given'}`,
      );
    }
    const token = deps.issuer.token({ sub: id });
    const deadline = Date.now() + USER_RECORD_WAIT_MS;
    for (;;) {
      const me = await deps.api.call({ method: 'GET', operation: '/@me', token, expect: [200, 404] });
      if (me.status === 200) return token;
      if (Date.now() > deadline) {
        throw new CheckFailed(
          `the user.registered event was accepted, but /@me still answers 404 after ${USER_RECORD_WAIT_MS / 1000} s: is the events consumer running?`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  },
});

/** A password the pool's policy takes (12+ characters, every class), used once and forgotten. */
const oneTimePassword = () => `${randomBytes(24).toString('base64url')}aA1!`;

/**
 * A Cognito stage: a temporary user of its pool, made with the admin API (no invitation sent),
 * its `custom:user_id` the smoke id, a permanent password, and a sign-in with
 * ADMIN_USER_PASSWORD_AUTH, which takes IAM credentials (the smoke role's). The pre token
 * generation trigger writes its user record at that sign-in, as for any first sign-in.
 */
export const cognitoUsers = (deps: {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly clientId: string;
}): SmokeUserMaker => ({
  describe: (id) => ({
    name: `Cognito user ${smokeUserName(id)}`,
    how: 'made, signed in (ADMIN_USER_PASSWORD_AUTH)',
  }),
  async make(id, cleanup) {
    const { cognito, userPoolId: UserPoolId } = deps;
    const Username = smokeUserName(id);
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: `${Username}@example.com` },
          { Name: 'custom:user_id', Value: String(id) },
        ],
      }),
    );
    cleanup.add(`Cognito user ${Username}`, async () => {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId, Username }));
    });
    const password = oneTimePassword();
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: password, Permanent: true }),
    );
    const { AuthenticationResult, ChallengeName } = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId,
        ClientId: deps.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: Username, PASSWORD: password },
      }),
    );
    if (!AuthenticationResult?.AccessToken) {
      throw new CheckFailed(
        `the sign-in did not give a token${ChallengeName ? ` (Cognito asked for ${ChallengeName})` : ''}`,
      );
    }
    return AuthenticationResult.AccessToken;
  },
});
