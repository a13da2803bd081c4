/** SMS to students (issue 36, decision 092): the words staff and students read about them. */

/** Why an SMS was never sent: the number cannot receive one from us. */
export const smsNotMobileReason = "o número não é um celular angolano (+244 9…)";

/** An SMS the provider did not take after every try. */
export const smsGaveUpReason = (tries: number) => `o provedor de SMS não o aceitou após ${tries} tentativas`;
