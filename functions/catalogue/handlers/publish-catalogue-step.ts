import { workflowTask } from '#commons/workflow-task';
import type { PublishTaskInput } from '#functions/contracts/publish-workflow-contract';
import { s3ImportFiles } from '../adapters/s3-import-files';
import {
  acquirePublishLock,
  applyStockFile,
  type PublishDeps,
  planVersion,
  recordPublishFailure,
  switchActiveVersion,
  writeVersionChunk,
} from '../services/publish-service';
import { recordRemoval, recordRemovalFailure, removeVersion } from '../services/removal-service';
import { lockForUpgrade, nameUpgrade } from '../services/upgrade-service';
import { dynamoDbPublishStore } from '../store/dynamodb-publish-store';

const deps: PublishDeps = { store: dynamoDbPublishStore, files: s3ImportFiles, now: () => new Date() };

/** Every task of the catalogue publish workflow: the input's `action` names the step. */
export const handler = workflowTask<PublishTaskInput, unknown>(
  'catalogue publish step',
  (input) => ({
    action: input.action,
    ...('publishId' in input ? { publishId: input.publishId } : {}),
    ...('version' in input ? { version: input.version } : {}),
    ...('chunk' in input ? { chunk: input.chunk } : {}),
    ...('execution' in input ? { execution: input.execution } : {}),
  }),
  async (input) => {
    switch (input.action) {
      case 'name-upgrade':
        return nameUpgrade(input);
      case 'lock-for-upgrade':
        return lockForUpgrade(deps, input);
      case 'acquire':
        return acquirePublishLock(deps, input);
      case 'plan':
        return planVersion(deps, input);
      case 'write-chunk':
        return writeVersionChunk(deps, input);
      case 'switch':
        return switchActiveVersion(deps, input);
      case 'remove':
        return removeVersion(deps, input);
      case 'apply-stock':
        return applyStockFile(deps, input);
      case 'fail':
        return recordPublishFailure(deps, input);
      case 'removed':
        return recordRemoval(deps, input);
      case 'removal-failed':
        return recordRemovalFailure(deps, input);
    }
  },
);
