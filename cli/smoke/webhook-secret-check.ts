import type { Caller, CheckContext } from './check-context';
import { CheckFailed } from './checks';

/**
 * A webhook secret made and deleted (docs/api.md, Webhook secrets): POST (the secret shown once),
 * DELETE (204), and the list no longer has it. If the check stops between the two, the run's
 * cleanup deletes the secret through the API.
 */
export async function webhookSecretCheck(
  { api, checks, cleanup }: CheckContext,
  caller: Caller | undefined,
  skip: string | undefined,
): Promise<void> {
  await checks.runWith(
    'webhook secret: POST + DELETE /@me/webhook-secrets',
    caller,
    skip,
    async ({ token }) => {
      const made = await api.call({
        method: 'POST',
        operation: '/@me/webhook-secrets',
        token,
        expect: [201, 409],
      });
      if (made.status === 409) {
        throw new CheckFailed(
          'this caller has 2 webhook secrets already (409): delete one, or use another token',
        );
      }
      const { id, secret } = made.json as { id: string; secret: string };
      if (!secret.startsWith('whsec_')) throw new CheckFailed('the secret made is not a whsec_ secret');
      const secretPath = `/@me/webhook-secrets/${id}`;
      const what = `webhook secret ${id}`;
      const remove = (expect: number[]) =>
        api.call({
          method: 'DELETE',
          operation: '/@me/webhook-secrets/{secret_id}',
          path: secretPath,
          token,
          expect,
        });
      cleanup.add(what, async () => {
        await remove([204, 404]);
      });
      await remove([204]);
      cleanup.done(what);
      const listed = (
        await api.call({ method: 'GET', operation: '/@me/webhook-secrets', token, expect: [200] })
      ).json as { id: string }[];
      if (listed.some((s) => s.id === id))
        throw new CheckFailed(`secret ${id} is still listed after its DELETE`);
      return '201 then 204, no longer listed';
    },
  );
}
