import { resolvePublic } from '#functions/reports/adapters/public-address-resolver';
import { isPublicAddress, type LookupAll } from '#functions/reports/domain/public-address';

const answering =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80c::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:0:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::169.254.169.254',
    '64:ff9b:1::8.8.8.8',
    '2002:a00:1::1',
    '2001::1',
    '2001:db8::1',
    '100::1',
    'fec0::1',
    '5f00::1',
    'not an address',
    '',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('resolvePublic', () => {
  it('returns every address of a name that resolves only to public addresses', async () => {
    await expect(resolvePublic('partner.example', answering('8.8.8.8', '2606:4700::1111'))).resolves.toEqual({
      ok: true,
      addresses: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
    });
  });

  it('asks for all the addresses', async () => {
    const lookup = jest.fn(answering('8.8.8.8'));
    await resolvePublic('partner.example', lookup);
    expect(lookup).toHaveBeenCalledWith('partner.example', { all: true });
  });

  it.each([
    [['10.0.0.1']],
    [['169.254.169.254']],
    [['::1']],
    [['::ffff:127.0.0.1']],
    [['8.8.8.8', '192.168.1.10']],
    [['2606:4700::1111', 'fd00::1']],
  ])('refuses a name resolving to %j', async (addresses) => {
    await expect(resolvePublic('partner.example', answering(...addresses))).resolves.toMatchObject({
      ok: false,
      reason: 'non_public_address',
    });
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    const failing: LookupAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolvePublic('nowhere.example', failing)).resolves.toMatchObject({
      ok: false,
      reason: 'unresolvable',
      message: expect.stringContaining('ENOTFOUND'),
    });
    await expect(resolvePublic('nowhere.example', answering())).resolves.toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
  });

  it('checks an IP literal without a lookup', async () => {
    const lookup = jest.fn(answering('8.8.8.8'));
    await expect(resolvePublic('[::ffff:7f00:1]', lookup)).resolves.toMatchObject({ ok: false });
    await expect(resolvePublic('8.8.4.4', lookup)).resolves.toEqual({
      ok: true,
      addresses: [{ address: '8.8.4.4', family: 4 }],
    });
    await expect(resolvePublic('[2606:4700::1111]', lookup)).resolves.toEqual({
      ok: true,
      addresses: [{ address: '2606:4700::1111', family: 6 }],
    });
    expect(lookup).not.toHaveBeenCalled();
  });
});
