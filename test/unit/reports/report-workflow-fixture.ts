import type { UserRecord } from '#functions/identity/domain/user';
import type { OrderRecord } from '#functions/orders/domain/order';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { memoryJobStore } from './memory-report-stores';

/** What the report workflow's step tests share: a clock, callers, orders, users, and the request step's ports. */

export const NOW = new Date('2026-11-22T10:00:00Z');
export const customer = { userId: 2, admin: false };
export const admin = { userId: 1, admin: true };

export const order = (id: number, userId: number, createdAt: string): OrderRecord => ({
  id,
  userId,
  createdAt,
  status: 'paid',
  total: { value: 10 * id, currency: 'EUR' },
  sentOn: null,
});
export const orders = [
  order(1, 2, '2024-12-31 23:59:59'),
  order(2, 2, '2025-01-01 00:00:00'),
  order(3, 3, '2025-01-15 12:00:00'),
  order(4, 2, '2025-01-31 23:59:59'),
  order(5, 2, '2025-02-01 00:00:00'),
];
export const users = [
  { id: 1, username: 'ada.admin', firstName: 'Ada', lastName: 'Admin' },
  { id: 2, username: 'claire.martin', firstName: 'Claire', lastName: 'Martin' },
] as UserRecord[];

export const setup = (options: { startFails?: boolean; withoutWebhookSecret?: boolean } = {}) => {
  const jobs = memoryJobStore();
  const started: string[] = [];
  const workflow = {
    async start(id: string) {
      if (options.startFails) throw new Error('StartExecution failed');
      started.push(id);
    },
  };
  const limits = memoryCallerLimitStore();
  // The callers' webhook secrets (docs/decisions/report-export.md D60): customers have one unless said.
  const hasWebhookSecret = async () => !options.withoutWebhookSecret;
  return {
    jobs,
    started,
    limits,
    deps: { jobs: jobs.store, workflow, limits: limits.store, allowLoopbackHttp: false, hasWebhookSecret },
  };
};

/** The record-state task's ports over a job store, with limits of their own. */
export const recorder = (jobs: ReturnType<typeof memoryJobStore>) => ({
  jobs: jobs.store,
  limits: memoryCallerLimitStore().store,
});
