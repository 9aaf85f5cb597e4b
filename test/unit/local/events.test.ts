import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { gatewayRoutes } from '#functions/contracts/gateway-paths';
import { batchFunctions, reportFunctions } from '#functions/function-registry';
import { routes } from '#functions/routes';
import { sampleSqsEvents } from '#local/queues/sample-sqs-events';
import { sampleTaskEvents } from '#local/reports/sample-task-events';
import { eventsDir } from '#local/sample-events/events-dir';
import { sampleEvent } from '#local/sample-events/sample-event';
import { sampleRequests } from '#local/sample-events/sample-requests';

const eventFiles = readdirSync(eventsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const routeNames = routes.map((r) => r.name).sort();
const queueFunctionNames = Object.values(batchFunctions)
  .map((f) => f.name)
  .sort();
const taskFunctionNames = Object.values(reportFunctions)
  .map((f) => f.name)
  .sort();

describe('the sample events in events/', () => {
  it('exist for every route of the table, every queue function and every report task function, and only for those', () => {
    expect(eventFiles).toEqual([...routeNames, ...queueFunctionNames, ...taskFunctionNames].sort());
  });

  it.each(taskFunctionNames)(
    '%s.json is the task input the sandbox builds (regenerate: npx tsx bin/make-events.ts)',
    (name) => {
      const committed = JSON.parse(readFileSync(path.join(eventsDir, `${name}.json`), 'utf8'));
      expect(committed).toEqual(sampleTaskEvents()[name]);
    },
  );

  it.each(queueFunctionNames)(
    '%s.json is the SQS event the sandbox builds (regenerate: npx tsx bin/make-events.ts)',
    (name) => {
      const committed = JSON.parse(readFileSync(path.join(eventsDir, `${name}.json`), 'utf8'));
      expect(committed).toEqual(sampleSqsEvents()[name]);
    },
  );

  it.each(routeNames)(
    '%s.json is what the sandbox builds for its sample request (regenerate: npx tsx bin/make-events.ts)',
    (name) => {
      const sample = sampleRequests[name];
      expect(sample).toBeDefined();
      // Compared as JSON: the files are in Biome's format, which is not JSON.stringify's.
      const committed = JSON.parse(readFileSync(path.join(eventsDir, `${name}.json`), 'utf8'));
      expect(committed).toEqual(sampleEvent(routes, name, sample!));
    },
  );

  it.each(gatewayRoutes(routes).map((g) => [g.route.name, g] as const))(
    '%s.json is an event for its own route, on its API Gateway resource',
    (name, { route, path: resource, pinned }) => {
      const event = JSON.parse(readFileSync(path.join(eventsDir, `${name}.json`), 'utf8'));
      expect(event).toMatchObject({ httpMethod: route.method, resource: `/v1${resource}` });
      expect(event.pathParameters ?? {}).toMatchObject(pinned);
    },
  );
});
