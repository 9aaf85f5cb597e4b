import { reportIdOf, workflowTask } from '#commons/workflow-task';
import type { GeneratedReport, ReportExecutionInput } from '#functions/contracts/report-workflow-contract';
import { dynamoDbUserStore } from '../../identity/store/dynamodb-user-store';
import { dynamoDbOrderStore } from '../../orders/store/dynamodb-order-store';
import { environmentFonts } from '../adapters/report-font-files';
import { generateReport } from '../services/report-generation-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';
import { s3ReportWriter } from '../store/s3-report-writer';

/** Read only for a text beyond the standard fonts, and then once per execution environment. */
const fonts = environmentFonts();

/** Task "Generate report": the PDF of the job's orders, written to S3. */
export const handler = workflowTask<ReportExecutionInput, GeneratedReport>(
  'generate report',
  reportIdOf,
  ({ reportId }) =>
    generateReport(
      {
        jobs: dynamoDbReportJobStore,
        orders: dynamoDbOrderStore,
        users: dynamoDbUserStore,
        files: s3ReportWriter,
        fonts,
      },
      reportId,
      new Date(),
    ),
);
