import type { RenderInput } from "../server/render/render-page";

/**
 * The parts of an OpenAPI 3.1 document this page shows. The server's document
 * (src/server/features/api-docs/service.ts) has this shape; pages do not import server
 * features, so the page names only what it reads.
 */
interface DocParameter {
  name: string;
  in: string;
  required: boolean;
  schema: object;
}

interface DocOperation {
  operationId: string;
  tags: string[];
  parameters?: DocParameter[];
  requestBody?: { content: { "application/json": { schema: object } } };
  responses: Record<string, { description: string }>;
  "x-openmat-auth": string;
  "x-openmat-limit"?: string;
}

export interface ApiDocsDocument {
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, DocOperation>>;
}

const authLabel: Record<string, string> = {
  public: "Anyone",
  member: "Signed-in members",
  admin: "Administrators",
};

/** A JSON Schema as compact text: one line when short, indented otherwise. */
function schemaText(schema: object): string {
  const line = JSON.stringify(schema);
  return line.length <= 70 ? line : JSON.stringify(schema, null, 2);
}

function typeOf(schema: object): string {
  const s = schema as { type?: string; enum?: unknown[]; pattern?: string };
  if (s.enum) return s.enum.map((value) => JSON.stringify(value)).join(" | ");
  return s.type ?? "any";
}

function Parameters({ parameters }: { parameters: DocParameter[] }) {
  return (
    <table className="api-table">
      <caption>Parameters</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">In</th>
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Schema</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((parameter) => (
          <tr key={`${parameter.in}:${parameter.name}`}>
            <td>
              <code>{parameter.name}</code>
            </td>
            <td>{parameter.in}</td>
            <td>{typeOf(parameter.schema)}</td>
            <td>{parameter.required ? "yes" : "no"}</td>
            <td>
              <code>{JSON.stringify(parameter.schema)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One operation, folded to its method, path and who may call it until opened. */
function OperationView({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: DocOperation;
}) {
  const body = operation.requestBody?.content["application/json"].schema;
  const limit = operation["x-openmat-limit"];
  return (
    <details className="api-operation" id={`op-${operation.operationId}`}>
      <summary>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>{" "}
        <span className="api-meta">
          {authLabel[operation["x-openmat-auth"]] ?? operation["x-openmat-auth"]}
        </span>
      </summary>
      <div className="api-operation-body">
        {limit && (
          <p>
            Member limit: <code>{limit}</code>
          </p>
        )}
        {operation.parameters?.length ? <Parameters parameters={operation.parameters} /> : null}
        {body && (
          <>
            <p className="api-label">Request body (application/json)</p>
            <pre className="api-schema">{schemaText(body)}</pre>
          </>
        )}
        <p className="api-label">Responses</p>
        <ul className="api-responses">
          {Object.entries(operation.responses).map(([code, response]) => (
            <li key={code}>
              <code>{code}</code> {response.description}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** `/api/docs`: every operation of the API, grouped by feature; no scripts, no outside viewer. */
export function apiDocsPage(document: ApiDocsDocument): RenderInput {
  const byTag = new Map<string, { method: string; path: string; operation: DocOperation }[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? "api";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const count = [...byTag.values()].reduce((sum, operations) => sum + operations.length, 0);
  return {
    cacheKey: "/api/docs",
    meta: {
      title: "API | OpenMat",
      description: "The OpenMat JSON API: every operation, its parameters and its request body.",
    },
    body: (
      <section className="page api-docs">
        <h1>
          {document.info.title} <span className="api-version">{document.info.version}</span>
        </h1>
        <p>{document.info.description}</p>
        <p>
          {count} operations. The same description as an OpenAPI 3.1 document:{" "}
          <a href="/api/openapi.json">/api/openapi.json</a>. Open an operation to see its parameters, request
          body and answers.
        </p>
        <nav aria-label="Features">
          <ul className="api-tags">
            {document.tags.map((tag) => (
              <li key={tag.name}>
                <a href={`#tag-${tag.name}`}>{tag.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        {document.tags.map((tag) => (
          <section key={tag.name} className="api-tag" aria-labelledby={`tag-${tag.name}`}>
            <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
            {(byTag.get(tag.name) ?? []).map((entry) => (
              <OperationView key={`${entry.method} ${entry.path}`} {...entry} />
            ))}
          </section>
        ))}
      </section>
    ),
  };
}
