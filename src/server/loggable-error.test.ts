import { describe, expect, it } from "bun:test";
import { loggableError } from "./loggable-error";

describe("what the log may say about an error", () => {
  it("a failed query: its SQL and the driver's code and message, never its parameters", () => {
    const cause = Object.assign(new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email"), {
      name: "LibsqlError",
      code: "SQLITE_CONSTRAINT",
    });
    const wrapped = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values (?, ?)\nparams: a@b.c,$argon2id$v=19$x',
      ),
      {
        query: 'insert into "users" ("email", "password_hash") values (?, ?)',
        params: ["a@b.c", "$argon2id$v=19$x"],
        cause,
      },
    );
    const logged = loggableError(wrapped);
    expect(logged.error).toBe('query failed: insert into "users" ("email", "password_hash") values (?, ?)');
    expect(logged.cause).toBe(
      "LibsqlError: SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email [SQLITE_CONSTRAINT]",
    );
    expect(logged.stack).toContain("at ");
    const text = JSON.stringify(logged);
    expect(text).not.toContain("a@b.c");
    expect(text).not.toContain("argon2");
  });

  it("any other error keeps its message, minus a trailing params: part", () => {
    expect(loggableError(new Error("boom")).error).toBe("Error: boom");
    expect(loggableError(new Error("bad\nparams: secret")).error).toBe("Error: bad");
    expect(loggableError("plain").error).toBe("plain");
  });
});
