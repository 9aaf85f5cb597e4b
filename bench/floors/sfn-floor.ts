/**
 * The SDK floor (bench/floors/sdk-floor.ts) with the functions' Step Functions client
 * (functions/commons/clients/sfn.ts): the floor of `POST /orders/reports`, which starts the
 * report workflow. Its executions are named apart from the reports' (the function names each
 * after its report id) and are for report ids no job has, so they end at once.
 */

import { randomUUID } from 'node:crypto';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { REPORT_ENV } from '#functions/contracts/environment';
import { sfnClient } from '#functions/contracts/floor-parts/sfn-floor-parts';
import { floorHandler } from './sdk-floor';

export const handler = floorHandler((request) => {
  if (!('startExecution' in request)) return undefined;
  return sfnClient.send(
    new StartExecutionCommand({
      stateMachineArn: process.env[REPORT_ENV.stateMachineArn],
      name: `bench-floor-${randomUUID()}`,
      input: JSON.stringify({ reportId: request.startExecution.reportId }),
    }),
  );
});
