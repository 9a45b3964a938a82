/** Plain-text tables for the terminal and Markdown tables for the README. */

export type Align = 'left' | 'right';

/** Columns padded to their widest cell, two spaces apart, indented by two. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, column) => (align[column] === 'right' ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ')}`.trimEnd();
  return [line(header), line(widths.map((width) => '─'.repeat(width))), ...rows.map(line)].join('\n');
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const rule = header.map((_, column) => (align[column] === 'right' ? '---:' : '---'));
  return [header, rule, ...rows].map((row) => `| ${row.map(escape).join(' | ')} |`).join('\n');
}
