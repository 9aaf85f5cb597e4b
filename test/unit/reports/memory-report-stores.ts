import type { UserRecord } from '#functions/identity/domain/user';
import type { UserStore } from '#functions/identity/store/user-store';
import type { OrderRecord } from '#functions/orders/domain/order';
import type { OrderStore } from '#functions/orders/store/order-store';
import { reportFontFiles } from '#functions/reports/adapters/report-font-files';
import type { ReportJob } from '#functions/reports/domain/report-job';
import type { ReportFileWriter } from '#functions/reports/store/report-files';
import type { ReportJobStore } from '#functions/reports/store/report-job-store';
import { projectRoot } from '#lib/project-paths';

/** The report's fonts from the project's own packages, where the sandbox reads them too. */
export const projectFonts = reportFontFiles(projectRoot);

/** The report ports in memory, with the same conditional rules as the DynamoDB adapter. */
export const memoryJobStore = () => {
  const jobs = new Map<string, ReportJob>();
  const change = (
    id: string,
    when: (job: ReportJob) => boolean,
    to: (job: ReportJob) => Partial<ReportJob>,
  ) => {
    const job = jobs.get(id);
    if (job && when(job)) jobs.set(id, { ...job, ...to(job) });
  };
  const store: ReportJobStore = {
    async createJob(job) {
      if (jobs.has(job.id)) throw new Error('exists');
      jobs.set(job.id, job);
    },
    async getJob(id) {
      return jobs.get(id);
    },
    async markCompleted(id, bytes, at) {
      change(
        id,
        (j) => j.status !== 'FAILED',
        () => ({ status: 'COMPLETED', bytes, updatedAt: at.toISOString() }),
      );
      return jobs.get(id);
    },
    async markFailed(id, error, at) {
      change(
        id,
        (j) => j.status === 'IN_PROGRESS',
        () => ({ status: 'FAILED', error, updatedAt: at.toISOString() }),
      );
    },
    async recordCallbackAttempt(id, delivered, at) {
      change(
        id,
        (j) => j.notification === 'PENDING',
        (j) => ({
          callbackAttempts: (j.callbackAttempts ?? 0) + 1,
          ...(delivered ? { notification: 'DELIVERED' as const } : {}),
          updatedAt: at.toISOString(),
        }),
      );
    },
    async markNotDelivered(id, at) {
      change(
        id,
        (j) => j.notification === 'PENDING',
        () => ({ notification: 'NOT_DELIVERED', updatedAt: at.toISOString() }),
      );
    },
  };
  return { store, jobs };
};

export const memoryOrderStore = (orders: readonly OrderRecord[]): OrderStore => ({
  async getOrder(id) {
    return orders.find((o) => o.id === id);
  },
  async listCustomerOrders() {
    return [];
  },
  async ordersCreatedBetween(owners, from, to, max) {
    const matching = orders.filter(
      (o) => (owners === 'all' || o.userId === owners.userId) && o.createdAt >= from && o.createdAt <= to,
    );
    return { orders: matching.slice(0, max), truncated: matching.length > max };
  },
});

export const memoryUserStore = (users: readonly UserRecord[]): UserStore => ({
  async getUser(id) {
    return users.find((u) => u.id === id);
  },
  async replaceAddress() {
    return false;
  },
  async replaceEmail() {
    return false;
  },
});

export const memoryFiles = () => {
  const files = new Map<string, Uint8Array>();
  let failures = 0;
  const store: ReportFileWriter = {
    async put(id, pdf) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('S3 unavailable');
      }
      files.set(id, pdf);
    },
  };
  return { store, files, failNext: (n: number) => (failures = n) };
};
