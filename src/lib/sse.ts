// Server-sent events read with fetch (EventSource cannot send the merchant header or a token).

/** Parses complete SSE blocks out of `buffer`; answers the rest that is not complete yet. */
export function parseSseBlocks(buffer: string, onEvent: (name: string, data: string) => void): string {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) onEvent(name, data.join("\n"));
  }
  return rest;
}
