import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.ts';

export type SentSms = { phone: string; code: string; at: number };
export type SentNotice = { phone: string; text: string; at: number };

/** Writes one log line with the phone and the code, and keeps the last codes for tests to read. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly sent: SentSms[] = [];
  readonly notices: SentNotice[] = [];
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  async sendCode(phone: string, code: string): Promise<void> {
    this.sent.push({ phone, code, at: Date.now() });
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ sms: { phone, code } }, `SMS code for ${phone}: ${code}`);
  }

  async sendNotice(phone: string, text: string): Promise<void> {
    this.notices.push({ phone, text, at: Date.now() });
    if (this.notices.length > 100) this.notices.shift();
    this.log.info({ sms: { phone } }, `SMS notice for ${phone}: ${text}`);
  }
}
