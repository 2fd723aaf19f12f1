/** True inside the `bun build --compile` executable, where bundled files live under /$bunfs. */
export const isCompiledBinary = import.meta.dir.startsWith("/$bunfs");
