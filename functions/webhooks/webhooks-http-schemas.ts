import * as v from 'valibot';
import { uuidPathId } from '#commons/http/ids';
import { strictObject } from '#commons/http/strict-object';

/**
 * `POST /@me/webhook-secrets` takes no body, or an empty JSON object: a secret has nothing to
 * choose (docs/decisions/report-export.md D60), and a field sent is a 400 that names it (D45).
 */
export const createSecretBody = v.optional(strictObject({}));

/** A secret id is a UUID, lower case as the service makes them; anything else names none (404). */
export const secretPath = v.object({ secret_id: uuidPathId() });
