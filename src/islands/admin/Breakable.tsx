import { Fragment } from "react";

/**
 * An e-mail address or link that may wrap on a phone: a break opportunity after each "@", "/",
 * "?", "&" and before each ".", so it breaks where a reader expects rather than mid-word.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@/?&])|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
