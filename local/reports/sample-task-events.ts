import type {
  RecordReportStateInput,
  ReportExecutionInput,
} from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { SAMPLE_REPORT_ID } from '../seed/report-seed';

/**
 * The event each report task function receives from its Task state (the state's Parameters
 * applied to the execution's data), for the seed's sample report job: `events/<function>.json`.
 */
export const sampleTaskEvents = (): Record<string, ReportExecutionInput | RecordReportStateInput> => ({
  [reportFunctions.generate.name]: { reportId: SAMPLE_REPORT_ID },
  [reportFunctions.recordState.name]: { reportId: SAMPLE_REPORT_ID, outcome: 'COMPLETED', bytes: 2030 },
  [reportFunctions.sendCallback.name]: { reportId: SAMPLE_REPORT_ID },
});
