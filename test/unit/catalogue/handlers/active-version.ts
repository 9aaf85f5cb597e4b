import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AwsStub } from 'aws-sdk-client-mock';
import { forgetActiveVersion } from '../../../../functions/catalogue/store/active-version';
import { activeVersionKey } from '../../../../functions/catalogue/store/catalogue-keys';

/** The catalogue version the mocked tables hold. */
export const VERSION = 'v1';

/**
 * Makes the mocked table say VERSION is active; call in a beforeEach after `dynamo.reset()`.
 * Each test starts with no cached version, so each reads the pointer as a cold environment does.
 */
// biome-ignore lint/suspicious/noExplicitAny: the stub's input and output types are the client's.
export const mockActiveVersion = (dynamo: AwsStub<any, any, any>) => {
  forgetActiveVersion();
  dynamo
    .on(GetCommand, { Key: activeVersionKey })
    .resolves({ Item: { ...activeVersionKey, version: VERSION, publishedAt: '2026-01-01T00:00:00.000Z' } });
};
