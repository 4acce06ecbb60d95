/** Sends SMS verification codes. `console` writes the code to the server log (the zero-config default). */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string): Promise<void>;
}
