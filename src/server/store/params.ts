/** Named places for values in a query built once and bound on each call (compiled.ts). */

/** A value a query can be bound to, as node:sqlite and pg accept it. */
export type QueryValue = null | number | bigint | string | NodeJS.ArrayBufferView;

export class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** Where the value named `name` goes; `T` is the column's type, so the builder accepts it. */
export function param<T extends QueryValue>(name: string): T {
  return new Placeholder(name) as unknown as T;
}
