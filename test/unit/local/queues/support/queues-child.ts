/**
 * fauxqs with the sandbox's batch queues, in a process of its own: fauxqs is ESM only and Jest
 * runs the unit tests as CommonJS. `tsx queues-child.ts <state-dir> [fresh]` prints one JSON
 * line (endpoint, queues, messages released) once ready, and stops when its stdin closes.
 */
import { openSandboxQueues } from '#local/queues/sandbox-queues';

const [stateDir, fresh] = process.argv.slice(2);
if (!stateDir) throw new Error('Give a state directory');
const queues = await openSandboxQueues({ stateDir, fresh: fresh === 'fresh' });
process.stdout.write(
  `${JSON.stringify({
    endpoint: queues.endpoint,
    batchQueue: queues.batchQueue,
    deadLetterQueue: queues.deadLetterQueue,
    released: queues.released,
  })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  queues.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
