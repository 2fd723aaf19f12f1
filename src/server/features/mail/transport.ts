import type { Transporter } from "nodemailer";
import type { Logger } from "../../log";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /**
   * smtp: delivered. dev: kept whole in the outbox for the dev mailbox (development only).
   * none: no SMTP server outside development, so nothing is delivered or kept.
   */
  kind: "smtp" | "dev" | "none";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 10_000;

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, development keeps mail in the
 * dev mailbox and prints it; any other mode delivers nothing and says so, because a
 * printed reset link in a production log would hand accounts to whoever reads the log.
 */
export function createMailTransport(
  smtpUrl: string,
  from: string,
  logger: Logger,
  development: boolean,
): MailTransport {
  if (!smtpUrl && development) {
    return {
      kind: "dev",
      async send(mail) {
        logger.info("dev mail", {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers ? JSON.stringify(mail.headers) : undefined,
        });
      },
      close() {},
    };
  }
  if (!smtpUrl) {
    return {
      kind: "none",
      async send(mail) {
        logger.warn("mail not delivered: SMTP_URL is not set", { subject: mail.subject });
      },
      close() {},
    };
  }
  // nodemailer is a large module: loaded with the first mail, not at start.
  let smtp: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport(smtpUrl, {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  };
  return {
    kind: "smtp",
    async send(mail) {
      smtp ??= connect();
      await (await smtp).sendMail({ from, ...mail });
    },
    close: () => void smtp?.then((transport) => transport.close()),
  };
}
