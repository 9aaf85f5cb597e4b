/** The e2e harness's sandbox: a child process like `npm start`, on free ports (local/sandbox-child.ts). */
import { type SandboxChild, startSandboxChild, stopSandboxChild } from '#local/sandbox-child';

export type SandboxProcess = SandboxChild;

/**
 * The first start on a fresh clone also builds the seed cache (the catalogue published through
 * the workflow, 3,000 order events through the bus: about 40 s on 2 quiet cores, longer when the
 * machine is shared), so the wait for "Ready" allows for it.
 */
export const startSandboxProcess = (
  stateDir: string,
  { timeoutMs = 180_000, reset = true }: { timeoutMs?: number; reset?: boolean } = {},
): Promise<SandboxProcess> => startSandboxChild(stateDir, { timeoutMs, reset });

export const stopSandboxProcess = stopSandboxChild;
