import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { claimSettings, tokenVerifier } from '#functions/identity/adapters/token-verifier';
import { callerFromClaims } from '#functions/identity/domain/token-claims';
import { issuerEnvironment, sandboxIssuer } from '#local/issuer/sandbox-issuer';

describe('the sandbox token issuer', () => {
  let stateDir: string;
  beforeAll(() => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-issuer-'));
  });
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it("signs tokens the authorizer's verifier accepts with the environment the sandbox gives it", async () => {
    const issuer = sandboxIssuer(stateDir);
    const env = issuerEnvironment(issuer);
    const claims = await tokenVerifier(env).verify(issuer.token({ sub: 1, admin: true }));
    expect(callerFromClaims(claims, claimSettings(env))).toEqual({ userId: 1, admin: true });
    const customer = await tokenVerifier(env).verify(issuer.token({ sub: 7 }));
    expect(callerFromClaims(customer, claimSettings(env))).toEqual({ userId: 7, admin: false });
  });

  it('keeps its key in the state directory, so tokens survive a restart', async () => {
    const token = sandboxIssuer(stateDir).token({ sub: 2 });
    const restarted = sandboxIssuer(stateDir);
    await expect(tokenVerifier(issuerEnvironment(restarted)).verify(token)).resolves.toMatchObject({
      sub: '2',
    });
  });

  it("refuses another state directory's tokens and expired ones", async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'sandbox-issuer-other-'));
    try {
      const env = issuerEnvironment(sandboxIssuer(stateDir));
      await expect(tokenVerifier(env).verify(sandboxIssuer(otherDir).token({ sub: 2 }))).rejects.toThrow();
      const expired = sandboxIssuer(stateDir).token({
        sub: 2,
        expiresInSeconds: 60,
        now: Date.now() - 3_600_000,
      });
      await expect(tokenVerifier(env).verify(expired)).rejects.toThrow();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
