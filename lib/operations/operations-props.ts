import type { CommerceRestApi } from '../api/rest-api';
import type { BatchQueue } from '../batch-queue';
import type { CataloguePublishing } from '../catalogue-publishing';
import type { ReportWorkflow } from '../report-workflow';
import type { StageSettings } from '../stage';

/** What the operations construct watches: the stage's settings and the constructs whose metrics it reads. */
export interface OperationsProps {
  readonly settings: StageSettings;
  readonly api: CommerceRestApi;
  readonly batches: BatchQueue;
  readonly reports: ReportWorkflow;
  readonly catalogue: CataloguePublishing;
}
