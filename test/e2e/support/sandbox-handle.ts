/** Where global-setup leaves the sandbox process for global-teardown (they share a process). */
export const E2E_SANDBOX = Symbol.for('commerce-api.e2e.sandbox');
