import crypto from 'node:crypto';

/**
 * The browser's side of web push, for tests: a subscription key pair, RFC 8291 (aes128gcm) decryption of what the
 * push service received, and the check of the VAPID signature on its Authorization header.
 */
export interface TestSubscriber {
  ecdh: crypto.ECDH;
  authSecret: Buffer;
  /** What `PushSubscription.toJSON()` gives, for POST /api/notifications/register. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function createTestSubscriber(): TestSubscriber {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    ecdh,
    authSecret,
    subscription: (endpoint) => ({ endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } }),
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts one aes128gcm record: header salt(16) | rs(4) | idlen(1) | sender key, then ciphertext + 16-byte tag. */
export function decryptPush(body: Buffer, subscriber: TestSubscriber): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const receiverKey = subscriber.ecdh.getPublicKey();
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(subscriber.ecdh.computeSecret(senderKey), subscriber.authSecret, info, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('push record has no final delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Verifies `Authorization: vapid t=<ES256 JWT>, k=<public key>` and returns the JWT's claims and the key. */
export function verifyVapid(authorization: string | undefined): { claims: { aud: string; sub: string; exp: number }; publicKey: string } {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, payload, signature] = match[1].split('.');
  if (!header || !payload || !signature) throw new Error('malformed JWT');
  const raw = Buffer.from(match[2], 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number }, publicKey: match[2] };
}
