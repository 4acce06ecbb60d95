/**
 * WeChat Pay's platform keys and its signatures (wechat-pay.ts uses them for every answer and
 * notification): a 微信支付公钥 by its id (`PUB_KEY_ID_…`, configured), or platform certificates
 * downloaded from `/v3/certificates` (several valid at once while WeChat Pay rotates them). A message
 * is checked with the key its `Wechatpay-Serial` names only; an unknown serial makes one download of
 * the certificate list (at most once per retry period) and is refused if it is still unknown.
 */
import {
  createDecipheriv,
  createPublicKey,
  createVerify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { PaymentRejected } from './payment-provider.ts';
import { certificatesSchema, parsed, type Resource } from './wechat-pay-schemas.ts';
import type { WechatPayOptions } from './wechat-pay.ts';

const MAX_SKEW_S = 5 * 60;
const GCM_TAG_BYTES = 16;

/** A message WeChat Pay signed: its `Wechatpay-*` headers and its body as sent. */
export type SignedMessage = {
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  serial: string | null;
  body: string;
};

type Certificates = Map<string, { key: KeyObject; validTo: number }>;

export class WechatPayPlatformKeys {
  private readonly options: WechatPayOptions;
  private readonly download: () => Promise<{ status: number; text: string; message: SignedMessage }>;
  /** 微信支付公钥 by id, as configured. */
  private readonly publicKeys: Map<string, KeyObject>;
  /** Platform certificates' keys by serial, as last downloaded (each until it expires). */
  private certificates: Certificates = new Map();
  private certificatesAt = 0;
  private lastRefreshTry = -Infinity;
  private lastUnknownTry = -Infinity;
  private downloading: Promise<void> | null = null;
  private lastDownloadError = '';

  /** `download`: the signed `GET /v3/certificates`, its answer not yet checked. */
  constructor(
    options: WechatPayOptions,
    download: () => Promise<{ status: number; text: string; message: SignedMessage }>,
  ) {
    this.options = options;
    this.download = download;
    this.publicKeys = new Map(options.platformPublicKeys.map((k) => [k.id, createPublicKey(k.pem)]));
  }

  /** The platform key a serial names: a configured public key, or a certificate (downloaded if unknown). */
  private async keyFor(serial: string): Promise<KeyObject | null> {
    const configured = this.publicKeys.get(serial);
    if (configured) return configured;
    if (!this.options.platformCertificates) return null;
    const now = Date.now();
    const retryMs = this.options.certificateRetryMs ?? 60_000;
    // The list is refreshed every 12 h (a failed try is retried after retryMs), and once more when a
    // serial is unknown, at most once per retryMs: a forged serial cannot make us call WeChat Pay often.
    if (
      now - this.certificatesAt > (this.options.certificateRefreshMs ?? 12 * 3600_000) &&
      now - this.lastRefreshTry >= retryMs
    ) {
      this.lastRefreshTry = now;
      await this.downloadCertificates();
    }
    if (!this.certificateKey(serial) && Date.now() - this.lastUnknownTry >= retryMs) {
      this.lastUnknownTry = Date.now();
      await this.downloadCertificates();
    }
    return this.certificateKey(serial);
  }

  private certificateKey(serial: string): KeyObject | null {
    const cert = this.certificates.get(serial);
    return cert && cert.validTo > Date.now() ? cert.key : null;
  }

  /** Downloads the certificate list; a download under way is joined, not repeated. */
  private async downloadCertificates(): Promise<void> {
    this.downloading ??= this.fetchCertificates()
      .then((certs) => {
        this.certificates = certs;
        this.certificatesAt = Date.now();
        this.lastDownloadError = '';
      })
      .catch((err: unknown) => {
        this.lastDownloadError = err instanceof Error ? err.message : String(err);
      })
      .finally(() => {
        this.downloading = null;
      });
    return this.downloading;
  }

  /**
   * `GET /v3/certificates`: each certificate decrypted with the APIv3 key (which only WeChat Pay and
   * the merchant hold), its serial checked against the certificate's own, and the answer's signature
   * checked with a key already trusted or one of the certificates it brings (as WeChat Pay's own
   * certificate downloader does on its first run).
   */
  private async fetchCertificates(): Promise<Certificates> {
    const { status, text, message } = await this.download();
    if (status !== 200) throw new Error(`certificate download: HTTP ${status}`);
    const list = parsed(certificatesSchema, text, 'certificate list');
    const got = new Map<string, { key: KeyObject; validTo: number }>();
    for (const item of list.data) {
      const cert = new X509Certificate(decryptResource(this.options.apiV3Key, item.encrypt_certificate));
      if (cert.serialNumber.toUpperCase() !== item.serial_no.toUpperCase())
        throw new Error(`certificate ${item.serial_no} carries serial ${cert.serialNumber}`);
      const validTo = Date.parse(cert.validTo);
      if (validTo > Date.now()) got.set(item.serial_no, { key: cert.publicKey, validTo });
    }
    const signer = message.serial
      ? (this.certificateKey(message.serial) ?? got.get(message.serial)?.key)
      : null;
    this.checkSignature(message, signer ?? null);
    return got;
  }

  /** A notification's or an answer's platform signature, by the key its serial names. */
  async verify(m: SignedMessage): Promise<void> {
    this.checkHeaders(m);
    // Only a well-formed, fresh message may make an unknown serial download the certificates.
    if (!m.serial || m.serial.length > 64) throw new PaymentRejected('missing Wechatpay-Serial');
    const key = await this.keyFor(m.serial);
    if (!key)
      throw new PaymentRejected(
        `unknown Wechatpay-Serial ${m.serial}${this.lastDownloadError ? ` (certificates: ${this.lastDownloadError})` : ''}`,
      );
    this.checkSignature(m, key);
  }

  private checkHeaders({ timestamp, nonce, signature }: SignedMessage): void {
    if (!timestamp || !nonce || !signature) throw new PaymentRejected('missing WeChat Pay signature headers');
    // Digits only: Number('abc') is NaN, and NaN is never "more than 300 s away".
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_S)
      throw new PaymentRejected('timestamp missing or outside the allowed window');
  }

  private checkSignature(m: SignedMessage, key: KeyObject | null): void {
    this.checkHeaders(m);
    if (!key) throw new PaymentRejected(`unknown Wechatpay-Serial ${m.serial ?? ''}`);
    const ok = createVerify('RSA-SHA256')
      .update(`${m.timestamp}\n${m.nonce}\n${m.body}\n`)
      .verify(key, m.signature!, 'base64');
    if (!ok) throw new PaymentRejected('bad WeChat Pay signature');
  }
}

/** A notification's or a certificate's resource, AES-256-GCM with the APIv3 key. */
export function decryptResource(apiV3Key: string, resource: Resource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new PaymentRejected('unsupported resource algorithm');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES) throw new PaymentRejected('ciphertext shorter than its GCM tag');
  if (!resource.nonce) throw new PaymentRejected('resource without a nonce');
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(resource.nonce));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PaymentRejected('resource does not decrypt (wrong key or tampered)');
  }
}
