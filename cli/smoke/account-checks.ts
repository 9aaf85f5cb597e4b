import type { Caller, CheckContext } from './check-context';
import { CheckFailed } from './checks';

/** The caller's own reads: its user record and its order list (a smoke user's is empty). */
export async function accountChecks(
  { api, checks }: CheckContext,
  caller: Caller | undefined,
  skip: string | undefined,
): Promise<void> {
  await checks.runWith('account: GET /@me', caller, skip, async (caller) => {
    const record = (await api.call({ method: 'GET', operation: '/@me', token: caller.token, expect: [200] }))
      .json as { id: number };
    if (caller.userId !== undefined && record.id !== caller.userId) {
      throw new CheckFailed(`answered user ${record.id}, not the smoke user ${caller.userId}`);
    }
    return `200, user ${record.id}`;
  });
  await checks.runWith('orders: GET /@me/orders?limit=5', caller, skip, async (caller) => {
    const page = (
      await api.call({
        method: 'GET',
        operation: '/@me/orders',
        query: { limit: '5' },
        token: caller.token,
        expect: [200],
      })
    ).json as unknown[];
    if (caller.userId !== undefined && page.length > 0) {
      throw new CheckFailed(`a new smoke user has ${page.length} orders`);
    }
    return `200, ${page.length} orders`;
  });
}
