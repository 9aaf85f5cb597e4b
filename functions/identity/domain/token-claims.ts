import type { Caller } from '#commons/caller';
import { ADMIN_GROUP } from '#functions/contracts/auth-settings';

export interface ClaimSettings {
  readonly userIdClaim: string;
  readonly groupsClaim: string;
}

const USER_ID = /^[1-9][0-9]{0,14}$/;

/**
 * The groups a claim names: the elements of an array, or one string taken whole (docs/decisions/tokens-and-rights.md
 * D31, D64). A string is never split: a group named `Help desk admin` is not `admin`.
 */
const groupsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return typeof value === 'string' ? [value] : [];
};

/**
 * The caller a verified token stands for, or undefined when it names no integer user id: the
 * spec's user ids are integers, so a token for anything else identifies nobody here.
 */
export const callerFromClaims = (claims: Readonly<Record<string, unknown>>, settings: ClaimSettings) => {
  const raw = claims[settings.userIdClaim];
  const id = typeof raw === 'number' ? String(raw) : raw;
  if (typeof id !== 'string' || !USER_ID.test(id)) return undefined;
  const caller: Caller = {
    userId: Number(id),
    admin: groupsOf(claims[settings.groupsClaim]).includes(ADMIN_GROUP),
  };
  return caller;
};

/** `Authorization: Bearer <token>` → the token; anything else → undefined. */
export const bearerToken = (header: string | undefined): string | undefined => {
  const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/.exec(header?.trim() ?? '');
  return match?.[1];
};
