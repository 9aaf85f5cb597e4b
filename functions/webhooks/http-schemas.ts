import * as z from 'zod/mini';

/**
 * `POST /@me/webhook-secrets` takes no body, or an empty JSON object: a secret has nothing to
 * choose (docs/design.md D60), and a field sent is a 400 that names it (D45).
 */
export const createSecretBody = z.optional(z.strictObject({}));

/** A secret id is a UUID, lower case as the service makes them; anything else names none (404). */
export const secretPath = z.object({
  secret_id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
});
