import { callbackBody, callbackPayload } from '#functions/reports/domain/callback-body';
import { parseCallbackUrl } from '#functions/reports/domain/callback-url';

const strict = { allowLoopbackHttp: false };
const sandbox = { allowLoopbackHttp: true };

const reason = (raw: unknown, options = strict) => {
  const parsed = parseCallbackUrl(raw, options);
  return parsed.ok ? 'accepted' : parsed.reason;
};

describe('parseCallbackUrl', () => {
  it.each([
    ['https://partner.example/hooks/reports', 'accepted'],
    ['https://partner.example:8443/hooks?x=1', 'accepted'],
    ['https://partner.example:443/hooks', 'accepted'],
    ['https://8.8.8.8/hook', 'accepted'],
    ['https://[2606:4700:4700::1111]/hook', 'accepted'],
    ['https://[::ffff:8.8.8.8]/hook', 'accepted'],
    // The Done-when list.
    ['https://169.254.169.254/latest/meta-data/', 'non_public_address'],
    ['https://10.0.0.1/hook', 'non_public_address'],
    ['https://[::1]/hook', 'non_public_address'],
    ['https://[::ffff:127.0.0.1]/hook', 'non_public_address'],
    ['https://[::ffff:7f00:1]/hook', 'non_public_address'],
    ['http://partner.example/hook', 'not_https'],
    // Private, link-local, CGNAT, special IPv4.
    ['https://172.16.5.4/', 'non_public_address'],
    ['https://172.31.255.255/', 'non_public_address'],
    ['https://192.168.1.1/', 'non_public_address'],
    ['https://169.254.0.1/', 'non_public_address'],
    ['https://100.64.0.1/', 'non_public_address'],
    ['https://127.0.0.1/', 'non_public_address'],
    ['https://0.0.0.0/', 'non_public_address'],
    ['https://224.0.0.1/', 'non_public_address'],
    ['https://255.255.255.255/', 'non_public_address'],
    ['https://240.0.0.1/', 'non_public_address'],
    ['https://192.0.2.1/', 'non_public_address'],
    // Other spellings of IPv4 that URL normalizes to dotted decimal.
    ['https://2130706433/', 'non_public_address'],
    ['https://0x7f.1/', 'non_public_address'],
    ['https://0x7f000001/', 'non_public_address'],
    ['https://0177.0.0.1/', 'non_public_address'],
    ['https://127.1/', 'non_public_address'],
    ['https://%31%32%37.0.0.1/', 'non_public_address'],
    ['https://127.0.0.1./', 'non_public_address'],
    ['https://0xa9fea9fe/', 'non_public_address'], // 169.254.169.254
    // Special IPv6, embedded IPv4 forms.
    ['https://[::]/', 'non_public_address'],
    ['https://[fc00::1]/', 'non_public_address'],
    ['https://[fd12:3456::1]/', 'non_public_address'],
    ['https://[fe80::1]/', 'non_public_address'],
    ['https://[ff02::1]/', 'non_public_address'],
    ['https://[::ffff:10.0.0.1]/', 'non_public_address'],
    ['https://[::ffff:169.254.169.254]/', 'non_public_address'],
    ['https://[::ffff:0:a00:1]/', 'non_public_address'],
    ['https://[::127.0.0.1]/', 'non_public_address'],
    ['https://[64:ff9b::10.0.0.1]/', 'non_public_address'],
    ['https://[64:ff9b::7f00:1]/', 'non_public_address'],
    ['https://[64:ff9b:1::8.8.8.8]/', 'non_public_address'],
    ['https://[2002:a00:1::]/', 'non_public_address'],
    ['https://[2001:db8::1]/', 'non_public_address'],
    // Names for this machine.
    ['https://localhost/hook', 'local_name'],
    ['https://LOCALHOST./hook', 'local_name'],
    ['https://api.localhost/hook', 'local_name'],
    // Credentials, other schemes, not URLs.
    ['https://user:pass@partner.example/hook', 'credentials'],
    ['https://user@partner.example/hook', 'credentials'],
    ['https://:pass@partner.example/hook', 'credentials'],
    ['ftp://partner.example/', 'not_https'],
    ['file:///etc/passwd', 'not_https'],
    ['javascript:alert(1)', 'not_https'],
    ['/relative/hook', 'invalid_url'],
    ['partner.example/hook', 'invalid_url'],
    ['https://999.1.1.1/', 'invalid_url'],
    ['', 'invalid_url'],
  ])('%s → %s', (raw, expected) => {
    expect(reason(raw)).toBe(expected);
  });

  it('refuses values that are not strings', () => {
    expect(reason(undefined)).toBe('not_a_string');
    expect(reason(42)).toBe('not_a_string');
    expect(reason({ href: 'https://partner.example/' })).toBe('not_a_string');
  });

  it('accepts 2,048 characters and refuses one more', () => {
    const base = 'https://partner.example/';
    expect(reason(base + 'a'.repeat(2048 - base.length))).toBe('accepted');
    expect(reason(base + 'a'.repeat(2049 - base.length))).toBe('too_long');
  });

  it('returns the normalized URL and a message when refused', () => {
    const ok = parseCallbackUrl('HTTPS://Partner.Example:443/a/../hook', strict);
    expect(ok).toMatchObject({ ok: true, loopback: false });
    expect(ok.ok && ok.url.href).toBe('https://partner.example/hook');
    const refused = parseCallbackUrl('https://10.0.0.1/', strict);
    expect(refused).toEqual({ ok: false, reason: 'non_public_address', message: expect.any(String) });
  });

  describe('the sandbox loopback allowance', () => {
    it.each([
      ['http://127.0.0.1:4010/hook', 'accepted'],
      ['http://localhost:4010/hook', 'accepted'],
      ['http://LOCALHOST:4010/', 'accepted'],
      // Nothing else extra.
      ['http://127.0.0.1/hook', 'not_https'],
      ['http://127.0.0.2:4010/hook', 'not_https'],
      ['http://[::1]:4010/hook', 'not_https'],
      ['http://2130706433:4010/', 'accepted'], // the same 127.0.0.1 once parsed
      ['http://api.localhost:4010/', 'not_https'],
      ['http://10.0.0.1:4010/', 'not_https'],
      ['http://partner.example:4010/', 'not_https'],
      ['https://127.0.0.1:4010/', 'non_public_address'],
      ['https://localhost:4010/', 'local_name'],
      ['http://user:pw@127.0.0.1:4010/', 'credentials'],
    ])('%s → %s', (raw, expected) => {
      expect(reason(raw, sandbox)).toBe(expected);
    });

    it('marks what it accepted as loopback, and is off by default', () => {
      expect(parseCallbackUrl('http://127.0.0.1:4010/', sandbox)).toMatchObject({ ok: true, loopback: true });
      expect(reason('http://127.0.0.1:4010/hook')).toBe('not_https');
      expect(reason('http://localhost:4010/hook')).toBe('not_https');
    });
  });
});

describe('callback body', () => {
  it('is the spec body with the href relative to the versioned base', () => {
    expect(callbackBody('0b6f3c1e-8d1a-4e55-9f0e-1a2b3c4d5e6f')).toEqual({
      status: 'COMPLETED',
      links: [{ rel: 'reports', href: '/orders/reports/0b6f3c1e-8d1a-4e55-9f0e-1a2b3c4d5e6f' }],
    });
    expect(callbackPayload('r1')).toBe(
      '{"status":"COMPLETED","links":[{"rel":"reports","href":"/orders/reports/r1"}]}',
    );
    expect(callbackBody('a/b?c').links[0]!.href).toBe('/orders/reports/a%2Fb%3Fc');
  });
});
