/** Who is calling, as the verified token says (docs/decisions/tokens-and-rights.md D2): the user id from `sub`, the admin right from groups. */
export interface Caller {
  readonly userId: number;
  readonly admin: boolean;
}

/**
 * docs/decisions/tokens-and-rights.md D3: a customer acts on their own user and orders, an administrator on all. Anything else is
 * answered exactly as a resource that does not exist.
 */
export const mayActFor = (caller: Caller, userId: number): boolean =>
  caller.admin || caller.userId === userId;
