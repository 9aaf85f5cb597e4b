import type { RecordedReportState, RecordReportStateInput } from '../domain/report-workflow';
import { recordReportState } from '../services/report-outcome-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';
import { workflowTask } from '../workflow-task';

/** Tasks "Mark report completed", "Mark report failed" and "Record notification not delivered". */
export const handler = workflowTask<RecordReportStateInput, RecordedReportState>(
  'record report state',
  (input) => recordReportState(dynamoDbReportJobStore, input, new Date()),
);
