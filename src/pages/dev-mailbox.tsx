import type { RenderInput } from "../server/render/render-page";

interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/** Turns the URLs in a mail body into links, so a reset link can be followed in development. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="mail-text">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one static string
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export function devMailboxPage(mails: DevMail[]): RenderInput {
  return {
    meta: {
      title: "Dev mailbox | OpenMat",
      description: "Mail kept by this development server.",
      noindex: true,
    },
    body: (
      <section className="page narrow">
        <h1>Dev mailbox</h1>
        <p>
          Mail this server would have sent. It exists only when SMTP_URL is not set and never in production.
        </p>
        {mails.length === 0 ? (
          <p>No mail yet.</p>
        ) : (
          <ol className="mail-list" reversed>
            {mails.map((m) => (
              <li key={m.id} className="card">
                <h2>{m.subject}</h2>
                <p>
                  To {m.to}, {m.createdAt.toISOString()}
                </p>
                <MailText text={m.text} />
              </li>
            ))}
          </ol>
        )}
      </section>
    ),
  };
}
