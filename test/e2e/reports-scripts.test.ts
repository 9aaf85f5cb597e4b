/**
 * A report for a customer whose name is in five scripts (issue 33 "Acceptance", e2e, report;
 * docs/decisions/report-export.md D101): the user and an order of theirs come in as events through
 * the sandbox's bus, the report goes through the API and the workflow, whose generator runs in the
 * sandbox's task thread with the fonts it finds there. pdftotext gives the name back exactly, and
 * the first page shows no missing glyph: every font is embedded with a ToUnicode map (the standard
 * ones aside, which carry only WinAnsi text), every glyph of every embedded font is a real one,
 * and poppler renders the page without a complaint, with ink where each word of the name is.
 * User 5033 and order 9133: ids no other e2e test reads.
 */
import {
  missingGlyphs,
  pageWords,
  pdfFonts,
  renderedPage,
  STANDARD_FONTS,
  shownGlyphs,
  withoutBidiControls,
} from '../support/pdf-glyphs';
import { api } from './support/api';
import { sendEvents, until } from './support/bus-events';
import { download, pdfText, pollStatus, postReport, rowIds } from './support/reports';
import { bearer, tokenFor } from './support/tokens';

const CUSTOMER = 5033;
const ORDER = 9133;
/** Polish, Greek; Cyrillic, Japanese (kanji and kana), Arabic. */
const FIRST_NAME = 'Łukasz Αλέξανδρος';
const LAST_NAME = 'Żółć-Иванов 山田はなこ محمد';
const USERNAME = 'łukasz.żółć';
const PREPARED_FOR = `${FIRST_NAME} ${LAST_NAME} (${USERNAME})`;
const PERIOD = { start_date: '2027-03-01', end_date: '2027-03-31' };

const token = tokenFor(CUSTOMER);

/** The words of the first page's "Prepared for" line. */
const nameWords = (pdf: Uint8Array) => {
  const words = pageWords(pdf, 1);
  const label = words.find((w) => w.word === 'Prepared')!;
  return words.filter((w) => w.xMin > label.xMax + 20 && w.yMax > label.yMin && w.yMin < label.yMax);
};

describe('a report for a name in five scripts', () => {
  let pdf: Uint8Array;

  beforeAll(async () => {
    await sendEvents({
      type: 'user.registered',
      detail: {
        eventId: `e2e-user-${CUSTOMER}-v1`,
        occurredAt: '2027-03-01T08:00:00Z',
        version: 1,
        id: CUSTOMER,
        username: USERNAME,
        firstName: FIRST_NAME,
        lastName: LAST_NAME,
        email: 'lukasz.zolc@example.com',
        phone: { home: '', mobile: '' },
        address: { street: '', zipCode: '', city: '' },
      },
    });
    const me = await until('the customer', async () => {
      const response = await api('/@me', { headers: bearer(token) });
      return response.status === 200 ? (response.body as Record<string, unknown>) : undefined;
    });
    expect(me).toMatchObject({ first_name: FIRST_NAME, last_name: LAST_NAME });
    await sendEvents({
      type: 'order.placed',
      detail: {
        eventId: `e2e-order-${ORDER}-v1`,
        occurredAt: '2027-03-15T10:00:00Z',
        version: 1,
        id: ORDER,
        userId: CUSTOMER,
        createdAt: '2027-03-15 09:59:58',
        status: 'paid',
        total: { value: 99.9, currency: 'PLN' },
        sentOn: null,
      },
    });
    await until('the order', async () =>
      (await api(`/orders/${ORDER}`, { headers: bearer(token) })).status === 200 ? true : undefined,
    );
    const created = await postReport(api, token, PERIOD);
    expect(created.status).toBe(202);
    const polled = await pollStatus(created.headers.get('location')!, token);
    expect(polled.response.status).toBe(303);
    const downloaded = await download(polled.response.headers.get('location')!, token);
    expect(downloaded.response.status).toBe(200);
    pdf = downloaded.bytes;
  });

  it('lists their order, and pdftotext gives their name back exactly', () => {
    const text = pdfText(pdf);
    expect(rowIds(text)).toEqual([ORDER]);
    expect(text).toMatch(/2027-03-15 09:59:58\s+Paid\s+99\.90 PLN/);
    // Poppler writes bidi controls around the Arabic (its own embedding marks, and the report's
    // invisible marks it extracts); the letters are the name's, in its order.
    const line = /Prepared for +(.*)/.exec(text)![1]!.trimEnd();
    expect(withoutBidiControls(line)).toBe(PREPARED_FOR);
  });

  it('embeds every font it draws the name with, as a subset with a ToUnicode map', () => {
    const fonts = pdfFonts(pdf);
    const embedded = fonts.filter((f) => !STANDARD_FONTS.test(f.name));
    expect(embedded.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansJP-Regular',
    ]);
    expect(embedded.every((f) => f.embedded && f.subset && f.unicode)).toBe(true);
    expect(fonts.filter((f) => STANDARD_FONTS.test(f.name)).map((f) => f.name)).toEqual([
      'Helvetica',
      'Helvetica-Bold',
    ]);
  });

  it('draws each of its characters with a real glyph: none is the .notdef, none without an outline', async () => {
    const glyphs = await shownGlyphs(pdf);
    const texts = new Set(glyphs.map((g) => g.text));
    for (const char of PREPARED_FOR.replace(/\s/g, '')) expect(texts).toContain(char);
    expect(missingGlyphs(glyphs)).toEqual([]);
  });

  it('renders its first page without a complaint from poppler, with ink on every word of the name', () => {
    const image = renderedPage(pdf, 1);
    expect(image.complaints).toBe('');
    expect(image.pixels.length).toBe(image.width * image.height);
    const words = nameWords(pdf);
    expect(words.length).toBe(PREPARED_FOR.split(' ').length);
    for (const w of words)
      expect({ word: w.word, inked: image.inkIn(w) > 0 }).toEqual({ word: w.word, inked: true });
  });
});
