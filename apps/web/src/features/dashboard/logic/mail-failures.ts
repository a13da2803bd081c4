/** The notice's title: 'N e-mails não foram enviados' (decision 056). */
export function mailFailuresTitle(count: number): string {
  return count === 1 ? "1 e-mail não foi enviado" : `${count} e-mails não foram enviados`;
}
