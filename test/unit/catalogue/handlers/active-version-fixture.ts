import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AwsStub } from 'aws-sdk-client-mock';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { forgetActiveVersion } from '#functions/catalogue/store/active-version';
import { activeVersionKey } from '#functions/contracts/keys/catalogue-keys';

/** The catalogue version the mocked tables hold, and its generation (docs/decisions/catalogue-versions.md D90). */
export const VERSION = 'v1';
export const GENERATION = 1;

/**
 * Makes the mocked table say VERSION is active, written in this code's layout unless another is
 * given (`null`: none recorded, as before layouts were); call in a beforeEach after
 * `dynamo.reset()`. Each test starts with no cached version, so each reads the pointer as a cold
 * environment does.
 */
export const mockActiveVersion = (
  // biome-ignore lint/suspicious/noExplicitAny: the stub's input and output types are the client's.
  dynamo: AwsStub<any, any, any>,
  layout: number | null = CATALOGUE_LAYOUT,
) => {
  forgetActiveVersion();
  dynamo.on(GetCommand, { Key: activeVersionKey }).resolves({
    Item: {
      ...activeVersionKey,
      version: VERSION,
      publishedAt: '2026-01-01T00:00:00.000Z',
      ...(layout === null ? {} : { layout }),
      generation: GENERATION,
    },
  });
};
