/**
 * The API reference (issue 7): the sandbox serves the OpenAPI document at /openapi.json and a
 * reference page at /docs, with every asset from npm served locally. Debian's Chromium (or a
 * GitHub runner image's own), driven by playwright-core (never a downloaded browser), opens the
 * page with the network to anything but the sandbox refused, finds every route of the table
 * listed, tries a public route, and saves a screenshot to test/e2e/output/api-reference.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { routes } from '#functions/routes';
import { OPENAPI_FILE } from '#lib/openapi/document';
import { projectRoot } from '#lib/project-paths';
import { commandPath } from '../support/debian-packages';
import { baseUrl } from './support/api';

const SCREENSHOT = path.join(projectRoot, 'test', 'e2e', 'output', 'api-reference.png');
const origin = () => new URL(baseUrl()).origin;

it('serves docs/openapi.json at /openapi.json', async () => {
  const response = await fetch(`${origin()}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.text()).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
});

describe('the /docs page in headless Chromium', () => {
  let browser: Browser;
  const outside: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      // The global setup made sure there is one: Debian's, or a GitHub runner image's own.
      executablePath: commandPath('chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(() => browser?.close());

  it('lists every route of the table, lets a public one be tried, and is screenshotted', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Everything must come from the sandbox: any other request is refused and remembered.
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin()) return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    await page.goto(`${origin()}/docs`);
    await page.locator('.opblock').first().waitFor();

    const listed = await page
      .locator('.opblock')
      .evaluateAll((blocks) =>
        blocks.map(
          (b) =>
            `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    expect(listed.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());

    // Try a public route from the page: GET /countries answers 200 with the seeded countries.
    const countries = page.locator('#operations-catalogue-list-countries');
    await countries.locator('.opblock-summary').click();
    await countries.getByRole('button', { name: 'Try it out' }).click();
    await countries.getByRole('button', { name: 'Execute' }).click();
    const status = countries.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    await expect(
      countries.locator('.live-responses-table .microlight').first().textContent(),
    ).resolves.toContain('"currency"');

    await page.locator('#operations-catalogue-list-countries .opblock-summary').click();
    await page.evaluate('window.scrollTo(0, 0)');
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
    expect(outside).toEqual([]);
  });
});
