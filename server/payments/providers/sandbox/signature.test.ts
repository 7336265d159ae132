import { createHmac } from 'node:crypto';
import {
  computeSignature,
  parseSignatureHeader,
  signatureHeader,
  verifySignature,
} from './signature.ts';

const SECRET = 'a'.repeat(64);
const BODY = '{"event_id":"e","status":"succeeded"}';
const NOW = 1_795_334_400;

describe('gateway signatures', () => {
  it('are HMAC-SHA256 over "{t}.{raw body}" under the secret, as hex', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(computeSignature(SECRET, NOW, BODY)).toBe(expected);
    expect(signatureHeader(SECRET, NOW, BODY)).toBe(`t=${NOW},v1=${expected}`);
  });

  it('verify the exact body within five minutes either way', () => {
    const header = signatureHeader(SECRET, NOW, BODY);
    expect(verifySignature(SECRET, header, BODY, NOW)).toBe('valid');
    expect(verifySignature(SECRET, header, BODY, NOW + 300)).toBe('valid');
    expect(verifySignature(SECRET, header, BODY, NOW - 300)).toBe('valid');
    expect(verifySignature(SECRET, header, BODY, NOW + 301)).toBe('stale');
    expect(verifySignature(SECRET, header, BODY, NOW - 301)).toBe('stale');
  });

  it('refuse another body, another secret, a changed timestamp and malformed headers', () => {
    const header = signatureHeader(SECRET, NOW, BODY);
    expect(verifySignature(SECRET, header, `${BODY} `, NOW)).toBe('invalid');
    expect(verifySignature('b'.repeat(64), header, BODY, NOW)).toBe('invalid');
    expect(verifySignature(SECRET, header.replace(`t=${NOW}`, `t=${NOW + 1}`), BODY, NOW)).toBe(
      'invalid',
    );
    for (const bad of [
      '',
      't=1',
      'v1=abc',
      `t=${NOW},v1=zz`,
      `t=${NOW},t=${NOW},v1=${'0'.repeat(64)}`,
      'nonsense',
    ]) {
      expect(verifySignature(SECRET, bad, BODY, NOW)).toBe('invalid');
    }
  });

  it('accept any matching v1 among several (a rotating secret) and ignore other schemes', () => {
    const good = computeSignature(SECRET, NOW, BODY);
    const header = `t=${NOW},v0=old,v1=${'0'.repeat(64)},v1=${good}`;
    expect(parseSignatureHeader(header)?.signatures).toHaveLength(2);
    expect(verifySignature(SECRET, header, BODY, NOW)).toBe('valid');
  });
});
