import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process (smtp-server on a free port): it takes what nodemailer sends and
// parses each message with mailparser. `answerRecipient` may refuse an address the way a server does
// (550 for good, 451 for now); every RCPT attempt is counted.

export interface ReceivedMail {
  parsed: ParsedMail;
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  /** Raw header lines by lower-case name, as sent. */
  header(name: string): string | undefined;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** RCPT TO attempts per address (accepted or not). */
  attempts: Map<string, number>;
  /** Return an SMTP reply code to refuse the address (e.g. 550 or 451), or null to take it. */
  answerRecipient: (address: string) => { code: number; message: string } | null;
  /** Resolves once `count` messages have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const sink: SmtpSink = {
    url: '',
    received,
    attempts,
    answerRecipient: () => null,
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      attempts.set(address.address, (attempts.get(address.address) ?? 0) + 1);
      const refusal = sink.answerRecipient(address.address);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const lines = new Map(
            parsed.headerLines.map((line) => [
              line.key.toLowerCase(),
              line.line
                .slice(line.line.indexOf(':') + 1)
                .replace(/\r?\n[ \t]+/g, ' ')
                .trim(),
            ]),
          );
          received.push({ parsed, recipients: session.envelope.rcptTo.map((to) => to.address), header: (name) => lines.get(name.toLowerCase()) });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
