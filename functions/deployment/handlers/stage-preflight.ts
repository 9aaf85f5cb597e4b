import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { readPreflightProperties } from '#functions/contracts/preflight-properties';
import { awsAccountReader } from '../adapters/account-reader';
import { sendCustomResourceResponse } from '../adapters/custom-resource-response';
import { awsStackControl } from '../adapters/stack-control';
import type { PreflightSettings } from '../domain/preflight-rules';
import { errorText, type PreflightOutcome, runPreflight } from '../services/preflight-service';

/** The stage's settings, or why they cannot be read. */
function settingsOf(event: CloudFormationCustomResourceEvent): PreflightSettings | Error {
  try {
    return readPreflightProperties(event.ResourceProperties);
  } catch (error) {
    return error as Error;
  }
}

async function outcomeOf(
  event: CloudFormationCustomResourceEvent,
  context: Context,
): Promise<PreflightOutcome> {
  const settings = settingsOf(event);
  if (settings instanceof Error) {
    // Properties an older version wrote must never stop their resource's deletion.
    return event.RequestType === 'Delete'
      ? { status: 'SUCCESS', did: 'nothing' }
      : { status: 'FAILED', reason: settings.message };
  }
  try {
    return await runPreflight(
      { type: event.RequestType, stackId: event.StackId, settings },
      awsAccountReader,
      awsStackControl,
    );
  } catch (error) {
    logger.error('stage preflight could not run', error as Error);
    return {
      status: 'FAILED',
      reason: `The stage preflight could not check the account (${errorText(error)}); its log group is /aws/lambda/${context.functionName}.`,
    };
  }
}

/**
 * The stage preflight, a custom resource that every other resource of the stage's stack depends
 * on (lib/stage-preflight-resource.ts, docs/decisions/stages-and-deploys.md D75). It answers CloudFormation itself, so that the
 * reason of a failure is exactly our one or two lines in `cdk deploy`'s output.
 */
export const handler = async (event: CloudFormationCustomResourceEvent, context: Context): Promise<void> => {
  logger.addContext(context);
  const outcome = await outcomeOf(event, context);
  logger.info('stage preflight', { requestType: event.RequestType, stackId: event.StackId, ...outcome });
  await sendCustomResourceResponse(event.ResponseURL, {
    Status: outcome.status,
    ...(outcome.status === 'FAILED' ? { Reason: outcome.reason } : {}),
    // One id for the resource's life; a failed Create gets one too, for the Delete of its rollback.
    PhysicalResourceId: event.RequestType === 'Create' ? event.RequestId : event.PhysicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
};
