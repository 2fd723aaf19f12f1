import { type BuildInfo, buildInfo } from "../build-info";

/** `openmat --version`: what runs, and the database schema it expects (its last migration). */
export function versionText(info: BuildInfo = buildInfo()): string {
  return [
    `openmat ${info.version}`,
    `commit  ${info.commit}`,
    `built   ${info.builtAt}`,
    `schema  ${info.schema}`,
    "",
  ].join("\n");
}
