import {
  canonical,
  isIpLiteral,
  isPublicAddress,
  type LookupAll,
  type ResolveResult,
} from '../domain/public-address';

/**
 * Resolves `hostname` (every address, IPv4 and IPv6) and accepts it only if ALL its addresses
 * are public: one private answer among public ones is enough to refuse. An IP literal is
 * checked as it is, without a lookup. The addresses returned are the ones to connect to.
 */
export const resolvePublic = async (hostname: string, lookup?: LookupAll): Promise<ResolveResult> => {
  if (isIpLiteral(hostname)) {
    return isPublicAddress(hostname)
      ? { ok: true, addresses: [canonical(hostname)] }
      : { ok: false, reason: 'non_public_address', message: `${hostname} is not a public address` };
  }
  let answers: readonly { address: string; family: number }[];
  try {
    // `node:dns` only when a name is looked up: most report requests have no callback.
    const lookupAll = lookup ?? ((await import('node:dns')).promises.lookup as LookupAll);
    answers = await lookupAll(hostname, { all: true });
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'lookup failed';
    return { ok: false, reason: 'unresolvable', message: `${hostname} could not be resolved (${code})` };
  }
  if (answers.length === 0) {
    return { ok: false, reason: 'unresolvable', message: `${hostname} has no address` };
  }
  const refused = answers.find((a) => !isPublicAddress(a.address));
  if (refused) {
    return {
      ok: false,
      reason: 'non_public_address',
      message: `${hostname} resolves to ${refused.address}, which is not a public address`,
    };
  }
  return { ok: true, addresses: answers.map((a) => canonical(a.address)) };
};
