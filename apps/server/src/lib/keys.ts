import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `default`: SHA-256 and AES-256-GCM. `sm`: SM3 and SM4 (国密), from Node's own OpenSSL. */
export type CryptoSuite = 'default' | 'sm';

/**
 * The keys that never live in the database (issue 27): one master key, from AUDIT_KEY or generated once
 * into the data folder, and the keys derived from it for each use, so that one use never reveals another.
 */
export interface Keys {
  suite: CryptoSuite;
  /** Chains the audit trail and its anchors (modules/audit). */
  audit: Buffer;
  /** Seals the figures printed on a report (核验码). */
  seal: Buffer;
  /** Encrypts secrets kept in the database (second-factor secrets). */
  secret: Buffer;
}

function derive(master: Buffer, suite: CryptoSuite): Keys {
  const one = (use: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `kaoping ${use}`, 32));
  return { suite, audit: one('audit chain'), seal: one('report seal'), secret: one('stored secret') };
}

/**
 * The configured AUDIT_KEY, else the key file in the data folder, made once (mode 0600). Several
 * instances on one PostgreSQL share AUDIT_KEY (docs/DEPLOY.md): a key per instance would make each
 * instance's audit rows look forged to the others.
 */
export function resolveKeys(opts: { configured?: string; dataDir: string; suite: CryptoSuite }): Keys {
  if (opts.configured) return derive(Buffer.from(opts.configured, 'utf8'), opts.suite);
  const file = path.resolve(opts.dataDir, 'audit-key');
  if (existsSync(file))
    return derive(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'), opts.suite);
  mkdirSync(opts.dataDir, { recursive: true });
  const master = randomBytes(32);
  writeFileSync(file, master.toString('base64url'), { mode: 0o600 });
  return derive(master, opts.suite);
}

/** Keys made for one process and gone with it (in-process tests; never a server that keeps data). */
export function ephemeralKeys(suite: CryptoSuite = 'default'): Keys {
  return derive(randomBytes(32), suite);
}

const hashName = (suite: CryptoSuite) => (suite === 'sm' ? 'sm3' : 'sha256');

/** HMAC-SHA256 or HMAC-SM3 (hex) of the parts, each ended by a newline so that parts cannot run together. */
export function macOf(keys: Keys, key: Buffer, ...parts: string[]): string {
  const h = createHmac(hashName(keys.suite), key);
  for (const part of parts) h.update(part).update('\n');
  return h.digest('hex');
}

/** SHA-256 or SM3 (hex) of the text. */
export function digestOf(suite: CryptoSuite, text: string): string {
  return createHash(hashName(suite)).update(text).digest('hex');
}

/** Compares two hex MACs in constant time. */
export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Encrypts a short secret for the database: `aes:<iv>:<tag>:<data>` (AES-256-GCM) or
 * `sm4:<iv>:<mac>:<data>` (SM4-CBC, then HMAC-SM3 over iv and data), all base64url.
 */
export function encryptSecret(keys: Keys, plain: string): string {
  if (keys.suite === 'sm') {
    const iv = randomBytes(16);
    const cipher = createCipheriv('sm4-cbc', keys.secret.subarray(0, 16), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = createHmac('sm3', keys.secret.subarray(16)).update(iv).update(data).digest();
    return ['sm4', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.secret, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['aes', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
}

/** The secret `encryptSecret` stored; throws when the text was changed or sealed with another key. */
export function decryptSecret(keys: Keys, stored: string): string {
  const [kind, ivText, tagText, dataText] = stored.split(':');
  if (!ivText || !tagText || dataText === undefined) throw new Error('密文格式不正确');
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  const data = Buffer.from(dataText, 'base64url');
  if (kind === 'sm4') {
    const expected = createHmac('sm3', keys.secret.subarray(16)).update(iv).update(data).digest();
    if (expected.length !== tag.length || !timingSafeEqual(expected, tag)) throw new Error('密文校验失败');
    const decipher = createDecipheriv('sm4-cbc', keys.secret.subarray(0, 16), iv);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
  if (kind !== 'aes') throw new Error('密文格式不正确');
  const decipher = createDecipheriv('aes-256-gcm', keys.secret, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
