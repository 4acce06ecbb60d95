import { Code } from '@studio/contract';

/** Sends SMS verification codes. `console` writes the code to the server log (the zero-config default). */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider took the text; throws `SmsRefused` when it did not. */
  sendCode(phone: string, code: string): Promise<void>;
  /**
   * Sends a notice (a task reminder a member opted into). Absent: the provider has no notice
   * template configured, and the notice stays in the app only.
   */
  sendNotice?(phone: string, text: string): Promise<void>;
}

/** What the user is told about a send that failed: their number's limit, their number, or the service. */
export type SmsRefusal =
  typeof Code.SMS_PROVIDER_LIMITED | typeof Code.SMS_PHONE_REFUSED | typeof Code.SMS_SERVICE_UNAVAILABLE;

/**
 * A send the provider refused (or could not be asked): the business code the user gets, and the
 * provider's own code and message for the log. Never carries a key or a secret.
 */
export class SmsRefused extends Error {
  readonly refusal: SmsRefusal;
  readonly provider: string;
  readonly providerCode: string;
  readonly requestId: string | undefined;

  constructor(
    provider: string,
    refusal: SmsRefusal,
    providerCode: string,
    providerMessage: string,
    requestId?: string,
  ) {
    super(providerMessage);
    this.name = 'SmsRefused';
    this.provider = provider;
    this.refusal = refusal;
    this.providerCode = providerCode;
    this.requestId = requestId;
  }

  /** The log's view: the provider's words, nothing of the request (which holds the signed credentials). */
  toLog() {
    return {
      provider: this.provider,
      providerCode: this.providerCode,
      providerMessage: this.message,
      requestId: this.requestId,
    };
  }
}
