import type { IslandName } from "../../src/islands/registry";

/**
 * The HTML the server writes for each island when its zone is `timeZone` (see
 * render-islands.tsx): the server and the browser of a hydration test in different zones.
 */
export async function renderIslandsIn(
  timeZone: string,
  islands: { name: IslandName; props: object }[],
): Promise<string[]> {
  const child = Bun.spawn(
    [process.execPath, `${import.meta.dir}/render-islands.tsx`, JSON.stringify(islands)],
    {
      env: { ...process.env, TZ: timeZone },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`render-islands failed (${code}):\n${err}`);
  return JSON.parse(out) as string[];
}
