/**
 * Writes `events/<name>.json`: one sample API Gateway proxy event per route, built by the
 * sandbox's own router and event builder, the SQS events of the queue functions and the task
 * inputs of the report workflow's functions: `npx tsx bin/make-events.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routes } from '#functions/routes';
import { projectRoot } from '#lib/project-paths';
import { sampleSqsEvents } from '#local/queues/sample-sqs-events';
import { sampleTaskEvents } from '#local/reports/sample-task-events';
import { eventsDir } from '#local/sample-events/events-dir';
import { sampleEvent } from '#local/sample-events/sample-event';
import { sampleRequests } from '#local/sample-events/sample-requests';

const eventFileText = (event: unknown) => `${JSON.stringify(event, null, 2)}\n`;

function main() {
  const missing = routes.filter((r) => !sampleRequests[r.name]).map((r) => r.name);
  if (missing.length > 0) {
    throw new Error(
      `No sample request for ${missing.join(', ')}: add them to local/sample-events/sample-requests.ts`,
    );
  }
  mkdirSync(eventsDir, { recursive: true });
  const otherEvents = { ...sampleSqsEvents(), ...sampleTaskEvents() };
  const names = new Set([...routes.map((r) => r.name), ...Object.keys(otherEvents)]);
  // Events of routes that no longer exist would mislead.
  for (const file of readdirSync(eventsDir)) {
    if (file.endsWith('.json') && !names.has(file.slice(0, -'.json'.length)))
      rmSync(path.join(eventsDir, file));
  }
  for (const route of routes) {
    const event = sampleEvent(routes, route.name, sampleRequests[route.name]!);
    writeFileSync(path.join(eventsDir, `${route.name}.json`), eventFileText(event));
  }
  for (const [name, event] of Object.entries(otherEvents)) {
    writeFileSync(path.join(eventsDir, `${name}.json`), eventFileText(event));
  }
  // In the repository's own format, so `npm run lint` passes on them.
  execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'biome'), ['format', '--write', eventsDir], {
    stdio: 'ignore',
  });
  console.log(`Wrote ${names.size} events to ${path.relative(process.cwd(), eventsDir) || '.'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
