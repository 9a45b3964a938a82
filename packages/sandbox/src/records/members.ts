/** The wire form of the records a list of ids names, leaving out ids whose record was deleted. */
export function membersOf<Row, Wire>(ids: string[], rows: ReadonlyMap<string, Row>, toWire: (row: Row) => Wire): Wire[] {
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row === undefined ? [] : [toWire(row)];
  });
}
