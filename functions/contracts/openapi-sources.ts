/**
 * What lib/openapi/ reads to write the OpenAPI document (docs/openapi.json): the response
 * schemas of every area, the error body, each route's contract and cache policy, and the figures the
 * document states (languages, the webhook-secret limit), so the document says what the code does.
 */
export { errorResponse } from '#commons/http/error-response-schemas';
export type { RouteContract } from '#commons/http/http-route';
export { CACHE_POLICIES } from '#commons/http/http-route';
export { unwrapOptional } from '#commons/http/query';
export { LANGUAGE_TAG_PATTERN } from '#commons/languages';
export { batchResponse } from '#functions/batches/batches-response-schemas';
export {
  bookResponse,
  businessUnitsResponse,
  computerResponse,
  countriesResponse,
  imagesResponse,
  listingResponse,
  productResponse,
  ratingsResponse,
  stockResponse,
  technicalInfoResponse,
} from '#functions/catalogue/catalogue-response-schemas';
export {
  addressResponse,
  emailResponse,
  implicitProfileResponse,
  profileResponse,
  userRecordResponse,
} from '#functions/identity/identity-response-schemas';
export { myOrdersResponse, orderResponse } from '#functions/orders/orders-response-schemas';
export { reportStatusResponse } from '#functions/reports/reports-response-schemas';
export { MAX_WEBHOOK_SECRETS } from '#functions/webhooks/domain/webhook-secret';
export {
  createdWebhookSecretResponse,
  webhookSecretsResponse,
} from '#functions/webhooks/webhooks-response-schemas';
