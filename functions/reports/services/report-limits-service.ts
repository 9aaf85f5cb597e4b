import { type LimitOutcome, takeCallerLimit } from '#commons/caller-limit';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';
import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import { holdsPlace, POLL_AFTER_SECONDS, type ReportJob } from '../domain/report-job';
import type { ReportJobStore } from '../store/report-job-store';

/**
 * A caller's report places (docs/decisions/report-export.md D56): a request takes a token of the caller's hourly
 * bucket and one of `REPORT_LIMITS.inProgress` places at once, in one write, or nothing; a job
 * that ends gives its place back. When every place is held, the jobs holding them are read: a
 * place whose job has ended (its release was lost) or has been in progress too long to be alive
 * is given back, and the request tries once more. Polling a report is advised every
 * POLL_AFTER_SECONDS; a place frees when one of them ends, so that is the wait advised.
 */
export const takeReportPlace = async (
  deps: { limits: CallerLimitStore; jobs: ReportJobStore },
  userId: number,
  reportId: string,
  now: Date,
): Promise<LimitOutcome> => {
  const take = () =>
    takeCallerLimit(
      deps.limits,
      'reports',
      userId,
      {
        bucket: REPORT_LIMITS.perHour,
        cost: 1,
        nowMs: now.getTime(),
        hold: { id: reportId, max: REPORT_LIMITS.inProgress },
      },
      POLL_AFTER_SECONDS,
    );
  const first = await take();
  if (first.taken || first.reason !== 'in-progress') return first;
  let freed = 0;
  for (const id of first.holding) {
    if (holdsPlace(await deps.jobs.getJob(id), now)) continue;
    await deps.limits.release('reports', userId, id);
    freed++;
  }
  return freed > 0 ? take() : first;
};

/** A job has ended (or never started): its creator's place is free again. Idempotent. */
export const releaseReportPlace = (limits: CallerLimitStore, job: Pick<ReportJob, 'id' | 'ownerId'>) =>
  limits.release('reports', job.ownerId, job.id);
