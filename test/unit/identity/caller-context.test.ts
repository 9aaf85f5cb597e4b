import { callerFromAuthorizer } from '#commons/http/caller-context';
import { bearerToken, callerFromClaims } from '#functions/identity/domain/token-claims';

describe('callerFromAuthorizer', () => {
  const now = 1_800_000_000;
  it('reads the caller the authorizer passed on', () => {
    expect(callerFromAuthorizer({ userId: '7', admin: 'false', expiresAt: String(now + 10) }, now)).toEqual({
      userId: 7,
      admin: false,
    });
    expect(callerFromAuthorizer({ userId: '1', admin: true, expiresAt: now + 10 }, now)).toEqual({
      userId: 1,
      admin: true,
    });
  });

  it('refuses a missing context, a bad user id and a token that expired after the gateway cached it', () => {
    expect(callerFromAuthorizer(undefined, now)).toBeUndefined();
    expect(
      callerFromAuthorizer({ userId: 'x', admin: 'true', expiresAt: String(now + 10) }, now),
    ).toBeUndefined();
    expect(
      callerFromAuthorizer({ userId: '7', admin: 'false', expiresAt: String(now - 1) }, now),
    ).toBeUndefined();
    expect(callerFromAuthorizer({ userId: '7', admin: 'false' }, now)).toBeUndefined();
  });
});

describe('token claims', () => {
  const settings = { userIdClaim: 'sub', groupsClaim: 'cognito:groups' };
  it('takes the integer user id from the configured claim and admin from the groups', () => {
    expect(callerFromClaims({ sub: '12', 'cognito:groups': ['admin'] }, settings)).toEqual({
      userId: 12,
      admin: true,
    });
    const custom = { userIdClaim: 'user_id', groupsClaim: 'groups' };
    expect(callerFromClaims({ user_id: 3, groups: 'admin' }, custom)).toEqual({ userId: 3, admin: true });
    // A string is one group, taken whole, never split (docs/decisions/tokens-and-rights.md D64).
    expect(callerFromClaims({ user_id: 3, groups: 'staff admin' }, custom)).toEqual({
      userId: 3,
      admin: false,
    });
    expect(callerFromClaims({ user_id: 3, groups: 'Help desk admin' }, custom)).toEqual({
      userId: 3,
      admin: false,
    });
    expect(callerFromClaims({ sub: '0' }, settings)).toBeUndefined();
    expect(callerFromClaims({ sub: '12abc' }, settings)).toBeUndefined();
  });

  it('reads only a Bearer authorization', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
