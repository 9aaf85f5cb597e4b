import { SFNClient } from '@aws-sdk/client-sfn';

/** One Step Functions client per execution environment; the sandbox points it at its own endpoint (AWS_ENDPOINT_URL_SFN). */
export const sfnClient = new SFNClient({});
