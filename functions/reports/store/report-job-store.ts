import type { ReportError, ReportJob } from '../domain/report-job';

/** The report jobs port. Every change is conditional on the job's state, so a retried task changes nothing twice. */
export interface ReportJobStore {
  createJob(job: ReportJob): Promise<void>;
  getJob(id: string): Promise<ReportJob | undefined>;
  /** IN_PROGRESS → COMPLETED; answers the job as it now is (undefined when there is no such job). */
  markCompleted(id: string, bytes: number, at: Date): Promise<ReportJob | undefined>;
  /** IN_PROGRESS → FAILED with the error clients will see. A completed job stays completed. */
  markFailed(id: string, error: ReportError, at: Date): Promise<void>;
  /** One more callback attempt, and whether it was delivered. */
  recordCallbackAttempt(id: string, delivered: boolean, at: Date): Promise<void>;
  /** The callback was given up on: the report stays available, the partner was not told. */
  markNotDelivered(id: string, at: Date): Promise<void>;
}
