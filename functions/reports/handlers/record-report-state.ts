import { dynamoDbCallerLimitStore } from '#commons/store/dynamodb-caller-limit-store';
import { reportIdOf, workflowTask } from '#commons/workflow-task';
import type {
  RecordedReportState,
  RecordReportStateInput,
} from '#functions/contracts/report-workflow-contract';
import { recordReportState } from '../services/report-outcome-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

/** Tasks "Mark report completed", "Mark report failed" and "Record notification not delivered". */
export const handler = workflowTask<RecordReportStateInput, RecordedReportState>(
  'record report state',
  reportIdOf,
  (input) =>
    recordReportState({ jobs: dynamoDbReportJobStore, limits: dynamoDbCallerLimitStore }, input, new Date()),
);
