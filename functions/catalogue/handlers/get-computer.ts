import { httpRoute } from '#commons/http/http-route';
import { COMPUTER_FIELDS, computerView } from '../domain/product';
import { computerPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';
import { activeLanguages } from '../store/active-version';

/** GET /computers/{computer_id}: the computer-specific view; a product that is not a computer is a 404. */
export const handler = httpRoute(
  { path: computerPath, fields: COMPUTER_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ path, translation }) => productReply(path.computer_id, (p) => computerView(p, translation)),
);
