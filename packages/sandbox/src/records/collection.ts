import type { Links } from '../http/links.js';
import type { Reader } from '../validate/reader.js';

/** A record checked and built from a body, and what else must change with it. */
export interface Written<Row> {
  row: Row;
  /** Changes to other records (relations, indexes), made together with the row. */
  apply?: () => void;
}

/** One kind of record served with list, get, insert, update and delete. */
export interface Collection<Scope, Row extends { id: string }> {
  /** What one record is called in messages. */
  noun: string;
  rows(scope: Scope): Map<string, Row>;
  /**
   * Checks the whole body (before anything changes) and builds the row: `previous`
   * on update. Synchronous on purpose: a check and the write it allows happen in one
   * step, so no other request can slip in between (booking relies on it).
   */
  write(body: Reader, scope: Scope, previous: Row | undefined, id: string): Written<Row>;
  toWire(row: Row, scope: Scope, links: Links): unknown;
  /** Drops what refers to a deleted row. */
  forget?(scope: Scope, row: Row): void;
}
