import webpush from 'web-push';
import { expect, it } from 'vitest';
import { generateVapidKeys, VAPID_SUBJECT } from './web-push';

it('makes VAPID key pairs that web-push accepts and signs with (65-byte uncompressed public key, 32-byte private key)', () => {
  for (let i = 0; i < 20; i++) {
    const { publicKey, privateKey } = generateVapidKeys();
    const publicBytes = Buffer.from(publicKey, 'base64url');
    expect(publicBytes).toHaveLength(65);
    expect(publicBytes[0]).toBe(4);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
    const headers = webpush.getVapidHeaders('https://push.example', VAPID_SUBJECT, publicKey, privateKey, 'aes128gcm');
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
  }
});
