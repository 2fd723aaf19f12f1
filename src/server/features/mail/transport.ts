import type { Transporter } from "nodemailer";
import type { Logger } from "../../log";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  kind: "smtp" | "dev";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 10_000;

/** SMTP through nodemailer when SMTP_URL is set; otherwise the dev mailbox. */
export function createMailTransport(
  smtpUrl: string,
  from: string,
  logger: Logger,
  printMail: boolean,
): MailTransport {
  if (!smtpUrl) {
    return {
      kind: "dev",
      async send(mail) {
        // The dev mailbox keeps the row; outside production the text goes to the log too.
        if (printMail) logger.info("dev mail", { to: mail.to, subject: mail.subject, text: mail.text });
        else logger.warn("SMTP_URL is not set; mail kept in the outbox only", { subject: mail.subject });
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
