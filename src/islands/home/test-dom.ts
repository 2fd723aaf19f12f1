/**
 * Component tests' DOM: happy-dom as the global window for one test file. Call `withDom()`
 * at the top of the file. The globals (fetch among them) are put back after the file, so
 * later test files, which share this process, see the real runtime again.
 */
import { afterAll, beforeAll } from "bun:test";
import { GlobalRegistrator } from "@happy-dom/global-registrator";

export function withDom() {
  beforeAll(() => {
    GlobalRegistrator.register({ url: "http://localhost:3000/" });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => GlobalRegistrator.unregister());
}
