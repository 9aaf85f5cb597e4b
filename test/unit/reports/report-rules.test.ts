import { monthsBetween } from '#functions/contracts/keys/order-keys';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import {
  createdAtBounds,
  daysCovered,
  failureFor,
  MAX_REPORT_DAYS,
  mayRead,
  rangeProblem,
  reportFileName,
  statusView,
} from '#functions/reports/domain/report-job';
import { reportJob as job } from './report-fixtures';

describe('the report period (docs/decisions/report-export.md D5)', () => {
  it('counts both ends', () => {
    expect(daysCovered('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysCovered('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('accepts one day and up to 366 days, leap years included', () => {
    expect(rangeProblem('2025-05-05', '2025-05-05')).toBeUndefined();
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeUndefined();
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeUndefined();
  });

  it('refuses an end before the start and more than 366 days, naming no value', () => {
    expect(rangeProblem('2025-02-01', '2025-01-31')).toBe("'start_date' must not be after 'end_date'.");
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe(
      `The period may cover at most ${MAX_REPORT_DAYS} days.`,
    );
  });

  it('covers whole UTC days of creation times', () => {
    expect(createdAtBounds('2025-01-01', '2025-01-31')).toEqual({
      from: '2025-01-01 00:00:00',
      to: '2025-01-31 23:59:59',
    });
  });

  it('touches the months between its ends, across a new year', () => {
    expect(monthsBetween('2025-11-30 00:00:00', '2026-02-01 23:59:59')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2025-05-01 00:00:00', '2025-05-31 23:59:59')).toEqual(['2025-05']);
  });
});

describe('a report job', () => {
  it('is visible to its creator and to administrators only', () => {
    expect(mayRead(job(), { userId: 2, admin: false })).toBe(true);
    expect(mayRead(job(), { userId: 3, admin: false })).toBe(false);
    expect(mayRead(job(), { userId: 1, admin: true })).toBe(true);
  });

  it('shows IN_PROGRESS, or FAILED with a code and a general message', () => {
    expect(statusView(job())).toEqual({ id: job().id, status: 'IN_PROGRESS' });
    expect(statusView(job({ status: 'FAILED', error: failureFor(REPORT_ERRORS.tooLarge) }))).toEqual({
      id: job().id,
      status: 'FAILED',
      error: { code: 'report_too_large', message: expect.stringContaining('100,000 orders') },
    });
  });

  it('turns any other failure into one general error, whatever the internal name', () => {
    for (const name of [undefined, 'States.Timeout', 'ReportStorageFailed', 'TypeError']) {
      expect(failureFor(name)).toEqual({
        code: 'report_generation_failed',
        message: 'The report could not be produced. Request it again later.',
      });
    }
  });

  it('names its PDF after its period', () => {
    expect(reportFileName(job())).toBe('orders-report-2025-01-01-to-2025-03-31.pdf');
  });
});
