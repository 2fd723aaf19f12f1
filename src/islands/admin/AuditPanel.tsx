import { useInfiniteQuery } from "@tanstack/react-query";
import { auditQueryOptions } from "./queries";
import { type AuditEntry, formatWhen } from "./types";

const show = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));

/** The keys whose values differ between before and after, each as before → after. */
export function auditChanges(before: unknown, after: unknown) {
  const asRecord = (v: unknown): Record<string, unknown> =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({ key, before: show(b[key]), after: show(a[key]) }));
}

function Entry({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <li className="card admin-audit-entry">
      <p>
        <strong>
          {entry.actor ?? (entry.actorId === null ? "Command line" : `Admin #${entry.actorId}`)}
        </strong>{" "}
        {entry.action} {entry.subjectType}
        {entry.subjectId !== null && ` #${entry.subjectId}`}{" "}
        <span className="muted">{formatWhen(entry.at)}</span>
      </p>
      {changes.length > 0 && (
        <table className="admin-diff">
          <caption className="visually-hidden">Changes in entry {entry.id}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.key}</th>
                <td>
                  <code>{c.before}</code>
                </td>
                <td>
                  <code>{c.after}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** Every review decision, newest first, a page at a time. */
export function AuditPanel() {
  const query = useInfiniteQuery(auditQueryOptions());
  if (query.isPending) return <p className="muted">Loading the audit log...</p>;
  if (query.isError) return <p role="alert">Error loading the audit log: {query.error.message}</p>;
  const entries = query.data.pages.flatMap((page) => page.entries);
  return (
    <>
      {entries.length === 0 ? (
        <p className="muted">No decisions recorded yet.</p>
      ) : (
        <ol className="admin-audit">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-ghost"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading..." : "Load more"}
        </button>
      )}
    </>
  );
}
