/**
 * An SMS provider (issue 36, decision 092): it accepts one message for one number and later reports what
 * became of it on our status route. Twilio's Messages API (twilio.ts) is the first implementation; the
 * simulator (simulator.ts) speaks the same protocol. A second provider (an Angolan gateway) is another
 * implementation of this interface; nothing outside this folder knows Twilio's formats.
 */
export interface SmsProvider {
  readonly name: "twilio";
  /** The sender shown on the phone (alphanumeric sender ID, number or messaging service). */
  readonly from: string;
  /**
   * Hands one message to the provider. Resolves with the provider's id once it accepted it; throws
   * SmsProviderError: `permanent` when trying again cannot help (a number the provider refuses).
   */
  send(message: OutgoingSms): Promise<{ providerId: string }>;
  /** Whether a status callback's signature header has the signature's shape: decided before the body is read. */
  signatureWellFormed(header: string | undefined): boolean;
  /** Whether the signature header signs this callback (the URL it was posted to and its form fields). */
  verifyCallback(url: string, fields: URLSearchParams, header: string | undefined): boolean;
  /** A status callback's fields read as what became of a message, or null when they are not one. */
  readStatus(fields: URLSearchParams): SmsStatusReport | null;
  /** Why a message did not reach the phone, in Portuguese for staff, from the provider's error code. */
  describeError(code: string | null): string;
}

export interface OutgoingSms {
  /** E.164: +2449XXXXXXXX. */
  to: string;
  /** GSM-7 text of at most 160 characters (templates.ts). */
  body: string;
  /** Where the provider posts the delivery status of this message. */
  statusCallback: string;
}

/** What the provider says became of a message: it left (sent), reached the phone, or did not. */
export type SmsDeliveryState = "sent" | "delivered" | "failed";

export interface SmsStatusReport {
  providerId: string;
  /** null for the provider's intermediate states (queued, sending…), which change nothing here. */
  state: SmsDeliveryState | null;
  /** The provider's error code when it did not reach the phone. */
  errorCode: string | null;
}

export class SmsProviderError extends Error {
  constructor(
    message: string,
    /** True when the provider refused the message itself (trying again sends nothing). */
    readonly permanent: boolean,
    /** The provider's error code, when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }
}
