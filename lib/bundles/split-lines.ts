import { StringDecoder } from "node:string_decoder";
import type { Chunks } from "./decode-body";
import { BundleInputError } from "./issues";

export interface NumberedLine {
  line: number;
  text: string;
}

export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/** Splits a byte stream into lines without holding more than one line in memory. */
export async function* splitLines(chunks: Chunks, maxLineLength = MAX_LINE_BYTES): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let line = 0;
  for await (const chunk of chunks) {
    pending += decoder.write(Buffer.from(chunk));
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      line += 1;
      yield { line, text: pending.slice(0, newline).replace(/\r$/, "") };
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
    if (pending.length > maxLineLength) {
      throw new BundleInputError({ path: "", line: line + 1, message: `line is longer than ${maxLineLength} characters` });
    }
  }
  pending += decoder.end();
  if (pending.length > 0) yield { line: line + 1, text: pending.replace(/\r$/, "") };
}
