import { Fragment } from "react";

/**
 * An e-mail address that wraps where people expect (decision 051): after the '@', before a '.', after a
 * '-' — never in the middle of a word unless one part alone is wider than the space. It overrides the
 * `overflow-wrap: anywhere` a table cell gives long words, which let the table squeeze the column and
 * split 'instituto' into 'institu' / 'to'.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@-])|(?=\.)/);
  return (
    <span style={{ overflowWrap: "break-word" }}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
