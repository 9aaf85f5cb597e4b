import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from '#commons/clients/sfn';
import { REPORT_ENV } from '#functions/contracts/environment';
import type { ReportExecutionInput } from '#functions/contracts/report-workflow-contract';

/** Starts the report workflow for a recorded job. */
export interface ReportWorkflowStarter {
  start(reportId: string): Promise<void>;
}

/** The execution is named after the report: a second start of the same report is refused by Step Functions. */
export const stepFunctionsStarter: ReportWorkflowStarter = {
  async start(reportId) {
    const stateMachineArn = process.env[REPORT_ENV.stateMachineArn];
    if (!stateMachineArn) throw new Error(`${REPORT_ENV.stateMachineArn} is not set`);
    const input: ReportExecutionInput = { reportId };
    await sfnClient.send(
      new StartExecutionCommand({ stateMachineArn, name: reportId, input: JSON.stringify(input) }),
    );
  },
};
